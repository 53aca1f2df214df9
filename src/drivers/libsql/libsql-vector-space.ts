import { float32Scaled } from '../../driver.ts';
import type { LibsqlExecutor } from './libsql-executor.ts';
import type { SqlPart } from './libsql-scope.ts';

/** The table of a vector space (one model at one size): `F32_BLOB(dims)` vectors keyed by `vrid`. */
export const vectorTable = (space: number): string => `engram_ltm_vectors_${space}`;
/** Its `libsql_vector_idx` (DiskANN, cosine) index, which `vector_top_k` reads. */
export const vectorIndex = (space: number): string => `engram_ltm_vectors_${space}_idx`;

/**
 * A vector as the `vector32()` argument (JSON text), scaled as a float32 index computes with (`float32Scaled`, as
 * SQLite's and PostgreSQL's indexes are): libSQL's DiskANN sums squares in float32, so a vector with a component
 * past about 1.8e19 (or all below about 1e-19) was ranked as if it had no direction and the index's top k missed
 * it. Stored vectors and queries alike; a cosine does not change with the scale.
 */
export const vectorText = (vector: readonly number[]) => JSON.stringify(float32Scaled(vector));

/** A vector space: its number and how many vectors its table (and index) holds. */
export interface VectorSpace {
  /** Names its table and index. */
  space: number;
  /** Rows of its table, kept in the transaction that adds or removes one. */
  vectors: number;
}

/** The space of (`model`, `dims`), or undefined when nothing was ever stored there. */
export async function findSpace(
  db: LibsqlExecutor,
  model: string,
  dims: number,
): Promise<VectorSpace | undefined> {
  const row = await db.get(
    'SELECT space, vectors FROM engram_ltm_vector_spaces WHERE model = ? AND dims = ?',
    [model, dims],
  );
  return row ? { space: Number(row.space), vectors: Number(row.vectors) } : undefined;
}

/** The space of (`model`, `dims`), creating its table and vector index on first use (inside the write). */
export async function ensureSpace(tx: LibsqlExecutor, model: string, dims: number): Promise<number> {
  const found = await findSpace(tx, model, dims);
  if (found !== undefined) return found.space;
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

/** Adds a vector to a space's table (and index); its `vrid`. */
export async function insertVector(
  tx: LibsqlExecutor,
  space: number,
  vector: readonly number[],
): Promise<number> {
  const { vrid } = await tx.one(
    `INSERT INTO ${vectorTable(space)} (embedding) VALUES (vector32(?)) RETURNING vrid`,
    [vectorText(vector)],
  );
  await tx.run('UPDATE engram_ltm_vector_spaces SET vectors = vectors + 1 WHERE space = ?', [space]);
  return Number(vrid);
}

/** Deletes the embeddings (every model) of the records `cond` names (a condition on `engram_ltm_embeddings e`). */
export async function dropEmbeddings(tx: LibsqlExecutor, cond: SqlPart): Promise<void> {
  const rows = await tx.all(
    `SELECT e.space, e.vrid FROM engram_ltm_embeddings e WHERE ${cond.sql}`,
    cond.args,
  );
  for (const row of rows) {
    if (row.vrid === null) continue;
    await tx.run(`DELETE FROM ${vectorTable(Number(row.space))} WHERE vrid = ?`, [Number(row.vrid)]);
    await tx.run('UPDATE engram_ltm_vector_spaces SET vectors = vectors - 1 WHERE space = ?', [
      Number(row.space),
    ]);
  }
  await tx.run(`DELETE FROM engram_ltm_embeddings AS e WHERE ${cond.sql}`, cond.args);
}
