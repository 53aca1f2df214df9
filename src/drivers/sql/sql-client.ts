import type { JSONValue } from 'ai';
import type { SqlContentSearch } from './dialect-content-search.ts';
import type { SqlDdl } from './dialect-ddl.ts';
import type { SqlLongTermIndex } from './dialect-longterm-index.ts';
import type { SqlMessageSearch } from './dialect-message-search.ts';
import type { SqlFragment, SqlValue } from './sql-fragment.ts';

/** Column types a dialect spells differently. */
export interface SqlTypes {
  /** 64-bit integer (SQLite `INTEGER`, PostgreSQL `BIGINT`). */
  int: string;
  /** Boolean (SQLite `INTEGER` 0/1, PostgreSQL `BOOLEAN`). */
  bool: string;
  /** JSON stored as text (SQLite `TEXT`; PostgreSQL `TEXT` too: the store parses it, so key order is kept). */
  json: string;
  /** A JSON document queries look into (SQLite `TEXT`, read with `json_each`; PostgreSQL `JSONB`). Read with `readDocument`. */
  document: string;
  /** Bytes (SQLite `BLOB`, PostgreSQL `BYTEA`). */
  blob: string;
}

/**
 * The differences between SQLite and PostgreSQL that the shared SQL layer needs, as hooks (kysely-style): the
 * shared code is written once and asks the dialect how to spell a fragment, how to keep and query each full-text
 * index, and what an error or a value read back means — never which database it runs on. Everything else
 * (upserts with `ON CONFLICT … DO UPDATE SET x = excluded.x`, `RETURNING`, recursive CTEs, partial indexes) is
 * written once for both.
 */
export interface SqlDialect {
  /** The placeholder for the 1-based parameter `index`: `?` or `$1`. */
  placeholder(index: number): string;
  /** Column types. */
  readonly types: SqlTypes;
  /** Boolean literals (`1`/`0` or `TRUE`/`FALSE`). */
  readonly true: string;
  /** Boolean literals (`1`/`0` or `TRUE`/`FALSE`). */
  readonly false: string;
  /** The smaller of two SQL expressions (`min(a, b)` or `LEAST(a, b)`). */
  least(a: string, b: string): string;
  /** Appended to a `SELECT` that must lock the rows it reads until commit (`FOR UPDATE`, or empty in SQLite). */
  readonly forUpdate: string;
  /**
   * {@link forUpdate} that skips the rows another transaction has locked instead of waiting for them (`FOR UPDATE
   * SKIP LOCKED`, or empty in SQLite, where no other writer holds a lock): for best-effort deletes (pruning
   * expired versions) that must not wait on a transaction that may be waiting on them.
   */
  readonly forUpdateSkipLocked: string;
  /**
   * Whether a transaction sees what others commit while it runs (PostgreSQL's READ COMMITTED): a
   * {@link forUpdate} read that waited for a row another writer then replaced skips it, so the caller reads
   * again. False where writers are serialized (SQLite).
   */
  readonly readCommitted: boolean;
  /** Statements run first inside the migration transaction to serialize migrators (PostgreSQL advisory lock). */
  readonly migrationLock: readonly string[];
  /** Schema DDL fragments. */
  readonly ddl: SqlDdl;
  /** Prepares a message's plain text for the `text` column (PostgreSQL strips NUL, which its text type cannot hold). @default identity */
  indexText?(text: string): string;
  /**
   * Words after a table's name in `FROM` that make a query read the table by the row ids its conditions list (a
   * short list: the rows of a rare tag) and sort them, not walk an index in the order asked (SQLite ` NOT INDEXED`,
   * whose planner has no row counts to weigh them; empty where the planner weighs them: PostgreSQL).
   */
  readonly byRowIds: string;
  /** A condition: the {@link SqlTypes.document} object in `column` has `key` with a value equal to `value` (as JSON). */
  jsonFieldEquals(column: string, key: string, value: JSONValue): SqlFragment;
  /** A {@link SqlTypes.document} column's value as read (PostgreSQL's clients return JSONB parsed; SQLite returns the text). */
  readDocument(value: unknown): JSONValue;
  /** Whether an error (one link of a cause chain) is a unique-key violation. */
  isUniqueViolation(error: unknown): boolean;
  /** The messages' full-text index. */
  readonly messageSearch: SqlMessageSearch;
  /** The content items' full-text index. */
  readonly contentSearch: SqlContentSearch<SqlClient>;
  /** The long-term records' full-text index. */
  readonly longTermIndex: SqlLongTermIndex<SqlClient>;
}

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
  /**
   * Optional (SQLite): runs `fn` in a read transaction (`BEGIN`, deferred: the first read takes a snapshot) and
   * ends it: every statement of the client passed to `fn` reads the same commit, whatever other connections commit
   * meanwhile, and writers are not held back. Other callers of this client wait. `fn` must only read.
   */
  readSnapshot?<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T>;
}
