import type { SqlClient } from '../sql/sql-client.ts';
import { queryAll, queryGet } from '../sql/sql-exec.ts';
import { type SqlFragment, sql } from '../sql/sql-fragment.ts';
import { fts5Idf, fts5Totals } from './sqlite-fts-bm25.ts';
import { fts5String } from './sqlite-fts5.ts';
import { inTransaction } from './sqlite-open-transaction.ts';
import { createReadMemo, type ReadPass, writeState } from './sqlite-read-memo.ts';
import { knownTermRows, termRowCounts } from './sqlite-term-rows.ts';

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
 * The MATCH expression of the rows that hold one of the terms at `rare` positions (for a scope that holds every live
 * record: `m.scope` unset, `m.anyRow` on every row), scored by
 * `bm25()` as {@link fullMatch} scores them, to the bit: `any term AND (anyRow NOT (anyRow NOT any rare term))`.
 * Its first phrases are the full match's, in the same order; the others (the owner token, in the `scope` column,
 * weighted 0, and the rare terms again) add exactly 0 to a row it matches: the inner `NOT` excludes a row that
 * holds a rare term by moving past it, rare terms included, so on a row the expression matches none of those
 * phrases stands at the row. FTS5 walks the owner token's rows and seeks the terms' to them, without scoring
 * (on the agent-step suite's 50k session: 6.6 ms, against 9.7 for `any term NOT (anyRow NOT any rare term)`,
 * which merges every term's rows). Two other forms differ from the full match's scores: one that ANDs the other
 * terms as optional groups loses their hits on rows where a group's sibling fails (FTS5 clears the hits of a
 * branch that does not match), one that puts the rare terms first sums the phrases in another order (45 of 264
 * rows differed in the last bits).
 */
export function rareTermsMatch(m: TermsMatch, rare: ReadonlySet<number>): string {
  const some = m.terms.filter((_, i) => rare.has(i));
  const any = `scope : ${fts5String(m.anyRow)}`;
  return `(${anyTerm(m)}) AND (${any} NOT (${any} NOT ${anyTerm(m, some)}))`;
}

/** A match of a large-scope search: its row id and `bm25()` score (higher is better). */
export interface ScoredMatch {
  /** The FTS5 row id (the record version's `rid`). */
  rid: number;
  /** The match's score. */
  score: number;
}

/**
 * Rows of the index from which a search always counts its terms to try the cut (below it, only when a count read
 * before says a term is dense: {@link RareTermsTuning.fromRows}). Below it `bm25()` over every match costs
 * at most ~18 ms (about 1 µs a row scored), and the counts (`fts5vocab`: 0.02–0.12 ms a term, more when the term's
 * pages are cold) cost more than the cut saves where queries match few rows: on the longterm-scale corpus at 15,000
 * records, whose queries rarely hold a term in most rows, counting on every search made the tenant-wide search
 * 0.2 ms (12%) slower, 2.8x -> 3.2x a raw FTS5 `bm25()` top 10.
 */
const cutFromRows = 18_000;

/** The largest of the counts known (0 when none is). */
const maxOf = (counts: readonly (number | undefined)[]): number =>
  counts.reduce<number>((a, n) => (n !== undefined && n > a ? n : a), 0);

/** When {@link rareTermsMatches} tries the cut. */
export interface RareTermsTuning {
  /**
   * Term occurrences in the index (the query terms' document counts summed) from which the cut is tried; 0 tries it
   * on every search of two terms or more, without the index's size and density tests (tests reach it on small
   * corpora).
   */
  from: number;
  /**
   * Rows of the index from which the cut is always tried; below it, only when a count this handle read before (of
   * any search, however old: `knownTermRows`; a read of every match that was slow notes its terms' counts) says one
   * of the terms is dense. @default {@link cutFromRows}
   */
  fromRows?: number;
  /** The search's read pass: its state stands for the handle's at the start (read again after the cut's read). */
  pass?: ReadPass;
  /**
   * The fewest rows the caller needs (at most `read`; the rest of `read` are spare rows for a later, wider ask):
   * when the `read`-th best row does not clear the other terms' bounds but the first `need` or more do, those are
   * returned (the answer of a `LIMIT k` query, `need` ≤ k < `read`), without reading more terms' rows.
   * @default read
   */
  need?: number;
}

