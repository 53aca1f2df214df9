import type { SqlMessageSearch } from '../sql/dialect-message-search.ts';
import { ddlText, joinSql, raw, sql } from '../sql/sql-fragment.ts';
import { ftsRowsPerLog, ftsTailRows, ftsWatermark, sqliteTenantToken } from './sqlite-fts-rows.ts';
import { sqliteTailHits } from './sqlite-fts-tail.ts';
import { fts5MatchText } from './sqlite-fts5.ts';
import { indexedTextSql, messageTextFunction } from './sqlite-message-text.ts';

/** Schema v1: an external-content FTS5 index kept by per-row triggers. */
const initialDdl = [
  `CREATE VIRTUAL TABLE IF NOT EXISTS engram_messages_fts USING fts5(text, content='engram_messages', content_rowid='rid', tokenize='porter unicode61')`,
  `CREATE TRIGGER IF NOT EXISTS engram_messages_fts_insert AFTER INSERT ON engram_messages WHEN new.deleted = 0 BEGIN
  INSERT INTO engram_messages_fts (rowid, text) VALUES (new.rid, new.text);
END`,
  `CREATE TRIGGER IF NOT EXISTS engram_messages_fts_tombstone AFTER UPDATE OF deleted ON engram_messages WHEN old.deleted = 0 AND new.deleted <> 0 BEGIN
  INSERT INTO engram_messages_fts (engram_messages_fts, rowid, text) VALUES ('delete', old.rid, old.text);
END`,
  `CREATE TRIGGER IF NOT EXISTS engram_messages_fts_delete AFTER DELETE ON engram_messages WHEN old.deleted = 0 BEGIN
  INSERT INTO engram_messages_fts (engram_messages_fts, rowid, text) VALUES ('delete', old.rid, old.text);
END`,
];

/**
 * Schema v5 (replaced by v8): the FTS5 index is fed in batches, not by a per-row trigger, which rewrote index
 * pages at every commit. `engram_fts_watermark` holds the last indexed rowid (every existing row is indexed);
 * the store indexed rows past it every few appends and before every search. Tombstone and delete triggers
 * remove only indexed rows, and a delete that removes the highest rowids lowers the watermark, so a reused
 * rowid is indexed again.
 */
function batchedDdl(): string[] {
  const indexed = 'old.rid <= (SELECT rid FROM engram_fts_watermark)';
  const maxRid = '(SELECT coalesce(max(rid), 0) FROM engram_messages)';
  return [
    'DROP TRIGGER IF EXISTS engram_messages_fts_insert',
    'DROP TRIGGER IF EXISTS engram_messages_fts_tombstone',
    'DROP TRIGGER IF EXISTS engram_messages_fts_delete',
    'CREATE TABLE IF NOT EXISTS engram_fts_watermark (id INTEGER PRIMARY KEY CHECK (id = 1), rid INTEGER NOT NULL)',
    `INSERT OR IGNORE INTO engram_fts_watermark (id, rid) VALUES (1, ${maxRid})`,
    `CREATE TRIGGER engram_messages_fts_tombstone AFTER UPDATE OF deleted ON engram_messages WHEN old.deleted = 0 AND new.deleted <> 0 AND ${indexed} BEGIN
  INSERT INTO engram_messages_fts (engram_messages_fts, rowid, text) VALUES ('delete', old.rid, old.text);
END`,
    `CREATE TRIGGER engram_messages_fts_delete AFTER DELETE ON engram_messages BEGIN
  INSERT INTO engram_messages_fts (engram_messages_fts, rowid, text) SELECT 'delete', old.rid, old.text WHERE old.deleted = 0 AND ${indexed};
  UPDATE engram_fts_watermark SET rid = ${maxRid} WHERE rid > ${maxRid};
END`,
  ];
}

/**
 * The FTS5 index values of a message row `r` (`new` or `old` in a trigger): rowid, text, owner; the text is the
 * row's `text` column unless `text` says otherwise (schema v17: `indexedTextSql`).
 */
function ftsRow(r: string, text = `${r}.text`): string {
  const tenant = ddlText(sqliteTenantToken(raw(`${r}.tenant`)));
  return `SELECT k.key * ${ftsRowsPerLog} + ${r}.seq, ${text}, ${tenant} FROM engram_fts_logs k WHERE k.tenant = ${r}.tenant AND k.log_id = ${r}.session_id`;
}

