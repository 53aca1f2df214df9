import type { ScoredCandidate } from './pick-results.ts';

/** Options of {@link rankByTime}. */
export interface RankByTimeOptions {
  /** The query (its words say whether it asks about the present). */
  query: string;
  /** Results wanted: the top `max(3 × limit, 30)` candidates are re-ranked. */
  limit: number;
  /** The time "now" is. */
  now: Date;
}

/** A question about the present: "now", "these days", "currently", "still", or about me in the present tense. */
const present =
  /\b(?:now|nowadays|currently|these days|at the moment|at present|still|anymore|any more|lately|today)\b/i;
const selfPresent =
  /\b(?:am i|do i|i am|i'm|is my|are my|my \w+ is|what's my|whats my|where's my|who's my)\b/i;
const past =
  /\b(?:did|was|were|used to|had|ago|before|last (?:year|month|week)|previously|former(?:ly)?|back then|in \d{4})\b/i;

/** How strongly a query asks for the newest: 0 (past or neutral), small for a present-tense question about me, more for "now". */
export function presentWeight(query: string): number {
  if (past.test(query)) return 0;
  if (present.test(query)) return 0.3;
  return selfPresent.test(query) ? 0.15 : 0;
}

/**
 * Time in ranking: a record whose validity ended (`invalidAt` at or before now: a superseded fact, or the turn
 * that stated it) loses half its score, so the current value comes first; and for a question about the present
 * (see {@link presentWeight}) newer records gain up to that weight over older ones of similar relevance (by
 * `validAt`, oldest 0 to newest 1 among the top `max(3 × limit, 30)` re-ranked). Reads the hits' own validity
 * times (no record is read). Returns the pool re-sorted, best first.
 */
export function rankByTime(pool: readonly ScoredCandidate[], o: RankByTimeOptions): ScoredCandidate[] {
  const top = pool.slice(0, Math.max(3 * o.limit, 30));
  const weight = presentWeight(o.query);
  const times = top.flatMap((p) => (p.hit.validAt ? [p.hit.validAt.getTime()] : []));
  const oldest = Math.min(...times);
  const span = Math.max(...times) - oldest;
  const now = o.now.getTime();
  const ranked = top.map((p) => {
    const { validAt, invalidAt } = p.hit;
    let score = p.score;
    if (invalidAt && invalidAt.getTime() <= now) score *= score >= 0 ? 0.5 : 2;
    else if (weight > 0 && span > 0 && validAt) score *= 1 + (weight * (validAt.getTime() - oldest)) / span;
    return score === p.score ? p : { hit: p.hit, score };
  });
  return [...ranked, ...pool.slice(top.length)].sort((a, b) => b.score - a.score);
}
