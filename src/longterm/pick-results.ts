import { analyzeText } from './analyze-text.ts';
import type { LongTermHit } from './long-term-query.ts';
import type { RankedCandidate } from './long-term-ranked.ts';
import type { RankedRecord } from './ranked-retrieval.ts';

/** A fused candidate and its score. */
export interface ScoredCandidate {
  /** The ranked hit. */
  hit: RankedCandidate;
  /** Its fused score. */
  score: number;
}

/** Options of {@link pickResults}. */
export interface PickOptions {
  /** How many results. */
  limit: number;
  /** Jaccard similarity of terms at which a hit repeats a better one (0 keeps all). */
  dedupe: number;
  /** How much each earlier pick from the same episode lowers a hit's score (0–1). */
  diversity: number;
}

/**
 * Whether two non-empty term sets overlap by a Jaccard similarity (shared terms over all terms) of at least
 * `threshold`. Sets whose sizes differ by more than the threshold allows are settled without comparing terms: the
 * overlap is at most the smaller size and the union at least the larger, so the similarity is at most their ratio
 * (and so is its rounded value). Otherwise the smaller set's terms are looked up in the larger until the overlap
 * they can still reach is too small: the similarity `shared / (sizes - shared)` only grows with `shared` (so does
 * its rounded quotient), so the bound's quotient below the threshold settles it as the full count would.
 */
export function overlapsBy(a: Set<string>, b: Set<string>, threshold: number): boolean {
  if (Math.min(a.size, b.size) / Math.max(a.size, b.size) < threshold) return false;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  const sizes = a.size + b.size;
  let shared = 0;
  let reach = small.size;
  for (const x of small) {
    if (large.has(x)) shared++;
    else if (--reach / (sizes - reach || 1) < threshold) return false;
  }
  return shared / (sizes - shared || 1) >= threshold;
}

/**
 * The results of a fused ranking (`pool`, best first): the best remaining hit each time, discounted by the
 * picks already made from its episode (`diversity`), skipped when it repeats a kept one (same hash, or terms
 * overlapping by `dedupe`). Records are read only for the hits considered, a batch at a time (the hit and the
 * next ones in pool order, as many as results still missing) through `load`; a hit whose record is gone is
 * skipped. A record's terms are the ones the store keeps with it, else its text analysed.
 */
export async function pickResults(
  pool: ScoredCandidate[],
  options: PickOptions,
  load: (candidates: readonly RankedCandidate[]) => Promise<(RankedRecord | undefined)[]>,
): Promise<LongTermHit[]> {
  const { limit, dedupe: threshold, diversity } = options;
  const records = new Map<RankedCandidate, RankedRecord | undefined>();
  const picked = new Map<string, number>();
  const kept: { hit: LongTermHit; terms: Set<string> }[] = [];
  const recordOf = async (candidate: RankedCandidate) => {
    if (!records.has(candidate)) {
      const others = pool.filter((p) => !records.has(p.hit)).map((p) => p.hit);
      const batch = [candidate, ...others.slice(0, Math.max(0, limit - kept.length - 1))];
      const found = await load(batch);
      batch.forEach((c, i) => {
        records.set(c, found[i]);
      });
    }
    return records.get(candidate);
  };
  while (kept.length < limit && pool.length > 0) {
    // The best remaining hit, each discounted by the picks already made from its episode.
    let best = 0;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < pool.length; i++) {
      const p = pool[i] as ScoredCandidate;
      if (diversity === 0 && i > 0) break;
      const n = picked.get(p.hit.episode ?? '') ?? 0;
      const s = p.score * (1 - diversity) ** n;
      if (s > bestScore) {
        bestScore = s;
        best = i;
      }
    }
    const { hit } = pool.splice(best, 1)[0] as ScoredCandidate;
    const loaded = await recordOf(hit);
    if (!loaded) continue;
    const { record } = loaded;
    const own = new Set(loaded.terms ?? analyzeText(record.text));
    if (
      threshold > 0 &&
      kept.some(
        (k) => k.hit.record.hash === record.hash || (own.size > 0 && overlapsBy(own, k.terms, threshold)),
      )
    )
      continue;
    kept.push({ hit: { id: hit.id, score: bestScore, record }, terms: own });
    const ep = hit.episode ?? '';
    picked.set(ep, (picked.get(ep) ?? 0) + 1);
  }
  return kept.map((k) => k.hit);
}
