import { describe, expect, expectTypeOf, it } from 'vitest';
import type { HasContentItems } from './content/content-store-v1.ts';
import { createContentStore } from './content/create-content-store.ts';
import { MemoryError } from './core/errors/memory-error.ts';
import { createJsonFileStore } from './drivers/json-file/json-file-driver.ts';
import { createMemoryStore } from './drivers/memory/memory-driver.ts';
import { createPostgresStore } from './drivers/postgres/postgres-driver.ts';
import { createSqliteStore } from './drivers/sqlite/sqlite-driver.ts';
import { createEngramStore } from './langgraph/engram-store.ts';
import { createLongTermMemory } from './longterm/create-long-term-memory.ts';
import type { HasLongTermRecords } from './longterm/long-term-store-v1.ts';
import { createConversationMemory } from './memory/conversation-memory.ts';
import { openEpisodicMemory } from './patterns/episodic-memory.ts';
import { createRagMemory } from './patterns/rag-memory.ts';
import { createSharedMemoryPool } from './patterns/shared-memory-pool.ts';
import type { MemoryStoreV1 } from './store/memory-store.ts';
import { createMemoryToolHandler } from './tools/memory-tool/memory-tool-handler.ts';
import { createCoreMemory } from './working/core-memory.ts';
import { createWorkingMemory } from './working/working-memory.ts';

/** What every built-in store carries. */
type FullStore = MemoryStoreV1 & HasContentItems & HasLongTermRecords;

/** A log-only store, as a third-party driver without content items or long-term records would be. */
function logOnlyStore(): MemoryStoreV1 {
  const { contentItems: _items, longTermRecords: _records, ...log } = createMemoryStore();
  return log;
}

const scope = { tenant: 'acme', user: 'ada' };
/** The typed error a JavaScript caller gets: INVALID_ARGUMENT naming the missing capability. */
const missing = (capability: RegExp) => (e: unknown) =>
  MemoryError.hasCode(e, 'INVALID_ARGUMENT') && capability.test((e as Error).message);

describe('options that need a capability type it', () => {
  it('the built-in stores carry content items and long-term records in their types', () => {
    expectTypeOf(createMemoryStore).returns.toExtend<FullStore>();
    expectTypeOf(createJsonFileStore).returns.toExtend<FullStore>();
    expectTypeOf(createSqliteStore).returns.toExtend<FullStore>();
    expectTypeOf(createPostgresStore).returns.toExtend<FullStore>();
    expectTypeOf(createConversationMemory({ store: createMemoryStore() }).storage).toExtend<FullStore>();
  });

  it('a log-only store is a compile error, and INVALID_ARGUMENT naming the capability at run time', async () => {
    const log = logOnlyStore();
    const longTerm = /HasLongTermRecords/;
    // @ts-expect-error long-term memory needs HasLongTermRecords
    expect(() => createLongTermMemory({ store: log, scope })).toThrow(expect.toSatisfy(missing(longTerm)));
    // @ts-expect-error working memory needs HasLongTermRecords
    expect(() => createWorkingMemory({ store: log, scope })).toThrow(expect.toSatisfy(missing(longTerm)));
    expect(() =>
      // @ts-expect-error core memory needs HasLongTermRecords
      createCoreMemory({ store: log, scope, blocks: [{ label: 'human' }] }),
    ).toThrow(expect.toSatisfy(missing(longTerm)));
    // @ts-expect-error the memory tool needs HasLongTermRecords
    expect(() => createMemoryToolHandler({ store: log, scope })).toThrow(expect.toSatisfy(missing(longTerm)));
    // @ts-expect-error the LangGraph store needs MemoryStoreV1 & HasLongTermRecords
    expect(() => createEngramStore({ store: log, scope })).toThrow(expect.toSatisfy(missing(longTerm)));
    expect(() =>
      // @ts-expect-error the shared pool needs MemoryStoreV1 & HasLongTermRecords
      createSharedMemoryPool({ store: log, scope, pool: 'p' }),
    ).toThrow(expect.toSatisfy(missing(longTerm)));
    await expect(
      // @ts-expect-error episodic memory needs MemoryStoreV1 & HasLongTermRecords
      openEpisodicMemory({ store: log, scope, series: 's' }),
    ).rejects.toSatisfy(missing(longTerm));
    expect(() =>
      // @ts-expect-error RAG memory needs a conversation over a store with HasLongTermRecords
      createRagMemory({ memory: createConversationMemory({ store: log, scope }) }),
    ).toThrow(expect.toSatisfy(missing(longTerm)));
    // @ts-expect-error a content store needs HasContentItems (or a ContentStoreV1)
    expect(() => createContentStore({ store: log, scope })).toThrow(expect.toSatisfy(missing(/putItem/)));
  });

  it('the built-in stores type-check and work', async () => {
    const store = createMemoryStore();
    await createWorkingMemory({ store, scope }).update('# User\n- Name: Ada');
    expect((await createLongTermMemory({ store, scope }).add('Ada lives in Lisbon.')).length).toBe(1);
    expect(
      await createContentStore({ store, scope }).store({ type: 't', source: 's', content: 'x' }),
    ).toBeTruthy();
    expect(createRagMemory({ memory: createConversationMemory({ store, scope }) }).index).toBeDefined();
    expect(createRagMemory({ memory: createConversationMemory() }).index).toBeDefined();
  });
});
