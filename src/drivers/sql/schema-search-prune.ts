import {
  column,
  ddlText,
  ftsRowsPerLog,
  postgresIndexedChars,
  postgresLogToken,
  postgresTenantToken,
  sqliteTenantToken,
} from './fulltext-scope.ts';
import type { SqlMigration } from './schema.ts';

/**
 * Schema version 7 ("live rows by seq"): an index on (tenant, session_id, seq) over live rows only, so reading
 * a log from its oldest end (`prune`, `find`, paging forward) starts at the first live row instead of
 * stepping over every tombstone before it.
 */
export const liveSeqMigration: SqlMigration = {
  version: 7,
  name: 'live rows by seq',
  statements: (d) => [
    `CREATE INDEX IF NOT EXISTS engram_messages_live_seq ON engram_messages (tenant, session_id, seq) WHERE deleted = ${d.false}`,
  ],
};

/** The SQLite FTS5 index values of a message row `r` (`new` or `old` in a trigger): rowid, text, owner. */
function sqliteFtsRow(r: string): string {
  const tenant = ddlText(sqliteTenantToken(column(`${r}.tenant`)));
  return `SELECT k.key * ${ftsRowsPerLog} + ${r}.seq, ${r}.text, ${tenant} FROM engram_fts_logs k WHERE k.tenant = ${r}.tenant AND k.log_id = ${r}.session_id`;
}

/** SQLite's side of v8: the contentless FTS5 table keyed by log, filled in the writing transaction by triggers. */
function sqliteScopedFullText(): string[] {
  const tenantOfRow = ddlText(sqliteTenantToken(column('m.tenant')));
  return [
    'DROP TRIGGER IF EXISTS engram_messages_fts_insert',
    'DROP TRIGGER IF EXISTS engram_messages_fts_tombstone',
    'DROP TRIGGER IF EXISTS engram_messages_fts_delete',
    'DROP TABLE IF EXISTS engram_fts_watermark',
    'DROP TABLE IF EXISTS engram_messages_fts',
    'CREATE TABLE IF NOT EXISTS engram_fts_logs (key INTEGER PRIMARY KEY AUTOINCREMENT, tenant TEXT NOT NULL, log_id TEXT NOT NULL)',
    'CREATE UNIQUE INDEX IF NOT EXISTS engram_fts_logs_log ON engram_fts_logs (tenant, log_id)',
    'INSERT OR IGNORE INTO engram_fts_logs (tenant, log_id) SELECT tenant, log_id FROM engram_sessions ORDER BY created_at, rowid',
    `CREATE TRIGGER IF NOT EXISTS engram_sessions_fts_log AFTER INSERT ON engram_sessions BEGIN
  INSERT OR IGNORE INTO engram_fts_logs (tenant, log_id) VALUES (new.tenant, new.log_id);
END`,
    `CREATE TRIGGER IF NOT EXISTS engram_sessions_fts_unlog AFTER DELETE ON engram_sessions BEGIN
  DELETE FROM engram_fts_logs WHERE tenant = old.tenant AND log_id = old.log_id;
END`,
    `CREATE VIRTUAL TABLE IF NOT EXISTS engram_messages_fts USING fts5(text, owner, content='', tokenize='porter unicode61')`,
    `INSERT INTO engram_messages_fts (rowid, text, owner) SELECT k.key * ${ftsRowsPerLog} + m.seq, m.text, ${tenantOfRow} FROM engram_messages m JOIN engram_fts_logs k ON k.tenant = m.tenant AND k.log_id = m.session_id WHERE m.deleted = 0`,
    `CREATE TRIGGER IF NOT EXISTS engram_messages_fts_insert AFTER INSERT ON engram_messages WHEN new.deleted = 0 BEGIN
  SELECT RAISE(ABORT, '[engram] [sqlite] a session log holds at most 4294967295 entries') WHERE new.seq >= ${ftsRowsPerLog};
  INSERT INTO engram_messages_fts (rowid, text, owner) ${sqliteFtsRow('new')};
END`,
    `CREATE TRIGGER IF NOT EXISTS engram_messages_fts_tombstone AFTER UPDATE OF deleted ON engram_messages WHEN old.deleted = 0 AND new.deleted <> 0 BEGIN
  INSERT INTO engram_messages_fts (engram_messages_fts, rowid, text, owner) SELECT 'delete', * FROM (${sqliteFtsRow('old')});
END`,
    `CREATE TRIGGER IF NOT EXISTS engram_messages_fts_delete AFTER DELETE ON engram_messages WHEN old.deleted = 0 BEGIN
  INSERT INTO engram_messages_fts (engram_messages_fts, rowid, text, owner) SELECT 'delete', * FROM (${sqliteFtsRow('old')});
END`,
  ];
}

