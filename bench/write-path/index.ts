/**
 * The write-path suite (`npm run bench -- write-path`; `ENGRAM_BENCH_BEFORE=<git ref>` adds the code of that
 * commit beside the working tree, in the same run): durable appends of one message per awaited call — a single
 * writer and N concurrent sessions of one process (group commit) on SQLite at both durabilities, against the raw
 * one-commit loop and Mastra's `saveMessages` run the same way; PostgreSQL `store.append` with 1 to 32
 * sessions; the event loop of 4 processes contending for one SQLite file; and probes of where the time goes
 * (o200k counting, FTS5 at commit, PostgreSQL round trips). Every run is a fresh process; runs are interleaved
 * in rounds so machine load falls on all alike; medians of the rounds are reported, ratios paired by round.
 */

import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Suite } from '../report.ts';
import { runTask } from '../storage/child.ts';
import { prepareEnvironment } from '../storage/environment.ts';
import { type BeforeTree, repoRoot, snapshotTree } from './before-tree.ts';
import type { ContendFigures, RunFigures, WritePathFigures } from './figures.ts';
import { type WriteEntry, writeEntries, writePlanOf } from './plan.ts';
import { countingCost, ftsCost, postgresCosts, postgresRowFloor } from './probes.ts';
import { renderWritePath } from './section.ts';
import type { WriteResult, WriteTask } from './tasks.ts';

const workerPath = fileURLToPath(new URL('./worker.ts', import.meta.url));

/** Drops the schemas the PostgreSQL runs made (one per engram tree: their schema versions differ). */
async function dropSchemas(url: string, names: readonly string[]): Promise<void> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const name of names) await client.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
  } finally {
    await client.end();
  }
}

