/**
 * LangGraph's SQLite checkpointer (`@langchain/langgraph-checkpoint-sqlite`, better-sqlite3 13), persisting a
 * conversation the way a LangGraph app does: after each step, `put` a checkpoint whose channel values hold the
 * whole message list (a `messages` channel with the default reducer). Every put serializes and writes the full
 * list again, so a put costs in proportion to the history and n appends cost O(n²): 100,000 per-message puts
 * are infeasible. The suite times the first `perMessageLimit` puts one by one, times single puts of larger
 * checkpoints, fits `put(n) = a + b·n`, and extrapolates the total for the full count, saying so in the report.
 * Messages are converted to LangChain messages before the clock starts.
 */

import type { ModelMessage } from 'ai';
import { toLangChain } from '../peer-messages.ts';
import { importPeer } from '../peers/import-peer.ts';
import { fitLine } from '../report.ts';
import type { FixtureSlice } from './fixture.ts';
import { fileBytes } from './raw-sqlite.ts';
import type { AppendResult, ColdOpenResult, Task } from './tasks.ts';

type Config = { configurable: Record<string, unknown> };
interface SaverLike {
  db: { pragma(sql: string, options?: { simple: boolean }): unknown; close(): void };
  put(config: Config, checkpoint: unknown, metadata: unknown): Promise<Config>;
  getTuple(config: Config): Promise<{ checkpoint: { channel_values: { messages?: unknown[] } } } | undefined>;
}
interface SqliteModule {
  SqliteSaver: { fromConnString(path: string): SaverLike };
}
interface CheckpointModule {
  uuid6(clockseq: number): string;
}

async function openSaver(task: Task): Promise<{ saver: SaverLike; uuid6: (clockseq: number) => string }> {
  const { SqliteSaver } = await importPeer<SqliteModule>('@langchain/langgraph-checkpoint-sqlite');
  const { uuid6 } = await importPeer<CheckpointModule>('@langchain/langgraph-checkpoint');
  return { saver: SqliteSaver.fromConnString(task.db), uuid6 };
}

/** LangChain messages per ModelMessage (a tool message with several results becomes several ToolMessages). */
const convert = (messages: readonly ModelMessage[]) => messages.map((m, i) => toLangChain(m, `m${i}`));

/** Writes one checkpoint of `thread` holding `list`; returns its milliseconds. */
async function put(
  saver: SaverLike,
  uuid6: (clockseq: number) => string,
  thread: string,
  list: readonly unknown[],
  step: number,
  parent?: Config,
): Promise<{ ms: number; config: Config }> {
  const checkpoint = {
    v: 4,
    id: uuid6(-1),
    ts: new Date().toISOString(),
    channel_values: { messages: list },
    channel_versions: { messages: step },
    versions_seen: {},
  };
  const t0 = performance.now();
  const config = await saver.put(
    parent ?? { configurable: { thread_id: thread, checkpoint_ns: '' } },
    checkpoint,
    { source: 'loop', step, parents: {} },
  );
  return { ms: performance.now() - t0, config };
}

/** Per-message puts for the first `perMessageLimit` messages, then sampled larger checkpoints and an extrapolation. */
export async function langgraphAppend(task: Task, { messages }: FixtureSlice): Promise<AppendResult> {
  const lc = convert(messages.slice(0, task.count));
  const { saver, uuid6 } = await openSaver(task);
  const limit = Math.min(task.perMessageLimit ?? task.count, task.count);
  const list: unknown[] = [];
  const points: [number, number][] = [];
  const marks: number[] = [];
  const step = Math.max(1, Math.floor(limit / 10));
  let config: Config | undefined;
  let total = 0;
  for (let i = 0; i < limit; i++) {
    list.push(...lc[i]!);
    const r = await put(saver, uuid6, task.session, list, i + 1, config);
    config = r.config;
    total += r.ms;
    points.push([i + 1, r.ms]);
    if ((i + 1) % step === 0 && marks.length < 10) marks.push(total);
  }
  const samples: string[] = [];
  const sizes = [...new Set([Math.min(10_000, task.count), task.count])].filter((n) => n > limit);
  for (const n of sizes) {
    const big = lc.slice(0, n).flat();
    const times: number[] = [];
    for (let rep = 0; rep < 2; rep++) {
      const r = await put(saver, uuid6, `${task.session}-sample-${n}-${rep}`, big, n);
      times.push(r.ms);
      points.push([n, r.ms]);
    }
    samples.push(
      `one put of a ${n.toLocaleString('en-US')}-message checkpoint: ${times.map((t) => t.toFixed(0)).join(' / ')} ms`,
    );
  }
  const { a, b } = fitLine(points);
  const n = task.count;
  const estimateMs = a * n + (b * n * (n + 1)) / 2;
  const journal = saver.db.pragma('journal_mode', { simple: true });
  const sync = saver.db.pragma('synchronous', { simple: true });
  saver.db.close();
  return {
    count: limit,
    ms: total,
    marks,
    settings: `journal_mode=${String(journal)}, synchronous=${['OFF', 'NORMAL', 'FULL', 'EXTRA'][Number(sync)] ?? sync}`,
    bytes: fileBytes(task.db),
    estimate: {
      count: n,
      ms: estimateMs,
      model: `put(n) ≈ ${a.toFixed(2)} ms + ${(b * 1000).toFixed(1)} µs × n, fitted over the ${limit.toLocaleString('en-US')} timed puts and ${sizes.length * 2} single puts of larger checkpoints; total = Σ put(k) for k = 1…${n.toLocaleString('en-US')}`,
    },
    notes: samples,
  };
}

/** One checkpoint holding the first `task.count` messages (what a thread of that length stores last). */
export async function langgraphFill(task: Task, { messages }: FixtureSlice): Promise<AppendResult> {
  const lc = convert(messages.slice(0, task.count)).flat();
  const { saver, uuid6 } = await openSaver(task);
  const r = await put(saver, uuid6, task.session, lc, task.count);
  saver.db.close();
  return { count: task.count, ms: r.ms, marks: [] };
}

/** A new SqliteSaver on the existing file, then `getTuple` of the thread (the latest checkpoint). */
export async function langgraphColdOpen(task: Task): Promise<ColdOpenResult> {
  const i0 = performance.now();
  await importPeer('@langchain/langgraph-checkpoint-sqlite');
  await importPeer('@langchain/langgraph-checkpoint');
  const importMs = performance.now() - i0;
  const t0 = performance.now();
  const { saver } = await openSaver(task);
  const tuple = await saver.getTuple({ configurable: { thread_id: task.session } });
  const ms = performance.now() - t0;
  saver.db.close();
  return {
    ms,
    importMs,
    messages: tuple?.checkpoint.channel_values.messages?.length ?? 0,
    tokens: Number.NaN,
  };
}
