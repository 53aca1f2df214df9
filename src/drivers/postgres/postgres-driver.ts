import {
  checkBoolean,
  checkKnownKeys,
  checkMethods,
  checkOptionalInteger,
  checkOptions,
} from '../../core/check-options.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { importPeer, type PeerNeed } from '../../core/peer-module.ts';
import type { StoreCapabilities } from '../../store/memory-store.ts';
import { checkMigrations, runMigrations } from '../sql/migrate.ts';
import type { SqlClient } from '../sql/sql-client.ts';
import { createSqlStore, type SqlStore, whenReady } from '../sql/sql-store.ts';
import { postgresAppendBatch } from './postgres-append.ts';
import {
  createPostgresClient,
  type PgPoolClientLike,
  type PgPoolLike,
  type PgQueryable,
} from './postgres-client.ts';
import { createPostgresDialect, quoteSchema } from './postgres-dialect.ts';
import { existingPgVector, type PostgresVectorMode, setupPgVector } from './postgres-vector.ts';
import { createPostgresVectorIndex } from './postgres-vector-index.ts';

/** Options of {@link createPostgresStore}: exactly one of `connectionString`, `pool` or `client`. */
export interface PostgresStoreOptions {
  /** A `pg` connection string; the store creates its own `pg.Pool` (needs the `pg` package) and ends it on `close()`. */
  connectionString?: string;
  /** A `pg.Pool` (or any pool of that shape); transactions run concurrently, one connection each. The caller ends it. */
  pool?: PgPoolLike;
  /** One connection: a PGlite instance or a connected `pg.Client`. Calls are serialized on it. The caller closes it. */
  client?: PgQueryable;
  /** The schema holding the `engram_*` tables (created when missing). @default 'engram' */
  schema?: string;
  /** Connections of the pool made from `connectionString`. @default 10 */
  maxConnections?: number;
  /** Largest serialized message accepted, in bytes. @default 16 MiB */
  maxMessageBytes?: number;
  /**
   * Use pgvector for long-term vector search: `'auto'` when the server has it, `true` required, `false` never.
   * Without it vector search is an exact scan of the scope's vectors in process. @default 'auto'
   */
  vector?: PostgresVectorMode;
  /**
   * Embedding dimensions whose HNSW index is created when the store opens (any other size gets its own the
   * first time such vectors are stored; above 2,000 dimensions distances are computed exactly). @default undefined
   */
  vectorDimensions?: number;
  /** Retries of a transaction after a serialization failure, deadlock or connection lost before `COMMIT`. @default 3 */
  retries?: number;
  /**
   * Group commit: concurrent appends from this process (any sessions) go to the server as one statement, one
   * round trip and one commit; each caller is answered once that commit is durable, with its own outcome.
   * `false`: one transaction per call. @default true
   */
  groupCommit?: boolean;
  /**
   * Reads the schema without ever writing to it: every statement runs in a `READ ONLY` transaction (a write is a
   * `STORE_ERROR`), the schema is checked, not created or migrated (older, newer or missing is a
   * `MIGRATION_ERROR`), and pgvector is not set up: it is used when a writable store with it has set the schema up
   * and every stored vector is in its column, else vector search is the exact scan (`vector: true` then throws
   * `MISSING_DEPENDENCY`). For tools that inspect a database other applications own. @default false
   */
  readOnly?: boolean;
}

/** A PostgreSQL store: {@link SqlStore} plus its schema. */
export interface PostgresStore extends SqlStore {
  /** The schema of its tables. */
  readonly schema: string;
}

const invalid = (message: string) =>
  new MemoryError({ code: 'INVALID_ARGUMENT', component: 'postgres', message });

/** Every key of {@link PostgresStoreOptions}: a misspelt one (`maxConnection`) is refused, not replaced by its default. */
const knownOptions: Record<keyof PostgresStoreOptions, true> = {
  connectionString: true,
  pool: true,
  client: true,
  schema: true,
  maxConnections: true,
  maxMessageBytes: true,
  vector: true,
  vectorDimensions: true,
  retries: true,
  groupCommit: true,
  readOnly: true,
};

/**
 * Checks the options {@link createPostgresStore} does not check as it reads them: no unknown key, a `pool` with
 * `query` and `connect`, a `client` with `query`, integer `retries` and `maxMessageBytes`, a boolean
 * `groupCommit`. `INVALID_ARGUMENT` naming the option.
 */
function checkPostgresOptions(options: PostgresStoreOptions): void {
  const what = 'createPostgresStore(options)';
  checkKnownKeys(options, knownOptions, 'createPostgresStore', 'postgres');
  if (options.pool !== undefined)
    checkMethods(options.pool, `${what}.pool`, 'postgres', ['query', 'connect']);
  if (options.client !== undefined) checkMethods(options.client, `${what}.client`, 'postgres', ['query']);
  checkOptionalInteger(options.retries, `${what}.retries`, 'postgres', 0);
  checkOptionalInteger(options.maxMessageBytes, `${what}.maxMessageBytes`, 'postgres', 1);
  checkBoolean(options.groupCommit, `${what}.groupCommit`, 'postgres', true);
  checkBoolean(options.readOnly, `${what}.readOnly`, 'postgres', true);
}

type LazyPool = PgPoolLike & { end(): Promise<void> };

/** What a store opened from a connection string needs. */
const pgPeer: PeerNeed = { component: 'postgres', needs: 'the postgres store needs pg', packages: ['pg'] };

