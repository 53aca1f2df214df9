import type { LongTermStoreV1 } from '../../longterm/long-term-store-v1.ts';
import type { SqlLongTermOptions } from './sql-longterm-options.ts';
import { sqlLongTermReads } from './sql-longterm-read.ts';
import { sqlLongTermSearch } from './sql-longterm-search.ts';
import { sqlLongTermVectors } from './sql-longterm-vectors.ts';
import { sqlLongTermWrites } from './sql-longterm-write.ts';

/**
 * `LongTermStoreV1` on the shared SQL layer (schema v11): versions as rows, every statement naming the owner or
 * the search scope; full text through the dialect's long-term index (FTS5 `bm25()` on SQLite, a GIN-indexed
 * `tsvector` ranked by BM25 on PostgreSQL); embeddings as float32 bytes, searched through the store's vector index
 * (sqlite-vec, pgvector) or, without one, compared in process within the scope.
 * Searches rank row ids and scores; `rankText` / `rankVector` return ranked hits (the columns ranking reads, no
 * text) and `loadRanked` reads the records of those kept.
 */
export function createSqlLongTermRecords(options: SqlLongTermOptions): LongTermStoreV1 {
  return {
    specificationVersion: 'v1',
    vectorSearch: true,
    ...sqlLongTermWrites(options),
    ...sqlLongTermReads(options),
    ...sqlLongTermSearch(options),
    ...sqlLongTermVectors(options),
  };
}
