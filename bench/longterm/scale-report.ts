/** The tables of the long-term scale benchmark (bench/longterm/scale.ts). */

import { int, ms, table } from '../report.ts';

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);

/** One path's search latency in one scope. */
export interface SearchRow {
  driver: string;
  total: number;
  scope: string;
  scopeRecords: number;
  path: string;
  n: number;
  p50: number;
  p95: number;
  /** Median CPU time (user + system) of a call. */
  cpuP50: number;
  hits: number;
  /** p50, p95 and CPU p50 of this path over those of the raw FTS5 contender in the same run (interleaved). */
  vsRaw?: { p50: number; p95: number; cpuP50: number };
}

/** Ingestion up to a checkpoint. */
export interface IngestRow {
  driver: string;
  records: number;
  seconds: number;
  rss: number;
  heap: number;
  dbBytes: number;
  /** Seconds the raw FTS5 contender took to insert the same batches. */
  rawSeconds?: number;
}

/** The ingestion, search and memory tables. */
export function scaleTables(
  ingestRows: readonly IngestRow[],
  searchRows: readonly SearchRow[],
  peaks: readonly { driver: string; rss: number; heap: number }[],
): { ingestTable: string; searchTable: string; peakTable: string } {
  const ingestTable = table(
    [
      'driver',
      'records',
      'ingest time (s)',
      'records/s',
      'RSS after (MB)',
      'heap after (MB)',
      'database on disk (MB)',
      'speed vs raw FTS5 inserts',
    ],
    ingestRows.map((r) => [
      r.driver,
      int(r.records),
      r.seconds.toFixed(1),
      int(r.records / r.seconds),
      mb(r.rss),
      mb(r.heap),
      mb(r.dbBytes),
      r.rawSeconds === undefined ? '–' : `${(r.rawSeconds / r.seconds).toFixed(2)}x`,
    ]),
  );
  const searchTable = table(
    [
      'driver',
      'table records',
      'scope',
      'scope records',
      'path',
      'queries',
      'p50 (ms)',
      'p95 (ms)',
      'CPU p50 (ms)',
      'hits/query',
      'p50 / p95 / CPU p50 vs raw FTS5',
    ],
    searchRows.map((r) => [
      r.driver,
      int(r.total),
      r.scope,
      int(r.scopeRecords),
      r.path,
      String(r.n),
      ms(r.p50),
      ms(r.p95),
      ms(r.cpuP50),
      r.hits.toFixed(1),
      r.vsRaw
        ? `${r.vsRaw.p50.toFixed(1)}x / ${r.vsRaw.p95.toFixed(1)}x / ${r.vsRaw.cpuP50.toFixed(1)}x`
        : '–',
    ]),
  );
  const peakTable = table(
    ['driver', 'peak RSS during search (MB)', 'peak heap during search (MB)'],
    peaks.map((p) => [p.driver, mb(p.rss), mb(p.heap)]),
  );
  return { ingestTable, searchTable, peakTable };
}
