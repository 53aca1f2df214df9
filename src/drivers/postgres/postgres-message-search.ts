import type { SqlMessageSearch } from '../sql/dialect-message-search.ts';
import { ddlText, raw, type SqlFragment, type SqlValue, sql } from '../sql/sql-fragment.ts';

/**
 * How PostgreSQL's message index carries scope (schema v8): each row's tsvector also holds two lexemes the text
 * parser never produces (they start with a space): one for its tenant, one for its log.
 */

/** Characters of a message's text that go into its tsvector (a tsvector is limited to 1 MB). */
export const postgresIndexedChars = 100_000;

/** PostgreSQL ignores words of 2,048 bytes or more in text search. */
export const maxWordBytes = 2047;

/** GIN's pending list per message index, in kB: 64 is PostgreSQL's smallest allowed `gin_pending_list_limit`. */
export const postgresGinPendingKb = 64;

/** SQL expression: the lexeme of a tenant. */
export function postgresTenantToken(tenant: SqlFragment | SqlValue): SqlFragment {
  return sql`(' t' || md5(${tenant}))`;
}

/** SQL expression: the lexeme of one log of a tenant. */
export function postgresLogToken(tenant: SqlFragment | SqlValue, log: SqlFragment | SqlValue): SqlFragment {
  return sql`(' l' || md5(${tenant}) || md5(${log}))`;
}

/** Schema v1: a stored `to_tsvector('english', …)` column with a partial GIN index over live rows. */
const initialDdl = [
  `ALTER TABLE engram_messages ADD COLUMN IF NOT EXISTS tsv tsvector GENERATED ALWAYS AS (to_tsvector('english'::regconfig, left(text, ${postgresIndexedChars}))) STORED`,
  'CREATE INDEX IF NOT EXISTS engram_messages_tsv ON engram_messages USING GIN (tsv) WHERE deleted = FALSE',
];

/**
 * Schema v8: the stored tsvector also holds the row's tenant and log lexemes, and the partial GIN index over
 * live rows is written at insert (no pending list, which every search would scan whole); rebuilt once.
 */
function scopedDdl(): string[] {
  const owner = ddlText(postgresTenantToken(raw('tenant')));
  const log = ddlText(postgresLogToken(raw('tenant'), raw('session_id')));
  return [
    // Dropping the column drops its partial GIN index (index names are not schema-qualified, so never by name).
    'ALTER TABLE engram_messages DROP COLUMN IF EXISTS tsv',
    `ALTER TABLE engram_messages ADD COLUMN tsv tsvector GENERATED ALWAYS AS (to_tsvector('english'::regconfig, left(text, ${postgresIndexedChars})) || array_to_tsvector(ARRAY[${owner}, ${log}])) STORED`,
    // fastupdate off: a search never scans GIN's pending list, which holds every tenant's recent rows.
    'CREATE INDEX IF NOT EXISTS engram_messages_tsv ON engram_messages USING GIN (tsv) WITH (fastupdate = off) WHERE deleted = FALSE',
  ];
}

/**
 * Schema v12: the messages' GIN index takes new rows into a pending list of at most {@link postgresGinPendingKb}
 * kB (`fastupdate = on`) instead of inserting every lexeme into the tree at once. A row's tsvector holds a
 * hundred or more lexemes, each a separate tree insert with `fastupdate = off`, which made the index most of an
 * append's server time; the list is merged into the tree in bulk (sorted) by the insert that fills it. A search
 * scans the list whole, so the limit bounds what that adds to any search (at most 64 kB of recent entries,
 * whatever the database holds); v8 had turned the list off for that reason, when its default limit was 4 MB.
 */
const pendingListDdl = [
  // The index's schema is the table's: found through the (schema-qualified) table, never by search_path.
  `DO $engram$ BEGIN
  EXECUTE format('ALTER INDEX %I.engram_messages_tsv SET (fastupdate = on, gin_pending_list_limit = ${postgresGinPendingKb})',
    (SELECT n.nspname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = 'engram_messages'::regclass));
END $engram$`,
];

/**
 * PostgreSQL's message search: a stored `to_tsvector('english', …)` column (plus, since schema v8, the row's
 * tenant and log lexemes) with a partial GIN index over live rows, ranked by `ts_rank_cd`. Queries go through
 * `plainto_tsquery` of the already-split words, so no input is parsed as query syntax.
 */
export const postgresMessageSearch: SqlMessageSearch = {
  initialDdl,
  batchedDdl: [],
  scopedDdl: scopedDdl(),
  pendingListDdl,
  // GIN's bounded pending list (v12) already batches the index's tree inserts; the row's tsvector is a stored
  // column computed at insert, so a search needs no tail.
  watermarkDdl: [],
  bodyTextDdl: [],
  rowText: true,
  indexTail: [],
  logKey: (tenant, log) => postgresLogToken(tenant, log),
  query: (words, target, k) => {
    const usable = words.filter((w) => Buffer.byteLength(w) <= maxWordBytes);
    if (usable.length === 0) return raw(`SELECT '' AS source, 0 AS seq, 0 AS score WHERE FALSE`);
    const query = sql`plainto_tsquery('english'::regconfig, ${usable.join(' ')})`;
    // The owner lexemes (a log's, or the tenant's) are a second condition on the same GIN index, which
    // intersects their posting lists: only the target's rows are read. (One `@@` of `words && owner` would
    // match every row of the target when the words are all stop words.)
    const owner = target.logs
      ? sql`CAST(${target.logs.map((l) => `'${l.key.replaceAll("'", "''")}'`).join(' | ')} AS tsquery)`
      : sql`CAST(quote_literal(${postgresTenantToken(target.tenant)}) AS tsquery)`;
    const limit = k === undefined ? raw('') : sql` LIMIT ${k}`;
    return sql`SELECT m.session_id AS source, m.seq AS seq, ts_rank_cd(m.tsv, ${query}) AS score FROM engram_messages m WHERE m.tenant = ${target.tenant} AND m.deleted = FALSE AND m.tsv @@ ${query} AND m.tsv @@ ${owner} ORDER BY score DESC, m.seq DESC${limit}`;
  },
};
