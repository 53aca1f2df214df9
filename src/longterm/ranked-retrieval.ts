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
 * The best `count` hits of a ranking that `keep` accepts, best first — what asking `rank` for `2 × count` (at
 * most 1,000) and keeping the first `count` accepted gives, for a ranking whose shorter answers are prefixes of
 * its longer ones (an exact full-text ranking): it asks for `count` first, and for `2 × count` only when `keep`
 * dropped some of a full answer, so the rows of the wider answer are read only when they can matter. For a ranking
 * that costs the same at any limit (`narrows` false: a store that reads every record) it asks for `2 × count` once.
 * `seen`, when given, is told the last ranking asked for and its limit (before `keep`).
 */
export async function keptHits(
  rank: (limit: number) => Promise<RankedCandidate[]>,
  keep: (hit: RankedCandidate) => boolean,
  count: number,
  narrows = true,
  seen?: (ranked: readonly RankedCandidate[], asked: number) => void,
): Promise<RankedCandidate[]> {
  const narrow = Math.min(1000, count);
  const wide = Math.min(1000, count * 2);
  const ranked = async (limit: number) => {
    const hits = await rank(limit);
    seen?.(hits, limit);
    return hits;
  };
  if (!narrows) return (await ranked(wide)).filter(keep).slice(0, count);
  const first = await ranked(narrow);
  const kept = first.filter(keep);
  if (kept.length === first.length || first.length < narrow || wide === narrow) return kept.slice(0, count);
  return (await ranked(wide)).filter(keep).slice(0, count);
}