/** Per handle, the index's row count and average column sizes (its averages record), read while nothing was written. */
const indexTotals = createReadMemo<ReturnType<typeof fts5Totals>>(1);

/** `bm25()`'s `k1`: a term adds less than its idf times `k1 + 1` to any row's score. */
const k1 = 1.2;

/** Which terms a cut reads the rows of ({@link planCut}), and the bounds it checks the rows it reads against. */
interface CutPlan {
  /** The terms taken (their indexes), rarest first. */
  rare: Set<number>;
  /** Every term's index, rarest first (ties in query order). */
  rarestFirst: number[];
  /** The rows holding the rare terms, summed over them (at least the rows the cut reads). */
  held: number;
  /** The commonest term's rows: the full match scores at least that many. */
  commonest: number;
  /** The bounds of the terms not taken, summed afresh (no running difference to lose bits). */
  others: () => number;
}

/**
 * The rare terms of a cut by the terms' row counts in an index of `rows`: the rarest, taken until they occur in at
 * least `read` rows and the others' bounds sum to less than the idf of the last one taken.
 */
function planCut(counts: readonly number[], rows: number, read: number): CutPlan {
  const idf = counts.map((n) => fts5Idf(rows, n));
  // Each bound a little over (JavaScript's log and SQLite's may differ in the last bit).
  const bound = idf.map((x) => x * (k1 + 1) * (1 + 1e-9));
  const rarestFirst = counts
    .map((_, i) => i)
    .sort((a, b) => (counts[a] as number) - (counts[b] as number) || a - b);
  const rare = new Set<number>();
  const others = () => bound.reduce((sum, x, i) => (rare.has(i) ? sum : sum + x), 0);
  let held = 0;
  for (const i of rarestFirst) {
    rare.add(i);
    held += counts[i] as number;
    if (held >= read && others() < (idf[i] as number)) break;
  }
  return { rare, rarestFirst, held, commonest: Math.max(...counts), others };
}

/**
 * Whether a cut pays: scoring every match costs more than walking the owner token's rows (every row of the index,
 * at about a quarter of a row scored) and scoring the rare terms' rows.
 */
const paysOff = (plan: CutPlan, rows: number): boolean => rows / 4 + plan.held <= (plan.commonest * 2) / 3;

/**
 * The best `read` matches of `m` scored by `score` (best first), read from the rows that hold its rarer terms
 * only, when that gives the answer of a `LIMIT read` query over every match (or of a `LIMIT k` query, `need` ≤ k <
 * `read`: the rows that clear the other terms' bounds, when fewer than `read` do); undefined when the cut does not
 * apply (the caller reads every match): fewer than two terms, a transaction open on the handle (the index's row
 * count is saved at commit), a write between its first statement and its read (its counts and its read would see two
 * states of the data), an index of fewer than `fromRows` rows or fewer than `from` term occurrences in it
 * (every match is cheap to score: {@link RareTermsTuning}).
 *
 * The cut (MaxScore): a term adds less than `idf × (k1 + 1)` to a row's score (its idf as `bm25()` takes it, from
 * the index's row count and the term's document count), so a row holding none of the rare terms scores less
 * than the others' bounds summed. The rare terms are the rarest ones, taken until they occur in at least `read`
 * rows and the others' bounds sum to less than the idf of the last one taken (what a row holding it once
 * typically scores). When the `read`-th best of their rows scores above the others' bounds, no other row can
 * rank among the best `read`: those rows, scored as the full match scores them ({@link rareTermsMatch}), are the
 * answer. Every row scoring above the bounds ranks above every row outside the rare terms', so the rows that do
 * form the best `k` of every match: when at least `need` do, they are the answer (a first ask that reads spare rows
 * for a wider second one is served by those that hold, not by a second read of more terms' rows: on the agent-step
 * suite's 10,000-message session a static recall's 264 rows read 2.2 ms where adding the next term costs 4.3 ms more,
 * and 239 of them hold, the 132 of the first ask and the 232 of a second for twice the candidates). Otherwise more terms are taken until the others' bounds fall below that score (the `read`-th best can
 * only rise as rows are added), and the read is made once more; when every term would be taken, undefined. Only for a
 * scope that holds every live record (`m.scope` unset: the index's counts are the scope's, and the walk over the
 * owner token's rows is the table's), and only when the commonest term holds enough rows that scoring every match
 * costs more than that walk (a quarter of a row scored per row walked) plus scoring the rare terms' rows.
 *
 * Cost: the terms' document counts (`fts5vocab`), then `bm25()` over the rare terms' rows: on the agent-step
 * suite's 50,000-message session (21,732 records, a query whose four common terms match 93% of them) 1.5 + 6.6 ms
 * against 19.7 ms for `bm25()` over every match.
 */