/** The write-path benchmark suite (`--no-peers` leaves Mastra out, `--no-postgres` the PostgreSQL runs). */
export const writePath: Suite = async (options) => {
  const { quick, log } = options;
  const plan = writePlanOf(quick);
  const total = Math.max(plan.messages, plan.contenders * plan.contendMessages, plan.ftsCommits);
  const env = await prepareEnvironment(options, 'engram-bench-write-', total);
  const { dir, fixture, pg } = env;
  const beforeRef = process.env.ENGRAM_BENCH_BEFORE;
  let before: BeforeTree | undefined;
  const skipped = [...env.skipped];
  const started = performance.now();
  try {
    if (beforeRef) before = snapshotTree(beforeRef);
    const entries = writeEntries({ before: !!before, peers: env.peers, postgres: !!pg });
    const srcRoot = (e: WriteEntry) =>
      e.contender.kind === 'engram' && e.contender.tree === 'before' ? before!.root : repoRoot;
    const runs = new Map<string, RunFigures>();
    let serial = 0;

    const run = async (task: Omit<WriteTask, 'out' | 'fixture'>) => {
      const out = join(dir, `out-${serial++}.json`);
      const full: WriteTask = { ...task, out, fixture };
      return runTask<WriteResult>(full, [], workerPath);
    };
    log(`probes: o200k counting, FTS5 at commit (${plan.ftsPasses} × ${plan.ftsCommits} commits each way)`);
    const diagnostics: WritePathFigures['diagnostics'] = {
      countUs: countingCost(fixture, plan.messages),
      fts: ftsCost(fixture, dir, plan.ftsCommits, plan.ftsPasses),
      postgres: pg ? await postgresCosts(pg.url) : undefined,
    };
    // Contention: several processes append to one SQLite file at once (power durability, memory.store).
    const contention = new Map<'before' | 'after', ContendFigures>();
    const contend = async (tree: 'before' | 'after', round: number) => {
      const db = join(dir, `contend-${tree}-${round}.db`);
      const startAt = Date.now() + 2_500;
      log(`  contention (${tree}): ${plan.contenders} processes × ${plan.contendMessages}`);
      const results = await Promise.all(
        Array.from({ length: plan.contenders }, (_, k) =>
          run({
            op: 'contend',
            contender: { kind: 'engram', tree, store: 'sqlite', api: 'memory', durability: 'power' },
            srcRoot: tree === 'before' ? before!.root : repoRoot,
            db,
            from: k * plan.contendMessages,
            count: plan.contendMessages,
            sessions: 1,
            sessionPrefix: 'shared',
            startAt,
          }),
        ),
      );
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${db}${suffix}`, { force: true });
      const fig = contention.get(tree) ?? { tree, rounds: [] };
      fig.rounds.push(results);
      contention.set(tree, fig);
    };

    const countsOf = (e: WriteEntry) =>
      e.counts === 'single' ? [1] : e.counts === 'pgSessions' ? plan.pgSessions : plan.sessions;
    const slots = [...new Set([...plan.sessions, ...plan.pgSessions])]
      .sort((a, b) => a - b)
      .flatMap((n) => entries.filter((e) => countsOf(e).includes(n)).map((entry) => ({ entry, n })));
    for (let round = 0; round < plan.rounds; round++) {
      log(`round ${round + 1}/${plan.rounds}`);
      for (const tree of before ? (['after', 'before'] as const) : (['after'] as const)) {
        await contend(tree, round).catch((error: unknown) => {
          skipped.push(`contention ${tree}: ${String(error).split('\n')[0]}`);
        });
      }
      // Runs at one session count sit side by side (engram after, before, Mastra, the raw loop), in an order
      // reversed every other round, so the ratios compare runs made close in time.
      const order = round % 2 ? [...slots].reverse() : slots;
      for (const { entry: e, n } of order) {
        const key = `${e.key}@${n}`;
        const sqlite = !(e.contender.kind === 'engram' && e.contender.store === 'postgres');
        const db = sqlite ? join(dir, `${key}-${round}.db`) : pg!.url;
        const pgSchema = e.contender.kind === 'engram' ? `${pg?.schema}_${e.contender.tree}` : undefined;
        try {
          const r = await run({
            op: 'sessions',
            contender: e.contender,
            srcRoot: srcRoot(e),
            db,
            pgSchema,
            from: 0,
            count: e.counts === 'pgSessions' ? plan.pgMessages : plan.messages,
            sessions: n,
            sessionPrefix: `r${round}-${n}`,
          });
          const fig = runs.get(key) ?? { entry: e, sessions: n, rounds: [], rates: [], results: [] };
          fig.rounds.push(round);
          fig.rates.push((r.count / r.ms) * 1000);
          fig.results.push(r);
          runs.set(key, fig);
          log(`  ${key}: ${((r.count / r.ms) * 1000).toFixed(0)} appends/s`);
        } catch (error) {
          const line = String(error).split('\n').slice(0, 3).join(' ');
          skipped.push(`${key}: ${line.slice(0, 300)}`);
          log(`  ${key} FAILED: ${line}`);
        } finally {
          if (sqlite) for (const suffix of ['', '-wal', '-shm']) rmSync(`${db}${suffix}`, { force: true });
        }
      }
    }

    if (pg && diagnostics.postgres && runs.has('pg-after@1')) {
      log('probe: one durable row on a copy of the PostgreSQL message table');
      diagnostics.postgres.rowFloorMs = await postgresRowFloor(
        pg.url,
        `${pg.schema}_after`,
        fixture,
        plan.pgMessages,
      ).catch((error: unknown) => {
        skipped.push(`PostgreSQL row probe: ${String(error).split('\n')[0]}`);
        return undefined;
      });
    }
    return {
      id: 'write-path',
      markdown: renderWritePath({
        options,
        plan,
        fixture: env.fixtureFigures,
        runs: [...runs.values()],
        contention: [...contention.values()],
        diagnostics,
        beforeCommit: before?.commit,
        skipped,
        minutes: (performance.now() - started) / 60_000,
      }),
    };
  } finally {
    if (pg) await dropSchemas(pg.url, [`${pg.schema}_after`, `${pg.schema}_before`]).catch(() => undefined);
    before?.remove();
    await env.release();
  }
};
