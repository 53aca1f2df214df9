import type { LongTermTextSearch, RankedRow } from '../sql/dialect-longterm-index.ts';
import type { SqlClient } from '../sql/sql-client.ts';
import { queryAll, queryGet } from '../sql/sql-exec.ts';
import { joinSql, raw, sql } from '../sql/sql-fragment.ts';
import { idChunks } from '../sql/sql-longterm-options.ts';
import { rankColumns } from '../sql/sql-longterm-ranked.ts';
import { fts5Bm25, fts5Totals, readVarints } from './sqlite-fts-bm25.ts';
import { writeState } from './sqlite-read-memo.ts';
import { termRowCounts } from './sqlite-term-rows.ts';
import { isPlain, rowTermsColumns } from './sqlite-terms-column.ts';

/** Most known rows {@link rankKnownRows} scores in process (beyond it, `bm25()` over every match costs less). */
export const mostKnownRows = 1000;

/** Per handle, whether its SQLite has `ln()` (built with math functions; node:sqlite's is). */
const math = new WeakMap<SqlClient, boolean>();
async function hasMath(client: SqlClient): Promise<boolean> {
  let known = math.get(client);
  if (known === undefined) {
    const row = await queryGet(client, sql`SELECT sqlite_compileoption_used('ENABLE_MATH_FUNCTIONS') AS m`);
    known = Number(row?.m) === 1;
    math.set(client, known);
  }
  return known;
}

/**
 * A large-scope search over rows known in advance (`rids`: the scope's live rows of the kinds it asks for), scored
 * as FTS5's `bm25()` scores them in the full search, without scoring every match of the terms: the table's row
 * count and token total (its averages record), each term's hit count (a `count(*)` of its doclist, in the columns
 * the search reads), each row's size (`_docsize`) and its terms' frequencies from the terms kept with the row (text
 * 1, context `contextWeight` each). Rows that pass `where` and hold a term are ranked best first, the oldest first
 * on ties, the best `limit` kept. Undefined when FTS5 might split a query term or a row's terms differently from a
 * split on spaces (a term outside lowercase ASCII letters and digits), or when the SQLite has no `ln()`: the
 * caller then ranks by `bm25()`; undefined too when a write commits between its first read and its last (its
 * statistics and rows would be of two states). The arithmetic is FTS5's, in its order, with SQLite's own logarithm,
 * so the scores are `bm25()`'s to the bit.
 */
export async function rankKnownRows(
  client: SqlClient,
  search: LongTermTextSearch,
  rids: readonly number[],
): Promise<(RankedRow & { first: number })[] | undefined> {
  if (!search.terms.every(isPlain) || !(await hasMath(client))) return undefined;
  // Its statements each read the latest commit: a write between the first and the last (another handle's commit,
  // or another task's on this handle) would score one state's rows with another's statistics, so it gives way to
  // `bm25()` (one statement). Inside a transaction (no state to compare) the handle's own snapshot holds.
  const state = await writeState(client);
  const rows = [];
  for (const part of idChunks(rids))
    rows.push(
      ...(await queryAll(
        client,
        sql`SELECT ${rankColumns}, r.first_rid, r.terms, r.context_terms FROM engram_ltm_records r NOT INDEXED WHERE r.rid IN (${joinSql(part)}) AND ${search.where}`,
      )),
    );
  const readColumns = rowTermsColumns(client);
  const columns = rows.map((r) => readColumns(Number(r.rid), r.terms, r.context_terms));
  if (!columns.every((c) => c.text.plain && c.context.plain)) return undefined;
  const context = search.contextWeight > 0;
  const freqs = columns.map((c) =>
    search.terms.map((term) => {
      // FTS5 adds each instance's column weight in position order: the text's (1 each), then the context's.
      let f = c.text.count(term);
      if (context) for (let k = c.context.count(term); k > 0; k--) f += search.contextWeight;
      return f;
    }),
  );
  const matched = rows.flatMap((row, i) => (freqs[i]?.some((f) => f > 0) ? [{ row, f: freqs[i] }] : []));
  if (matched.length === 0) return [];
  const averages = await queryGet(client, sql`SELECT block FROM engram_ltm_fts_data WHERE id = 1`);
  const totals = fts5Totals(averages?.block instanceof Uint8Array ? averages.block : undefined, 3);
  // SQLite's ln(), the log FTS5 takes (JavaScript's Math.log differs from it in the last bit now and then), over
  // the same quotient FTS5 computes (IEEE division is exact to the bit in both).
  const quotients = (await termRowCounts(client, search.terms, context)).map(
    (n) => (totals.rows - n + 0.5) / (n + 0.5),
  );
  const logs =
    quotients.length === 0
      ? undefined
      : await queryGet(
          client,
          sql`SELECT ${joinSql(quotients.map((q, i) => sql`ln(${q}) AS ${raw(`l${i}`)}`))}`,
        );
  const idfs = quotients.map((_, i) => {
    const idf = Number(logs?.[`l${i}`]);
    return Number.isFinite(idf) && idf > 0 ? idf : 1e-6;
  });
  const sizes = new Map<number, number>();
  for (const part of idChunks(matched.map((m) => Number(m.row.rid))))
    for (const s of await queryAll(
      client,
      sql`SELECT id, sz FROM engram_ltm_fts_docsize WHERE id IN (${joinSql(part)})`,
    ))
      sizes.set(
        Number(s.id),
        readVarints(s.sz instanceof Uint8Array ? s.sz : new Uint8Array(), 3).reduce((a, n) => a + n, 0),
      );
  if (state !== undefined && (await writeState(client)) !== state) return undefined;
  return matched
    .map(({ row, f }) => ({
      rid: Number(row.rid),
      first: Number(row.first_rid),
      score: fts5Bm25(idfs, f, sizes.get(Number(row.rid)) ?? 0, totals),
      columns: row,
    }))
    .sort((a, b) => b.score - a.score || a.first - b.first)
    .slice(0, search.limit);
}
