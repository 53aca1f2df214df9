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

/** One log a full-text query covers, up to a seq. */
export interface FullTextLog {
  /** Its `log_id` (`session_id` of its rows). */
  source: string;
  /** Its index key, as the dialect's `fullTextLogKey` computed it. */
  key: string | number;
  /** The last seq covered; null for every row. */
  maxSeq: number | null;
}

/** What a full-text query covers: some logs of a tenant, or (without `logs`) every log of it. */
export interface FullTextTarget {
  /** The tenant. */
  tenant: string;
  /** The logs; undefined for the whole tenant. */
  logs?: readonly FullTextLog[];
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
  /** DDL of schema v1's full-text index (history: schema v8 rebuilds it with scope, see `fulltext-scope.ts`). */
  readonly fullTextDdl: readonly string[];
  /** Prepares a message's plain text for the `text` column (PostgreSQL strips NUL, which its text type cannot hold). @default identity */
  indexText?(text: string): string;
  /** SQL expression: the index key of the log named by the SQL expression `log` in `tenant` (null when it has none). */
  fullTextLogKey(tenant: string, log: SqlFragment): SqlFragment;
  /**
   * A query selecting `source` (log id), `seq` and `score` (higher is better) of the rows of `target` matching
   * every one of `words` (already split into letters/digits; never empty; never parsed as query syntax), best
   * first (newer first on ties within a log), at most `k` of them (all when undefined). Reads only the index
   * entries of the target's logs (or tenant), whatever else the database holds.
   */
  fullText(words: readonly string[], target: FullTextTarget, k: number | undefined): SqlFragment;
  /**
   * A condition on `engram_content_items` (schema v10): the row's search text holds every one of `words`
   * (never empty, never parsed as query syntax), reading only index entries of the space whose owner token is
   * `owner` (SQLite) or the rows the WHERE's scope already narrows (PostgreSQL); undefined when no row can match.
   */
  contentMatch(words: readonly string[], owner: string): SqlFragment | undefined;
  /** A condition: the JSON array of strings in `column` holds any (or all) of `values` (never empty). */
  jsonArrayHas(column: string, values: readonly string[], mode: 'any' | 'all'): SqlFragment;
}
