/**
 * What the local embedding model and the store's vector index cost (issue 24 item 2):
 * - `localEmbedding()` (USE-lite, in a worker thread): load time and resident memory added; texts embedded per second and
 *   the longest event-loop stall, per pass size (`batchSize`), on LoCoMo development turns; a search's latency
 *   while `createLongTermMemory` embeds a backlog in the background, against the same search idle.
 * - Vector search p50 / p95 through the store's index (sqlite-vec's `vec_distance_cosine` in SQL) against the
 *   in-process exact scan (the fallback without the extension), at 10k and 100k records of 512 dimensions in one
 *   scope (another scope of the same size beside it), limit 10; on the PostgreSQL server too when it starts (there
 *   pgvector is used when the server has it, else both rows are the exact scan, said so).
 *
 *   npm run bench -- --only embedding-cost
 *   npm run bench -- --only embedding-cost --quick    # 1k and 10k records, fewer texts
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { DatabaseSync } from 'node:sqlite';
import { embedMany } from 'ai';
import type { Scope } from '../../src/core/scope.ts';
import { createPostgresStore } from '../../src/drivers/postgres/postgres-driver.ts';
import type { SqliteDatabaseLike } from '../../src/drivers/sqlite/sqlite-client.ts';
import { createSqliteStore } from '../../src/drivers/sqlite/sqlite-driver.ts';
import { localEmbedding } from '../../src/embeddings.ts';
import { createLongTermMemory } from '../../src/longterm/create-long-term-memory.ts';
import type { LongTermStoreV1 } from '../../src/longterm/long-term-store-v1.ts';
import { prepareRecord } from '../../src/longterm/prepare-record.ts';
import { sqliteVecPath } from '../../test-support/sqlite-vec-path.ts';
import { collectGarbage, ms, percentile, type Suite, sectionIntro, table } from '../report.ts';
import { startPgServer } from '../storage/pg-server.ts';
import { readLocomo } from './locomo-data.ts';
import { openRawVec0, type RawVec0 } from './raw-vec0.ts';

const dims = 512;
const warmup = 5;
/** Timed queries at a size (fewer where one exact scan takes seconds). */
const queriesAt = (size: number) => (size >= 100_000 ? 20 : 60);

/** LoCoMo development turns, as plain text, in order. */
function turnTexts(): string[] {
  return readLocomo().flatMap((s) =>
    s.sessions.flatMap((x) => x.messages.map((m) => (typeof m.content === 'string' ? m.content : ''))),
  );
}

/** A deterministic generator of unit vectors (mulberry32). */
function vectors(seed: number): () => number[] {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296 - 0.5;
  };
  return () => {
    const v = Array.from({ length: dims }, next);
    const n = Math.hypot(...v);
    return v.map((x) => x / n);
  };
}

const rssMb = () => process.memoryUsage().rss / 2 ** 20;

/** Model load, throughput and stalls per pass size. */
async function modelCost(texts: string[], quick: boolean, log: (line: string) => void) {
  collectGarbage();
  const before = rssMb();
  const t0 = performance.now();
  const model = localEmbedding();
  await model.load();
  const loadMs = performance.now() - t0;
  await embedMany({ model, values: texts.slice(0, 16) }); // first pass compiles kernels
  collectGarbage();
  const loadedMb = rssMb() - before;
  const rows: string[][] = [];
  const sample = texts.slice(0, quick ? 60 : 300);
  for (const batchSize of [1, 4, 16, 64]) {
    const m = localEmbedding({ batchSize });
    await m.load();
    const h = monitorEventLoopDelay({ resolution: 1 });
    h.enable();
    const s = performance.now();
    await embedMany({ model: m, values: sample, maxParallelCalls: 1 });
    const seconds = (performance.now() - s) / 1000;
    h.disable();
    rows.push([
      String(batchSize),
      (sample.length / seconds).toFixed(0),
      ms(h.max / 1e6),
      ms(h.percentile(99) / 1e6),
    ]);
    log(
      `batchSize ${batchSize}: ${(sample.length / seconds).toFixed(0)} texts/s, max stall ${ms(h.max / 1e6)} ms`,
    );
  }
  collectGarbage();
  return { loadMs, loadedMb, peakMb: rssMb() - before, rows, sampleSize: sample.length };
}

/** A search's latency while the background embeds a backlog of `backlog` records, and idle. */
async function backlogCost(texts: string[], quick: boolean) {
  const store = createSqliteStore({ path: ':memory:' });
  const memory = createLongTermMemory({
    store,
    scope: { tenant: 't', user: 'u' },
    embedding: localEmbedding(),
  });
  const backlog = texts.slice(0, quick ? 150 : 550);
  const search = async () => {
    const s = performance.now();
    await memory.search('where did she go on holiday last summer?');
    return performance.now() - s;
  };
  await memory.add(backlog.slice(0, 50));
  await memory.flush();
  const idle: number[] = [];
  for (let i = 0; i < 20; i++) idle.push(await search());
  const h = monitorEventLoopDelay({ resolution: 1 });
  const s = performance.now();
  await memory.add(backlog.slice(50)); // returns once stored; embedding runs in the background
  const addMs = performance.now() - s;
  h.enable();
  const busy: number[] = [];
  const done = memory.flush();
  let finished = false;
  void done.then(() => {
    finished = true;
  });
  while (!finished) busy.push(await search());
  await done;
  h.disable();
  const embedSeconds = (performance.now() - s) / 1000;
  await store.close();
  return { records: backlog.length - 50, addMs, embedSeconds, idle, busy, maxStall: h.max / 1e6 };
}

