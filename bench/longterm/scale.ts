/**
 * Long-term memory at scale (issue 9 part 6): a deterministic synthetic corpus (bench/longterm/scale-corpus.ts)
 * of N records over 1,000 users of one tenant (Zipf sizes) plus two probe users written first (100 and 5,000
 * records), ingested through `createLongTermMemory(...).add([...])` in batches of 1,000 per user, on a SQLite
 * file and on the PostgreSQL server. Search latency is measured at N/10 and at N records, per scope size: a
 * probe user's scope holds the same records at both points, so its latency shows whether a scoped search
 * costs its scope's data or the table's. Memory (RSS, heap) and the database size on disk are reported.
 *
 *   npm run bench -- --only longterm-scale            # N = 1,000,000
 *   npm run bench -- --only longterm-scale --quick    # N = 100,000
 *   ENGRAM_BENCH_LTM_RECORDS=300000 npm run bench -- --only longterm-scale
 */

import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Scope } from '../../src/core/scope.ts';
import { createPostgresStore } from '../../src/drivers/postgres/postgres-driver.ts';
import { createSqliteStore } from '../../src/drivers/sqlite/sqlite-driver.ts';
import { analyzeText } from '../../src/longterm/analyze-text.ts';
import {
  createLongTermMemory,
  type EngramLongTermMemory,
} from '../../src/longterm/create-long-term-memory.ts';
import { defaultCandidates } from '../../src/longterm/hybrid-search.ts';
import { getLongTermRecords, type HasLongTermRecords } from '../../src/longterm/long-term-store-v1.ts';
import { collectGarbage, int, ms, type Suite, sectionIntro } from '../report.ts';
import { startPgServer } from '../storage/pg-server.ts';
import { openRawFts5, type RawFts5 } from './raw-fts5.ts';
import { generate, queries, type ScaleRecord, userCount, userName } from './scale-corpus.ts';
import { type IngestRow, type SearchRow, scaleTables } from './scale-report.ts';

const tenant = 'scale';
const probes = { 'probe-small': 100, 'probe-large': 5_000 };
/** Records per `add` call (one user's). */
const batch = 1_000;
/** Queries per scope and path, and the time after which a scope's run stops early. */
const queryCount = 200;
const warmup = 10;
const scopeBudgetMs = 60_000;

/** The record count: `ENGRAM_BENCH_LTM_RECORDS`, else 100,000 with `--quick`, else 1,000,000. */
export function recordCount(quick: boolean, env = process.env): number {
  const given = env.ENGRAM_BENCH_LTM_RECORDS;
  if (given === undefined || given === '') return quick ? 100_000 : 1_000_000;
  const n = Number(given.replaceAll('_', ''));
  if (!Number.isSafeInteger(n) || n < 60_000)
    throw new Error('ENGRAM_BENCH_LTM_RECORDS must be an integer ≥ 60000 (N/10 holds the probe users)');
  return n;
}

const pct = (sorted: readonly number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number);

interface Driver {
  name: string;
  store: HasLongTermRecords;
  /**
   * Another handle on the same database for the store-level paths (`searchText`, `rankText`): a SQLite handle reuses
   * the matches it just read for the same terms, so on one handle these paths would reuse `memory.search`'s read.
   */
  floor?: HasLongTermRecords;
  /** The raw FTS5 contender fed the same batches (SQLite only). */
  raw?: RawFts5;
  size(): Promise<number>;
  close(): Promise<void>;
}

/** Ingests records [from, to) of the stream through the public path, per user in batches; returns the time. */
async function ingest(
  stream: Iterator<ScaleRecord>,
  count: number,
  memoryOf: (user: string) => EngramLongTermMemory,
  sizes: Map<string, number>,
  raw?: RawFts5,
): Promise<{ engram: number; raw: number }> {
  const pending = new Map<string, { id: string; text: string }[]>();
  let rawMs = 0;
  const t0 = performance.now();
  const flush = async (user: string) => {
    const list = pending.get(user);
    if (!list?.length) return;
    pending.delete(user);
    await memoryOf(user).add(list);
    if (raw) {
      const t = performance.now();
      raw.insert(list.map((r) => ({ user, text: r.text })));
      rawMs += performance.now() - t;
    }
  };
  for (let i = 0; i < count; i++) {
    const next = stream.next();
    if (next.done) break;
    const r = next.value;
    const list = pending.get(r.user) ?? [];
    list.push({ id: r.id, text: r.text });
    pending.set(r.user, list);
    sizes.set(r.user, (sizes.get(r.user) ?? 0) + 1);
    if (list.length >= batch) await flush(r.user);
  }
  for (const user of [...pending.keys()]) await flush(user);
  return { engram: performance.now() - t0 - rawMs, raw: rawMs };
}

