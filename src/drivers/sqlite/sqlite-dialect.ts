import { ftsRowsPerLog, sqliteTenantToken } from '../sql/fulltext-scope.ts';
import type { SqlDialect } from '../sql/sql-dialect.ts';
import { joinSql, raw, sql } from '../sql/sql-fragment.ts';

/** Quotes each word as an FTS5 string (`"w"`, internal quotes doubled); FTS5 ANDs adjacent strings. */
export function fts5MatchText(words: readonly string[]): string {
  return words.map((w) => `"${w.replaceAll('"', '""')}"`).join(' ');
}

/**
 * SQLite's side of the shared SQL: `?` placeholders, 0/1 booleans, `min()`, and (since schema v8) a
 * contentless FTS5 index (`porter unicode61`, bm25 ranking) kept by triggers in the writing transaction,
 * whose rowid is `log key * 2^32 + seq`: a log's search is a rowid range, a tenant's carries its owner token.
 */
export const sqliteDialect: SqlDialect = {
  name: 'sqlite',
  placeholder: () => '?',
  types: { int: 'INTEGER', bool: 'INTEGER', json: 'TEXT', blob: 'BLOB' },
  true: '1',
  false: '0',
  least: (a, b) => `min(${a}, ${b})`,
  messageKey: { columns: 'rid INTEGER PRIMARY KEY,', constraint: 'UNIQUE (tenant, session_id, seq)' },
  forUpdate: '',
  migrationLock: [],
  fullTextDdl: [
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
  ],
  contentMatch: (words, owner) =>
    sql`rid IN (SELECT rowid FROM engram_content_fts WHERE engram_content_fts MATCH ${`owner : "${owner}" AND text : (${fts5MatchText(words)})`})`,
  jsonArrayHas: (column, values, mode) => {
    const matching = sql`(SELECT count(DISTINCT value) FROM json_each(${raw(column)}) WHERE value IN (${joinSql(values)}))`;
    return mode === 'all' ? sql`${matching} = ${values.length}` : sql`${matching} > 0`;
  },
  fullTextLogKey: (tenant, log) =>
    sql`(SELECT k.key FROM engram_fts_logs k WHERE k.tenant = ${tenant} AND k.log_id = ${log})`,
  fullText: (words, target, k) => {
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
