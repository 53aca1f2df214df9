import type { SqlClient } from '../sql/sql-client.ts';
import { queryAll, queryGet } from '../sql/sql-exec.ts';
import { type SqlFragment, sql } from '../sql/sql-fragment.ts';
import { fts5Idf, fts5Totals } from './sqlite-fts-bm25.ts';
import { fts5String } from './sqlite-fts5.ts';
import { inTransaction } from './sqlite-open-transaction.ts';
import { termRowCounts } from './sqlite-term-rows.ts';

/** The MATCH of a large-scope search, in parts (so it can be restricted to the rows that hold its rarer terms). */
export interface TermsMatch {
  /** `scope : (...)`, the scope tokens the match requires; undefined when the scope holds every live record. */
  scope?: string;
  /** The columns the terms are matched in. */
  columns: 'text' | '{text context}';
  /** The query's distinct terms, in the search's order (`bm25()` sums its phrases in this order). */
  terms: readonly string[];
  /** An owner token every row of the searched scope holds (`scopeTokens(scope)[0]`). */
  anyRow: string;
}

/** The terms part of a match: any of the terms, in the search's order (`bm25()` sums its phrases in this order). */
const anyTerm = (m: TermsMatch, terms: readonly string[] = m.terms) =>
  `${m.columns} : (${terms.map(fts5String).join(' OR ')})`;

/** The MATCH expression of every row (of the scope) that holds any of the terms. */
export function fullMatch(m: TermsMatch): string {
  return m.scope === undefined ? anyTerm(m) : `${m.scope} AND ${anyTerm(m)}`;
}

/**
 * The MATCH expression of the rows (of the scope) that hold one of the terms at `rare` positions, scored by
 * `bm25()` as {@link fullMatch} scores them, to the bit: `any term NOT (anyRow NOT any rare term)`. Its first
 * phrases are the full match's, in the same order; the others (the owner token, in the `scope` column, weighted
 * 0, and the rare terms again) add exactly 0 to a row it matches: FTS5 moves the right side of a `NOT` past each
 * row it excludes, so on a row the expression matches, none of those phrases stands at the row. (A form that
 * ANDs the other terms as optional groups loses their hits on rows where a group's sibling fails, and one that
 * puts the rare terms first sums the phrases in another order: both differ from the full match's scores.)
 */
export function rareTermsMatch(m: TermsMatch, rare: ReadonlySet<number>): string {
  const some = m.terms.filter((_, i) => rare.has(i));
  const expr = `(${anyTerm(m)}) NOT (scope : ${fts5String(m.anyRow)} NOT ${anyTerm(m, some)})`;
  return m.scope === undefined ? expr : `${m.scope} AND (${expr})`;
}

/** A match of a large-scope search: its row id and `bm25()` score (higher is better). */
export interface ScoredMatch {
  /** The FTS5 row id (the record version's `rid`). */
  rid: number;
  /** The match's score. */
  score: number;
}

/** `bm25()`'s `k1`: a term adds less than its idf times `k1 + 1` to any row's score. */
const k1 = 1.2;

/**
 * The best `read` matches of `m` scored by `score` (best first), read from the rows that hold its rarer terms
 * only, when that gives the answer of a `LIMIT read` query over every match; undefined when the cut does not
 * apply (the caller reads every match): fewer than two terms, a transaction open on the handle (the index's row
 * count is saved at commit), or fewer than `from` term occurrences in the index (every match is cheap to score).
 *
 * The cut (MaxScore): a term adds less than `idf × (k1 + 1)` to a row's score (its idf as `bm25()` takes it, from
 * the index's row count and the term's document count), so a row holding none of the rare terms scores less
 * than the others' bounds summed. The rare terms are the rarest ones, taken until they occur in at least `read`
 * rows and the others' bounds sum to less than the idf of the last one taken (what a row holding it once
 * typically scores). When the `read`-th best of their rows scores above the others' bounds, no other row can
 * rank among the best `read`: those rows, scored as the full match scores them ({@link rareTermsMatch}), are the
 * answer. Otherwise more terms are taken until the others' bounds fall below that score (the `read`-th best can
 * only rise as rows are added), and the read is made once more; when every term would be taken, undefined.
 *
 * Cost: the terms' document counts (`fts5vocab`), then `bm25()` over the rare terms' rows: on the agent-step
 * suite's 50,000-message session (21,732 records, a query whose four common terms match 93% of them) 2.5 + 4.5 ms
 * against 18 ms for `bm25()` over every match.
 */
export async function rareTermsMatches(
  client: SqlClient,
  m: TermsMatch,
  score: SqlFragment,
  read: number,
  from: number,
): Promise<ScoredMatch[] | undefined> {
  if (m.terms.length < 2 || inTransaction(client)) return undefined;
  const counts = await termRowCounts(client, m.terms, m.columns !== 'text');
  if (counts.reduce((a, n) => a + n, 0) < from) return undefined;
  const averages = await queryGet(client, sql`SELECT block FROM engram_ltm_fts_data WHERE id = 1`);
  const rows = fts5Totals(averages?.block instanceof Uint8Array ? averages.block : undefined, 3).rows;
  if (rows === 0) return undefined;
  const idf = counts.map((n) => fts5Idf(rows, n));
  // Each bound a little over (JavaScript's log and SQLite's may differ in the last bit).
  const bound = idf.map((x) => x * (k1 + 1) * (1 + 1e-9));
  const rarestFirst = counts
    .map((_, i) => i)
    .sort((a, b) => (counts[a] as number) - (counts[b] as number) || a - b);
  const rare = new Set<number>();
  // The bounds of the terms not taken, summed afresh (no running difference to lose bits).
  const others = () => bound.reduce((sum, x, i) => (rare.has(i) ? sum : sum + x), 0);
  let held = 0;
  for (const i of rarestFirst) {
    rare.add(i);
    held += counts[i] as number;
    if (held >= read && others() < (idf[i] as number)) break;
  }
  for (let pass = 0; rare.size < m.terms.length && pass < 2; pass++) {
    const found = await queryAll(
      client,
      sql`SELECT rowid AS rid, ${score} AS score FROM engram_ltm_fts WHERE engram_ltm_fts MATCH ${rareTermsMatch(m, rare)} ORDER BY score DESC LIMIT ${read}`,
    );
    if (found.length < read) return undefined;
    const threshold = Number(found[read - 1]?.score);
    if (others() < threshold) return found.map((r) => ({ rid: Number(r.rid), score: Number(r.score) }));
    // More rare terms, until the others' bounds fall below the score the read-th best already has.
    for (const i of rarestFirst) if (!rare.has(i) && others() >= threshold) rare.add(i);
  }
  return undefined;
}
