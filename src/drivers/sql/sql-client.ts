import type { SqlDialect } from './sql-dialect.ts';
import type { SqlValue } from './sql-fragment.ts';

/** What a write statement reports. */
export interface SqlRunResult {
  /** Rows inserted, updated or deleted. */
  changes: number;
}

/** A result row: column name → value (numbers may arrive as `bigint` or numeric strings; decoders use `Number`). */
export type SqlRow = Record<string, unknown>;

/**
 * The structural database client the shared SQL store runs on (kysely-style: only what the store uses).
 * SQLite implements it over `node:sqlite` or a better-sqlite3-shaped handle; PostgreSQL over a `pg` pool
 * or PGlite. Query text arrives already compiled for `dialect` (placeholders included). Drivers wrap their
 * own errors only as far as needed to recognise them: the store turns anything that is not a
 * `MemoryError` into `STORE_ERROR`.
 */
export interface SqlClient {
  /** The SQL dialect the text is written for. */
  readonly dialect: SqlDialect;
  /** Every row of a query. */
  all(text: string, params: readonly SqlValue[]): Promise<SqlRow[]>;
  /** The first row of a query, or undefined. */
  get(text: string, params: readonly SqlValue[]): Promise<SqlRow | undefined>;
  /** Runs a statement that returns no rows. */
  run(text: string, params: readonly SqlValue[]): Promise<SqlRunResult>;
  /** Runs several `;`-separated statements without parameters (DDL). */
  exec(text: string): Promise<void>;
  /**
   * Runs `fn` in a write transaction (SQLite: `BEGIN IMMEDIATE`; PostgreSQL: `BEGIN` on one pooled
   * connection) and commits, or rolls back when it throws. Calls on the client passed to `fn` run inside
   * the transaction; other callers wait. A client may retry `fn` from the start when the database reports
   * a transient lock conflict, so `fn` must have no effects outside the database.
   */
  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T>;
}