/** A pool created on first use from a connection string, loading `pg` lazily. */
function lazyPool(connectionString: string, max: number): LazyPool {
  let created: Promise<PgPoolLike & { end(): Promise<void> }> | undefined;
  const get = () => {
    created ??= (async () => {
      const pg = ((await importPeer('pg', pgPeer)) as { default: typeof import('pg') }).default;
      const pool = new pg.Pool({ connectionString, max });
      // An idle connection that dies (server restart, pg_terminate_backend) must not crash the process.
      pool.on('error', () => undefined);
      pool.on('connect', (c) => c.on('error', () => undefined));
      return pool;
    })();
    return created;
  };
  return {
    query: async (text, params) => (await get()).query(text, params),
    connect: async (): Promise<PgPoolClientLike> => (await get()).connect(),
    end: async () => {
      if (created) await (await created.catch(() => undefined))?.end();
    },
  };
}

/**
 * What to report when opening failed. A schema check or migration reads a database it could not reach as one
 * without engram's schema ("no engram schema", "schema migration failed"), so after such a failure (only then) a
 * `SELECT 1` tells them apart: when it fails too, its error is the one to report — `MISSING_DEPENDENCY` without
 * `pg`, else `STORE_ERROR` naming what the server (or the network) said.
 */
async function openError(client: SqlClient, error: unknown): Promise<unknown> {
  if (!MemoryError.hasCode(error, 'MIGRATION_ERROR')) return error;
  try {
    await client.all('SELECT 1', []);
    return error;
  } catch (probe) {
    if (MemoryError.isInstance(probe)) return probe;
    return new MemoryError({
      code: 'STORE_ERROR',
      component: 'postgres',
      message: `cannot query the PostgreSQL database: ${probe instanceof Error ? probe.message : String(probe)} (check the connection string: host, port, database, user, password; and that the server is running)`,
      cause: probe,
    });
  }
}

/**
 * The store for many processes and machines, on PostgreSQL through `pg` (loaded lazily) or any client of the
 * same shape (PGlite). The SQL is the shared layer's (`src/drivers/sql`) with the PostgreSQL dialect: tables in
 * their own schema, gapless per-session sequence numbers from a row-locked counter, versioned migrations
 * serialized by an advisory lock (run lazily before the first call, or by `ready()`), tsvector full-text search
 * with a GIN index, and pgvector on long-term records when the server has it.
 * @example
 * const store = createPostgresStore({ connectionString: process.env.DATABASE_URL });
 * const memory = createConversationMemory({ store, sessionId: 'chat-1' });
 */
export function createPostgresStore(options: PostgresStoreOptions): PostgresStore {
  checkOptions(options, 'createPostgresStore', 'postgres');
  checkPostgresOptions(options);
  const given = [options.connectionString, options.pool, options.client].filter(
    (x) => x !== undefined,
  ).length;
  if (given !== 1) throw invalid('pass exactly one of `connectionString`, `pool` or `client`');
  if (
    options.connectionString !== undefined &&
    (typeof options.connectionString !== 'string' || options.connectionString === '')
  ) {
    throw invalid('`connectionString` must be a non-empty string');
  }
  const schema = options.schema ?? 'engram';
  quoteSchema(schema);
  const max = options.maxConnections ?? 10;
  if (!Number.isSafeInteger(max) || max < 1) throw invalid('maxConnections must be a positive integer');
  const vectorMode = options.vector ?? 'auto';
  if (vectorMode !== 'auto' && typeof vectorMode !== 'boolean')
    throw invalid("vector must be 'auto', true or false");
  const dims = options.vectorDimensions;
  if (dims !== undefined && (!Number.isSafeInteger(dims) || dims < 1 || dims > 16_000)) {
    throw invalid('vectorDimensions must be an integer in 1..16000');
  }

  const owned = options.connectionString !== undefined ? lazyPool(options.connectionString, max) : undefined;
  const pool = owned ?? options.pool;
  const dialect = createPostgresDialect(schema);
  const client = createPostgresClient({
    dialect,
    schema,
    ...(pool ? { pool } : { connection: options.client! }),
    ...(options.retries !== undefined ? { retries: options.retries } : {}),
    ...(options.readOnly ? { readOnly: true } : {}),
  });
  const embedded = options.client !== undefined && 'waitReady' in options.client; // PGlite: one process
  const capabilities: StoreCapabilities = {
    fullTextSearch: true,
    vectorSearch: false,
    multiProcess: !embedded,
    durable: true,
  };
  let indexed: Set<number> | undefined;

  const base = createSqlStore({
    client,
    name: 'postgres',
    capabilities,
    maxMessageBytes: options.maxMessageBytes,
    groupCommit: options.groupCommit,
    appendBatch: postgresAppendBatch,
    vectorIndex: createPostgresVectorIndex(schema, () => indexed),
    init: async () => {
      try {
        if (options.readOnly) {
          await checkMigrations(client, { component: 'postgres' });
          indexed = await existingPgVector(client, vectorMode);
        } else {
          await runMigrations(client, { component: 'postgres' });
          indexed = await setupPgVector(client, schema, vectorMode, dims);
        }
      } catch (error) {
        throw await openError(client, error);
      }
      capabilities.vectorSearch = indexed !== undefined;
    },
    close: async () => {
      await owned?.end();
    },
  });

  return Object.assign(base, { schema });
}

/** {@link createPostgresStore}, then waits until the schema is migrated (capabilities final). */
export function openPostgresStore(options: PostgresStoreOptions): Promise<PostgresStore> {
  checkOptions(options, 'openPostgresStore', 'postgres');
  checkKnownKeys(options, knownOptions, 'openPostgresStore', 'postgres');
  return whenReady(createPostgresStore(options));
}
