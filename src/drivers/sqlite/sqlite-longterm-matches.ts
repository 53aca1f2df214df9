import type { SqlClient } from '../sql/sql-client.ts';
import { queryAll } from '../sql/sql-exec.ts';
import { type SqlFragment, sql } from '../sql/sql-fragment.ts';
import {
  fullMatch,
  rareTermsMatches,
  type ScoredMatch,
  type TermsMatch,
} from './sqlite-longterm-rare-terms.ts';
import { createReadMemo, type ReadPass } from './sqlite-read-memo.ts';
import { noteTermRows } from './sqlite-term-rows.ts';

/**
 * Term occurrences in the index (the query terms' document counts summed) from which a search ranks the rows of
 * its rarer terms first ({@link rareTermsMatches}); below it, `bm25()` over every match costs less than the counts.
 */
export const rareTermsFrom = 2000;

/** Most rows a read of {@link bestMatches} takes beyond those asked. */
export const spareRows = 1000;

/**
 * A `bm25()` read over every match that takes this long (ms; about a row scored a microsecond) has the handle note
 * its terms' counts ({@link noteTermRows}), so its next search with a dense one of them tries the cut of
 * {@link rareTermsMatches} below `cutFromRows` (which, below it, tries the cut only when a count read before says
 * a term is dense). Time decides only the cost: the cut gives the full read's answer.
 */
export const slowFullMatchMs = 2;

/** A read of {@link bestMatches}: its rows, and the asks of the search it was read for. */
interface MatchesRead {
  /** The rows read, best first. */
  rows: ScoredMatch[];
  /** Whether they are every match. */
  complete: boolean;
  /** The search's first ask (`n`). */
  asked: number;
  /** The most it was asked for since (at least `asked`). */
  widest: number;
}

/** Per handle, the matches it read last (one entry: the search just before, typically the same query's other leg). */
const lastRead = createReadMemo<MatchesRead>(1);

/**
 * Per handle, once a search on it was asked again for more of the same matches (hybrid search's `keptHits` asks
 * for its candidates, then for more in proportion to those dropped, as in sessions with episodes; a large-scope
 * search whose filter kept too few asks for more): how many times its first ask the handle's last search asked
 * for at most (its reads then take spare rows, {@link bestMatches}).
 */
const widened = new WeakMap<SqlClient, number>();

/** Per handle, its last search's read (kept past a write, unlike {@link lastRead}: it predicts the next one's asks). */
const lastSearch = new WeakMap<SqlClient, MatchesRead>();

/**
 * The rows a read for `n` takes: `n`, or on a handle whose searches were asked again ({@link widened}) `n` and
 * spare rows (`min(n, spareRows)`), or, when its last search asked for more than those and this read is a search's
 * first (`first`), what that wider ask reads (its ask in proportion, with spare rows).
 */
function rowsToRead(client: SqlClient, n: number, first: boolean): number {
  const ratio = widened.get(client);
  if (ratio === undefined) return n;
  const spared = n + Math.min(n, spareRows);
  const want = first ? Math.ceil(n * ratio) : n;
  return want > spared ? want + Math.min(want, spareRows) : spared;
}

/**
 * At least the best `n` matches of `match` scored by `score` (best first), and whether they are all of them: from
 * FTS5 (`ORDER BY score DESC LIMIT n`, or `n + min(n, spareRows)` on a handle whose searches were asked again for
 * more; over the rows of the rarer terms alone when that gives the same answer, {@link rareTermsMatches}, once the
 * terms occur `cutFrom` times or more) or, when the handle read at least as many for the same expression and nothing was written since (this
 * handle's `total_changes()` and `data_version` unchanged, or the `pass`'s state: `ReadPass`), that read whole (the lexical and the episode leg of one
 * hybrid search rank the same terms). Either is the answer of a `LIMIT m` query over the current data, `m` ≥ `n`.
 * Spare rows serve a second, wider ask of the same search from the first read (a second `bm25()` pass over every
 * match otherwise); they cost a little (FTS5's sorter keeps `LIMIT` rows: 264 rows instead of 132 cost ~15% more
 * on 15,000 records, measured with 100 candidates; 50 make it 164 instead of 82), so a handle reads them only once one of its searches was widened.
 * When the handle's last search was asked for more than spare rows give, the first read takes what that wider ask
 * would ({@link rowsToRead}): on the agent-step suite's 10,000-message session, past ~45 agent runs the static
 * recall's filter keeps few of its 132 best and asks for ~700, so each search read the cut's 264 rows (which served
 * the first ask only) and then every match for 1,400; it now reads every match once (the cut, planned for 1,400 rows,
 * declines). The answer is the same: any read is a `LIMIT m` answer, and a read too small for an ask is read again.
 */
export async function bestMatches(
  client: SqlClient,
  terms: TermsMatch,
  score: SqlFragment,
  scoreKey: string,
  n: number,
  cutFrom: number = rareTermsFrom,
  pass?: ReadPass,
): Promise<{ rows: ScoredMatch[]; complete: boolean }> {
  const match = fullMatch(terms);
  const key = `${scoreKey}\u0000${match}`;
  // The first ask of the search a read made for fewer rows (that read asked again), else this one's.
  let asked = n;
  const found = await lastRead.recall(
    client,
    key,
    async () => {
      if (asked === n) {
        // A new search: the handle's last one tells how far this one will likely be asked.
        const last = lastSearch.get(client);
        if (last && last.asked > 0 && widened.has(client)) widened.set(client, last.widest / last.asked);
      }
      const read = rowsToRead(client, n, asked === n);
      // The cut may serve fewer than `read` (at least the `n` asked): its rows above the other terms' bounds.
      const cut = await rareTermsMatches(client, terms, score, read, {
        from: cutFrom,
        need: n,
        ...(pass ? { pass } : {}),
      });
      if (cut) return { rows: cut, complete: false, asked, widest: n };
      const started = performance.now();
      const found = await queryAll(
        client,
        sql`SELECT rowid AS rid, ${score} AS score FROM engram_ltm_fts WHERE engram_ltm_fts MATCH ${match} ORDER BY score DESC LIMIT ${read}`,
      );
      // Scoring every match was slow: the next search with these terms learns from their counts whether to cut.
      if (terms.terms.length > 1 && performance.now() - started >= slowFullMatchMs)
        await noteTermRows(client, terms.terms, terms.columns !== 'text');
      const rows = found.map((r) => ({ rid: Number(r.rid), score: Number(r.score) }));
      return { rows, complete: rows.length < read, asked, widest: n };
    },
    (known) => {
      const serves = known.complete || known.rows.length >= n;
      if (serves) known.widest = Math.max(known.widest, n);
      else {
        // The same search asked again for more than was read: later reads on this handle take spare rows.
        widened.set(client, Math.max(widened.get(client) ?? 1, n / Math.max(1, known.asked)));
        asked = known.asked;
      }
      return serves;
    },
    pass,
  );
  lastSearch.set(client, found);
  return { rows: found.rows, complete: found.complete };
}
