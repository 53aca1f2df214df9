/**
 * The write-path suite (`npm run bench -- write-path`; `ENGRAM_BENCH_BEFORE=<git ref>` adds the code of that
 * commit beside the working tree, in the same run): durable appends of one message per awaited call — a single
 * writer and N concurrent sessions of one process (group commit) on SQLite at both durabilities, against the raw
 * one-commit loop and Mastra's `saveMessages` run the same way; PostgreSQL `store.append` with 1 and 16
 * sessions; and the event loop of 4 processes contending for one SQLite file. Every run is a fresh process;
 * runs are interleaved in rounds so machine load falls on all alike; medians of the rounds are reported.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePeers } from '../peers/import-peer.ts';
import type { Suite } from '../report.ts';
import { runTask } from '../storage/child.ts';
import { fixtureSpec, writeFixture } from '../storage/fixture.ts';
import { type PgServer, startPgServer } from '../storage/pg-server.ts';
import { type BeforeTree, repoRoot, snapshotTree } from './before-tree.ts';
import { type WriteEntry, writeEntries, writePlanOf } from './plan.ts';
import { countingCost, postgresCosts } from './probes.ts';
import { type ContendFigures, type RunFigures, renderWritePath } from './section.ts';
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

/** The write-path benchmark suite. */
export const writePath: Suite = async ({ quick, log }) => {
  const plan = writePlanOf(quick);
  const dir = mkdtempSync(join(tmpdir(), 'engram-bench-write-'));
  const beforeRef = process.env.ENGRAM_BENCH_BEFORE;
  let before: BeforeTree | undefined;
  let pg: PgServer | undefined;
  const skipped: string[] = [];
  const started = performance.now();
  try {
    if (beforeRef) before = snapshotTree(beforeRef);
    else skipped.push('before: set ENGRAM_BENCH_BEFORE=<git ref> to time an older commit beside this one');
    const peersError = ensurePeers(log);
    if (peersError) skipped.push(`Mastra: ${peersError}`);
    const pgResult = await startPgServer(log);
    if (typeof pgResult === 'string') skipped.push(`postgres: ${pgResult}`);
    else pg = pgResult;

    const fixture = join(dir, 'messages.json');
    const total = Math.max(plan.messages, plan.contenders * plan.contendMessages);
    const fixtureFigures = writeFixture(fixture, fixtureSpec(total));
    const entries = writeEntries({ before: !!before, peers: !peersError, postgres: !!pg });
    const srcRoot = (e: WriteEntry) =>
      e.contender.kind === 'engram' && e.contender.tree === 'before' ? before!.root : repoRoot;
    const runs = new Map<string, RunFigures>();
    let serial = 0;

    const run = async (task: Omit<WriteTask, 'out' | 'fixture'>) => {
      const out = join(dir, `out-${serial++}.json`);
      const full: WriteTask = { ...task, out, fixture };
      return runTask<WriteResult>(full, [], workerPath);
    };
    const diagnostics = {
      countUs: countingCost(fixture, plan.messages),
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
          const fig = runs.get(key) ?? { entry: e, sessions: n, rates: [], results: [] };
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

    return {
      id: 'write-path',
      markdown: renderWritePath({
        quick,
        plan,
        fixture: fixtureFigures,
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
    await pg?.release();
    before?.remove();
    rmSync(dir, { recursive: true, force: true });
  }
};
