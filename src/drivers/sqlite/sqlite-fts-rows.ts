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

/** SQL: the FTS5 rowid of a message row `m` joined to its log's key `k`. */
export const ftsTailRowid = `k.key * ${ftsRowsPerLog} + m.seq`;

/** SQL: the message rows past the watermark that are live, `m` joined to their log's key `k`. */
const tailFrom = `FROM engram_messages m JOIN engram_fts_logs k ON k.tenant = m.tenant AND k.log_id = m.session_id WHERE m.rid > ${ftsWatermark} AND m.deleted = 0`;

/**
 * SQL: the live rows past the watermark with their index values (`r` rowid, `text`, `owner`) and `source`, `seq`;
 * `text` as {@link indexedTextSql} gives it (schema v17). `and` narrows them (an SQL condition on `m`, `k`; none by
 * default).
 */
export const ftsTailRowsWhere = (and = '') =>
  `SELECT ${ftsTailRowid} AS r, ${indexedTextSql('m')} AS text, ${ddlText(sqliteTenantToken(raw('m.tenant')))} AS owner, m.session_id AS source, m.seq AS seq ${tailFrom}${and ? ` AND ${and}` : ''}`;

/** SQL: {@link ftsTailRowsWhere}, every row. */
export const ftsTailRows = ftsTailRowsWhere();

/**
 * SQL: the FTS5 rowids (`r`) of the live rows past the watermark, without their values. A rowid names one position
 * of one log for good: a log only appends (its seqs are never reused) and a dropped log's key is never given again,
 * so the row a rowid names never changes its text.
 */
export const ftsTailRowids = `SELECT ${ftsTailRowid} AS r ${tailFrom}`;
