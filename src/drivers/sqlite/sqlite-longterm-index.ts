import { bm25B, bm25Idf, bm25K1 } from '../../longterm/bm25.ts';
import type { LongTermHit } from '../../longterm/long-term-query.ts';
import type { LongTermTextSearch, SqlLongTermIndex } from '../sql/dialect-longterm-index.ts';
import type { SqlClient } from '../sql/sql-client.ts';
import { queryAll, queryGet, queryRun } from '../sql/sql-exec.ts';
import { joinSql, sql } from '../sql/sql-fragment.ts';
import { ownerTokens, recordColumns, toRecord } from '../sql/sql-longterm-rows.ts';
import { scopeWhere } from '../sql/sql-view.ts';
import { fts5String } from './sqlite-fts5.ts';

/**
 * Scopes of at most this many live records are ranked in JavaScript with the scope's own statistics, so their
 * search reads only the scope's rows; larger ones use FTS5's `bm25()` (statistics of the whole table).
 */
export const smallScopeRecords = 2000;

/** The MATCH expressions of a search: its scope tokens alone, and those with any of its terms. */
function matches(search: LongTermTextSearch): { scopeMatch: string; match: string } {
  const columns = search.contextWeight > 0 ? '{text context}' : 'text';
  const scopeMatch = `scope : (${search.scopeTokens.map(fts5String).join(' AND ')})`;
  return {
    scopeMatch,
    match: `${scopeMatch} AND ${columns} : (${search.terms.map(fts5String).join(' OR ')})`,
  };
}

/**
 * A search in a small scope: BM25 (the formula of `scoreBm25` and of the PostgreSQL path) over the scope's own
 * statistics — its live record count and mean length, each term's document frequency counted by an FTS5 match
 * within the scope — scored over the matching rows' stored terms; the records of the best `limit` read last.
 * Every statement reads the scope's rows only (FTS5 intersects the scope token's short doclist), so its cost does
 * not grow with the rest of the table. Undefined when the scope holds more than {@link smallScopeRecords}.
 */
async function smallScopeSearch(
  client: SqlClient,
  search: LongTermTextSearch,
): Promise<LongTermHit[] | undefined> {
  const { scopeMatch, match } = matches(search);
  const size = await queryGet(
    client,
    sql`SELECT count(*) AS docs, coalesce(sum(term_count), 0) AS terms FROM (SELECT r.term_count FROM engram_ltm_records r WHERE ${scopeWhere(search.scope, 'r')} AND r.live = 1 LIMIT ${smallScopeRecords + 1})`,
  );
  const docs = Number(size?.docs ?? 0);
  if (docs > smallScopeRecords) return undefined;
  if (docs === 0) return [];
  const avg = Number(size?.terms ?? 0) / docs || 1;
  const idf = new Map<string, number>();
  for (const term of search.terms) {
    const row = await queryGet(
      client,
      sql`SELECT count(*) AS n FROM engram_ltm_fts WHERE engram_ltm_fts MATCH ${`${scopeMatch} AND {text context} : ${fts5String(term)}`}`,
    );
    idf.set(term, bm25Idf(docs, Number(row?.n ?? 0)));
  }
  const rows = await queryAll(
    client,
    sql`SELECT r.rid, r.first_rid, r.terms, r.context_terms, r.term_count FROM engram_ltm_fts JOIN engram_ltm_records r ON r.rid = engram_ltm_fts.rowid WHERE engram_ltm_fts MATCH ${match} AND ${search.where}`,
  );
  const wanted = new Set(search.terms);
  const scored = rows
    .map((r) => {
      const tf = new Map<string, number>();
      const add = (text: unknown, w: number) => {
        if (w > 0 && typeof text === 'string' && text !== '')
          for (const t of text.split(' ')) if (wanted.has(t)) tf.set(t, (tf.get(t) ?? 0) + w);
      };
      add(r.terms, 1);
      add(r.context_terms, search.contextWeight);
      const length = Number(r.term_count);
      let score = 0;
      for (const [t, f] of tf)
        score +=
          (idf.get(t) ?? 0) * ((f * (bm25K1 + 1)) / (f + bm25K1 * (1 - bm25B + (bm25B * length) / avg)));
      return { rid: Number(r.rid), first: Number(r.first_rid), score };
    })
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.first - b.first)
    .slice(0, search.limit);
  if (scored.length === 0) return [];
  const found = await queryAll(
    client,
    sql`SELECT ${recordColumns} FROM engram_ltm_records r WHERE r.rid IN (${joinSql(scored.map((x) => x.rid))})`,
  );
  const byRid = new Map(found.map((r) => [Number(r.rid), r]));
  return scored.flatMap(({ rid, score }) => {
    const row = byRid.get(rid);
    return row ? [{ id: String(row.id), score, record: toRecord(row, client.dialect) }] : [];
  });
}

/**
 * SQLite's long-term index (schema v11): a contentless FTS5 table (`scope`, `text`, `context`) over the live
 * versions, whose `scope` column holds the owner's tokens (so a scoped search reads only the scope's postings),
 * written in the writing transaction. A small scope is ranked with its own statistics
 * ({@link smallScopeRecords}); a larger one by `bm25()` with the scope column weighted 0.
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
    for (let i = 0; i < versions.length; i += 200) {
      const rows = versions
        .slice(i, i + 200)
        .map(
          (v) =>
            sql`(${v.rid}, ${ownerTokens(v.owner).join(' ')}, ${v.terms.join(' ')}, ${v.contextTerms.join(' ')})`,
        );
      await queryRun(
        tx,
        sql`INSERT INTO engram_ltm_fts (rowid, scope, text, context) VALUES ${joinSql(rows)}`,
      );
    }
  },
  remove: async (tx, versions) => {
    for (const v of versions) await queryRun(tx, sql`DELETE FROM engram_ltm_fts WHERE rowid = ${v.rid}`);
  },
  search: async (client, search) => {
    const small = await smallScopeSearch(client, search);
    if (small) return small;
    const { match } = matches(search);
    const rows = await queryAll(
      client,
      sql`SELECT ${recordColumns}, -bm25(engram_ltm_fts, 0.0, 1.0, ${search.contextWeight}) AS score FROM engram_ltm_fts JOIN engram_ltm_records r ON r.rid = engram_ltm_fts.rowid WHERE engram_ltm_fts MATCH ${match} AND ${search.where} ORDER BY score DESC, r.first_rid LIMIT ${search.limit}`,
    );
    return rows.map((r) => ({
      id: String(r.id),
      score: Number(r.score),
      record: toRecord(r, client.dialect),
    }));
  },
};
