import type { Scope } from '../../core/scope.ts';
import type { RankedRow } from './dialect-longterm-index.ts';
import type { SqlClient } from './sql-client.ts';
import type { SqlFragment } from './sql-fragment.ts';

/** A checked nearest-neighbour search of long-term embeddings, as the shared layer prepares it. */
export interface SqlVectorSearch {
  /** The scope searched (`where` names it too: an index may read the vectors table by it alone first). */
  scope: Scope;
  /** The condition on the records table aliased `r`: the scope, live versions, the query's filter. */
  where: SqlFragment;
  /** Whether `where` holds conditions beyond the scope and liveness (the query has a filter). */
  filtered: boolean;
  /** The embedding model id (`engram_ltm_vectors.model`). */
  model: string;
  /** The query vector (finite numbers, not all zero). */
  vector: readonly number[];
  /** Most hits. */
  limit: number;
}

/**
 * The store's vector index over `engram_ltm_vectors` (schema v11: one row per record and model, the float32
 * bytes in `vector`), which the driver turns on when its extension loads: sqlite-vec's `vec_distance_cosine`
 * on SQLite, a pgvector column with an HNSW index per dimension count on PostgreSQL. The bytes stay the truth
 * (every store can read them); an index keeps any column of its own in the writing transaction. Without an
 * active index the shared layer scans the scope's bytes in process (the exact fallback).
 */
export interface SqlVectorIndex {
  /** Whether searches use the index (decided when the store opens: its extension loaded). */
  active(): boolean;
  /** Columns of `engram_ltm_vectors` the index keeps besides the bytes (pgvector's `embedding`); none when it reads the bytes. */
  rowColumns(): readonly string[];
  /** The values of {@link rowColumns} for one vector, in order. */
  rowValues(vector: readonly number[]): SqlFragment[];
  /** Runs in the writing transaction before vectors of `dims` dimensions are stored (PostgreSQL: that size's HNSW index). */
  prepare(tx: SqlClient, dims: number): Promise<void>;
  /**
   * The nearest live versions meeting `search.where`, best first (ties: older record first), as row ids and
   * cosine similarities; `undefined` when the index cannot answer this search (the exact scan does).
   */
  nearest(client: SqlClient, search: SqlVectorSearch): Promise<RankedRow[] | undefined>;
}
