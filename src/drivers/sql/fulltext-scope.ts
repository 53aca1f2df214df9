import { compileSql, raw, type SqlFragment, type SqlValue, sql } from './sql-fragment.ts';

/**
 * How the full-text index carries scope (schema v8), shared by the migration that builds it and the queries
 * that read it, so both spell every key the same way.
 *
 * SQLite: each log (`engram_sessions.log_id`) has an integer key in `engram_fts_logs`, and a message's FTS5
 * rowid is `key * 2^32 + seq`, so one log's rows are one rowid range that FTS5 seeks to directly; the
 * `owner` column holds a tenant token for tenant-wide searches. PostgreSQL: each row's tsvector also holds
 * two lexemes the text parser never produces (they start with a space): one for its tenant, one for its log.
 */

/** Characters of a message's text that go into its PostgreSQL tsvector (a tsvector is limited to 1 MB). */
export const postgresIndexedChars = 100_000;

/** FTS5 rowids per log: a message's rowid is its log's key times this, plus its seq (so seq < 2^32). */
export const ftsRowsPerLog = 4294967296;

/** SQL expression: the SQLite FTS5 `owner` token of a tenant (hex of its bytes; ends in a digit, so porter leaves it alone). */
export function sqliteTenantToken(tenant: SqlFragment | SqlValue): SqlFragment {
  return sql`('T' || hex(${tenant}) || '0')`;
}

/** SQL expression: the PostgreSQL lexeme of a tenant. */
export function postgresTenantToken(tenant: SqlFragment | SqlValue): SqlFragment {
  return sql`(' t' || md5(${tenant}))`;
}

/** SQL expression: the PostgreSQL lexeme of one log of a tenant. */
export function postgresLogToken(tenant: SqlFragment | SqlValue, log: SqlFragment | SqlValue): SqlFragment {
  return sql`(' l' || md5(${tenant}) || md5(${log}))`;
}

/** SQL text of a parameterless fragment (for DDL such as triggers and generated columns). */
export function ddlText(fragment: SqlFragment): string {
  const compiled = compileSql(fragment, () => '?');
  if (compiled.params.length > 0) throw new Error('ddlText: the fragment has parameters');
  return compiled.text;
}

/** A column reference as a fragment (`new.tenant`, `m.session_id`). */
export const column = (name: string): SqlFragment => raw(name);
