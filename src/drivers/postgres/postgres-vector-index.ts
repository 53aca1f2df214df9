import { float32Scaled } from '../sql/float32-scale.ts';
import { queryAll } from '../sql/sql-exec.ts';
import { raw, sql } from '../sql/sql-fragment.ts';
import type { SqlVectorIndex } from '../sql/sql-vector-index.ts';
import { createHnswIndex, hnswMaxDimensions, vectorLiteral } from './postgres-vector.ts';

/** Candidates an HNSW scan keeps (`hnsw.ef_search`) at least, and at most. */
const minEfSearch = 40;
const maxEfSearch = 1000;

/**
 * The vector index of the PostgreSQL store when pgvector is on (`indexed()` gives the dimension counts with an
 * HNSW index, `undefined` when pgvector is off): each vector is kept in `engram_ltm_vectors.embedding` as well
 * as in the float32 bytes, and a search orders by pgvector's cosine distance `<=>` in the SQL that names the
 * scope, liveness and filter. For a dimension count with its partial HNSW index (created under the migration
 * lock the first time such vectors are stored) the planner may scan the index: `hnsw.ef_search` is raised to
 * the limit and `hnsw.iterative_scan = strict_order` (pgvector 0.8) lets the scan go on past rows the scope or
 * filter rejects, so a filtered search still returns `limit` hits; HNSW is approximate (recall below 1 on large
 * sets, pgvector's documented trade-off). Without an index (or above 2,000 dimensions) the distance is computed
 * exactly in SQL. A stored all-zero vector (no direction) scores 0 but sorts last here.
 */
export function createPostgresVectorIndex(
  schema: string,
  indexed: () => Set<number> | undefined,
): SqlVectorIndex {
  return {
    active: () => indexed() !== undefined,
    rowColumns: () => ['embedding'],
    rowValues: (vector) => [sql`CAST(${vectorLiteral(vector)} AS vector)`],
    prepare: async (tx, dims) => {
      const known = indexed();
      if (!known || known.has(dims)) return;
      await createHnswIndex(tx, schema, dims);
      known.add(dims);
    },
    nearest: async (client, { where, model, vector, limit }) => {
      const dims = vector.length;
      const typed = dims <= hnswMaxDimensions ? `vector(${dims})` : 'vector';
      const distance = sql`(v.embedding::${raw(typed)}) <=> CAST(${vectorLiteral(float32Scaled(vector))} AS ${raw(typed)})`;
      const query = sql`SELECT r.rid, ${distance} AS distance FROM engram_ltm_records r JOIN engram_ltm_vectors v ON v.tenant = r.tenant AND v.user_id = r.user_id AND v.agent_id = r.agent_id AND v.id = r.id WHERE ${where} AND v.model = ${model} AND v.dims = ${dims} AND v.embedding IS NOT NULL ORDER BY distance, r.first_rid LIMIT ${limit}`;
      const rows = await client.transaction(async (tx) => {
        await tx.run(`SET LOCAL hnsw.ef_search = ${Math.min(maxEfSearch, Math.max(minEfSearch, limit))}`, []);
        await tx.run('SET LOCAL hnsw.iterative_scan = strict_order', []);
        return queryAll(tx, query);
      });
      return rows.map((r) => {
        const d = Number(r.distance);
        return { rid: Number(r.rid), score: Number.isNaN(d) ? 0 : 1 - d };
      });
    },
  };
}
