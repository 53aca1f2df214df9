import { MemoryError } from '../../core/errors/memory-error.ts';
import { float32Scaled } from '../sql/float32-scale.ts';
import type { SqlClient } from '../sql/sql-client.ts';
import { bytesVector } from '../sql/sql-longterm-rows.ts';
import { migrationLockKey, quoteSchema } from './postgres-dialect.ts';

/** How the driver treats pgvector: `'auto'` uses it when the server has it, `true` requires it, `false` skips it. */
export type PostgresVectorMode = 'auto' | boolean;

/** Most dimensions pgvector's HNSW index takes (`vector` type); larger vectors are compared exactly, in SQL. */
export const hnswMaxDimensions = 2000;

/** Vectors copied into the `embedding` column per statement when a store turns pgvector on over existing rows. */
const backfillBatch = 500;

const missing = (message: string, cause?: unknown) =>
  new MemoryError({ code: 'MISSING_DEPENDENCY', component: 'postgres', message, cause });

/** The `vector` literal of a checked embedding (finite numbers). */
export const vectorLiteral = (vector: readonly number[]): string => `[${vector.join(',')}]`;

/** The name of the partial HNSW index of one dimension count. */
export const hnswIndexName = (dims: number): string => `engram_ltm_hnsw_${dims}`;

/**
 * The HNSW index (cosine) over the `embedding` column's vectors of `dims` dimensions: a partial expression index
 * (`embedding::vector(dims)` where `dims = n`), since one table holds every model's vectors. Run under the
 * schema's migration lock (two processes may create it at once).
 */
export async function createHnswIndex(tx: SqlClient, schema: string, dims: number): Promise<void> {
  if (!Number.isSafeInteger(dims) || dims < 1 || dims > hnswMaxDimensions) return;
  await tx.run(`SELECT pg_advisory_xact_lock(${migrationLockKey(schema)})`, []);
  await tx.exec(
    `CREATE INDEX IF NOT EXISTS ${hnswIndexName(dims)} ON engram_ltm_vectors USING hnsw ((embedding::vector(${dims})) vector_cosine_ops) WHERE dims = ${dims}`,
  );
}

/** Creates the extension when the server has it but the database does not; returns whether it is there. */
async function ensureExtension(client: SqlClient, mode: PostgresVectorMode): Promise<boolean> {
  const installed = await client.get("SELECT extversion FROM pg_extension WHERE extname = 'vector'", []);
  if (installed) return true;
  const available = await client.get("SELECT 1 AS ok FROM pg_available_extensions WHERE name = 'vector'", []);
  if (!available) {
    if (mode === 'auto') return false;
    throw missing(
      'vector search needs the pgvector extension on the server (e.g. apt-get install postgresql-17-pgvector)',
    );
  }
  try {
    await client.transaction(async (tx) => {
      await tx.run(`SELECT pg_advisory_xact_lock(${migrationLockKey('pgvector')})`, []);
      await tx.exec('CREATE EXTENSION IF NOT EXISTS vector');
    });
    return true;
  } catch (error) {
    if (mode === 'auto') return false;
    throw missing(
      `cannot CREATE EXTENSION vector: ${error instanceof Error ? error.message : String(error)}`,
      error,
    );
  }
}

/** Copies the float32 bytes of rows written without pgvector into the `embedding` column, in batches. */
async function backfill(client: SqlClient): Promise<void> {
  for (;;) {
    const rows = await client.all(
      `SELECT tenant, user_id, agent_id, model, id, vector FROM engram_ltm_vectors WHERE embedding IS NULL LIMIT ${backfillBatch}`,
      [],
    );
    if (rows.length === 0) return;
    await client.transaction(async (tx) => {
      for (const r of rows)
        await tx.run(
          'UPDATE engram_ltm_vectors SET embedding = CAST($1 AS vector) WHERE tenant = $2 AND user_id = $3 AND agent_id = $4 AND model = $5 AND id = $6',
          [
            vectorLiteral(float32Scaled(bytesVector(r.vector as Uint8Array))),
            String(r.tenant),
            String(r.user_id),
            String(r.agent_id),
            String(r.model),
            String(r.id),
          ],
        );
    });
  }
}

/**
 * Turns pgvector on when the server has it: creates the extension if it is available but not installed, then
 * (under the schema's migration lock) gives `engram_ltm_vectors` an `embedding vector` column, copies the vectors
 * of rows written before into it, and creates the HNSW index of `dimensions` (when given) and of every dimension
 * count already stored. Returns the dimension counts indexed, or `undefined` when vector search stays the exact
 * scan. With `mode: true` a server without pgvector throws `MISSING_DEPENDENCY`.
 */
export async function setupPgVector(
  client: SqlClient,
  schema: string,
  mode: PostgresVectorMode,
  dimensions: number | undefined,
): Promise<Set<number> | undefined> {
  if (mode === false) return undefined;
  if (!(await ensureExtension(client, mode))) return undefined;
  quoteSchema(schema);
  await client.transaction(async (tx) => {
    await tx.run(`SELECT pg_advisory_xact_lock(${migrationLockKey(schema)})`, []);
    await tx.exec('ALTER TABLE engram_ltm_vectors ADD COLUMN IF NOT EXISTS embedding vector');
  });
  await backfill(client);
  const stored = await client.all('SELECT DISTINCT dims FROM engram_ltm_vectors', []);
  const dims = new Set(stored.map((r) => Number(r.dims)));
  if (dimensions !== undefined) dims.add(dimensions);
  for (const n of dims) await client.transaction((tx) => createHnswIndex(tx, schema, n));
  return dims;
}

/**
 * pgvector as a writable store left it, for a read-only store (which creates and copies nothing): the dimension
 * counts with an HNSW index, when the extension is installed, `engram_ltm_vectors` has its `embedding` column and
 * every stored vector is in that column; otherwise `undefined` (vector search stays the exact scan, which reads
 * every stored vector, so no vector is missed). `mode: true` requires it: `MISSING_DEPENDENCY` when the schema is
 * not set up so. `mode: false` never uses it.
 */
export async function existingPgVector(
  client: SqlClient,
  mode: PostgresVectorMode,
): Promise<Set<number> | undefined> {
  if (mode === false) return undefined;
  const notSetUp = (why: string) => {
    if (mode === 'auto') return undefined;
    throw missing(
      `vector search with pgvector on a read-only store needs a schema a store with pgvector has opened for writing: ${why}`,
    );
  };
  const installed = await client.get("SELECT 1 AS ok FROM pg_extension WHERE extname = 'vector'", []);
  if (!installed) return notSetUp('the database has no vector extension');
  const column = await client.get(
    "SELECT 1 AS ok FROM pg_attribute WHERE attrelid = 'engram_ltm_vectors'::regclass AND attname = 'embedding' AND NOT attisdropped",
    [],
  );
  if (!column) return notSetUp('engram_ltm_vectors has no embedding column');
  // Rows a store without pgvector wrote since: the index would miss them until a writable store copies them.
  const uncopied = await client.get(
    'SELECT 1 AS ok FROM engram_ltm_vectors WHERE embedding IS NULL LIMIT 1',
    [],
  );
  if (uncopied) return notSetUp('some vectors are not in the embedding column yet');
  const indexes = await client.all(
    "SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = 'engram_ltm_vectors'::regclass",
    [],
  );
  const prefix = hnswIndexName(0).slice(0, -1);
  return new Set(
    indexes
      .map((r) => String(r.name))
      .filter((name) => name.startsWith(prefix))
      .map((name) => Number(name.slice(prefix.length)))
      .filter((dims) => Number.isSafeInteger(dims) && dims > 0),
  );
}
