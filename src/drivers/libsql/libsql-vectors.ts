import {
  checkId,
  checkVector,
  checkVectorQuery,
  cosineSimilarity,
  type LongTermDriverV1,
  type LongTermHit,
  MemoryError,
  ownerOf,
} from '../../driver.ts';
import type { LibsqlExecutor } from './libsql-executor.ts';
import { allOf, filterSql, recordColumns, toRecord } from './libsql-long-term-rows.ts';
import { coveredBy, ownedBy, type SqlPart } from './libsql-scope.ts';

const component = 'libsql';

/** The table of a vector space (one model at one size): `F32_BLOB(dims)` vectors keyed by `vrid`. */
export const vectorTable = (space: number): string => `engram_ltm_vectors_${space}`;
/** Its `libsql_vector_idx` (DiskANN, cosine) index, which `vector_top_k` reads. */
export const vectorIndex = (space: number): string => `engram_ltm_vectors_${space}_idx`;

/** A vector as the `vector32()` argument (JSON text). */
const vectorText = (vector: readonly number[]) => JSON.stringify(vector);

/** The space of (`model`, `dims`), or undefined when nothing was ever stored there. */
async function findSpace(db: LibsqlExecutor, model: string, dims: number): Promise<number | undefined> {
  const row = await db.get('SELECT space FROM engram_ltm_vector_spaces WHERE model = ? AND dims = ?', [
    model,
    dims,
  ]);
  return row ? Number(row.space) : undefined;
}

/** The space of (`model`, `dims`), creating its table and vector index on first use (inside the write). */
async function ensureSpace(tx: LibsqlExecutor, model: string, dims: number): Promise<number> {
  const found = await findSpace(tx, model, dims);
  if (found !== undefined) return found;
  const { space } = await tx.one(
    'INSERT INTO engram_ltm_vector_spaces (model, dims) VALUES (?, ?) RETURNING space',
    [model, dims],
  );
  const n = Number(space);
  await tx.run(
    `CREATE TABLE ${vectorTable(n)} (vrid INTEGER PRIMARY KEY, embedding F32_BLOB(${dims}) NOT NULL)`,
  );
  await tx.run(
    `CREATE INDEX ${vectorIndex(n)} ON ${vectorTable(n)} (libsql_vector_idx(embedding, 'metric=cosine'))`,
  );
  return n;
}

/** Deletes the embeddings (every model) of the records `cond` names (a condition on `engram_ltm_embeddings e`). */
export async function dropEmbeddings(tx: LibsqlExecutor, cond: SqlPart): Promise<void> {
  const rows = await tx.all(
    `SELECT e.space, e.vrid FROM engram_ltm_embeddings e WHERE ${cond.sql}`,
    cond.args,
  );
  for (const row of rows)
    await tx.run(`DELETE FROM ${vectorTable(Number(row.space))} WHERE vrid = ?`, [Number(row.vrid)]);
  await tx.run(`DELETE FROM engram_ltm_embeddings AS e WHERE ${cond.sql}`, cond.args);
}

/**
 * The vector capability of the long-term driver on libSQL's native vectors: each (model, size) has its own table
 * with an `F32_BLOB` column and a `libsql_vector_idx` index, so a search is an index query (`vector_top_k`), not a
 * scan. The index holds every tenant's vectors of that model, so the scope, the current version and the filter are
 * applied to its top `k`: `k` starts above `limit` and grows until `limit` hits pass or the index has no more.
 * Hits are scored by exact cosine similarity of the stored vectors (the index ranks approximately).
 */
