/**
 * What the write-path suite asks a child process to do, and what it hands back. Every measurement runs in a
 * fresh process (worker.ts), importing engram from a given source tree, so one run can time the code before a
 * change (a snapshot of an older commit) beside the code after it.
 */

import type { Durability } from '../storage/tasks.ts';

/** Who appends. */
export type WriteContender =
  | {
      kind: 'engram';
      /** Which engram: the working tree (`after`) or the snapshot of the older commit (`before`). */
      tree: 'before' | 'after';
      store: 'sqlite' | 'postgres';
      /** `memory`: `createConversationMemory().store(message)` (validates, counts, appends); `store`: `store.append`. */
      api: 'memory' | 'store';
      /** SQLite only. */
      durability?: Durability;
    }
  | { kind: 'mastra' }
  | { kind: 'raw'; durability: Durability };

/** A task for worker.ts. */
export interface WriteTask {
  /** `sessions`: N concurrent sessions appending; `contend`: one of several processes appending to one SQLite file. */
  op: 'sessions' | 'contend';
  contender: WriteContender;
  /** The engram tree to import (`<srcRoot>/src/...`). */
  srcRoot: string;
  /** SQLite / libSQL file, or PostgreSQL connection string. */
  db: string;
  /** PostgreSQL: the schema. */
  pgSchema?: string;
  /** The fixture file (bench/storage/fixture.ts). */
  fixture: string;
  /** First fixture message used. */
  from: number;
  /** Messages appended in all (split evenly over the sessions). */
  count: number;
  /** Concurrent sessions, each appending one message per awaited call. */
  sessions: number;
  /** A prefix making this run's session ids unique. */
  sessionPrefix: string;
  /** `contend`: the epoch ms at which every process starts appending. */
  startAt?: number;
  /** Where the child writes its JSON result. */
  out: string;
}

/** The result of a task. */
export interface WriteResult {
  /** Messages appended. */
  count: number;
  /** Wall milliseconds from the first call to the last answer. */
  ms: number;
  /** Per-call latency, median and 99th percentile, ms. */
  p50: number;
  p99: number;
  /** The slowest call, ms. */
  max: number;
  /** CPU time of the whole process (worker threads included) per append, µs. */
  cpuUs?: number;
  /** The database's settings read back (SQLite journal mode and synchronous level). */
  settings?: string;
  /** `contend`: event-loop delay while appending (ms): 99th percentile and the longest. */
  loopP99?: number;
  loopMax?: number;
}

/** Runs `n` loops at once, each awaiting `step(loop, i)` for its `per` calls; per-call latencies and wall time. */
export async function timeLoops(
  n: number,
  per: number,
  step: (loop: number, i: number) => Promise<unknown>,
): Promise<Pick<WriteResult, 'count' | 'ms' | 'p50' | 'p99' | 'max' | 'cpuUs'>> {
  const latencies = new Float64Array(n * per);
  let k = 0;
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: n }, async (_, loop) => {
      for (let i = 0; i < per; i++) {
        const s = performance.now();
        await step(loop, i);
        latencies[k++] = performance.now() - s;
      }
    }),
  );
  const ms = performance.now() - t0;
  const used = process.cpuUsage(cpu);
  const sorted = latencies.sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return {
    count: n * per,
    ms,
    p50: at(0.5),
    p99: at(0.99),
    max: sorted.at(-1) ?? Number.NaN,
    cpuUs: (used.user + used.system) / (n * per),
  };
}
