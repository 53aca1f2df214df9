/**
 * Mastra 1.x memory (`@mastra/memory` + `@mastra/libsql` on a local `file:` database), used as its docs show:
 * `createThread`, then `saveMessages` with one message per awaited call, and `recall` with a token-limited
 * message history (`messageHistory: { maxTokens }`) for the cold open. Messages are converted to Mastra's
 * stored format (`MessageList` → `MastraDBMessage`) before the clock starts, which favours Mastra.
 * LibSQLStore sets `journal_mode=WAL` and `synchronous=NORMAL` itself (process durability); the suite reads the
 * settings back and reports them.
 */

import type { ModelMessage } from 'ai';
import { importPeer } from '../peers/import-peer.ts';
import type { FixtureSlice } from './fixture.ts';
import { fileBytes, syncName } from './raw-sqlite.ts';
import type { AppendResult, ColdOpenResult, Task } from './tasks.ts';
import { timeAppends } from './tasks.ts';

interface LibSQLStoreLike {
  close?(): Promise<void>;
}
interface LibSQLModule {
  LibSQLStore: new (config: { id: string; url: string }) => LibSQLStoreLike;
}
interface MemoryLike {
  createThread(args: { resourceId: string; threadId: string }): Promise<unknown>;
  saveMessages(args: { messages: unknown[] }): Promise<unknown>;
  recall(args: Record<string, unknown>): Promise<{ messages: unknown[] }>;
}
interface MemoryModule {
  Memory: new (config: { storage: LibSQLStoreLike }) => MemoryLike;
}
interface MessageListModule {
  MessageList: new (options: {
    threadId: string;
    resourceId: string;
  }) => {
    add(messages: unknown[], source: 'memory'): { get: { all: { db(): unknown[] } } };
  };
}

/** The resource (user) every thread belongs to. */
export const RESOURCE = 'bench-user';

/** A LibSQLStore on the task's file and a Mastra `Memory` over it. */
export async function open(
  task: Pick<Task, 'db'>,
): Promise<{ storage: LibSQLStoreLike; memory: MemoryLike }> {
  const { LibSQLStore } = await importPeer<LibSQLModule>('@mastra/libsql');
  const { Memory } = await importPeer<MemoryModule>('@mastra/memory');
  const storage = new LibSQLStore({ id: 'engram-bench', url: `file:${task.db}` });
  return { storage, memory: new Memory({ storage }) };
}

/** Each ModelMessage as one MastraDBMessage (a tool message becomes an assistant message with tool invocations). */
export async function toMastra(
  task: Pick<Task, 'session'>,
  messages: readonly ModelMessage[],
  threadId = task.session,
): Promise<unknown[]> {
  const { MessageList } = await importPeer<MessageListModule>('@mastra/core/agent/message-list');
  return messages.map((m) => {
    const list = new MessageList({ threadId, resourceId: RESOURCE });
    const [db] = list.add([m], 'memory').get.all.db();
    return db;
  });
}

/** The libSQL pragmas in force, read through the store's client. */
export async function settingsOf(storage: LibSQLStoreLike): Promise<string | undefined> {
  const client = (
    storage as { client?: { execute(sql: string): Promise<{ rows: Record<string, unknown>[] }> } }
  ).client;
  if (!client) return undefined;
  const journal = (await client.execute('PRAGMA journal_mode')).rows[0]?.journal_mode;
  const sync = Number((await client.execute('PRAGMA synchronous')).rows[0]?.synchronous);
  return `journal_mode=${String(journal)}, synchronous=${syncName(sync)}`;
}

/** `saveMessages` once per message, each awaited (`messages` is the task's slice; later rounds continue the thread). */
export async function mastraAppend(task: Task, { messages }: FixtureSlice): Promise<AppendResult> {
  const converted = await toMastra(task, messages);
  const { storage, memory } = await open(task);
  if (!task.from) await memory.createThread({ resourceId: RESOURCE, threadId: task.session });
  const timed = await timeAppends(converted.length, (i) => memory.saveMessages({ messages: [converted[i]] }));
  const settings = await settingsOf(storage);
  await storage.close?.();
  return {
    ...timed,
    settings,
    bytes: fileBytes(task.db),
    notes: ["saveMessages commits twice per call: the message batch, then the thread's updatedAt"],
  };
}

/** Bulk-loads `task.count` messages with `saveMessages` in batches of 500 (untimed). */
export async function mastraFill(task: Task, { messages }: FixtureSlice): Promise<AppendResult> {
  const converted = await toMastra(task, messages.slice(0, task.count));
  const { storage, memory } = await open(task);
  await memory.createThread({ resourceId: RESOURCE, threadId: task.session });
  const t0 = performance.now();
  for (let i = 0; i < converted.length; i += 500)
    await memory.saveMessages({ messages: converted.slice(i, i + 500) });
  const ms = performance.now() - t0;
  await storage.close?.();
  return { count: converted.length, ms, marks: [] };
}

/** A new LibSQLStore + Memory on the existing file, then `recall` with a token-limited history. */
export async function mastraColdOpen(task: Task): Promise<ColdOpenResult> {
  const i0 = performance.now();
  await importPeer('@mastra/libsql');
  await importPeer('@mastra/memory');
  const importMs = performance.now() - i0;
  const t0 = performance.now();
  const { storage, memory } = await open(task);
  const result = await memory.recall({
    threadId: task.session,
    resourceId: RESOURCE,
    threadConfig: { messageHistory: { maxTokens: task.maxTokens ?? 100_000, atMaxRemoveTokens: 0 } },
  });
  const ms = performance.now() - t0;
  await storage.close?.();
  return { ms, importMs, messages: result.messages.length, tokens: Number.NaN };
}
