/**
 * The LangGraph checkpointer suite (`npm run bench -- --only checkpointer`, `--quick` for a smoke run): a
 * conversation appended one message per checkpoint, the way a LangGraph app persists a `messages` channel,
 * through engram's saver (`engram/langgraph` on SQLite, at SqliteSaver's durability and at engram's default,
 * and on PostgreSQL) and through LangGraph's own `SqliteSaver` (`@langchain/langgraph-checkpoint-sqlite` from
 * bench/peers). Bytes on disk and `put` time at 1,000 and 10,000 messages. SqliteSaver writes the whole list
 * at every checkpoint, so 10,000 per-message puts would write about 100× the bytes of 1,000 (tens of GiB): its
 * 10,000 row is extrapolated from the measured 1,000-message run and two measured single puts of the
 * 10,000-message checkpoint, and says so.
 */

import { join } from 'node:path';
import type { Suite } from '../report.ts';
import { runTask } from '../storage/child.ts';
import { prepareEnvironment } from '../storage/environment.ts';
import { type GraphRow, graphContenders, graphSizes } from './graph-section.ts';
import { type Row, renderCheckpointer } from './section.ts';
import type {
  CheckpointerContender,
  CheckpointerTask,
  GraphResult,
  GraphTask,
  OnePutResult,
  PutsResult,
} from './tasks.ts';

const worker = new URL('./worker.ts', import.meta.url).pathname;
const graphWorker = new URL('./graph-worker.ts', import.meta.url).pathname;

/** The checkpointer suite. */
export const checkpointer: Suite = async (options) => {
  const { quick, log } = options;
  const sizes = quick ? [50, 200] : [1_000, 10_000];
  const largest = sizes.at(-1)!;
  const env = await prepareEnvironment(options, 'engram-bench-checkpointer-', largest);
  const started = performance.now();
  const failures: string[] = [...env.skipped];
  const run = async <T>(
    label: string,
    task: (CheckpointerTask & { sizes?: number[] }) | GraphTask,
    script = worker,
  ): Promise<T | undefined> => {
    log(`  ${label}`);
    try {
      return (await runTask<T>(task as never, [], script)) as T;
    } catch (error) {
      const line = String(error instanceof Error ? error.message : error).split('\n')[0]!;
      failures.push(`${label}: ${line}`);
      log(`  ${label} FAILED: ${line}`);
      return undefined;
    }
  };
  try {
    const contenders: { label: string; contender: CheckpointerContender }[] = [
      {
        label: 'engram saver, SQLite `process` (synchronous=NORMAL)',
        contender: { kind: 'engram-sqlite', durability: 'process' },
      },
      {
        label: 'engram saver, SQLite `power` (default, synchronous=FULL)',
        contender: { kind: 'engram-sqlite', durability: 'power' },
      },
      {
        label: 'engram saver, SQLite `process`, `trustMessageObjects: true`',
        contender: { kind: 'engram-sqlite', durability: 'process', trust: true },
      },
      ...(env.pg
        ? [{ label: 'engram saver, PostgreSQL', contender: { kind: 'engram-postgres' as const } }]
        : []),
      ...(env.peers ? [{ label: 'LangGraph `SqliteSaver`', contender: { kind: 'langgraph' as const } }] : []),
    ];
    const rows: Row[] = [];
    for (const size of sizes) {
      log(`${size.toLocaleString('en-US')} messages`);
      for (const { label, contender } of contenders) {
        if (contender.kind === 'langgraph' && size !== sizes[0]) continue;
        const key = `${contender.kind}-${contender.durability ?? ''}${contender.trust ? '-trust' : ''}-${size}`;
        const target =
          contender.kind === 'engram-postgres'
            ? { db: env.pg!.url, pgSchema: `${env.pg!.schema}_${size}` }
            : { db: join(env.dir, `${key}.db`) };
        const task = {
          op: 'puts' as const,
          contender,
          fixture: env.fixture,
          count: size,
          out: join(env.dir, `${key}.json`),
          ...target,
        };
        const result = await run<PutsResult>(`${label}: ${size} puts`, task);
        if (result) rows.push({ label, contender, size, result });
      }
    }
    let onePut: OnePutResult | undefined;
    if (env.peers && sizes.length > 1) {
      onePut = await run<OnePutResult>(
        `LangGraph SqliteSaver: single puts of the ${largest}-message checkpoint`,
        {
          op: 'one-put',
          contender: { kind: 'langgraph' },
          db: join(env.dir, 'langgraph-one-put.db'),
          fixture: env.fixture,
          count: largest,
          out: join(env.dir, 'one-put.json'),
          sizes,
        },
      );
    }
    const graphRows: GraphRow[] = [];
    const graphed = graphSizes(quick);
    if (env.peers)
      for (const size of graphed)
        for (const { label, task } of graphContenders()) {
          const key = `graph-${task.channel}-${task.saver}-${size}`;
          const graphTask: GraphTask = {
            ...task,
            db: join(env.dir, `${key}.db`),
            fixture: env.fixture,
            count: size,
            out: join(env.dir, `${key}.json`),
          };
          const result = await run<GraphResult>(`${label}: ${size} invokes`, graphTask, graphWorker);
          if (result) graphRows.push({ label, task, size, result });
        }
    const markdown = renderCheckpointer({
      graphRows,
      graphSizes: graphed,
      options,
      sizes,
      fixture: env.fixtureFigures,
      rows,
      onePut,
      failures,
      minutes: (performance.now() - started) / 60_000,
    });
    return { id: 'checkpointer', markdown };
  } finally {
    await env.release();
  }
};
