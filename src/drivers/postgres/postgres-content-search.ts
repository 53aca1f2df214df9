import type { SqlContentSearch } from '../sql/dialect-content-search.ts';
import type { SqlClient } from '../sql/sql-client.ts';
import { sql } from '../sql/sql-fragment.ts';
import { maxWordBytes } from './postgres-message-search.ts';

/**
 * PostgreSQL's content search (schema v10): a stripped `tsvector` column of the item row (written with it, so
 * nothing else to keep) with a GIN index; a `words` criterion is `plainto_tsquery` of the words, on the rows
 * the query's scope already narrows.
 */
export const postgresContentSearch: SqlContentSearch<SqlClient> = {
  ddl: {
    columns: ['tsv tsvector NOT NULL'],
    statements: [
      'CREATE INDEX IF NOT EXISTS engram_content_items_tsv ON engram_content_items USING GIN (tsv) WITH (fastupdate = off)',
    ],
  },
  rowColumns: ['tsv'],
  rowValues: (text) => [sql`strip(to_tsvector('english'::regconfig, ${text}))`],
  add: async () => {},
  remove: async () => {},
  match: (words) => {
    if (words.some((w) => Buffer.byteLength(w) > maxWordBytes)) return undefined; // such a word matches nothing
    return sql`tsv @@ plainto_tsquery('english'::regconfig, ${words.join(' ')})`;
  },
};