/**
 * Times each path over the queries (after a warm-up), interleaved (every path answers a query before the next
 * query), stopping early past the budget: wall time, and the process's CPU time (user + system) of each call,
 * which other processes on a loaded machine disturb much less.
 */
async function timeQueries(qs: readonly string[], runs: readonly ((q: string) => Promise<number>)[]) {
  for (const q of qs.slice(0, warmup)) for (const run of runs) await run(q);
  const times = runs.map(() => [] as number[]);
  const cpu = runs.map(() => [] as number[]);
  const hits = runs.map(() => 0);
  const start = performance.now();
  for (const q of qs) {
    for (const [i, run] of runs.entries()) {
      const t = performance.now();
      const c = process.cpuUsage();
      hits[i] = (hits[i] as number) + (await run(q));
      const used = process.cpuUsage(c);
      times[i]?.push(performance.now() - t);
      cpu[i]?.push((used.user + used.system) / 1000);
    }
    if (performance.now() - start > scopeBudgetMs) break;
  }
  return times.map((list, i) => {
    list.sort((a, b) => a - b);
    const cpuList = (cpu[i] as number[]).sort((a, b) => a - b);
    return {
      n: list.length,
      p50: pct(list, 0.5),
      p95: pct(list, 0.95),
      cpuP50: pct(cpuList, 0.5),
      hits: (hits[i] as number) / list.length,
    };
  });
}

async function measureSearch(
  driver: Driver,
  total: number,
  sizes: Map<string, number>,
  log: (line: string) => void,
  peak: { rss: number; heap: number },
): Promise<SearchRow[]> {
  const qs = queries(queryCount);
  const smallest = userName(userCount - 1);
  const scopes: { label: string; scope: Scope; records: number }[] = [
    {
      label: `smallest user (${smallest})`,
      scope: { tenant, user: smallest },
      records: sizes.get(smallest) ?? 0,
    },
    { label: 'probe-small', scope: { tenant, user: 'probe-small' }, records: sizes.get('probe-small') ?? 0 },
    { label: 'probe-large', scope: { tenant, user: 'probe-large' }, records: sizes.get('probe-large') ?? 0 },
    {
      label: `biggest user (${userName(0)})`,
      scope: { tenant, user: userName(0) },
      records: sizes.get(userName(0)) ?? 0,
    },
    { label: 'tenant-wide', scope: { tenant }, records: total },
  ];
  const records = getLongTermRecords(driver.floor ?? driver.store);
  const rows: SearchRow[] = [];
  for (const s of scopes) {
    const memory = createLongTermMemory({ store: driver.store, scope: s.scope });
    const paths: [string, (q: string) => Promise<number>][] = [
      ['memory.search (limit 10)', async (q) => (await memory.search(q, { limit: 10 })).length],
      [
        'records.searchText (limit 10)',
        async (q) => (await records.searchText(s.scope, { terms: analyzeText(q), limit: 10 })).length,
      ],
    ];
    const { rankText } = records;
    // The floor of memory.search's own ranking: the candidates it asks the store for (its default; twice
    // that only when episodes or engram's kinds were among them), ranked with the few columns ranking reads.
    if (rankText)
      paths.push([
        `records.rankText (limit ${defaultCandidates}, the candidates memory.search ranks)`,
        async (q) =>
          (
            await rankText.call(records, s.scope, {
              terms: analyzeText(q),
              limit: defaultCandidates,
              filter: {},
            })
          ).length,
      ]);
    const { raw } = driver;
    if (raw)
      paths.push([
        'raw FTS5 bm25() top 10 (same texts)',
        async (q) => raw.search(analyzeText(q), s.scope.user, 10),
      ]);
    collectGarbage();
    const results = await timeQueries(
      qs,
      paths.map(([, run]) => run),
    );
    const m = process.memoryUsage();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heap = Math.max(peak.heap, m.heapUsed);
    const rawResult = raw ? results[paths.length - 1] : undefined;
    for (const [i, [path]] of paths.entries()) {
      const r = results[i] as (typeof results)[number];
      const vsRaw =
        rawResult && i < paths.length - 1
          ? { p50: r.p50 / rawResult.p50, p95: r.p95 / rawResult.p95, cpuP50: r.cpuP50 / rawResult.cpuP50 }
          : undefined;
      rows.push({
        driver: driver.name,
        total,
        scope: s.label,
        scopeRecords: s.records,
        path,
        ...r,
        ...(vsRaw ? { vsRaw } : {}),
      });
      log(
        `${driver.name} @${int(total)} ${s.label} (${int(s.records)}) ${path}: p50 ${ms(r.p50)} ms p95 ${ms(r.p95)} ms CPU p50 ${ms(r.cpuP50)} ms (${r.n} queries, ${r.hits.toFixed(1)} hits)${vsRaw ? ` = ${vsRaw.p50.toFixed(1)}x / ${vsRaw.p95.toFixed(1)}x raw (CPU p50 ${vsRaw.cpuP50.toFixed(1)}x)` : ''}`,
      );
    }
  }
  return rows;
}

