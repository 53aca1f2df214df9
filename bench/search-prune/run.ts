/**
 * Runs every measurement of the search and prune benchmarks for one {@link Engram} and returns the figures:
 * searches on SQLite (and PostgreSQL when a server is given) with the target session alone and inside the
 * large database, `prune()` per call at few and many tombstones, and single-message appends.
 */

import { join } from 'node:path';
import { type BuildPlan, build, target, targetRanks } from './build.ts';
import { pickQueries } from './corpus.ts';
import type { Engram, MemoryStoreV1 } from './engram.ts';
import { type SearchTimes, timePaired, timePrune, timeSearches, type Which } from './measure.ts';

/** Sizes of a run. */
export interface SearchPrunePlan {
  /** Messages of the searched session. */
  target: number;
  /** Messages of the large database. */
  total: number;
  /** Messages per append while building (SQLite; PostgreSQL builds with 10× larger blocks). */
  block: number;
  /** Search queries, and timed rounds over them. */
  queries: number;
  reps: number;
  /** Queries timed with `memory.search` (all when equal to `queries`). */
  memoryQueries: number;
  /** Tombstone counts of the prune runs, and timed calls at each. */
  tombstones: readonly number[];
  pruneCalls: number;
}

/** A PostgreSQL server to measure on. */
export interface PgTarget {
  url: string;
  schema: string;
}

/** The figures of one run. */
export interface SearchPruneFigures {
  label: string;
  sqlite: { alone: SearchTimes; big: SearchTimes };
  postgres?: { alone: SearchTimes; big: SearchTimes };
  /** Per driver (`sqlite`, `memory`), per tombstone count: ms per prune call. */
  prune: Record<string, Record<number, number[]>>;
}

/** Runs one statement on a PostgreSQL server. */
export async function pgExec(url: string, text: string): Promise<void> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

type SqliteHandle = {
  exec(sql: string): void;
  prepare(q: string): { get(...a: unknown[]): unknown; all(...a: unknown[]): unknown[] };
};

/** FTS5 MATCH text of a query: its words as FTS5 strings in the `text` column. */
const ftsMatch = (text: string) =>
  `text : (${text
    .split(' ')
    .map((w) => `"${w}"`)
    .join(' ')})`;

/**
 * Builds (or reuses) the two databases of one driver, then times the searches on both, each query on one and
 * then the other (paired, so the ratio compares calls made moments apart).
 */
async function searchRun(
  engram: Engram,
  open: (which: Which) => MemoryStoreV1,
  plan: SearchPrunePlan,
  block: number,
  log: (line: string) => void,
  afterBuild?: (which: Which) => Promise<void>,
): Promise<{ alone: SearchTimes; big: SearchTimes }> {
  const ranks = targetRanks(plan.target);
  const queries = pickQueries(ranks, plan.queries, 4);
  const stores = { alone: open('alone'), big: open('big') };
  try {
    for (const which of ['alone', 'big'] as const) {
      const store = stores[which];
      const total = which === 'alone' ? plan.target : plan.total;
      if ((await store.listSessions({ tenant: 'solo' })).length === 0) {
        log(`  building ${which}: ${total.toLocaleString('en-US')} messages`);
        const building: BuildPlan = { target: plan.target, total, block };
        await build(store, building, ranks, log);
        await afterBuild?.(which);
      }
    }
    log('  searching both, paired');
    const out = await timeSearches(engram, stores, queries, plan.reps, plan.memoryQueries);
    const handles = {
      alone: (stores.alone as { database?: SqliteHandle }).database,
      big: (stores.big as { database?: SqliteHandle }).database,
    };
    const { alone, big } = handles;
    if (alone && big) {
      // Is a bigger database slower because of FTS5's segments? Merge each into one and time again.
      for (const db of [alone, big])
        db.exec("INSERT INTO engram_messages_fts(engram_messages_fts) VALUES('optimize')");
      const { scope, sessionId } = target;
      const optimized = await timePaired(queries, plan.reps, (w, text) =>
        stores[w].searchMessages(scope, { text, sessionId, limit: 20 }),
      );
      // FTS5 alone on the session's rowid range (integer bounds): its rows counted, then ranked by bm25, whose
      // weights need each term's document count in the whole index.
      const statements = (db: SqliteHandle) => {
        const { key } = db
          .prepare(
            `SELECT k.key AS key FROM engram_fts_logs k JOIN engram_sessions s ON s.tenant = k.tenant AND s.log_id = k.log_id WHERE s.tenant = 'solo' AND s.id = 'target'`,
          )
          .get() as { key: number };
        const base = BigInt(key) * 4294967296n;
        const range = `rowid BETWEEN ${base + 1n} AND ${base + 4294967295n}`;
        return {
          counted: db.prepare(
            `SELECT count(*) AS n FROM engram_messages_fts WHERE engram_messages_fts MATCH ? AND ${range}`,
          ),
          ranked: db.prepare(
            `SELECT rowid AS r, -bm25(engram_messages_fts) AS s FROM engram_messages_fts WHERE engram_messages_fts MATCH ? AND ${range} ORDER BY s DESC, rowid DESC LIMIT 20`,
          ),
        };
      };
      const st = { alone: statements(alone), big: statements(big) };
      const counted = await timePaired(queries, plan.reps, async (w, text) =>
        st[w].counted.get(ftsMatch(text)),
      );
      const ranked = await timePaired(queries, plan.reps, async (w, text) =>
        st[w].ranked.all(ftsMatch(text)),
      );
      for (const w of ['alone', 'big'] as const) {
        out[w].sessionOptimized = optimized[w];
        out[w].ftsCount = counted[w];
        out[w].ftsRanked = ranked[w];
      }
    }
    return out;
  } finally {
    await stores.alone.close();
    await stores.big.close();
  }
}

/** Runs the whole benchmark for `engram`, with its files in `dir`. */
export async function runSearchPrune(
  engram: Engram,
  plan: SearchPrunePlan,
  dir: string,
  pg: PgTarget | undefined,
  log: (line: string) => void,
): Promise<SearchPruneFigures> {
  log(`${engram.label}: SQLite search`);
  const sqlite = await searchRun(
    engram,
    (which) => engram.createSqliteStore({ path: join(dir, `search-${which}.db`), durability: 'process' }),
    plan,
    plan.block,
    log,
  );
  let postgres: SearchPruneFigures['postgres'];
  if (pg) {
    log(`${engram.label}: PostgreSQL search`);
    postgres = await searchRun(
      engram,
      (which) => engram.createPostgresStore({ connectionString: pg.url, schema: `${pg.schema}_${which}` }),
      plan,
      plan.block * 10,
      log,
      // As autovacuum would after a bulk load: planner statistics for the new rows.
      (which) => pgExec(pg.url, `ANALYZE ${pg.schema}_${which}.engram_messages`),
    );
  }
  const prune: SearchPruneFigures['prune'] = { sqlite: {}, memory: {} };
  for (const tombstones of plan.tombstones) {
    log(`${engram.label}: prune at ${tombstones.toLocaleString('en-US')} tombstones`);
    const file = engram.createSqliteStore({ path: join(dir, `prune-${tombstones}.db`) });
    prune.sqlite![tombstones] = await timePrune(engram, file, tombstones, plan.pruneCalls);
    await file.close();
    const memory = engram.createMemoryStore();
    prune.memory![tombstones] = await timePrune(engram, memory, tombstones, plan.pruneCalls);
    await memory.close();
  }
  return { label: engram.label, sqlite, ...(postgres ? { postgres } : {}), prune };
}
