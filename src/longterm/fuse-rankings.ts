import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { RankedCandidate } from './long-term-ranked.ts';
import type { ScoredCandidate } from './pick-results.ts';

/** How many of each leg's best hits the agreement of the two legs compares. */
export const agreementDepth = 20;

/** Options of {@link fuseRankings}. */
export interface FuseOptions {
  /** `'calibrated'` (score-level, the vector leg weighted by its agreement with the lexical leg) or `'rrf'`. @default 'calibrated' */
  fusion?: 'calibrated' | 'rrf';
  /** The vector leg's weight: at full agreement (calibrated), or its reciprocal-rank weight (rrf). @default 1 */
  vectorWeight?: number;
  /** Reciprocal-rank constant (rrf only). @default 60 */
  rrfK?: number;
  /** How many records the vector search returned before filtering: a lower bound of the records it ranked, for the chance overlap. @default the vector leg's length */
  vectorSeen?: number;
  /** How many of the vector leg's best hits the words lack keep a place below the best fifteen (calibrated only; {@link vectorPicks}). @default {@link vectorPicks}`.count` */
  picks?: number;
}

/** Throws `INVALID_QUERY` naming the option unless `fusion` is `'calibrated'` or `'rrf'` and `vectorWeight`, `rrfK` are finite numbers ≥ 0. */
export function checkFuseOptions(options: FuseOptions, component = 'longterm'): void {
  const { fusion, vectorWeight, rrfK } = options;
  const bad = (message: string) => new MemoryError({ code: 'INVALID_QUERY', component, message });
  if (fusion !== undefined && fusion !== 'calibrated' && fusion !== 'rrf')
    throw bad(`fusion must be 'calibrated' or 'rrf', got ${describeValue(fusion)}`);
  for (const [name, value] of [
    ['vectorWeight', vectorWeight],
    ['rrfK', rrfK],
  ] as const)
    if (value !== undefined && !(typeof value === 'number' && Number.isFinite(value) && value >= 0))
      throw bad(`${name} must be a finite number ≥ 0, got ${describeValue(value)}`);
}

const keyOf = (c: ScoredCandidate) =>
  JSON.stringify([c.hit.id, c.hit.session ?? '', c.hit.createdAt.getTime(), c.hit.hash]);

/**
 * How far the vector leg agrees with the lexical leg on this query (0–1): the overlap of their best
 * {@link agreementDepth} hits beyond what chance gives (`depth² / records ranked`, records ranked at least
 * `seen`, so chance is if anything overestimated), over the most it could be. An embedding model that knows
 * nothing of the query (random vectors) overlaps by chance only and scores 0.
 */
export function legAgreement(
  lexical: readonly ScoredCandidate[],
  vector: readonly ScoredCandidate[],
  seen = vector.length,
): number {
  const depth = Math.min(agreementDepth, lexical.length, vector.length);
  const chance = (depth * depth) / Math.max(seen, vector.length, 1);
  if (depth <= chance) return 0;
  const best = new Set(lexical.slice(0, depth).map(keyOf));
  const overlap = vector.slice(0, depth).filter((v) => best.has(keyOf(v))).length;
  return Math.max(0, (overlap - chance) / (depth - chance));
}

/**
 * The weight the calibrated fusion gives the vector leg on this query: `vectorWeight` times
 * {@link legAgreement}, 0 when the vector scores do not spread (all equal: they rank nothing).
 */
export function vectorLegWeight(
  lexical: readonly ScoredCandidate[],
  vector: readonly ScoredCandidate[],
  options: FuseOptions = {},
): number {
  const hi = vector[0]?.score ?? 0;
  const lo = vector[vector.length - 1]?.score ?? 0;
  if (!(hi - lo > 1e-9 * Math.max(1, Math.abs(hi)))) return 0;
  return (options.vectorWeight ?? 1) * legAgreement(lexical, vector, options.vectorSeen);
}

/** Weighted reciprocal-rank fusion (the fusion before calibrated fusion; `fusion: 'rrf'`). */
function reciprocalRank(
  lexical: readonly ScoredCandidate[],
  vector: readonly ScoredCandidate[],
  options: FuseOptions,
): ScoredCandidate[] {
  const k = options.rrfK ?? 60;
  const fused = new Map<string, ScoredCandidate>();
  for (const [weight, list] of [
    [1, lexical],
    [options.vectorWeight ?? 1, vector],
  ] as const)
    list.forEach((s, rank) => {
      const key = keyOf(s);
      const slot = fused.get(key) ?? { hit: s.hit, score: 0 };
      slot.score += weight / (k + rank + 1);
      fused.set(key, slot);
    });
  return [...fused.values()].sort((a, b) => b.score - a.score);
}

