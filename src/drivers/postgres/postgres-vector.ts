import { MemoryError } from '../../core/errors/memory-error.ts';
import type { Scope } from '../../core/scope.ts';
import type { SqlClient } from '../sql/sql-client.ts';
import { queryAll, queryRun } from '../sql/sql-exec.ts';
import { sql } from '../sql/sql-fragment.ts';
import { scopeWhere } from '../sql/sql-view.ts';
import { migrationLockKey, quoteSchema } from './postgres-dialect.ts';

/** How the driver treats pgvector: `'auto'` uses it when the server has it, `true` requires it, `false` skips it. */
export type PostgresVectorMode = 'auto' | boolean;

/** A long-term record found by vector similarity. */
export interface PostgresVectorHit {
  /** The record id. */
  id: string;
  /** The record kind. */
  kind: string;
  /** The record text. */
  text: string;
  /** Cosine distance (0 = same direction, 2 = opposite). */
  distance: number;
}

const missing = (message: string, cause?: unknown) =>
  new MemoryError({ code: 'MISSING_DEPENDENCY', component: 'postgres', message, cause });

/**
 * Turns pgvector on when the server has it: creates the extension if it is available but not installed, then
 * (under the migration lock) adds `engram_longterm_records.embedding_vector` — `vector(dimensions)` with an
 * HNSW cosine index when `dimensions` is given, else an unindexed `vector` (exact scans). Returns whether
 * vector search is on. With `mode: true` a server without pgvector throws `MISSING_DEPENDENCY`.
 */
export async function setupPgVector(
  client: SqlClient,
  schema: string,
  mode: PostgresVectorMode,
  dimensions: number | undefined,
): Promise<boolean> {
  if (mode === false) return false;
  const installed = await client.get("SELECT extversion FROM pg_extension WHERE extname = 'vector'", []);
  if (!installed) {
    const available = await client.get(
      "SELECT 1 AS ok FROM pg_available_extensions WHERE name = 'vector'",
      [],
    );
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
    } catch (error) {
      if (mode === 'auto') return false;
      throw missing(
        `cannot CREATE EXTENSION vector: ${error instanceof Error ? error.message : String(error)}`,
        error,
      );
    }
  }
  const type = dimensions === undefined ? 'vector' : `vector(${dimensions})`;
  await client.transaction(async (tx) => {
    await tx.run(`SELECT pg_advisory_xact_lock(${migrationLockKey(schema)})`, []);
    const [column] = await tx.all(
      "SELECT atttypmod FROM pg_attribute WHERE attrelid = to_regclass($1) AND attname = 'embedding_vector' AND NOT attisdropped",
      [`${quoteSchema(schema)}.engram_longterm_records`],
    );
    if (column && Number(column.atttypmod) !== (dimensions ?? -1)) {
      const has = Number(column.atttypmod) === -1 ? 'no fixed dimensions' : `${column.atttypmod} dimensions`;
      throw new MemoryError({
        code: 'MIGRATION_ERROR',
        component: 'postgres',
        message: `engram_longterm_records.embedding_vector has ${has}, but vectorDimensions is ${dimensions ?? 'unset'}`,
      });
    }
    await tx.exec(`ALTER TABLE engram_longterm_records ADD COLUMN IF NOT EXISTS embedding_vector ${type}`);
    if (dimensions !== undefined) {
      await tx.exec(
        'CREATE INDEX IF NOT EXISTS engram_longterm_hnsw ON engram_longterm_records USING hnsw (embedding_vector vector_cosine_ops)',
      );
    }
  });
  return true;
}

/** The `vector` literal of an embedding; throws `INVALID_ARGUMENT` for an empty list or a non-finite number. */
export function vectorLiteral(embedding: readonly number[], dimensions: number | undefined): string {
  if (!Array.isArray(embedding) || embedding.length === 0 || !embedding.every((x) => Number.isFinite(x))) {
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'postgres',
      message: 'embedding must be a non-empty array of finite numbers',
    });
  }
  if (dimensions !== undefined && embedding.length !== dimensions) {
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'postgres',
      message: `embedding has ${embedding.length} dimensions; the store's vectorDimensions is ${dimensions}`,
    });
  }
  return `[${embedding.join(',')}]`;
}

/** Sets a long-term record's embedding (scope-checked); returns whether the record exists in the scope. */
export async function setEmbedding(
  client: SqlClient,
  scope: Scope,
  id: string,
  literal: string,
): Promise<boolean> {
  const r = await queryRun(
    client,
    sql`UPDATE engram_longterm_records SET embedding_vector = CAST(${literal} AS vector) WHERE ${scopeWhere(scope)} AND id = ${id}`,
  );
  return r.changes > 0;
}

/** The `limit` nearest long-term records of the scope by cosine distance (HNSW when indexed). */
export async function searchEmbeddings(
  client: SqlClient,
  scope: Scope,
  literal: string,
  limit: number,
): Promise<PostgresVectorHit[]> {
  const rows = await queryAll(
    client,
    sql`SELECT id, kind, text, embedding_vector <=> CAST(${literal} AS vector) AS distance FROM engram_longterm_records WHERE ${scopeWhere(scope)} AND embedding_vector IS NOT NULL ORDER BY embedding_vector <=> CAST(${literal} AS vector) LIMIT ${limit}`,
  );
  return rows.map((r) => ({
    id: String(r.id),
    kind: String(r.kind),
    text: String(r.text),
    distance: Number(r.distance),
  }));
}
