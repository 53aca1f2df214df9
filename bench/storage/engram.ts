/**
 * engram's contenders: the SQLite driver (both durabilities) and the PostgreSQL driver, measured through the
 * public path (`createConversationMemory({ store }).store(message)`: validates, counts tokens, appends) and
 * through the raw `store.append` (messages validated and counted before the clock starts). The cold open
 * creates a new store handle on the existing database and reads a `createTokenWindowMemory` view.
 */

import { defaultScope } from '../../src/core/scope.ts';
import type { ConversationMemory } from '../../src/memory/conversation-memory.ts';
import { toMemoryMessage } from '../../src/messages/from-model-message.ts';
import { validateMessage } from '../../src/messages/validate.ts';
import type { AppendInput, MemoryStoreV1 } from '../../src/store/memory-store.ts';
import { createTokenCounter } from '../../src/tokens/index.ts';
import type { TokenCounter } from '../../src/tokens/token-counter.ts';
import type { FixtureSlice } from './fixture.ts';
import { fileBytes, readSettings, walBytes, walPages } from './raw-sqlite.ts';
import type { AppendResult, ColdOpenResult, Task } from './tasks.ts';
import { timeAppends } from './tasks.ts';

interface Engram {
  store: MemoryStoreV1;
  createConversationMemory: (options: {
    store: MemoryStoreV1;
    sessionId: string;
    counter: TokenCounter;
  }) => ConversationMemory;
}

/** Exact o200k_base BPE counts (what a GPT-4o-class app passes), not the default estimator. */
const counter = createTokenCounter({ encoding: 'o200k_base' });

/** Opens the task's engram store (modules imported here, so a cold open can time the import separately). */
async function openEngram(task: Task): Promise<Engram> {
  const { createConversationMemory } = await import('../../src/memory/conversation-memory.ts');
  if (task.contender.kind === 'engram-postgres') {
    const { createPostgresStore } = await import('../../src/postgres.ts');
    const store = createPostgresStore({ connectionString: task.db, schema: task.pgSchema });
    return { store, createConversationMemory };
  }
  const { createSqliteStore } = await import('../../src/sqlite.ts');
  const store = createSqliteStore({ path: task.db, durability: task.contender.durability ?? 'power' });
  return { store, createConversationMemory };
}

type Handle = { prepare(sql: string): { get(): unknown }; exec(sql: string): void };
/** The SQLite handle under a store (undefined for PostgreSQL). */
const handleOf = (store: MemoryStoreV1) => (store as { database?: Handle }).database;

/** Appends `messages` (the task's slice), one awaited call each, through the public memory or the raw store. */
export async function engramAppend(task: Task, { messages, tokens }: FixtureSlice): Promise<AppendResult> {
  const { store, createConversationMemory } = await openEngram(task);
  let append: (i: number) => Promise<unknown>;
  if (task.contender.api === 'store') {
    const inputs: AppendInput[] = messages.map((m, i) => {
      const message = validateMessage(toMemoryMessage(m));
      return { message, tokens: tokens[i]! };
    });
    const exists = await store.getSession(defaultScope, task.session);
    if (!exists) await store.createSession(defaultScope, { id: task.session });
    append = (i) => store.append(defaultScope, task.session, [inputs[i]!]);
  } else {
    const memory = createConversationMemory({ store, sessionId: task.session, counter });
    await memory.stats(); // the session exists and the schema is migrated before the clock starts
    append = (i) => memory.store(messages[i]!);
  }
  const db = handleOf(store);
  if (task.countWalPages) db?.exec('PRAGMA wal_autocheckpoint = 0');
  const walBefore = walBytes(task.db);
  const timed = await timeAppends(messages.length, append);
  const walPagesPerAppend =
    task.countWalPages && db ? walPages(task.db, walBefore, messages.length, db) : undefined;
  const settings = db ? readSettings(db) : undefined;
  await store.close();
  const bytes = task.contender.kind === 'engram-sqlite' ? fileBytes(task.db) : undefined;
  return { ...timed, settings, bytes, walPagesPerAppend };
}

/** Bulk-loads `task.count` messages (batches of 500, untimed): the short session of the flatness check. */
export async function engramFill(task: Task, { messages }: FixtureSlice): Promise<AppendResult> {
  const { store, createConversationMemory } = await openEngram(task);
  const memory = createConversationMemory({ store, sessionId: task.session, counter });
  const t0 = performance.now();
  for (let i = 0; i < messages.length; i += 500) await memory.append(messages.slice(i, i + 500));
  const ms = performance.now() - t0;
  await store.close();
  return { count: messages.length, ms, marks: [] };
}

/** A new store handle on the existing database, then `createTokenWindowMemory(...).read()`. */
export async function engramColdOpen(task: Task): Promise<ColdOpenResult> {
  const i0 = performance.now();
  const { createTokenWindowMemory } = await import('../../src/views/token-window-memory.ts');
  await import('../../src/memory/conversation-memory.ts');
  if (task.contender.kind === 'engram-postgres') await import('../../src/postgres.ts');
  else await import('../../src/sqlite.ts');
  const importMs = performance.now() - i0;
  const t0 = performance.now();
  const { store, createConversationMemory } = await openEngram(task);
  const memory = createConversationMemory({ store, sessionId: task.session, counter });
  const view = createTokenWindowMemory({ conversation: memory, maxTokens: task.maxTokens ?? 100_000 });
  const window = await view.read();
  const ms = performance.now() - t0;
  const stats = view.lastStats();
  await store.close();
  return { ms, importMs, messages: window.length, tokens: stats?.tokens ?? Number.NaN };
}