/** Writes `n` records with a 512-d vector each into `scope` (one transaction per 1,000). */
async function fill(
  records: LongTermStoreV1,
  scope: Scope,
  n: number,
  from: number,
  next: () => number[],
  raw?: RawVec0,
) {
  for (let i = from; i < from + n; i += 1000) {
    const ids = Array.from({ length: Math.min(1000, from + n - i) }, (_, j) => `r${i + j}`);
    await records.addRecords(
      scope,
      ids.map((id) => prepareRecord({ id, text: `record ${id}` }, 'bench')),
    );
    const batch = ids.map((id) => ({ id, model: 'bench', vector: next() }));
    await records.putEmbeddings(scope, batch);
    raw?.add(
      scope.user!,
      batch.map((e) => e.vector),
    );
  }
}

/** p50 / p95 of the raw vec0 KNN over the same queries. */
function rawLatency(raw: RawVec0, user: string, queries: number): [number, number] {
  const next = vectors(99);
  const times: number[] = [];
  for (let i = 0; i < queries + warmup; i++) {
    const vector = next();
    const s = performance.now();
    raw.search(user, vector, 10);
    if (i >= warmup) times.push(performance.now() - s);
  }
  return [percentile(times, 50), percentile(times, 95)];
}

/** p50 / p95 of `queries` searches (after a warm-up) of one store. */
async function latency(records: LongTermStoreV1, scope: Scope, queries: number): Promise<[number, number]> {
  const next = vectors(99);
  const times: number[] = [];
  for (let i = 0; i < queries + warmup; i++) {
    const vector = next();
    const s = performance.now();
    await records.searchVector(scope, { vector, model: 'bench', limit: 10 });
    if (i >= warmup) times.push(performance.now() - s);
  }
  return [percentile(times, 50), percentile(times, 95)];
}

/** A pair of stores over one database: the index on, and the exact scan. */
interface Pair {
  name: string;
  index: { records: LongTermStoreV1; close(): Promise<void> } | undefined;
  exact: { records: LongTermStoreV1; close(): Promise<void> };
  note: string;
  /** Records per scope, in increasing order. */
  sizes: number[];
  /** sqlite-vec's own vec0 table fed the same vectors (SQLite with the extension). */
  raw?: RawVec0;
}

/** Vector search p50 at each size for each pair of stores. */
async function searchCost(pairs: Pair[], log: (line: string) => void): Promise<string[][]> {
  const rows: string[][] = [];
  const scope = { tenant: 'bench', user: 'probe' };
  const other = { tenant: 'bench', user: 'other' };
  for (const pair of pairs) {
    let stored = 0;
    const next = vectors(7);
    for (const size of pair.sizes) {
      // Written through the index's store (pgvector keeps its own column), read by both.
      const writer = pair.index?.records ?? pair.exact.records;
      await fill(writer, scope, size - stored, stored, next, pair.raw);
      await fill(writer, other, size - stored, stored, next, pair.raw);
      stored = size;
      collectGarbage();
      const exact = await latency(pair.exact.records, scope, queriesAt(size));
      const index = pair.index ? await latency(pair.index.records, scope, queriesAt(size)) : undefined;
      const raw = pair.raw ? rawLatency(pair.raw, scope.user, queriesAt(size)) : undefined;
      log(`${pair.name} ${size}: exact p50 ${ms(exact[0])} ms, index p50 ${index ? ms(index[0]) : 'n/a'} ms`);
      rows.push([
        pair.name,
        size.toLocaleString('en-US'),
        index ? ms(index[0]) : 'n/a',
        index ? ms(index[1]) : 'n/a',
        ms(exact[0]),
        ms(exact[1]),
        index ? `${(exact[0] / index[0]).toFixed(1)}×` : 'n/a',
        raw ? ms(raw[0]) : 'n/a',
        pair.note,
      ]);
    }
    await pair.index?.close();
    await pair.exact.close();
  }
  return rows;
}

