/**
 * engram's side of the write-path suite, importing engram from any source tree (so the code before a change can
 * run beside the code after it): N concurrent sessions over one store, each appending its share of the messages
 * one awaited call at a time — through `createConversationMemory().store(message)` (validation and exact o200k
 * counting inside the timed call) or the raw `store.append` (messages validated and counted before the clock).
 * `engramSessions` is the function a harness calls.
 */

import { join } from 'node:path';
import type { ModelMessage } from 'ai';
import type { FixtureSlice } from '../storage/fixture.ts';
import { readSettings } from '../storage/raw-sqlite.ts';
import { timeLoops, type WriteResult } from './tasks.ts';

/** Options of {@link engramSessions}. */
export interface EngramSessionsOptions {
  /** The engram tree to import: its `src/` holds `sqlite.ts`, `postgres.ts`, `memory/`, `tokens/`, `messages/`. */
  srcRoot: string;
  store: 'sqlite' | 'postgres';
  /** SQLite file or PostgreSQL connection string. */
  db: string;
  /** PostgreSQL schema. */
  pgSchema?: string;
  /** SQLite durability. @default 'power' */
  durability?: 'power' | 'process';
  /** `memory`: the public path; `store`: `store.append` of pre-counted inputs. */
  api: 'memory' | 'store';
  /** Concurrent sessions. */
  sessions: number;
  /** Session ids are `<prefix>-<k>`. */
  sessionPrefix: string;
  /** The messages (split evenly, in order, over the sessions) and their o200k counts. */
  slice: FixtureSlice;
  /** Runs just before the clock starts (a start barrier). */
  beforeClock?: () => Promise<void>;
}

type Store = {
  append(scope: object, sessionId: string, inputs: unknown[]): Promise<unknown>;
  createSession(scope: object, input: { id: string }): Promise<unknown>;
  close(): Promise<void>;
  database?: { prepare(sql: string): { get(): unknown } };
};
type Memory = { stats(): Promise<unknown>; store(m: ModelMessage): Promise<void> };

/** Imports a module of the engram tree at `srcRoot`. */
const from = <T>(srcRoot: string, path: string) => import(join(srcRoot, 'src', path)) as Promise<T>;

/** N sessions appending at once, one message per awaited call; aggregate wall time and per-call latency. */
export async function engramSessions(o: EngramSessionsOptions): Promise<WriteResult> {
  const store: Store =
    o.store === 'postgres'
      ? (await from<{ createPostgresStore(x: object): Store }>(o.srcRoot, 'postgres.ts')).createPostgresStore(
          {
            connectionString: o.db,
            schema: o.pgSchema,
          },
        )
      : (await from<{ createSqliteStore(x: object): Store }>(o.srcRoot, 'sqlite.ts')).createSqliteStore({
          path: o.db,
          durability: o.durability ?? 'power',
        });
  const per = Math.floor(o.slice.messages.length / o.sessions);
  const ids = Array.from({ length: o.sessions }, (_, k) => `${o.sessionPrefix}-${k}`);
  const scope = { tenant: 'default' };
  let step: (loop: number, i: number) => Promise<unknown>;
  if (o.api === 'store') {
    const { toMemoryMessage } = await from<typeof import('../../src/messages/from-model-message.ts')>(
      o.srcRoot,
      'messages/from-model-message.ts',
    );
    const inputs = o.slice.messages.map((m, i) => ({
      message: toMemoryMessage(m),
      tokens: o.slice.tokens[i]!,
    }));
    for (const id of ids) await store.createSession(scope, { id });
    step = (k, i) => store.append(scope, ids[k]!, [inputs[k * per + i]!]);
  } else {
    const { createConversationMemory } = await from<{
      createConversationMemory(x: object): Memory;
    }>(o.srcRoot, 'memory/conversation-memory.ts');
    const { createTokenCounter } = await from<{ createTokenCounter(x: object): unknown }>(
      o.srcRoot,
      'tokens/index.ts',
    );
    const counter = createTokenCounter({ encoding: 'o200k_base' }) as { countText(text: string): number };
    counter.countText('load the encoding before the clock starts');
    const memories = ids.map((sessionId) => createConversationMemory({ store, sessionId, counter }));
    for (const m of memories) await m.stats(); // sessions exist, schema migrated, tokenizer loaded: before the clock
    step = (k, i) => memories[k]!.store(o.slice.messages[k * per + i]!);
  }
  await o.beforeClock?.();
  const timed = await timeLoops(o.sessions, per, step);
  const settings = store.database ? readSettings(store.database) : undefined;
  await store.close();
  return { ...timed, settings };
}
