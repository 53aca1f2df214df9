import type { Scope } from '../core/scope.ts';
import type { LongTermTextQuery, LongTermVectorQuery } from './long-term-query.ts';
import { type RankedCandidate, rankedOf } from './long-term-ranked.ts';
import type { LongTermLoadedRecord, LongTermStoreV1 } from './long-term-store-v1.ts';

/** A candidate's record, with its text's analysed terms when the store read them with it (`loadRanked`'s entry). */
export type RankedRecord = Pick<LongTermLoadedRecord, 'record'> &
  Partial<Pick<LongTermLoadedRecord, 'terms'>>;

/** How hybrid search reaches a store: ranked hits by text and by vector, and the records of the results. */
export interface Ranker {
  /**
   * Whether asking `text` for fewer hits reads less: true for a store that ranks ids and scores without reading
   * records (`rankText` with `loadRanked`); a store that reads every record to rank does the same work for any limit.
   */
  readonly narrows: boolean;
  /** The text hits (`searchText`'s), records unread where the store can rank without them. */
  text(query: LongTermTextQuery): Promise<RankedCandidate[]>;
  /** The vector hits (`searchVector`'s), records unread where the store can rank without them. */
  vector(query: LongTermVectorQuery): Promise<RankedCandidate[]>;
  /**
   * The records of candidates, one per candidate in order (undefined: no longer live), read in one call, with
   * their text's analysed terms when the store keeps them (`loadRanked`).
   */
  load(candidates: readonly RankedCandidate[]): Promise<(RankedRecord | undefined)[]>;
}

/**
 * The {@link Ranker} of a store in a scope: its `rankText` / `rankVector` and `loadRanked` when it has them
 * (hits without records, the results' records read at the end), else `searchText` / `searchVector` with each
 * hit's record kept (read up front, nothing to load later).
 */
export function rankerOf(store: LongTermStoreV1, scope: Scope): Ranker {
  const { rankText, rankVector, loadRanked } = store;
  return {
    narrows: rankText !== undefined && loadRanked !== undefined,
    text: (query) =>
      rankText && loadRanked
        ? rankText.call(store, scope, query)
        : store.searchText(scope, query).then((hits) => hits.map(rankedOf)),
    vector: (query) =>
      rankVector && loadRanked
        ? rankVector.call(store, scope, query)
        : store.searchVector(scope, query).then((hits) => hits.map(rankedOf)),
    async load(candidates) {
      const unread = candidates.filter((c) => c.record === undefined);
      const read =
        unread.length > 0 && loadRanked
          ? await loadRanked.call(
              store,
              scope,
              unread.map((c) => c.ref),
            )
          : [];
      const byRef = new Map(unread.map((c, i) => [c.ref, read[i]]));
      return candidates.map((c) => (c.record ? { record: c.record } : byRef.get(c.ref)));
    },
  };
}

/**
 * How far past the pass rate seen {@link keptHits} asks again: ×1.5 the hits that rate says the missing ones need,
 * so that one more ask is typically enough (each ask is a ranking pass) while the rows read stay near those needed.
 */
export const askMargin = 1.5;

/**
 * The limit {@link keptHits} asks for after an answer of `asked` hits of which `kept` passed, short of `count`:
 * `asked` plus the hits the pass rate so far says the missing ones need, times {@link askMargin} (all of `wide`
 * when none passed), at least one more and at most `wide`.
 */
export function nextAsk(asked: number, kept: number, count: number, wide: number): number {
  const more = Math.ceil((((count - kept) * asked) / Math.max(kept, 1)) * askMargin);
  return Math.min(wide, asked + Math.max(1, more));
}

/**
 * The best `count` hits of a ranking that `keep` accepts, best first — what asking `rank` for `wide = 2 × count`
 * (at most 1,000) and keeping the first `count` accepted gives, for a ranking whose shorter answers are prefixes of
 * its longer ones (an exact full-text ranking). It asks for `count` first and, while `keep` dropped so many of a full
 * answer that fewer than `count` passed, again for more in proportion to what is missing ({@link nextAsk}: the pass
 * rate seen, with a margin), never beyond `wide`; it stops once `count` passed, the ranking ran out (an answer
 * shorter than asked) or `wide` was asked. So a ranking of which most hits pass is read little past `count`: the
 * agent's static recall on the agent-step suite's 10,000-message session (100 candidates, 74–84 of the best 100
 * passing) asks again for 138–171 over its first 32 runs, not 200 (more as each run's episode record joins the best
 * hits: 200 from the 40th), which the SQLite store's first read (its rare-terms cut) serves where 200 made it read
 * every match again in the suite's first timed run.
 * For a ranking that costs the same at any limit (`narrows` false: a store that reads every record) it asks for
 * `wide` once. `seen`, when given, is told the last ranking asked for and its limit (before `keep`).
 */
export async function keptHits(
  rank: (limit: number) => Promise<RankedCandidate[]>,
  keep: (hit: RankedCandidate) => boolean,
  count: number,
  narrows = true,
  seen?: (ranked: readonly RankedCandidate[], asked: number) => void,
): Promise<RankedCandidate[]> {
  const wide = Math.min(1000, count * 2);
  const ranked = async (limit: number) => {
    const hits = await rank(limit);
    seen?.(hits, limit);
    return hits;
  };
  if (!narrows) return (await ranked(wide)).filter(keep).slice(0, count);
  for (let asked = Math.min(1000, count); ; ) {
    const hits = await ranked(asked);
    const kept = hits.filter(keep);
    // The first `count` kept of a prefix of the `wide` answer (or of all of it) are that answer's.
    if (kept.length >= count || hits.length < asked || asked >= wide) return kept.slice(0, count);
    asked = nextAsk(asked, kept.length, count, wide);
  }
}
