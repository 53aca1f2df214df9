import type { LongTermTextSearch } from '../../src/drivers/sql/dialect-longterm-index.ts';
import type { SqlClient } from '../../src/drivers/sql/sql-client.ts';
import { queryAll } from '../../src/drivers/sql/sql-exec.ts';
import { sql } from '../../src/drivers/sql/sql-fragment.ts';
import { createSqlLongTermRecords } from '../../src/drivers/sql/sql-longterm.ts';
import { fts5String } from '../../src/drivers/sqlite/sqlite-fts5.ts';
import { sqliteLongTermIndex } from '../../src/drivers/sqlite/sqlite-longterm-index.ts';
import { rankSqliteLongTerm } from '../../src/drivers/sqlite/sqlite-longterm-rank.ts';
import type { HasLongTermRecords } from '../../src/longterm/long-term-store-v1.ts';

/** The large-scope ranking by `bm25()` as it was first written: every match joined to its record and filter. */
export async function joinedRanking(
  client: SqlClient,
  search: LongTermTextSearch,
): Promise<{ rid: number; score: number }[]> {
  const columns = search.contextWeight > 0 ? '{text context}' : 'text';
  const match = `scope : (${search.scopeTokens.map(fts5String).join(' AND ')}) AND ${columns} : (${search.terms.map(fts5String).join(' OR ')})`;
  const rows = await queryAll(
    client,
    sql`SELECT r.rid, -bm25(engram_ltm_fts, 0.0, 1.0, ${search.contextWeight}) AS score FROM engram_ltm_fts JOIN engram_ltm_records r ON r.rid = engram_ltm_fts.rowid WHERE engram_ltm_fts MATCH ${match} AND ${search.where} ORDER BY score DESC, r.first_rid LIMIT ${search.limit}`,
  );
  return rows.map((r) => ({ rid: Number(r.rid), score: Number(r.score) }));
}

/** Long-term records over a SQLite client whose every scope takes the large-scope path, from a first batch of `firstBatch`. */
export function largeScopeRecords(base: SqlClient, firstBatch: number): HasLongTermRecords {
  const client: SqlClient = {
    ...base,
    dialect: {
      ...base.dialect,
      longTermIndex: {
        ...sqliteLongTermIndex,
        // The rarer terms' rows ranked first whenever the cut applies (the same answer, to the bit).
        search: (c, search) => rankSqliteLongTerm(c, search, { smallScope: 0, firstBatch, cutFrom: 0 }),
      },
    },
  };
  return {
    longTermRecords: createSqlLongTermRecords({ client, component: 'sqlite', op: (_w, _s, fn) => fn() }),
  };
}

/**
 * `client` with `commit` run once, right after its first read of the long-term index's averages record (the row
 * count a search reads first): a write committing between a search's statements, by another handle (another
 * process) or by another task on this one. `committed()` says whether it ran.
 */
export function commitAfterRowCount(
  client: SqlClient,
  commit: () => Promise<unknown>,
): { client: SqlClient; committed: () => boolean } {
  let done = false;
  return {
    client: {
      ...client,
      get: async (text, params) => {
        const row = await client.get(text, params);
        if (!done && text.includes('engram_ltm_fts_data WHERE id = 1')) {
          done = true;
          await commit();
        }
        return row;
      },
    },
    committed: () => done,
  };
}
