import type { SqlContentSearch } from '../sql/dialect-content-search.ts';
import type { SqlClient } from '../sql/sql-client.ts';
import { queryRun } from '../sql/sql-exec.ts';
import { sql } from '../sql/sql-fragment.ts';
import { fts5MatchText } from './sqlite-fts5.ts';

/**
 * SQLite's content search (schema v10): a contentless FTS5 table (`porter unicode61`, `contentless_delete`)
 * whose rows carry the owner-and-space token, written by the store in the same transaction as the item row.
 */
export const sqliteContentSearch: SqlContentSearch<SqlClient> = {
  ddl: {
    columns: [],
    statements: [
      `CREATE VIRTUAL TABLE IF NOT EXISTS engram_content_fts USING fts5(owner, text, content='', contentless_delete=1, tokenize='porter unicode61')`,
    ],
  },
  rowColumns: [],
  rowValues: () => [],
  add: async (tx, { rid, owner, text }) => {
    await queryRun(
      tx,
      sql`INSERT INTO engram_content_fts (rowid, owner, text) VALUES (${rid}, ${owner}, ${text})`,
    );
  },
  remove: async (tx, rows) => {
    await queryRun(
      tx,
      sql`DELETE FROM engram_content_fts WHERE rowid IN (SELECT rid FROM engram_content_items WHERE ${rows})`,
    );
  },
  match: (words, owner) =>
    sql`rid IN (SELECT rowid FROM engram_content_fts WHERE engram_content_fts MATCH ${`owner : "${owner}" AND text : (${fts5MatchText(words)})`})`,
};
