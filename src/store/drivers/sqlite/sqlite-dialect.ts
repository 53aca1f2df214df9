import type { SqlDialect } from '../../sql/sql-dialect.ts';
import { raw, sql } from '../../sql/sql-fragment.ts';

/** Quotes each word as an FTS5 string (`"w"`, internal quotes doubled); FTS5 ANDs adjacent strings. */
export function fts5MatchText(words: readonly string[]): string {
  return words.map((w) => `"${w.replaceAll('"', '""')}"`).join(' ');
}

/**
 * SQLite's side of the shared SQL: `?` placeholders, 0/1 booleans, `min()`, a stable `rid` rowid for an
 * external-content FTS5 index (`porter unicode61`, bm25 ranking). Since schema v5 new rows are indexed in
 * batches up to a watermark (`fullTextBatch`); triggers remove tombstoned and deleted rows that are indexed.
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
  fullTextBatch: {
    size: 64,
    pending:
      'SELECT coalesce((SELECT max(rid) FROM engram_messages), 0) - rid AS n FROM engram_fts_watermark',
    index: [
      'INSERT INTO engram_messages_fts (rowid, text) SELECT rid, text FROM engram_messages WHERE rid > (SELECT rid FROM engram_fts_watermark) AND deleted = 0 ORDER BY rid',
      'UPDATE engram_fts_watermark SET rid = (SELECT coalesce(max(rid), 0) FROM engram_messages)',
    ],
  },
  fullText: (words) => ({
    from: raw('engram_messages_fts JOIN engram_messages m ON m.rid = engram_messages_fts.rowid'),
    where: sql`engram_messages_fts MATCH ${fts5MatchText(words)}`,
    score: raw('-bm25(engram_messages_fts)'),
  }),
};
