/**
 * The contender engram's SQLite vector index was measured against: sqlite-vec's own `vec0` virtual table, the
 * owner as a partition key, queried raw by KNN (`embedding MATCH ? AND k = ? AND user_id = ?`): no join to the
 * records, so no liveness or filter (a store using it would oversample and filter after). Fed the same vectors.
 */

import type { SqliteDatabaseLike } from '../../src/drivers/sqlite/sqlite-client.ts';

/** A vec0 table of one handle. */
export interface RawVec0 {
  /** Adds vectors of `user`, in one transaction. */
  add(user: string, vectors: readonly number[][]): void;
  /** The `k` nearest of `user`'s vectors. */
  search(user: string, vector: readonly number[], k: number): number;
}

const bytes = (v: readonly number[]) => new Uint8Array(new Float32Array(v).buffer);

/** Creates `bench_vec0` (cosine, `dims` floats, partitioned by user) on a handle with sqlite-vec loaded. */
export function openRawVec0(db: SqliteDatabaseLike, dims: number): RawVec0 {
  db.exec(
    `CREATE VIRTUAL TABLE IF NOT EXISTS bench_vec0 USING vec0(user_id text partition key, embedding float[${dims}] distance_metric=cosine)`,
  );
  const insert = db.prepare('INSERT INTO bench_vec0 (user_id, embedding) VALUES (?, ?)');
  const knn = db.prepare(
    'SELECT rowid, distance FROM bench_vec0 WHERE embedding MATCH ? AND k = ? AND user_id = ?',
  );
  return {
    add(user, vectors) {
      db.exec('BEGIN');
      for (const v of vectors) insert.run(user, bytes(v));
      db.exec('COMMIT');
    },
    search: (user, vector, k) => knn.all(bytes(vector), k, user).length,
  };
}
