import type { SqlFragment } from './sql-fragment.ts';

/** Column types a dialect spells differently. */
export interface SqlTypes {
  /** 64-bit integer (SQLite `INTEGER`, PostgreSQL `BIGINT`). */
  int: string;
  /** Boolean (SQLite `INTEGER` 0/1, PostgreSQL `BOOLEAN`). */
  bool: string;
  /** JSON stored as text (SQLite `TEXT`; PostgreSQL `TEXT` too: the store parses it, so key order is kept). */
  json: string;
  /** Bytes (SQLite `BLOB`, PostgreSQL `BYTEA`). */
  blob: string;
}

/** The pieces of a full-text query a dialect provides; the store joins them with its scope and fork filters. */
export interface FullTextQuery {
  /** The FROM clause; must expose the messages table as `m`. */
  from: SqlFragment;
  /** A condition that is true for matching rows (ANDed into the WHERE clause). */
  where: SqlFragment;
  /** Score expression, higher is better. */
  score: SqlFragment;
}

/**
 * The small set of differences between SQLite and PostgreSQL that the shared SQL layer needs. Everything
 * else (upserts with `ON CONFLICT … DO UPDATE SET x = excluded.x`, `RETURNING`, recursive CTEs, partial
 * indexes) is written once for both.
 */
export interface SqlDialect {
  /** `sqlite` or `postgres`. */
  readonly name: string;
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
  /**
   * The messages table's row-key columns and constraint. SQLite: `rid INTEGER PRIMARY KEY` (a stable rowid
   * for the FTS5 index, which VACUUM would otherwise renumber) plus `UNIQUE (tenant, session_id, seq)`;
   * PostgreSQL: `PRIMARY KEY (tenant, session_id, seq)`.
   */
  readonly messageKey: { columns: string; constraint: string };
  /** Appended to a `SELECT` that must lock the session row until commit (`FOR UPDATE`, or empty in SQLite). */
  readonly forUpdate: string;
  /** Statements run first inside the migration transaction to serialize migrators (PostgreSQL advisory lock). */
  readonly migrationLock: readonly string[];
  /** DDL creating the full-text index over `engram_messages.text`, kept in sync with inserts and tombstones. */
  readonly fullTextDdl: readonly string[];
  /**
   * A full-text index fed in batches instead of per row (SQLite): `pending` selects `n`, the rows not yet
   * indexed; `index` (run in a write transaction) indexes them. Appends run `index` once `n` reaches `size`;
   * searches run it first whenever `n > 0`, so results are always complete. Absent: the index is always current.
   */
  readonly fullTextBatch?: { size: number; pending: string; index: readonly string[] };
  /** Prepares a message's plain text for the `text` column (PostgreSQL strips NUL, which its text type cannot hold). @default identity */
  indexText?(text: string): string;
  /** A full-text query for `words` (already split into letters/digits; never empty). Must not parse user syntax. */
  fullText(words: readonly string[]): FullTextQuery;
}
