/**
 * One checkpointer measurement in a fresh process: `node bench/checkpointer/worker.ts '<task json>'`. Writes its
 * result as JSON to `task.out`. Started by the suite (through bench/storage/child.ts), never by hand.
 *
 * A conversation is appended the way a LangGraph app persists one: after each message a checkpoint whose
 * `messages` channel holds the whole list so far (a new array each step, the message objects carried over, as
 * LangGraph's reducer does), `newVersions` naming the channel, the previous checkpoint as parent. Only `put` is
 * timed; the fixture is converted to LangChain messages before the clock starts.
 */

import { writeFileSync } from 'node:fs';
import type { BaseMessage } from '@langchain/core/messages';
import { toLangChain } from '../peer-messages.ts';
import { importPeer } from '../peers/import-peer.ts';
import { readFixture } from '../storage/fixture.ts';
import { fileBytes, readSettings } from '../storage/raw-sqlite.ts';
import { openSqliteSaver } from './sqlite-saver.ts';
import type { CheckpointerTask, OnePutResult, PutsResult } from './tasks.ts';

type Config = { configurable: Record<string, unknown> };
interface SaverLike {
  put(
    config: Config,
    checkpoint: unknown,
    metadata: unknown,
    newVersions: Record<string, number>,
  ): Promise<Config>;
  getTuple(config: Config): Promise<unknown>;
}
interface Opened {
  saver: SaverLike;
  uuid6(clockseq: number): string;
  settings(): string;
  logEntries?(): Promise<number>;
  /** Closes the database and returns its bytes on disk. */
  close(): Promise<number>;
}

const thread: Config = { configurable: { thread_id: 'bench', checkpoint_ns: '' } };

async function openLangGraph(task: CheckpointerTask): Promise<Opened> {
  const opened = await openSqliteSaver<SaverLike>(task.db);
  const { uuid6 } = await importPeer<{ uuid6(c: number): string }>('@langchain/langgraph-checkpoint');
  return {
    saver: opened.saver,
    uuid6,
    settings: opened.settings,
    close: async () => {
      opened.close();
      return fileBytes(task.db);
    },
  };
}

async function openEngram(task: CheckpointerTask): Promise<Opened> {
  const { createEngramCheckpointSaver, threadSessionId } = await import('../../src/langgraph.ts');
  const { uuid6 } = await import('@langchain/langgraph-checkpoint');
  const scope = { tenant: 'bench' };
  if (task.contender.kind === 'engram-postgres') {
    const { createPostgresStore } = await import('../../src/postgres.ts');
    const store = createPostgresStore({ connectionString: task.db, schema: task.pgSchema });
    const saver = createEngramCheckpointSaver({
      store,
      scope,
      trustMessageObjects: task.contender.trust ?? false,
    });
    return {
      saver: saver as unknown as SaverLike,
      uuid6,
      settings: () => 'PostgreSQL, fsync on, synchronous_commit on',
      logEntries: async () => (await store.stats(scope, threadSessionId('bench'))).count,
      close: async () => {
        await store.close();
        return schemaBytes(task.db, task.pgSchema!);
      },
    };
  }
  const { createSqliteStore } = await import('../../src/sqlite.ts');
  const store = createSqliteStore({ path: task.db, durability: task.contender.durability ?? 'power' });
  const saver = createEngramCheckpointSaver({
    store,
    scope,
    trustMessageObjects: task.contender.trust ?? false,
  });
  const handle = () =>
    (store as unknown as { database: { prepare(sql: string): { get(): unknown } } }).database;
  return {
    saver: saver as unknown as SaverLike,
    uuid6,
    settings: () => readSettings(handle()),
    logEntries: async () => (await store.stats(scope, threadSessionId('bench'))).count,
    close: async () => {
      await store.close();
      return fileBytes(task.db);
    },
  };
}

/** Bytes of a PostgreSQL schema's tables with their indexes and TOAST; drops the schema afterwards. */
async function schemaBytes(url: string, schema: string): Promise<number> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query(
      `SELECT COALESCE(SUM(pg_total_relation_size(c.oid)), 0)::bigint AS bytes FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind IN ('r', 'm')`,
      [schema],
    );
    return Number(r.rows[0].bytes);
  } finally {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  }
}

