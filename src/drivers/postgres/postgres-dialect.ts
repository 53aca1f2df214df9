import { describeValue } from '../../core/errors/describe-value.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { postgresIndexedChars, postgresLogToken, postgresTenantToken } from '../sql/fulltext-scope.ts';
import type { SqlDialect } from '../sql/sql-dialect.ts';
import { joinSql, raw, sql } from '../sql/sql-fragment.ts';

/** PostgreSQL ignores words of 2,048 bytes or more in text search. */
const maxWordBytes = 2047;

/** The tables (and routines) of the shared schema; the client qualifies them with the store's schema. */
export const postgresTables: readonly string[] = [
  'engram_append_batch',
  'engram_sessions',
  'engram_messages',
  'engram_fork_hidden',
  'engram_artifacts',
  'engram_component_state',
  'engram_content_items',
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

/**
 * PostgreSQL's side of the shared SQL for one schema: `$n` placeholders, `BIGINT`/`BOOLEAN`, `LEAST`, a
 * `(tenant, session_id, seq)` primary key, `FOR UPDATE` row locks, migrations serialized by
 * `pg_advisory_xact_lock` (which also guards `CREATE SCHEMA`), and full-text search on a stored
 * `to_tsvector('english', …)` column (plus, since schema v8, the row's tenant and log lexemes) with a partial
 * GIN index over live rows, ranked by `ts_rank_cd`. Queries go through `plainto_tsquery` of the already-split
 * words, so no input is parsed as query syntax.
 */
export function createPostgresDialect(schema: string): SqlDialect {
  const quoted = quoteSchema(schema);
  return {
    name: 'postgres',
    placeholder: (index) => `$${index}`,
    types: { int: 'BIGINT', bool: 'BOOLEAN', json: 'TEXT', blob: 'BYTEA' },
    true: 'TRUE',
    false: 'FALSE',
    least: (a, b) => `LEAST(${a}, ${b})`,
    messageKey: { columns: '', constraint: 'PRIMARY KEY (tenant, session_id, seq)' },
    forUpdate: ' FOR UPDATE',
    migrationLock: [
      `SELECT pg_advisory_xact_lock(${migrationLockKey(schema)})`,
      `CREATE SCHEMA IF NOT EXISTS ${quoted}`,
    ],
    indexText: (text) => text.replaceAll('\u0000', ''),
    fullTextDdl: [
      `ALTER TABLE engram_messages ADD COLUMN IF NOT EXISTS tsv tsvector GENERATED ALWAYS AS (to_tsvector('english'::regconfig, left(text, ${postgresIndexedChars}))) STORED`,
      'CREATE INDEX IF NOT EXISTS engram_messages_tsv ON engram_messages USING GIN (tsv) WHERE deleted = FALSE',
    ],
    fullTextLogKey: (tenant, log) => postgresLogToken(tenant, log),
    contentMatch: (words) => {
      if (words.some((w) => Buffer.byteLength(w) > maxWordBytes)) return undefined; // such a word matches nothing
      return sql`tsv @@ plainto_tsquery('english'::regconfig, ${words.join(' ')})`;
    },
    jsonArrayHas: (column, values, mode) =>
      sql`CAST(${raw(column)} AS jsonb) ${raw(mode === 'all' ? '?&' : '?|')} CAST(ARRAY[${joinSql(values)}] AS text[])`,
    fullText: (words, target, k) => {
      const usable = words.filter((w) => Buffer.byteLength(w) <= maxWordBytes);
      if (usable.length === 0) return raw(`SELECT '' AS source, 0 AS seq, 0 AS score WHERE FALSE`);
      const query = sql`plainto_tsquery('english'::regconfig, ${usable.join(' ')})`;
      // The owner lexemes (a log's, or the tenant's) are a second condition on the same GIN index, which
      // intersects their posting lists: only the target's rows are read. (One `@@` of `words && owner` would
      // match every row of the target when the words are all stop words.)
      const owner = target.logs
        ? sql`CAST(${target.logs.map((l) => `'${String(l.key).replaceAll("'", "''")}'`).join(' | ')} AS tsquery)`
        : sql`CAST(quote_literal(${postgresTenantToken(target.tenant)}) AS tsquery)`;
      const limit = k === undefined ? raw('') : sql` LIMIT ${k}`;
      return sql`SELECT m.session_id AS source, m.seq AS seq, ts_rank_cd(m.tsv, ${query}) AS score FROM engram_messages m WHERE m.tenant = ${target.tenant} AND m.deleted = FALSE AND m.tsv @@ ${query} AND m.tsv @@ ${owner} ORDER BY score DESC, m.seq DESC${limit}`;
    },
  };
}
