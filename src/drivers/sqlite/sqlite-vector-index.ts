import { queryAll } from '../sql/sql-exec.ts';
import { sql } from '../sql/sql-fragment.ts';
import { vectorBytes } from '../sql/sql-longterm-rows.ts';
import type { SqlVectorIndex } from '../sql/sql-vector-index.ts';

/**
 * The vector index of the SQLite store when sqlite-vec is loaded: `vec_distance_cosine` over the float32 bytes
 * `engram_ltm_vectors` already holds (sqlite-vec's own vector format), in the SQL that names the scope,
 * liveness and filter. The scan runs in C over the scope's rows only (the vectors' primary key starts with the
 * owner and model), so a search never reads another scope and never decodes a vector in JavaScript; every
 * filter gives exactly the exact scan's hits (the similarity is computed in float32, so it may differ from the
 * in-process float64 value in the 7th digit). No second table: sqlite-vec's `vec0` tables are a brute-force
 * scan too (no approximate index in 0.1), and a scoped, filtered KNN on them would need oversampling.
 * `active` says whether the extension loaded (the store's `capabilities.vectorSearch`).
 */
export function createSqliteVectorIndex(active: () => boolean): SqlVectorIndex {
  return {
    active,
    rowColumns: () => [],
    rowValues: () => [],
    prepare: async () => {},
    nearest: async (client, { where, model, vector, limit }) => {
      const rows = await queryAll(
        client,
        sql`SELECT r.rid, COALESCE(1 - vec_distance_cosine(v.vector, ${vectorBytes(vector)}), 0) AS score FROM engram_ltm_records r JOIN engram_ltm_vectors v ON v.tenant = r.tenant AND v.user_id = r.user_id AND v.agent_id = r.agent_id AND v.id = r.id WHERE ${where} AND v.model = ${model} AND v.dims = ${vector.length} ORDER BY score DESC, r.first_rid LIMIT ${limit}`,
      );
      return rows.map((r) => ({ rid: Number(r.rid), score: Number(r.score) }));
    },
  };
}
