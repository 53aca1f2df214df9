import type { SqlFragment, SqlValue } from './sql-fragment.ts';

/** One log a full-text query covers, up to a seq. */
export interface FullTextLog {
  /** Its `log_id` (`session_id` of its rows). */
  source: string;
  /** Its index key, as the dialect's `logKey` computed it (read back as text). */
  key: string;
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

/** The queries a search of the index's tail runs on its connection (a `SqlClient` has them). */
export interface FullTextQueries {
  /** Every row of a statement. */
  all(text: string, params: readonly SqlValue[]): Promise<Record<string, unknown>[]>;
  /** The first row of a statement, or undefined. */
  get(text: string, params: readonly SqlValue[]): Promise<Record<string, unknown> | undefined>;
  /** Runs a statement that returns no rows. */
  run(text: string, params: readonly SqlValue[]): Promise<{ changes: number }>;
  /** Runs statements without parameters. */
  exec(text: string): Promise<void>;
}

/**
 * The full-text index of the messages (`searchMessages`): its DDL through the schema versions and its query.
 * Since schema v14 a dialect may index rows in batches from a watermark (`indexTail`); its search then also
 * covers the rows past the watermark (`tailHits`), so a search never writes to the index.
 */
export interface SqlMessageSearch {
  /** Schema v1: the first full-text index. */
  readonly initialDdl: readonly string[];
  /** Schema v5: an index fed in batches (SQLite; replaced by v8); empty where it never was. */
  readonly batchedDdl: readonly string[];
  /** Schema v8: the index carries each row's scope and is written in the writing transaction. */
  readonly scopedDdl: readonly string[];
  /** Schema v12: the index's pending list bounded (PostgreSQL's GIN); empty where there is none. */
  readonly pendingListDdl: readonly string[];
  /**
   * Schema v14: the index is fed in batches from a stored watermark (the last row indexed) instead of at every
   * commit; empty where the index stays complete at commit.
   */
  readonly watermarkDdl: readonly string[];
  /**
   * Schema v17: the index takes a row's text from its body (`messageText` of the stored message) instead of the
   * row's `text` column, which new rows leave empty (see {@link rowText}), and its batch fails on a connection that
   * could not read that text (a process of an engram before v17 still open on the upgraded file); empty where the
   * index reads the column.
   */
  readonly bodyTextDdl: readonly string[];
  /**
   * Whether a message row stores its plain text in `engram_messages.text` for the index to read (PostgreSQL's
   * tsvector). False where the index derives the text from the body (SQLite since schema v17): the row's copy of
   * its text would double what an append writes, so new rows store `''`.
   */
  readonly rowText: boolean;
  /**
   * Statements run in a write transaction that index every live row past the watermark and move it to the last
   * row; empty where the index is complete at commit.
   */
  readonly indexTail: readonly string[];
  /**
   * The hits of the rows past the watermark (not yet indexed) for the same `words` and `target` as {@link query},
   * scored as the index would score them: a query of the same columns (`source`, `seq`, `score`) that keeps only
   * rows still past the watermark when it runs (a batch indexing them in between moves them into the index).
   * Undefined when no row is past the watermark. Writes nothing but the connection's temporary tables.
   */
  tailHits?(
    client: FullTextQueries,
    words: readonly string[],
    target: FullTextTarget,
  ): Promise<SqlFragment | undefined>;
  /** SQL expression: the index key of the log named by the SQL expression `log` in `tenant` (null when it has none). */
  logKey(tenant: string, log: SqlFragment): SqlFragment;
  /**
   * A query selecting `source` (log id), `seq` and `score` (higher is better) of the rows of `target` matching
   * every one of `words` (already split into letters/digits; never empty; never parsed as query syntax), best
   * first (newer first on ties within a log), at most `k` of them (all when undefined). Reads only the index
   * entries of the target's logs (or tenant), whatever else the database holds.
   */
  query(words: readonly string[], target: FullTextTarget, k: number | undefined): SqlFragment;
}
