/**
 * The engram entry points the search and prune benchmarks call, loaded from a source tree (this repository's
 * `src/` by default), so the same measurements can run against another checkout of engram, side by side.
 */

import type { MemoryMessage } from '../../src/core/message.ts';
import type { createMemoryStore } from '../../src/drivers/memory/memory-driver.ts';
import type { createPostgresStore } from '../../src/drivers/postgres/postgres-driver.ts';
import type { createSqliteStore } from '../../src/drivers/sqlite/sqlite-driver.ts';
import type { createConversationMemory } from '../../src/memory/conversation-memory.ts';
import type { AppendInput, MemoryStoreV1 } from '../../src/store/memory-store.ts';

/** engram's factories, from one source tree. */
export interface Engram {
  /** A label for reports (`this branch`, a commit). */
  label: string;
  createSqliteStore: typeof createSqliteStore;
  createPostgresStore: typeof createPostgresStore;
  createMemoryStore: typeof createMemoryStore;
  createConversationMemory: typeof createConversationMemory;
}

/** Loads engram from `src` (a URL of a `src/` folder; this repository's by default). */
export async function loadEngram(
  label: string,
  src = new URL('../../src/', import.meta.url),
): Promise<Engram> {
  const at = (path: string) => import(new URL(path, src).href);
  return {
    label,
    createSqliteStore: (await at('drivers/sqlite/sqlite-driver.ts')).createSqliteStore,
    createPostgresStore: (await at('drivers/postgres/postgres-driver.ts')).createPostgresStore,
    createMemoryStore: (await at('drivers/memory/memory-driver.ts')).createMemoryStore,
    createConversationMemory: (await at('memory/conversation-memory.ts')).createConversationMemory,
  };
}

/** An append input of a plain text message (`n` makes its id; tokens are its word count). */
export function textInput(n: number, text: string, words: number): AppendInput {
  const message = {
    role: n % 2 === 0 ? 'user' : 'assistant',
    content: text,
    id: `m${n}`,
    createdAt: new Date(1_700_000_000_000 + n * 1000),
  } as MemoryMessage;
  return { message, tokens: words };
}

export type { MemoryStoreV1 };