/**
 * The fused pool of a hybrid search, best first, from the lexical and the vector leg (each best first).
 * Calibrated (the default): each leg's scores scaled per query (lexical by its best score, vector min–max over
 * its list), summed with the vector leg weighted by {@link vectorLegWeight}; ties keep the lexical order, and a
 * vector hit the lexical leg lacks comes after the lexical hits when the weight is 0. So a vector leg that does
 * not agree with the words of the query (a weak or random model on this query) only adds candidates below the
 * text hits — but for its best three, which come just below the pool's best fifteen ({@link withVectorPicks}) —,
 * and one that agrees reorders them by at most its weight. `'rrf'`: weighted reciprocal rank.
 */
export function fuseRankings(
  lexical: readonly ScoredCandidate[],
  vector: readonly ScoredCandidate[],
  options: FuseOptions = {},
): ScoredCandidate[] {
  if (vector.length === 0) return [...lexical];
  if (options.fusion === 'rrf') return reciprocalRank(lexical, vector, options);
  return withVectorPicks(calibratedScores(lexical, vector, options), lexical, vector, options.picks);
}

/**
 * The vector hits the words did not find that keep a place in a calibrated pool whatever the two legs' agreement:
 * the vector leg's best {@link vectorPicks}`.count` of them, placed just below the pool's best
 * {@link vectorPicks}`.below` when they rank lower. A recall block holds more records than that (about 27 at its
 * default 2,000 tokens), so a statement the question shares no word with can still reach it ("which collie do I
 * rely on most?" for "bracken is the best dog I've ever had"), while the head of the ranking (R@10, a 10-result
 * search) stays what the words and the agreement make it. Chosen on the development data with USE-lite: the
 * personal-facts probes A–H 292 -> 294 of 301 facts, corrections new first 68 -> 70; LoCoMo R@10 79.7 and the
 * default block's evidence 90.1% unchanged (placed below the best 10 instead of 15: R@10 79.6). With a random
 * model they are three random records in the block's lower half: R@10 stays full text's in every category, the
 * block's evidence 89.7% -> 89.2%.
 *
 * `aboutUser`: the count for a question about the user, whose vector leg ranks the user's own words only
 * (`rankLegs`), a list short and on topic: 10. Chosen on the development probes A–H with USE-lite (2,000-token
 * block): 294 -> 296 of 301 facts with 10 or 15 picks, 6 the same as 3, 25 worse (287); LoCoMo (third-person
 * questions) keeps 3: 10 picks there lower R@25 from 87.1 to 84.8 (R@10 the same).
 */
export const vectorPicks = { count: 3, aboutUser: 10, below: 15 } as const;

/**
 * `pool` (a calibrated fusion, best first) with the vector leg's best `count` hits the lexical leg lacks moved to
 * just below the pool's best {@link vectorPicks}`.below`, at the last of those scores (see there); a vector leg
 * whose scores are all equal says nothing and changes nothing. The other hits keep their order and scores.
 */
export function withVectorPicks(
  pool: readonly ScoredCandidate[],
  lexical: readonly ScoredCandidate[],
  vector: readonly ScoredCandidate[],
  count: number = vectorPicks.count,
): ScoredCandidate[] {
  const floor = pool[vectorPicks.below - 1]?.score;
  if (floor === undefined || vector[0]?.score === vector[vector.length - 1]?.score) return [...pool];
  const head = pool.slice(0, vectorPicks.below);
  const inHead = new Set(head.map(keyOf));
  const words = new Set(lexical.map(keyOf));
  // By key, in the vector leg's order (a vector-only hit's pool entry holds the vector leg's own hit).
  const picked = new Map<string, RankedCandidate>();
  let counted = 0;
  for (const s of vector) {
    if (counted >= count) break;
    const key = keyOf(s);
    if (words.has(key)) continue;
    counted++;
    if (!inHead.has(key)) picked.set(key, s.hit);
  }
  // The picks right after the head, at its last score (a later stable sort by score keeps them there), in the
  // vector leg's order; the rest as they were.
  const raised = [...picked.values()].map((hit) => ({ hit, score: floor }));
  return [...head, ...raised, ...pool.slice(vectorPicks.below).filter((p) => !picked.has(keyOf(p)))];
}

/** The calibrated fusion's pool (see {@link fuseRankings}), before {@link withVectorPicks}. */
export function calibratedScores(
  lexical: readonly ScoredCandidate[],
  vector: readonly ScoredCandidate[],
  options: FuseOptions = {},
): ScoredCandidate[] {
  const top = Math.max(0, ...lexical.map((s) => s.score)) || 1;
  const weight = vectorLegWeight(lexical, vector, options);
  const hi = vector[0]?.score ?? 0;
  const lo = vector[vector.length - 1]?.score ?? 0;
  const fused = new Map<string, ScoredCandidate>();
  for (const s of lexical) fused.set(keyOf(s), { hit: s.hit, score: s.score / top });
  for (const s of vector) {
    const key = keyOf(s);
    const slot = fused.get(key) ?? { hit: s.hit, score: 0 };
    if (weight > 0) slot.score += (weight * (s.score - lo)) / (hi - lo);
    fused.set(key, slot);
  }
  return [...fused.values()].sort((a, b) => b.score - a.score);
}
