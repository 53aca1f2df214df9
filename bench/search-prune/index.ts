/**
 * The search and prune suite (`npm run bench -- search-prune`, `--quick` for a 10,000-message session in a
 * 100,000-message database): indexed search of one session and one tenant, alone and inside a ten times larger
 * database (SQLite, and PostgreSQL when `scripts/pg-server.sh` can start one); `memory.search` with its default
 * options; `memory.prune()` per call at few and many tombstones; and what the full-text index adds to a durable
 * single-message append. Every figure compares measurements of one run.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Suite } from '../report.ts';
import { startPgServer } from '../storage/pg-server.ts';
import { appendContenders } from './appends.ts';
import { loadEngram } from './engram.ts';
import { timeAppends } from './measure.ts';
import { pgExec, runSearchPrune, type SearchPrunePlan } from './run.ts';
import { renderSearchPrune } from './section.ts';

/** The sizes of a full and a quick run. */
export function searchPrunePlan(
  quick: boolean,
): SearchPrunePlan & { appendRounds: number; perRound: number; prefill: number } {
  return quick
    ? {
        target: 10_000,
        total: 100_000,
        block: 10,
        queries: 20,
        reps: 3,
        memoryQueries: 20,
        tombstones: [100, 10_000],
        pruneCalls: 30,
        appendRounds: 3,
        perRound: 100,
        prefill: 2_000,
      }
    : {
        target: 100_000,
        total: 1_000_000,
        block: 10,
        queries: 40,
        reps: 5,
        memoryQueries: 40,
        tombstones: [1_000, 100_000],
        pruneCalls: 50,
        appendRounds: 6,
        perRound: 250,
        prefill: 10_000,
      };
}

/** The search and prune benchmark suite. */
export const searchPrune: Suite = async ({ quick, log }) => {
  const plan = searchPrunePlan(quick);
  const dir = mkdtempSync(join(tmpdir(), 'engram-bench-search-'));
  const pg = await startPgServer(log);
  try {
    const engram = await loadEngram('engram');
    const figures = await runSearchPrune(engram, plan, dir, typeof pg === 'string' ? undefined : pg, log);
    log('appends');
    const { appenders, close } = await appendContenders(
      dir,
      (['power', 'process'] as const).flatMap((durability) => [
        { label: `${durability}: indexed at commit`, engram, durability },
        { label: `${durability}: no full-text index`, engram, durability, withoutIndex: true },
      ]),
      plan.prefill,
    );
    const appends = await timeAppends(appenders, plan.appendRounds, plan.perRound);
    await close();
    return {
      id: 'search-prune',
      markdown: renderSearchPrune({
        quick,
        plan,
        figures,
        appends,
        postgresSkipped: typeof pg === 'string' ? pg : undefined,
      }),
    };
  } finally {
    if (typeof pg !== 'string') {
      for (const which of ['alone', 'big'])
        await pgExec(pg.url, `DROP SCHEMA IF EXISTS ${pg.schema}_${which} CASCADE`);
      await pg.release();
    }
    rmSync(dir, { recursive: true, force: true });
  }
};
