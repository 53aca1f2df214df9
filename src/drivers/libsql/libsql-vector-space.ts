import type { LibsqlExecutor } from './libsql-executor.ts';
import type { SqlPart } from './libsql-scope.ts';

/** The table of a vector space (one model at one size): `F32_BLOB(dims)` vectors keyed by `vrid`. */
export const vectorTable = (space: number): string => `engram_ltm_vectors_${space}`;
/** Its `libsql_vector_idx` (DiskANN, cosine) index, which `vector_top_k` reads. */
export const vectorIndex = (space: number): string => `engram_ltm_vectors_${space}_idx`;

/** A vector as the `vector32()` argument (JSON text). */
export const vectorText = (vector: readonly number[]) => JSON.stringify(vector);

/** The space of (`model`, `dims`), or undefined when nothing was ever stored there. */
export async function findSpace(
  db: LibsqlExecutor,
  model: string,
  dims: number,
): Promise<number | undefined> {
  const row = await db.get('SELECT space FROM engram_ltm_vector_spaces WHERE model = ? AND dims = ?', [
    model,
    dims,
  ]);
  return row ? Number(row.space) : undefined;
}

/** The space of (`model`, `dims`), creating its table and vector index on first use (inside the write). */
export async function ensureSpace(tx: LibsqlExecutor, model: string, dims: number): Promise<number> {
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
    if (row.vrid !== null)
      await tx.run(`DELETE FROM ${vectorTable(Number(row.space))} WHERE vrid = ?`, [Number(row.vrid)]);
  await tx.run(`DELETE FROM engram_ltm_embeddings AS e WHERE ${cond.sql}`, cond.args);
}
