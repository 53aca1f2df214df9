import { bm25Doc, scoreBm25 } from './bm25.ts';
import type { LongTermHit, LongTermTextQuery } from './long-term-query.ts';
import type { LongTermRecord } from './long-term-record.ts';
import { matchesFilter } from './record-filter.ts';

/** A current record with the analysed terms BM25 scores it by (its `text`'s and its `context`'s). */
export interface Bm25Candidate {
  /** The record's current version. */
  record: LongTermRecord;
  /** The analysed terms of `record.text`. */
  terms: readonly string[];
  /** The analysed terms of `record.context` (empty without one). */
  contextTerms: readonly string[];
}

/**
 * The text hits of a (checked) query among `candidates`, a scope's current records in listing order: BM25
 * (FTS5's formula, context hits weighted by `contextWeight`) with the collection statistics of every
 * candidate, then the filter, best first with ties in listing order, at most `limit`. The one ranking of every
 * in-process search: the in-process store's and the engine's fallback over `listRecords`.
 */
export function rankBm25(candidates: readonly Bm25Candidate[], query: LongTermTextQuery): LongTermHit[] {
  const weight = query.contextWeight ?? 0.5;
  const filter = query.filter ?? {};
  const scores = scoreBm25(
    candidates.map((c) => bm25Doc(c.terms, c.contextTerms, weight)),
    query.terms,
  );
  return candidates
    .map((c, i) => ({ c, i, score: scores[i] as number }))
    .filter(({ c, score }) => score > 0 && matchesFilter(c.record, filter))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, query.limit)
    .map(({ c, score }) => ({ id: c.record.id, score, record: c.record }));
}