const checkpoint = (o: Opened, list: readonly BaseMessage[], step: number) => ({
  v: 4,
  id: o.uuid6(-1),
  ts: new Date().toISOString(),
  channel_values: { messages: list },
  channel_versions: { messages: step },
  versions_seen: {},
});

/** Σ_{k≤n} of the JSON bytes of the list after k fixture messages, for each n of `sizes`. */
function listBytesSums(lc: BaseMessage[][], sizes: readonly number[]): Record<string, number> {
  const out: Record<string, number> = {};
  let list = 0;
  let sum = 0;
  for (let k = 1; k <= Math.max(...sizes); k++) {
    list += (lc[k - 1] ?? []).reduce((s, m) => s + Buffer.byteLength(JSON.stringify(m)), 0);
    sum += list;
    if (sizes.includes(k)) out[k] = sum;
  }
  return out;
}

async function puts(task: CheckpointerTask, lc: BaseMessage[][], o: Opened): Promise<PutsResult> {
  let list: BaseMessage[] = [];
  let config = thread;
  let ms = 0;
  let lastPutMs = 0;
  const marks: number[] = [];
  const times: number[] = [];
  // Opens the database (engram runs its migrations, SqliteSaver creates its tables) before the clock starts.
  await o.saver.getTuple({ configurable: { thread_id: 'warm-up', checkpoint_ns: '' } });
  const tenth = Math.max(1, Math.floor(task.count / 10));
  for (let i = 0; i < task.count; i++) {
    list = [...list, ...lc[i]!];
    const cp = checkpoint(o, list, i + 1);
    const t0 = performance.now();
    config = await o.saver.put(config, cp, { source: 'loop', step: i + 1, parents: {} }, { messages: i + 1 });
    lastPutMs = performance.now() - t0;
    ms += lastPutMs;
    times.push(lastPutMs);
    if ((i + 1) % tenth === 0 && marks.length < 10) marks.push(ms);
  }
  const t0 = performance.now();
  await o.saver.getTuple(thread);
  const getTupleMs = performance.now() - t0;
  const settings = o.settings();
  const logEntries = await o.logEntries?.();
  const bytes = await o.close();
  return {
    count: task.count,
    lcMessages: list.length,
    ms,
    marks,
    lastPutMs,
    getTupleMs,
    bytes,
    settings,
    ...(logEntries !== undefined ? { logEntries } : {}),
    ...(task.contender.kind === 'langgraph' ? { times, listBytesSum: listBytesSums(lc, [task.count]) } : {}),
  };
}

/** Two single puts (two threads) of the checkpoint holding the first `count` messages. */
async function onePut(lc: BaseMessage[][], o: Opened, sizes: number[]): Promise<OnePutResult> {
  const list = lc.flat();
  const ms: number[] = [];
  await o.saver.getTuple({ configurable: { thread_id: 'warm-up', checkpoint_ns: '' } });
  for (const rep of [0, 1]) {
    const config = { configurable: { thread_id: `one-${rep}`, checkpoint_ns: '' } };
    const t0 = performance.now();
    await o.saver.put(
      config,
      checkpoint(o, list, 1),
      { source: 'loop', step: 1, parents: {} },
      { messages: 1 },
    );
    ms.push(performance.now() - t0);
  }
  const bytes = await o.close();
  return { ms, bytes: bytes / 2, listBytesSum: listBytesSums(lc, sizes) };
}

const task = JSON.parse(process.argv[2] ?? '') as CheckpointerTask & { sizes?: number[] };
const { messages } = readFixture(task.fixture, 0, task.count);
const lc = messages.map((m, i) => toLangChain(m, `m${i}`));
const opened = task.contender.kind === 'langgraph' ? await openLangGraph(task) : await openEngram(task);
const result =
  task.op === 'puts' ? await puts(task, lc, opened) : await onePut(lc, opened, task.sizes ?? [task.count]);
writeFileSync(task.out, JSON.stringify(result));
