import type { SqlDialect } from '../sql/sql-client.ts';
import { raw, sql } from '../sql/sql-fragment.ts';
import { sqliteContentSearch } from './sqlite-content-search.ts';
import { sqliteLongTermIndex } from './sqlite-longterm-index.ts';
import { sqliteMessageSearch } from './sqlite-message-search.ts';

/** The `json_each` type test of a JSON value in SQLite (numbers match whether stored as integer or real). */
function jsonTypeTest(value: unknown): string {
  if (value === null) return "= 'null'";
  if (value === true) return "= 'true'";
  if (value === false) return "= 'false'";
  if (typeof value === 'string') return "= 'text'";
  if (typeof value === 'number') return "IN ('integer', 'real')";
  return `= '${Array.isArray(value) ? 'array' : 'object'}'`;
}

/** Keys read with a literal JSON path (no quote or backslash to escape in SQL or in the path). */
const plainKey = /^[A-Za-z0-9_.:-]{1,128}$/;

/** `column`'s top-level field `key` (a {@link plainKey}) as SQLite reads it: `json_extract(column, '$."key"')`. */
const fieldPath = (column: string, key: string) => `json_extract(${column}, '$."${key}"')`;

/** Whether one error of a cause chain is SQLite's unique-constraint violation. */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  return e.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(String(e.message ?? ''));
}

/**
 * SQLite's side of the shared SQL: `?` placeholders, 0/1 booleans, `min()`, writers serialized by `BEGIN
 * IMMEDIATE` (no row locks), tables rebuilt where a key changes, JSON read with `json_each`, and each full-text
 * index an FTS5 table kept in the writing transaction (messages, content items, long-term records).
 */
export const sqliteDialect: SqlDialect = {
  placeholder: () => '?',
  types: { int: 'INTEGER', bool: 'INTEGER', json: 'TEXT', document: 'TEXT', blob: 'BLOB' },
  true: '1',
  false: '0',
  least: (a, b) => `min(${a}, ${b})`,
  forUpdate: '',
  forUpdateSkipLocked: '',
  readCommitted: false,
  migrationLock: [],
  ddl: {
    messageKey: { columns: 'rid INTEGER PRIMARY KEY,', constraint: 'UNIQUE (tenant, session_id, seq)' },
    rowIdAndKey: (key) => ({ column: 'rid INTEGER PRIMARY KEY', constraint: `UNIQUE (${key})` }),
    rowIdPrimaryKey: 'INTEGER PRIMARY KEY',
    addColumn: 'ADD COLUMN',
    alterKeys: false,
    jsonHasKey: (column, key) => `json_extract(${column}, '$.${key}') IS NOT NULL`,
    jsonListHas: (column, key, value) =>
      `EXISTS (SELECT 1 FROM json_each(${column}, '$.${key}') WHERE value = '${value}')`,
    appendBatchRoutine: [],
    liveTermCountsIndex: [
      'DROP INDEX IF EXISTS engram_ltm_live',
      'CREATE INDEX IF NOT EXISTS engram_ltm_live ON engram_ltm_records (tenant, user_id, agent_id, first_rid, term_count) WHERE live = 1',
    ],
    jsonStrings: (column, alias) => `json_each(${column}) AS ${alias}`,
    keyedOnly: ' WITHOUT ROWID',
    contentTagTriggers: [
      `CREATE TRIGGER IF NOT EXISTS engram_content_tags_insert AFTER INSERT ON engram_content_items BEGIN
  INSERT OR IGNORE INTO engram_content_tags (tenant, user_id, agent_id, space, tag, rid)
  SELECT new.tenant, new.user_id, new.agent_id, new.space, t.value, new.rid FROM json_each(new.tags) t;
END`,
      `CREATE TRIGGER IF NOT EXISTS engram_content_tags_delete AFTER DELETE ON engram_content_items BEGIN
  DELETE FROM engram_content_tags WHERE rid = old.rid;
END`,
    ],
    metadataKeyIndexes: [
      `CREATE INDEX IF NOT EXISTS engram_ltm_self_fact ON engram_ltm_records (tenant, kind, user_id, ${fieldPath('metadata', 'selfFact')}) WHERE live = 1 AND ${fieldPath('metadata', 'selfFact')} IS NOT NULL`,
      `CREATE INDEX IF NOT EXISTS engram_ltm_session_bound ON engram_ltm_records (tenant, user_id, agent_id, ${fieldPath('metadata', 'engram.session')}, id) WHERE ${fieldPath('metadata', 'engram.session')} IS NOT NULL`,
    ],
  },
  byRowIds: ' NOT INDEXED',
  jsonFieldEquals: (column, key, value) => {
    // A plain key is read with a literal path: the expression the metadata-key indexes are on (`metadataKeyIndexes`).
    if (plainKey.test(key)) {
      const field = fieldPath(column, key);
      const typed = raw(`json_type(${column}, '$."${key}"') ${jsonTypeTest(value)}`);
      return typeof value === 'string' || typeof value === 'number'
        ? sql`${raw(field)} = ${value} AND ${typed}`
        : typed;
    }
    const atom =
      typeof value === 'string' || typeof value === 'number' ? sql` AND j.atom = ${value}` : raw('');
    return sql`EXISTS (SELECT 1 FROM json_each(${raw(column)}) j WHERE j.key = ${key} AND j.type ${raw(jsonTypeTest(value))}${atom})`;
  },
  readDocument: (value) => JSON.parse(String(value)),
  isUniqueViolation,
  messageSearch: sqliteMessageSearch,
  contentSearch: sqliteContentSearch,
  longTermIndex: sqliteLongTermIndex,
};
