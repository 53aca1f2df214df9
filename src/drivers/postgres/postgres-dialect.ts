import type { JSONValue } from 'ai';
import { describeValue } from '../../core/errors/describe-value.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import type { SqlDialect } from '../sql/sql-client.ts';
import { raw, sql } from '../sql/sql-fragment.ts';
import { postgresAppendBatchRoutine } from './postgres-append-routine.ts';
import { postgresContentSearch } from './postgres-content-search.ts';
import { postgresLongTermIndex } from './postgres-longterm-index.ts';
import { postgresMessageSearch } from './postgres-message-search.ts';

/** The tables (and routines) of the shared schema; the client qualifies them with the store's schema. */
export const postgresTables: readonly string[] = [
  'engram_append_batch',
  'engram_sessions',
  'engram_messages',
  'engram_fork_hidden',
  'engram_artifacts',
  'engram_component_state',
  'engram_content_items',
  'engram_content_tags',
  'engram_content_tags_sync',
  'engram_longterm_records',
  'engram_ltm_records',
  'engram_ltm_vectors',
  'engram_ltm_terms',
  'engram_ltm_counts',
  'engram_migrations',
];

/** Throws `INVALID_ARGUMENT` unless `schema` is a plain identifier (letters, digits, `_`, at most 63 bytes); returns it quoted. */
export function quoteSchema(schema: string): string {
  if (typeof schema !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(schema)) {
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'postgres',
      message: `schema must be letters, digits and _ (at most 63, not starting with a digit), got ${describeValue(schema)}`,
    });
  }
  return `"${schema}"`;
}

/** A 32-bit advisory-lock key for a schema's migrations (FNV-1a of `engram:<schema>`). */
export function migrationLockKey(schema: string): number {
  let h = 0x811c9dc5;
  for (const ch of `engram:${schema}`) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}

/** Whether one error of a cause chain is PostgreSQL's unique violation (SQLSTATE 23505). */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  return e.code === '23505' || /duplicate key value/.test(String(e.message ?? ''));
}

/**
 * PostgreSQL's side of the shared SQL for one schema: `$n` placeholders, `BIGINT`/`BOOLEAN`, `LEAST`, a
 * `(tenant, session_id, seq)` primary key, `FOR UPDATE` row locks under READ COMMITTED, keys altered in place,
 * migrations serialized by `pg_advisory_xact_lock` (which also guards `CREATE SCHEMA`), JSONB documents, and
 * each full-text index a GIN-indexed `tsvector` (messages, content items, long-term records).
 */
export function createPostgresDialect(schema: string): SqlDialect {
  const quoted = quoteSchema(schema);
  return {
    placeholder: (index) => `$${index}`,
    types: { int: 'BIGINT', bool: 'BOOLEAN', json: 'TEXT', document: 'JSONB', blob: 'BYTEA' },
    true: 'TRUE',
    false: 'FALSE',
    least: (a, b) => `LEAST(${a}, ${b})`,
    forUpdate: ' FOR UPDATE',
    forUpdateSkipLocked: ' FOR UPDATE SKIP LOCKED',
    readCommitted: true,
    migrationLock: [
      `SELECT pg_advisory_xact_lock(${migrationLockKey(schema)})`,
      `CREATE SCHEMA IF NOT EXISTS ${quoted}`,
    ],
    ddl: {
      messageKey: { columns: '', constraint: 'PRIMARY KEY (tenant, session_id, seq)' },
      rowIdAndKey: (key) => ({ column: 'rid BIGSERIAL', constraint: `PRIMARY KEY (${key})` }),
      rowIdPrimaryKey: 'BIGSERIAL PRIMARY KEY',
      addColumn: 'ADD COLUMN IF NOT EXISTS',
      alterKeys: true,
      jsonHasKey: (column, key) => `jsonb_exists(CAST(${column} AS jsonb), '${key}')`,
      jsonListHas: (column, key, value) => `jsonb_exists(CAST(${column} AS jsonb) -> '${key}', '${value}')`,
      appendBatchRoutine: postgresAppendBatchRoutine,
      liveTermCountsIndex: [],
      metadataKeyIndexes: [],
      jsonStrings: (column, alias) =>
        `jsonb_array_elements_text(CAST(${column} AS jsonb)) AS ${alias}(value)`,
      keyedOnly: '',
      contentTagTriggers: [
        `CREATE OR REPLACE FUNCTION engram_content_tags_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO engram_content_tags (tenant, user_id, agent_id, space, tag, rid)
    SELECT NEW.tenant, NEW.user_id, NEW.agent_id, NEW.space, t.value, NEW.rid
    FROM jsonb_array_elements_text(CAST(NEW.tags AS jsonb)) AS t(value)
    ON CONFLICT DO NOTHING;
    RETURN NEW;
  END IF;
  DELETE FROM engram_content_tags WHERE rid = OLD.rid;
  RETURN OLD;
END
$$`,
        'DROP TRIGGER IF EXISTS engram_content_tags_kept ON engram_content_items',
        'CREATE TRIGGER engram_content_tags_kept AFTER INSERT OR DELETE ON engram_content_items FOR EACH ROW EXECUTE FUNCTION engram_content_tags_sync()',
      ],
    },
    indexText: (text) => text.replaceAll('\u0000', ''),
    byRowIds: '',
    jsonFieldEquals: (column, key, value) =>
      sql`(${raw(column)} -> ${key}) = CAST(${JSON.stringify(value)} AS jsonb)`,
    // pg's and PGlite's default type parsers return JSONB parsed; a client set to return text is parsed here.
    readDocument: (value) => (typeof value === 'string' ? JSON.parse(value) : value) as JSONValue,
    isUniqueViolation,
    messageSearch: postgresMessageSearch,
    contentSearch: postgresContentSearch,
    longTermIndex: postgresLongTermIndex,
  };
}