export function createVectorMethods(
  db: LibsqlExecutor,
): Required<Pick<LongTermDriverV1, 'putEmbeddings' | 'missingEmbeddings' | 'searchVector'>> {
  return {
    putEmbeddings: (scope, embeddings) => {
      if (!Array.isArray(embeddings))
        throw new MemoryError({
          code: 'INVALID_ARGUMENT',
          component,
          message: 'embeddings must be an array',
        });
      embeddings.forEach((e, i) => {
        checkId(e?.id, `embeddings[${i}].id`, component);
        checkId(e.model, `embeddings[${i}].model`, component);
        checkVector(e.vector, `embeddings[${i}].vector`, component);
      });
      const owner = ownerOf(scope);
      const mine = ownedBy(owner, 'r');
      return db.write(async (tx) => {
        let stored = 0;
        for (const e of embeddings) {
          const live = await tx.get(
            `SELECT 1 AS x FROM engram_ltm_records r WHERE ${mine.sql} AND r.id = ? AND r.live = 1`,
            [...mine.args, e.id],
          );
          if (!live) continue;
          const space = await ensureSpace(tx, e.model, e.vector.length);
          const key = {
            sql: 'e.tenant = ? AND e.user_id = ? AND e.agent_id = ? AND e.model = ? AND e.id = ?',
            args: [...mine.args, e.model, e.id],
          };
          await dropEmbeddings(tx, key);
          const { vrid } = await tx.one(
            `INSERT INTO ${vectorTable(space)} (embedding) VALUES (vector32(?)) RETURNING vrid`,
            [vectorText(e.vector)],
          );
          await tx.run(
            'INSERT INTO engram_ltm_embeddings (tenant, user_id, agent_id, id, model, space, vrid) VALUES (?, ?, ?, ?, ?, ?, ?)',
            [owner.tenant, owner.user, owner.agent, e.id, e.model, space, Number(vrid)],
          );
          stored += 1;
        }
        return stored;
      });
    },
    missingEmbeddings: async (scope, model, limit) => {
      checkId(model, 'model', component);
      const covered = coveredBy(scope, 'r');
      const rows = await db.all(
        `SELECT r.id FROM engram_ltm_records r WHERE ${covered.sql} AND r.live = 1 AND NOT EXISTS (SELECT 1 FROM engram_ltm_embeddings e WHERE e.tenant = r.tenant AND e.user_id = r.user_id AND e.agent_id = r.agent_id AND e.model = ? AND e.id = r.id) ORDER BY r.first_rid LIMIT ?`,
        [...covered.args, model, Math.max(0, Math.min(Math.trunc(limit), 10_000))],
      );
      return rows.map((r) => String(r.id));
    },
    searchVector: async (scope, query) => {
      checkVectorQuery(query, component);
      const space = await findSpace(db, query.model, query.vector.length);
      if (space === undefined) return [];
      const where = allOf([coveredBy(scope, 'r'), ...filterSql(query.filter)]);
      for (let k = query.limit * 4 + 16; ; k *= 4) {
        const top = await db.all(`SELECT id FROM vector_top_k('${vectorIndex(space)}', vector32(?), ?)`, [
          vectorText(query.vector),
          k,
        ]);
        const rows = await db.all(
          `SELECT ${recordColumns}, vector_extract(v.embedding) AS vector FROM json_each(?) t
JOIN ${vectorTable(space)} v ON v.vrid = t.value
JOIN engram_ltm_embeddings e ON e.space = ? AND e.vrid = v.vrid
JOIN engram_ltm_records r ON r.tenant = e.tenant AND r.user_id = e.user_id AND r.agent_id = e.agent_id AND r.id = e.id AND r.live = 1
WHERE ${where.sql}`,
          [JSON.stringify(top.map((t) => Number(t.id))), space, ...where.args],
        );
        if (rows.length < query.limit && top.length === k) continue;
        const hits: (LongTermHit & { order: number })[] = rows.map((row) => ({
          id: String(row.id),
          score: cosineSimilarity(query.vector, JSON.parse(String(row.vector)) as number[]),
          record: toRecord(row),
          order: Number(row.first_rid),
        }));
        hits.sort((a, b) => b.score - a.score || a.order - b.order);
        return hits.slice(0, query.limit).map(({ order: _order, ...hit }) => hit);
      }
    },
  };
}