/** Ingests to each checkpoint and measures search there. */
async function runDriver(driver: Driver, total: number, log: (line: string) => void) {
  const stream = generate(total, probes)[Symbol.iterator]();
  const memories = new Map<string, EngramLongTermMemory>();
  const memoryOf = (user: string) => {
    let m = memories.get(user);
    if (!m) {
      m = createLongTermMemory({ store: driver.store, scope: { tenant, user } });
      memories.set(user, m);
    }
    return m;
  };
  const sizes = new Map<string, number>();
  const ingestRows: IngestRow[] = [];
  const searchRows: SearchRow[] = [];
  const peak = { rss: 0, heap: 0 };
  let done = 0;
  let seconds = 0;
  let rawSeconds = 0;
  for (const checkpoint of [Math.round(total / 10), total]) {
    collectGarbage();
    const times = await ingest(stream, checkpoint - done, memoryOf, sizes, driver.raw);
    const elapsed = times.engram;
    seconds += elapsed / 1000;
    rawSeconds += times.raw / 1000;
    log(
      `${driver.name}: ${int(checkpoint - done)} records in ${(elapsed / 1000).toFixed(1)} s (${int(((checkpoint - done) * 1000) / elapsed)}/s)${driver.raw ? `; raw FTS5 ${(times.raw / 1000).toFixed(1)} s (engram ${(times.raw / elapsed).toFixed(2)}x its speed)` : ''}`,
    );
    done = checkpoint;
    const m = process.memoryUsage();
    ingestRows.push({
      driver: driver.name,
      records: done,
      seconds,
      rss: m.rss,
      heap: m.heapUsed,
      dbBytes: await driver.size(),
      ...(driver.raw ? { rawSeconds } : {}),
    });
    searchRows.push(...(await measureSearch(driver, done, sizes, log, peak)));
  }
  return { ingestRows, searchRows, peak };
}

