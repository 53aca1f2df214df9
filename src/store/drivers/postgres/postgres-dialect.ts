import { MemoryError } from '../../../core/errors/memory-error.ts';
import type { SqlDialect } from '../../sql/sql-dialect.ts';
import { raw, sql } from '../../sql/sql-fragment.ts';

/** Characters of a message's text that go into its tsvector (a tsvector is limited to 1 MB). */
export const postgresIndexedChars = 100_000;

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
  'engram_migrations',
];

/** Throws `INVALID_ARGUMENT` unless `schema` is a plain identifier (letters, digits, `_`, at most 63 bytes); returns it quoted. */
export function quoteSchema(schema: string): string {
  if (typeof schema !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(schema)) {
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'postgres',
      message: `schema must be letters, digits and _ (at most 63, not starting with a digit), got ${JSON.stringify(schema)}`,
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
 * `to_tsvector('english', …)` column with a partial GIN index over live rows, ranked by `ts_rank_cd`.
 * Queries go through `plainto_tsquery` of the already-split words, so no input is parsed as query syntax.
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
    fullText: (words) => {
      const usable = words.filter((w) => Buffer.byteLength(w) <= maxWordBytes);
      const query = sql`plainto_tsquery('english'::regconfig, ${usable.join(' ')})`;
      return {
        from: raw('engram_messages m'),
        where: usable.length > 0 ? sql`m.tsv @@ ${query}` : raw('FALSE'),
        score: sql`ts_rank_cd(m.tsv, ${query})`,
      };
    },
  };
}