export async function rareTermsMatches(
  client: SqlClient,
  m: TermsMatch,
  score: SqlFragment,
  read: number,
  { from, fromRows = cutFromRows, pass, need = read }: RareTermsTuning,
): Promise<ScoredMatch[] | undefined> {
  if (m.scope !== undefined || m.terms.length < 2 || inTransaction(client)) return undefined;
  // Each statement below reads the latest commit: the bounds hold only if the read scores by the counts they were
  // taken from, so a write in between (another handle's commit, or another task's on this handle) drops the cut.
  const run = pass ?? { state: await writeState(client) };
  const { rows } = await indexTotals.recall(
    client,
    'totals',
    async () => {
      const averages = await queryGet(client, sql`SELECT block FROM engram_ltm_fts_data WHERE id = 1`);
      return fts5Totals(averages?.block instanceof Uint8Array ? averages.block : undefined, 3);
    },
    undefined,
    run,
  );
  if (rows === 0) return undefined;
  const context = m.columns !== 'text';
  if (from > 0 && rows < fromRows) {
    // In a smaller index the counts are taken only when an earlier count says a term is common (a slow read of every
    // match noted them: `bestMatches`), so a search of rare terms pays nothing for the cut.
    const hints = knownTermRows(client, m.terms, context);
    if (!((2 * maxOf(hints)) / 3 > rows / 4)) return undefined;
    // The terms never counted are counted (and noted); with the others' last counts, a cut that would not pay (the
    // rare terms' rows too many) is declined before every term is counted again. Only where a count is an index
    // lookup (`fts5vocab`: text and context): a count by match (text alone) reads the term's posting list, which the
    // exact counts below would read again.
    const unknown = m.terms.filter((_, i) => hints[i] === undefined);
    if (context || unknown.length === 0) {
      const fresh = unknown.length > 0 ? await termRowCounts(client, unknown, context, run) : [];
      let at = 0;
      const guess = hints.map((n) => n ?? (fresh[at++] as number));
      if (!paysOff(planCut(guess, rows, read), rows)) return undefined;
    }
  }
  const counts = await termRowCounts(client, m.terms, context, run);
  if (counts.reduce((a, n) => a + n, 0) < from) return undefined;
  const plan = planCut(counts, rows, read);
  if (from > 0 && !paysOff(plan, rows)) return undefined;
  const { rare, rarestFirst, others } = plan;
  for (let pass = 0; rare.size < m.terms.length && pass < 2; pass++) {
    const found = await queryAll(
      client,
      sql`SELECT rowid AS rid, ${score} AS score FROM engram_ltm_fts WHERE engram_ltm_fts MATCH ${rareTermsMatch(m, rare)} ORDER BY score DESC LIMIT ${read}`,
    );
    if ((await writeState(client)) !== run.state) return undefined;
    const scored = found.map((r) => ({ rid: Number(r.rid), score: Number(r.score) }));
    // The rows above the bounds of the terms not taken: a prefix (best first), the best of every match.
    const bar = others();
    const below = scored.findIndex((r) => !(r.score > bar));
    const clear = below === -1 ? scored.length : below;
    if (clear > 0 && clear >= Math.min(need, read)) return scored.slice(0, clear);
    if (found.length < read) return undefined;
    const threshold = scored[read - 1]?.score as number;
    // More rare terms, until the others' bounds fall below the score the read-th best already has.
    for (const i of rarestFirst) if (!rare.has(i) && others() >= threshold) rare.add(i);
  }
  return undefined;
}
