import type { RecordOwner } from '../../longterm/record-filter.ts';
import type { SqlLongTermIndex } from '../sql/dialect-longterm-index.ts';
import type { SqlClient } from '../sql/sql-client.ts';
import { queryRun } from '../sql/sql-exec.ts';
import { joinSql, sql } from '../sql/sql-fragment.ts';
import { ownerTokens } from '../sql/sql-longterm-rows.ts';
import { rankSqliteLongTerm } from './sqlite-longterm-rank.ts';

/**
 * SQLite's long-term index (schema v11): a contentless FTS5 table (`scope`, `text`, `context`) over the live
 * versions, whose `scope` column holds the owner's tokens (so a scoped search reads only the scope's postings),
 * written in the writing transaction. Searches rank row ids (`rankSqliteLongTerm`): a small scope with its own
 * statistics, a larger one by `bm25()` with the scope column weighted 0.
 */
export const sqliteLongTermIndex: SqlLongTermIndex<SqlClient> = {
  ddl: {
    columns: [],
    statements: [
      `CREATE VIRTUAL TABLE IF NOT EXISTS engram_ltm_fts USING fts5(scope, text, context, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0')`,
    ],
  },
  rowColumns: [],
  rowValues: () => [],
  add: async (tx, versions) => {
    // The owner's tokens (three hashes) once per owner of the call, not once per version.
    const tokens = new Map<string, string>();
    const tokensOf = (owner: RecordOwner) => {
      const key = JSON.stringify([owner.tenant, owner.user, owner.agent]);
      let value = tokens.get(key);
      if (value === undefined) {
        value = ownerTokens(owner).join(' ');
        tokens.set(key, value);
      }
      return value;
    };
    for (let i = 0; i < versions.length; i += 200) {
      const rows = versions
        .slice(i, i + 200)
        .map((v) => sql`(${v.rid}, ${tokensOf(v.owner)}, ${v.terms.join(' ')}, ${v.contextTerms.join(' ')})`);
      await queryRun(
        tx,
        sql`INSERT INTO engram_ltm_fts (rowid, scope, text, context) VALUES ${joinSql(rows)}`,
      );
    }
  },
  remove: async (tx, versions) => {
    for (const v of versions) await queryRun(tx, sql`DELETE FROM engram_ltm_fts WHERE rowid = ${v.rid}`);
  },
  search: (client, search) => rankSqliteLongTerm(client, search),
};