/**
 * PostgreSQL's side of v8: the stored tsvector also holds the row's tenant and log lexemes, and the partial GIN
 * index over live rows is written at insert (no pending list, which every search would scan whole).
 */
function postgresScopedFullText(): string[] {
  const owner = ddlText(postgresTenantToken(column('tenant')));
  const log = ddlText(postgresLogToken(column('tenant'), column('session_id')));
  return [
    // Dropping the column drops its partial GIN index (index names are not schema-qualified, so never by name).
    'ALTER TABLE engram_messages DROP COLUMN IF EXISTS tsv',
    `ALTER TABLE engram_messages ADD COLUMN tsv tsvector GENERATED ALWAYS AS (to_tsvector('english'::regconfig, left(text, ${postgresIndexedChars})) || array_to_tsvector(ARRAY[${owner}, ${log}])) STORED`,
    // fastupdate off: a search never scans GIN's pending list, which holds every tenant's recent rows.
    'CREATE INDEX IF NOT EXISTS engram_messages_tsv ON engram_messages USING GIN (tsv) WITH (fastupdate = off) WHERE deleted = FALSE',
  ];
}

/**
 * Schema version 8 ("scoped full-text index at commit"): the full-text index is complete when a write commits
 * and carries each row's scope, so a search never writes (it runs on a read-only handle and never waits for
 * the write lock) and a session's or tenant's search costs what that data costs, whatever else the database
 * holds. SQLite replaces v5's batched index: a contentless FTS5 table whose rowid is `key * 2^32 + seq`
 * (`engram_fts_logs` gives every log an integer key, never reused) with an `owner` column holding the tenant
 * token; triggers index each live row as it is inserted and remove it when it is tombstoned or deleted, in
 * the same transaction. PostgreSQL's stored tsvector gains a tenant and a log lexeme (see `fulltext-scope.ts`).
 * Both rebuild the index of the existing rows once.
 */
export const scopedFullTextMigration: SqlMigration = {
  version: 8,
  name: 'scoped full-text index at commit',
  statements: (d) => (d.name === 'postgres' ? postgresScopedFullText() : sqliteScopedFullText()),
};

/** GIN's pending list per message index, in kB: 64 is PostgreSQL's smallest allowed `gin_pending_list_limit`. */
export const postgresGinPendingKb = 64;

/**
 * Schema version 12 ("bounded GIN pending list"), PostgreSQL only: the messages' GIN index takes new rows into
 * a pending list of at most {@link postgresGinPendingKb} kB (`fastupdate = on`) instead of inserting every lexeme
 * into the tree at once. A row's tsvector holds a hundred or more lexemes, each a separate tree insert with
 * `fastupdate = off`, which made the index most of an append's server time; the list is merged into the tree
 * in bulk (sorted) by the insert that fills it. A search scans the list whole, so the limit bounds what that
 * adds to any search (at most 64 kB of recent entries, whatever the database holds); v8 had turned the list off
 * for that reason, when its default limit was 4 MB.
 */
export const ginPendingListMigration: SqlMigration = {
  version: 12,
  name: 'bounded GIN pending list',
  statements: (d) =>
    d.name === 'postgres'
      ? [
          // The index's schema is the table's: found through the (schema-qualified) table, never by search_path.
          `DO $engram$ BEGIN
  EXECUTE format('ALTER INDEX %I.engram_messages_tsv SET (fastupdate = on, gin_pending_list_limit = ${postgresGinPendingKb})',
    (SELECT n.nspname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = 'engram_messages'::regclass));
END $engram$`,
        ]
      : [],
};
