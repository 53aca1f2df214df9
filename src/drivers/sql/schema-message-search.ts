import type { SqlMigration } from './sql-migration.ts';

/**
 * Schema version 5 ("batched full-text index"; replaced by v8): the message index fed in batches, where the
 * dialect's index had per-row triggers (SQLite; nothing for PostgreSQL). See the dialect's `batchedDdl`.
 */
export const batchedFullTextMigration: SqlMigration = {
  version: 5,
  name: 'batched full-text index',
  statements: (d) => [...d.messageSearch.batchedDdl],
};

/**
 * Schema version 8 ("scoped full-text index at commit"): the full-text index is complete when a write commits
 * and carries each row's scope, so a search never writes (it runs on a read-only handle and never waits for
 * the write lock) and a session's or tenant's search costs what that data costs, whatever else the database
 * holds. SQLite replaces v5's batched index: a contentless FTS5 table whose rowid is `key * 2^32 + seq`
 * (`engram_fts_logs` gives every log an integer key, never reused) with an `owner` column holding the tenant
 * token; triggers index each live row as it is inserted and remove it when it is tombstoned or deleted, in
 * the same transaction. PostgreSQL's stored tsvector gains a tenant and a log lexeme. Both rebuild the index of
 * the existing rows once. See the dialect's `scopedDdl`.
 */
export const scopedFullTextMigration: SqlMigration = {
  version: 8,
  name: 'scoped full-text index at commit',
  statements: (d) => [...d.messageSearch.scopedDdl],
};

/**
 * Schema version 12 ("bounded GIN pending list"): PostgreSQL's message index takes new rows into a small
 * pending list instead of inserting every lexeme into the tree at once (nothing for SQLite). See the dialect's
 * `pendingListDdl`.
 */
export const ginPendingListMigration: SqlMigration = {
  version: 12,
  name: 'bounded GIN pending list',
  statements: (d) => [...d.messageSearch.pendingListDdl],
};

/**
 * Schema version 14 ("full-text index from a watermark"): the message index is fed in batches from a stored
 * watermark (the last row indexed) instead of at every commit, which made the index most of a lone writer's
 * append; a search also covers the rows past the watermark without writing (SQLite; nothing for PostgreSQL,
 * whose GIN pending list already batches). Every existing row is indexed, so the watermark starts at the last
 * row. See the dialect's `watermarkDdl`, `indexTail` and `tailHits`.
 */
export const watermarkFullTextMigration: SqlMigration = {
  version: 14,
  name: 'full-text index from a watermark',
  statements: (d) => [...d.messageSearch.watermarkDdl],
};

/**
 * Schema version 17 ("full-text index from the body"): new message rows no longer keep a copy of their text beside
 * the body (it doubled the bytes of every SQLite append); SQLite's message index takes a row's text from the
 * stored message when a batch indexes it, and its tombstone and delete triggers compute the same text to remove
 * it. Existing rows keep their copies and the index stays as it is. A connection without the function (a process of
 * an engram before v17 still open on the upgraded file) can no longer move the watermark, so its batch cannot index
 * the new rows with no words. Nothing for PostgreSQL, whose stored tsvector reads the row's text. See the dialect's
 * `bodyTextDdl` and `rowText`.
 */
export const bodyTextFullTextMigration: SqlMigration = {
  version: 17,
  name: 'full-text index from the body',
  statements: (d) => [...d.messageSearch.bodyTextDdl],
};
