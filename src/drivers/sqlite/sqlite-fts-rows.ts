import { ddlText, raw, type SqlFragment, type SqlValue, sql } from '../sql/sql-fragment.ts';
import { indexedTextSql } from './sqlite-message-text.ts';

/**
 * How SQLite's message index carries scope (schema v8): each log (`engram_sessions.log_id`) has an integer key
 * in `engram_fts_logs`, and a message's FTS5 rowid is `key * 2^32 + seq`, so one log's rows are one rowid range
 * that FTS5 seeks to directly; the `owner` column holds a tenant token for tenant-wide searches. Since schema
 * v14, `engram_fts_watermark` says which rows the index holds.
 */

/** FTS5 rowids per log: a message's rowid is its log's key times this, plus its seq (so seq < 2^32). */
export const ftsRowsPerLog = 4294967296;

/** SQL expression: the FTS5 `owner` token of a tenant (hex of its bytes; ends in a digit, so porter leaves it alone). */
export function sqliteTenantToken(tenant: SqlFragment | SqlValue): SqlFragment {
  return sql`('T' || hex(${tenant}) || '0')`;
}

/** SQL: the watermark, the last `engram_messages.rid` the index holds (every live row at or below it is indexed). */
export const ftsWatermark = '(SELECT rid FROM engram_fts_watermark WHERE id = 1)';

/**
 * SQL: the live rows past the watermark with their index values (`r` rowid, `text`, `owner`) and `source`, `seq`;
 * `text` as {@link indexedTextSql} gives it (schema v17).
 */
export const ftsTailRows = `SELECT k.key * ${ftsRowsPerLog} + m.seq AS r, ${indexedTextSql('m')} AS text, ${ddlText(sqliteTenantToken(raw('m.tenant')))} AS owner, m.session_id AS source, m.seq AS seq FROM engram_messages m JOIN engram_fts_logs k ON k.tenant = m.tenant AND k.log_id = m.session_id WHERE m.rid > ${ftsWatermark} AND m.deleted = 0`;
