import type { HasContentItems } from '../../content/content-store-v1.ts';
import { createMemoryContentItems } from '../../content/memory-content-items.ts';
import { checkKnownKeys, checkOptionalInteger, checkOptions } from '../../core/check-options.ts';
import type { HasLongTermRecords } from '../../longterm/long-term-store-v1.ts';
import { createMemoryLongTermRecords } from '../../longterm/memory-long-term-records.ts';
import type { HasAppendWithArtifacts } from '../../store/append-with-artifacts.ts';
import { defaultMaxMessageBytes } from '../../store/check-inputs.ts';
import { createLogStore } from '../../store/create-log-store.ts';
import type { LogDriverV1 } from '../../store/log-driver.ts';
import type { MemoryStoreV1 } from '../../store/memory-store.ts';
import { memoryLogMethods } from './memory-log.ts';
import { searchMemory } from './memory-search.ts';
import { memorySessionMethods } from './memory-sessions.ts';
import { memoryArtifactStateMethods } from './memory-state.ts';
import { component, type MemoryTables } from './memory-tables.ts';

/** Options of the in-process store. */
export interface MemoryDriverOptions {
  /** Largest serialized message accepted, in bytes. @default 16 MiB */
  maxMessageBytes?: number;
}

/**
 * The in-process store: the default for `SimpleMemory` and `ConversationMemory`. Not durable, one process.
 * Stored messages are deep-frozen copies, handed out without copying. A `LogDriverV1` with every native path
 * (zero-copy forks with copy-on-delete, `getMessages`, `clearMessages`, `replaceMessages`, a substring
 * `searchMessages` on the log index) built into a `MemoryStoreV1` by `createLogStore`, carrying in-process
 * content items and long-term records.
 */
export function createMemoryStore(
  options: MemoryDriverOptions = {},
): MemoryStoreV1 & HasContentItems & HasLongTermRecords & HasAppendWithArtifacts {
  checkOptions(options, 'createMemoryStore', component);
  checkKnownKeys(options, { maxMessageBytes: true }, 'createMemoryStore', component);
  checkOptionalInteger(options.maxMessageBytes, 'createMemoryStore(options).maxMessageBytes', component, 1);
  const maxMessageBytes = options.maxMessageBytes ?? defaultMaxMessageBytes;
  const t: MemoryTables = { sessions: new Map(), states: new Map() };
  let closed = false;
  const driver: LogDriverV1 = {
    specificationVersion: 'v1',
    name: component,
    capabilities: { fullTextSearch: false, vectorSearch: false, multiProcess: false, durable: false },
    nativeForks: true,
    nativeConditionalAppend: true,
    nativeConditionalDelete: true,
    maxMessageBytes,
    ...memorySessionMethods(t),
    ...memoryLogMethods(t, maxMessageBytes),
    ...memoryArtifactStateMethods(t),
    searchMessages: (scope, query) => searchMemory(t, scope, query),
    async close() {
      closed = true;
    },
  };
  return createLogStore(driver, {
    contentItems: createMemoryContentItems({ component, isClosed: () => closed }),
    longTermRecords: createMemoryLongTermRecords({ component, isClosed: () => closed }),
  });
}