/** The section: model cost, background cost, vector search cost. */
export const embeddingCost: Suite = async (options) => {
  const { quick, log } = options;
  const texts = turnTexts().filter((t) => t.length > 0);
  const model = await modelCost(texts, quick, log);
  const background = await backlogCost(texts, quick);
  log(`backlog: ${background.records} records embedded in ${background.embedSeconds.toFixed(1)} s`);

  const dir = mkdtempSync(join(tmpdir(), 'engram-embedding-cost-'));
  const sizes = quick ? [1_000, 10_000] : [10_000, 100_000];
  const vec = await sqliteVecPath();
  const file = join(dir, 'vectors.db');
  const withVec = () => {
    const db = new DatabaseSync(file, { allowExtension: true, timeout: 0 });
    db.loadExtension(vec!.path);
    return db as unknown as SqliteDatabaseLike;
  };
  const exactSqlite = createSqliteStore({ path: file, vector: false, durability: 'process' });
  await exactSqlite.ready();
  const indexSqlite = vec ? createSqliteStore({ database: withVec() }) : undefined;
  await indexSqlite?.ready();
  const pairs: Pair[] = [
    {
      name: 'SQLite',
      exact: { records: exactSqlite.longTermRecords, close: () => exactSqlite.close() },
      index: indexSqlite && { records: indexSqlite.longTermRecords, close: () => indexSqlite.close() },
      ...(indexSqlite ? { raw: openRawVec0(indexSqlite.database, dims) } : {}),
      note: vec ? `sqlite-vec from ${vec.from}` : 'sqlite-vec not installed: no index row',
      sizes,
    },
  ];
  const server = options.postgres === false ? 'off (--no-postgres)' : await startPgServer(log);
  if (typeof server !== 'string') {
    const exactPg = createPostgresStore({
      connectionString: server.url,
      schema: server.schema,
      vector: false,
    });
    const indexPg = createPostgresStore({ connectionString: server.url, schema: server.schema });
    await exactPg.ready();
    await indexPg.ready();
    const has = indexPg.capabilities.vectorSearch;
    pairs.push({
      name: 'PostgreSQL',
      exact: { records: exactPg.longTermRecords, close: () => exactPg.close() },
      index: has ? { records: indexPg.longTermRecords, close: () => indexPg.close() } : undefined,
      note: has ? 'pgvector HNSW' : 'the server has no pgvector: exact scan only',
      // Without pgvector both rows are the exact scan, seconds per query at 100k: the smaller size only.
      sizes: has ? sizes : sizes.slice(0, 1),
    });
    if (!has) await indexPg.close();
  }
  const searchRows = await searchCost(pairs, log);
  if (typeof server !== 'string') await server.release();
  rmSync(dir, { recursive: true, force: true });

  const p = (list: number[], q: number) => ms(percentile(list, q));
  const markdown = [
    '## Local embedding model and vector index cost',
    '',
    ...sectionIntro(options),
    '',
    "`localEmbedding()` of `engram/embeddings` (USE-lite, 512-d, on the CPU through TensorFlow.js's JavaScript",
    "backend, in the model's own worker thread). Load: starting the thread, importing the packages and building the",
    "model, timed once; memory: the process's resident set added (the thread's included) after a full GC.",
    'Throughput and stalls: LoCoMo development turns through `embedMany`, one call at a time; the stall is the',
    "longest event-loop delay of this process's main thread measured while embedding (`monitorEventLoopDelay`).",
    '',
    table(
      ['figure', 'value'],
      [
        ['model load (ms)', ms(model.loadMs)],
        ['resident memory added by the loaded model (MB)', model.loadedMb.toFixed(0)],
        ['resident memory added after the throughput runs (MB)', model.peakMb.toFixed(0)],
      ],
    ),
    '',
    table(
      [
        'batchSize (texts per pass)',
        `texts/s (${model.sampleSize} turns)`,
        'longest stall (ms)',
        'p99 stall (ms)',
      ],
      model.rows,
    ),
    '',
    `Background embedding: \`createLongTermMemory({ store: SQLite, embedding: localEmbedding() })\`, \`add()\` of ${background.records}`,
    `turns returned in ${ms(background.addMs)} ms (stored, not embedded); the background then embedded them in`,
    `${background.embedSeconds.toFixed(1)} s (${(background.records / background.embedSeconds).toFixed(0)} records/s), while searches ran one after another:`,
    '',
    table(
      ['search (hybrid, one query embedded)', 'n', 'p50 (ms)', 'p95 (ms)', 'max (ms)'],
      [
        [
          'idle',
          String(background.idle.length),
          p(background.idle, 50),
          p(background.idle, 95),
          p(background.idle, 100),
        ],
        [
          'while the backlog is embedded',
          String(background.busy.length),
          p(background.busy, 50),
          p(background.busy, 95),
          p(background.busy, 100),
        ],
      ],
    ),
    '',
    `Longest event-loop stall during the background run: ${ms(background.maxStall)} ms.`,
    '',
    `Vector search, ${queriesAt(0)} random 512-d queries (${queriesAt(100_000)} at 100k; after ${warmup} warm-up), limit 10, in a scope of N records with`,
    "another scope of N beside it; index vs the exact in-process scan over the same database. Raw vec0: sqlite-vec's",
    '`vec0` table partitioned by user, fed the same vectors, queried by KNN alone (no liveness, no filter, no join).',
    '',
    table(
      [
        'store',
        'records in scope',
        'index p50 (ms)',
        'index p95 (ms)',
        'exact p50 (ms)',
        'exact p95 (ms)',
        'speed-up (p50)',
        'raw vec0 KNN p50 (ms)',
        'index',
      ],
      searchRows,
    ),
  ].join('\n');
  return { id: 'embedding-cost', markdown };
};
