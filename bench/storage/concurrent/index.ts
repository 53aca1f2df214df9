/**
 * The concurrent-appends suite (group commit; `npm run bench -- --only concurrent-appends`): N sessions (1, 8,
 * 32) append at once to one store in one process, each one message per awaited call, durable when it returns;
 * aggregate appends/s for engram's SQLite store at `power` and `process` durability, Mastra's `saveMessages`
 * run the same way, the raw one-commit node:sqlite loop, and engram on PostgreSQL. Every run is a fresh process
 * on a fresh database; session counts and contenders interleave round by round, so load falls on all alike.
 */

import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Suite } from '../../report.ts';
import { createAttempts } from '../attempt.ts';
import { prepareEnvironment } from '../environment.ts';
import type { ConcurrentResult, Task } from '../tasks.ts';
import { concurrentEntries, concurrentPlan } from './plan.ts';
import { type ConcurrentRow, renderConcurrentSection } from './section.ts';

/** The concurrent-appends suite. */
export const concurrentAppends: Suite = async (options) => {
  const { quick, log } = options;
  const plan = concurrentPlan(quick);
  const env = await prepareEnvironment(options, 'engram-bench-concurrent-', plan.appends);
  const started = performance.now();
  try {
    const { attempt, failed } = createAttempts(log);
    const entries = concurrentEntries({ peers: env.peers, postgres: env.pg !== undefined });
    const rows: ConcurrentRow[] = entries.map((e) => ({ ...e, runs: new Map() }));
    const counts = [...plan.sessions, ...plan.postgresSessions].sort((a, b) => a - b);
    for (let round = 0; round < plan.rounds; round++) {
      for (const sessions of counts) {
        log(`round ${round + 1}/${plan.rounds}, ${sessions} session(s)`);
        for (const row of rows) {
          if (!plan.sessions.includes(sessions) && !row.postgres) continue;
          const db = join(env.dir, `${row.key}-${sessions}-${round}.db`);
          const task: Task = {
            op: 'concurrent',
            contender: row.contender,
            fixture: env.fixture,
            out: join(env.dir, 'result.json'),
            count: plan.appends,
            sessions,
            ...(row.contender.kind === 'engram-postgres'
              ? { db: env.pg!.url, pgSchema: env.pg!.schema, session: `r${round}-n${sessions}` }
              : { db, session: 'bench' }),
          };
          const r = await attempt<ConcurrentResult>(row.key, task);
          for (const suffix of ['', '-wal', '-shm']) rmSync(`${db}${suffix}`, { force: true });
          if (!r) continue;
          row.settings = r.settings ?? row.settings;
          row.runs.set(sessions, [...(row.runs.get(sessions) ?? []), r]);
          log(`  ${row.key}: ${Math.round((r.count / r.ms) * 1000)} appends/s, p99 ${r.p99.toFixed(1)} ms`);
        }
      }
    }
    return {
      id: 'concurrent-appends',
      markdown: renderConcurrentSection({
        options,
        plan,
        fixture: env.fixtureFigures,
        rows: rows.filter((r) => !failed.has(r.key)),
        skipped: [...env.skipped, ...[...failed].map(([key, error]) => `${key} failed (${error})`)],
        minutes: (performance.now() - started) / 60_000,
      }),
    };
  } finally {
    await env.release();
  }
};