/** The suite. */
export const longtermScale: Suite = async (options) => {
  const total = recordCount(options.quick);
  const dir = mkdtempSync(join(tmpdir(), 'engram-ltm-scale-'));
  const ingestRows: IngestRow[] = [];
  const searchRows: SearchRow[] = [];
  const peaks: { driver: string; rss: number; heap: number }[] = [];
  const notes: string[] = [];
  try {
    const file = join(dir, 'scale.db');
    const sqlite = createSqliteStore({ path: file });
    const floor = createSqliteStore({ path: file });
    const raw = openRawFts5(join(dir, 'raw-fts5.db'));
    const sqliteDriver: Driver = {
      name: 'SQLite',
      store: sqlite,
      floor,
      raw,
      async size() {
        let bytes = 0;
        for (const f of [file, `${file}-wal`, `${file}-shm`])
          try {
            bytes += statSync(f).size;
          } catch {}
        return bytes;
      },
      close: () => sqlite.close(),
    };
    try {
      const r = await runDriver(sqliteDriver, total, options.log);
      ingestRows.push(...r.ingestRows);
      searchRows.push(...r.searchRows);
      peaks.push({ driver: 'SQLite', ...r.peak });
    } finally {
      await floor.close();
      await sqlite.close();
      raw.close();
      rmSync(dir, { recursive: true, force: true });
    }
    const pg =
      options.postgres === false ? 'not measured (`--no-postgres`)' : await startPgServer(options.log);
    if (typeof pg === 'string') notes.push(`PostgreSQL: ${pg}.`);
    else {
      const store = createPostgresStore({ connectionString: pg.url, schema: pg.schema, maxConnections: 4 });
      const pgDriver: Driver = {
        name: 'PostgreSQL',
        store,
        async size() {
          const client = new (await import('pg')).default.Client({ connectionString: pg.url });
          await client.connect();
          try {
            const r = await client.query(
              "SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) AS bytes FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind IN ('r', 'm')",
              [pg.schema],
            );
            return Number(r.rows[0]?.bytes ?? 0);
          } finally {
            await client.end();
          }
        },
        close: () => store.close(),
      };
      try {
        const r = await runDriver(pgDriver, total, options.log);
        ingestRows.push(...r.ingestRows);
        searchRows.push(...r.searchRows);
        peaks.push({ driver: 'PostgreSQL', ...r.peak });
      } finally {
        await store.close().catch(() => undefined);
        await pg.release();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const { ingestTable, searchTable, peakTable } = scaleTables(ingestRows, searchRows, peaks);
  const markdown = [
    '## Long-term memory at scale',
    '',
    ...sectionIntro(options, `${int(total)} records`),
    '',
    `A deterministic synthetic corpus (\`bench/longterm/scale-corpus.ts\`): records of 2–3 sentences (about 160 characters; content words from a 5,000-word Zipf vocabulary, common English at the head; 20 rare "needle" terms, one in about 5,000 records) owned by 1,000 users of one tenant with Zipf sizes, after two probe users written first (probe-small ${int(probes['probe-small'])} records, probe-large ${int(probes['probe-large'])}). Ingested through \`createLongTermMemory({ store, scope }).add(records)\` in batches of ${int(batch)} records of one user (ids given, text only, defaults otherwise): SQLite a file in a temp directory with default durability (\`synchronous=FULL\`, WAL), PostgreSQL the server of \`scripts/pg-server.sh\` (fsync on). Search is measured after N/10 and after N records: ${queryCount} queries of 2–4 terms (a very common word in 1 of 4, a needle in 1 of 4), after ${warmup} warm-up queries, through \`memory.search(q, { limit: 10 })\` (full-text hybrid pipeline with episode fusion, no embedding model), the raw \`records.searchText\` (limit 10) and \`records.rankText\` with the ${defaultCandidates} candidates \`memory.search\` ranks (ids, scores and the few columns ranking reads), these two on a second handle of the same file (a handle reuses the matches it just read for the same terms: \`rankText\` runs after \`searchText\` on that handle, so it takes its ${defaultCandidates} from what \`searchText\` read and is no floor of the ranking's cost); on SQLite beside a raw contender: the same texts in a plain FTS5 table \`(owner, text)\` of its own file (WAL, \`synchronous=FULL\`, one transaction per batch, timed apart from engram's ingestion) searched by \`bm25()\` top 10 with the texts read (\`bench/longterm/raw-fts5.ts\`), the paths interleaved query by query; "vs raw FTS5" is a path's p50 / p95 / CPU p50 over the raw contender's (CPU p50: the median of each call's process CPU time, user + system, steadier than wall time on a loaded machine). A scope stops early after ${scopeBudgetMs / 1000} s (see the queries column).`,
    '',
    '### Ingestion',
    '',
    ingestTable,
    '',
    '### Search latency by scope',
    '',
    searchTable,
    '',
    '### Memory during search',
    '',
    peakTable,
    ...(notes.length ? ['', ...notes] : []),
  ].join('\n');
  return { id: 'longterm-scale', markdown };
};