/**
 * Schema v8: replaces v5's batched index with a contentless FTS5 table keyed by log (`engram_fts_logs` gives
 * every log an integer key, never reused), with an `owner` column holding the tenant token, filled in the
 * writing transaction by triggers; the existing rows are indexed once.
 */
function scopedDdl(): string[] {
  const tenantOfRow = ddlText(sqliteTenantToken(raw('m.tenant')));
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
  INSERT INTO engram_messages_fts (rowid, text, owner) ${ftsRow('new')};
END`,
    `CREATE TRIGGER IF NOT EXISTS engram_messages_fts_tombstone AFTER UPDATE OF deleted ON engram_messages WHEN old.deleted = 0 AND new.deleted <> 0 BEGIN
  INSERT INTO engram_messages_fts (engram_messages_fts, rowid, text, owner) SELECT 'delete', * FROM (${ftsRow('old')});
END`,
    `CREATE TRIGGER IF NOT EXISTS engram_messages_fts_delete AFTER DELETE ON engram_messages WHEN old.deleted = 0 BEGIN
  INSERT INTO engram_messages_fts (engram_messages_fts, rowid, text, owner) SELECT 'delete', * FROM (${ftsRow('old')});
END`,
  ];
}

/** SQL: the last rid of the message table (0 when empty). */
const lastRid = '(SELECT coalesce(max(rid), 0) FROM engram_messages)';

/**
 * Schema v14: the index is fed in batches from `engram_fts_watermark` (every live row at or below its rid is
 * indexed) instead of by the insert trigger, which wrote an FTS5 segment at every commit. The tombstone and
 * delete triggers remove only indexed rows; a delete that removes the highest rids lowers the watermark, so a
 * reused rid (`rid` is not AUTOINCREMENT) is indexed again. A row's seq is still checked at insert.
 */
function watermarkDdl(): string[] {
  const indexed = `old.rid <= ${ftsWatermark}`;
  return [
    'DROP TRIGGER IF EXISTS engram_messages_fts_insert',
    'DROP TRIGGER IF EXISTS engram_messages_fts_tombstone',
    'DROP TRIGGER IF EXISTS engram_messages_fts_delete',
    'CREATE TABLE IF NOT EXISTS engram_fts_watermark (id INTEGER PRIMARY KEY CHECK (id = 1), rid INTEGER NOT NULL)',
    `INSERT OR REPLACE INTO engram_fts_watermark (id, rid) VALUES (1, ${lastRid})`,
    `CREATE TRIGGER IF NOT EXISTS engram_messages_seq_limit AFTER INSERT ON engram_messages WHEN new.seq >= ${ftsRowsPerLog} BEGIN
  SELECT RAISE(ABORT, '[engram] [sqlite] a session log holds at most 4294967295 entries');
END`,
    `CREATE TRIGGER IF NOT EXISTS engram_messages_fts_tombstone AFTER UPDATE OF deleted ON engram_messages WHEN old.deleted = 0 AND new.deleted <> 0 AND ${indexed} BEGIN
  INSERT INTO engram_messages_fts (engram_messages_fts, rowid, text, owner) SELECT 'delete', * FROM (${ftsRow('old')});
END`,
    `CREATE TRIGGER IF NOT EXISTS engram_messages_fts_delete AFTER DELETE ON engram_messages BEGIN
  INSERT INTO engram_messages_fts (engram_messages_fts, rowid, text, owner) SELECT 'delete', * FROM (${ftsRow('old')}) WHERE old.deleted = 0 AND ${indexed};
  UPDATE engram_fts_watermark SET rid = ${lastRid} WHERE rid > ${lastRid};
END`,
  ];
}

/**
 * Schema v17: rows stop storing a copy of their text (`rowText: false`); the index takes a row's text from its body
 * (`indexedTextSql`: the stored copy where an older row has one, else `engram_message_text(body)`) when a batch
 * indexes it, and the tombstone and delete triggers compute the same text to remove it; the watermark moves only on a
 * connection where the function is registered. Existing rows and the index stay as they are.
 */
function bodyTextDdl(): string[] {
  const indexed = `old.rid <= ${ftsWatermark}`;
  const row = ftsRow('old', indexedTextSql('old'));
  return [
    'DROP TRIGGER IF EXISTS engram_messages_fts_tombstone',
    'DROP TRIGGER IF EXISTS engram_messages_fts_delete',
    `CREATE TRIGGER engram_messages_fts_tombstone AFTER UPDATE OF deleted ON engram_messages WHEN old.deleted = 0 AND new.deleted <> 0 AND ${indexed} BEGIN
  INSERT INTO engram_messages_fts (engram_messages_fts, rowid, text, owner) SELECT 'delete', * FROM (${row});
END`,
    `CREATE TRIGGER engram_messages_fts_delete AFTER DELETE ON engram_messages BEGIN
  INSERT INTO engram_messages_fts (engram_messages_fts, rowid, text, owner) SELECT 'delete', * FROM (${row}) WHERE old.deleted = 0 AND ${indexed};
  UPDATE engram_fts_watermark SET rid = ${lastRid} WHERE rid > ${lastRid};
END`,
    // The watermark moves only on a connection with the function: a process of an engram before v17 still open on
    // the upgraded file would index the rows written since from their empty copies (no words: never found, and their
    // deletes would remove words the index never held). The trigger names the function, so that batch's watermark
    // update fails to prepare there and its transaction rolls back (its deletes already fail on the triggers above);
    // with the function it never fires.
    `CREATE TRIGGER engram_fts_watermark_body_text BEFORE UPDATE ON engram_fts_watermark WHEN ${messageTextFunction}(NULL) <> '' BEGIN
  SELECT RAISE(ABORT, '[engram] [sqlite] ${messageTextFunction}(NULL) must be empty');
END`,
  ];
}

/** Indexes every live row past the watermark and moves it to the last rid (in a write transaction). */
const indexTail = [
  `INSERT INTO engram_messages_fts (rowid, text, owner) SELECT r, text, owner FROM (${ftsTailRows})`,
  `UPDATE engram_fts_watermark SET rid = ${lastRid} WHERE id = 1`,
];

/**
 * SQLite's message search: since schema v8, a contentless FTS5 index (`porter unicode61`, bm25 ranking) whose
 * rowid is `log key * 2^32 + seq`: a log's search is a rowid range, a tenant's carries its owner token. Since
 * v14 it is fed in batches from a watermark (`indexTail`), and a search scores the rows past it on the side
 * (`tailHits`, sqlite-fts-tail.ts).
 */
export const sqliteMessageSearch: SqlMessageSearch = {
  initialDdl,
  batchedDdl: batchedDdl(),
  scopedDdl: scopedDdl(),
  pendingListDdl: [],
  watermarkDdl: watermarkDdl(),
  bodyTextDdl: bodyTextDdl(),
  rowText: false,
  indexTail,
  tailHits: sqliteTailHits,
  logKey: (tenant, log) =>
    sql`(SELECT k.key FROM engram_fts_logs k WHERE k.tenant = ${tenant} AND k.log_id = ${log})`,
  query: (words, target, k) => {
    const match = `text : (${fts5MatchText(words)})`;
    const limit = k === undefined ? raw('') : sql` LIMIT ${k}`;
    const span = raw(String(ftsRowsPerLog));
    if (target.logs) {
      // One rowid range per log (its key's block, up to maxSeq): FTS5 seeks to it and reads nothing else. The
      // bounds are bound as integers (bigint): a JavaScript number binds as REAL, and FTS5 does not seek to a
      // REAL bound — it walks the term's whole doclist, every log's rows.
      return joinSql(
        target.logs.map((log) => {
          const base = BigInt(log.key) * BigInt(ftsRowsPerLog);
          const last = BigInt(Math.min(log.maxSeq ?? ftsRowsPerLog, ftsRowsPerLog - 1));
          return sql`SELECT * FROM (SELECT ${log.source} AS source, rowid - ${base} AS seq, -bm25(engram_messages_fts) AS score FROM engram_messages_fts WHERE engram_messages_fts MATCH ${match} AND rowid BETWEEN ${base + 1n} AND ${base + last} ORDER BY score DESC, rowid DESC${limit})`;
        }),
        ' UNION ALL ',
      );
    }
    // The whole tenant: its owner token is part of the MATCH, so only its rows are scored.
    const scoped = sql`('owner : "' || ${sqliteTenantToken(target.tenant)} || '" AND ' || ${match})`;
    return sql`SELECT k.log_id AS source, f.r - k.key * ${span} AS seq, f.score AS score FROM (SELECT rowid AS r, -bm25(engram_messages_fts) AS score FROM engram_messages_fts WHERE engram_messages_fts MATCH ${scoped} ORDER BY score DESC, rowid DESC${limit}) f JOIN engram_fts_logs k ON k.key = (f.r >> 32) AND k.tenant = ${target.tenant}`;
  },
};
