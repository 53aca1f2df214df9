import type { Scope } from '../../src/core/scope.ts';
import { analyzeText } from '../../src/longterm/analyze-text.ts';
import { embedTexts } from '../../src/longterm/embedder.ts';
import { type HybridSearchOptions, queryTerms } from '../../src/longterm/hybrid-search.ts';
import type { LongTermHit } from '../../src/longterm/long-term-query.ts';
import type { LongTermStoreV1 } from '../../src/longterm/long-term-store-v1.ts';

const jaccard = (a: Set<string>, b: Set<string>) => {
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter / (a.size + b.size - inter || 1);
};

/**
 * The hybrid retrieval pipeline as it was before it ranked ids and scores (main at cf79f52), kept verbatim as the
 * oracle of the property test of `hybridSearch`: every hit's record read from `searchText` / `searchVector`.
 *
 * The hybrid retrieval pipeline: a lexical ranking (BM25 over text and context, plus the score of each hit's
 * episode — episode records ranked by the same query — and a boost for the speaker the query names) and, with an
 * embedder on a store with vector search, a vector ranking (cosine), the two fused by weighted reciprocal rank; then
 * near-duplicates dropped. Without an embedder, or on a store whose `vectorSearch` is false, it is full text
 * alone. Every call is bounded: at most `candidates` records per retriever, 64 query terms.
 */
export async function materializingHybridSearch(
  store: LongTermStoreV1,
  scope: Scope,
  query: string,
  options: HybridSearchOptions,
): Promise<LongTermHit[]> {
  const candidates = Math.max(options.limit, options.candidates ?? 100);
  const contextWeight = options.contextWeight ?? 0.5;
  const filter = options.filter ?? {};
  const terms = queryTerms(query, options.now?.() ?? new Date());
  const wantsEpisodes = filter.kinds?.includes('episode') ?? false;
  // Episode records fuse into their turns' scores; engram's own kinds (working memory, core blocks) are never recalled
  // unless a filter names them.
  const keep = (h: LongTermHit) =>
    (wantsEpisodes || h.record.kind !== 'episode') &&
    (!h.record.kind.startsWith('engram.') || (filter.kinds?.includes(h.record.kind) ?? false));
  const textHits = terms.length
    ? (await store.searchText(scope, { terms, limit: Math.min(1000, candidates * 2), filter, contextWeight }))
        .filter(keep)
        .slice(0, candidates)
    : [];
  let vectorHits: LongTermHit[] = [];
  // A store without vector search ranks by full text alone (its searchVector would refuse).
  if (options.embedder && store.vectorSearch) {
    const [vector] = await embedTexts(options.embedder, [query]);
    if (vector?.length)
      vectorHits = (
        await store.searchVector(scope, {
          vector,
          model: options.embedder.id,
          limit: Math.min(1000, candidates * 2),
          filter,
        })
      )
        .filter(keep)
        .slice(0, candidates);
  }
  type Scored = Map<string, { hit: LongTermHit; score: number }>;
  const key = (h: LongTermHit) =>
    JSON.stringify([h.record.id, h.record.session ?? '', h.record.createdAt.getTime(), h.record.hash]);
  // Scaled by the largest magnitude, so the order holds even when every score is negative (cosine can be).
  const normalized = (hits: readonly LongTermHit[]): Scored => {
    const top = Math.max(0, ...hits.map((h) => Math.abs(h.score))) || 1;
    return new Map(hits.map((h) => [key(h), { hit: h, score: h.score / top }]));
  };
  // The lexical ranker: BM25, plus the hit's episode score and the speaker boost.
  let scores = normalized(textHits);
  const episodeWeight = options.episodeWeight ?? 0.3;
  if (episodeWeight > 0 && terms.length && !wantsEpisodes && scores.size > 0) {
    const { kinds: _k, episodes: _e, ...rest } = filter;
    const episodes = await store.searchText(scope, {
      terms,
      limit: 50,
      filter: { ...rest, kinds: ['episode'] },
      contextWeight,
    });
    const top = episodes[0]?.score || 1;
    const byEpisode = new Map<string, number>();
    for (const e of episodes) {
      const ep = e.record.episode ?? e.record.id;
      byEpisode.set(ep, Math.min(1, (byEpisode.get(ep) ?? 0) + e.score / top));
    }
    for (const s of scores.values()) {
      const ep = s.hit.record.episode;
      if (ep !== undefined) s.score += episodeWeight * (byEpisode.get(ep) ?? 0);
    }
  }
  const speakerBoost = options.speakerBoost ?? 0.4;
  const boostSpeaker = (list: Scored) => {
    if (speakerBoost <= 0) return;
    const asked = ` ${query.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
    for (const s of list.values()) {
      const speaker = s.hit.record.metadata.speaker;
      const name =
        typeof speaker === 'string'
          ? speaker
              .toLowerCase()
              .replace(/[^\p{L}\p{N}]+/gu, ' ')
              .trim()
          : '';
      if (name && asked.includes(` ${name} `)) s.score *= 1 + speakerBoost;
    }
  };
  boostSpeaker(scores);
  if (vectorHits.length > 0) {
    // Reciprocal-rank fusion of the lexical ranking and the vector ranking (cosine, speaker boost).
    const vectors = normalized(vectorHits);
    boostSpeaker(vectors);
    const k = options.rrfK ?? 60;
    const fused: Scored = new Map();
    for (const [weight, list] of [
      [1, scores],
      [options.vectorWeight ?? 1, vectors],
    ] as const)
      [...list.entries()]
        .sort((a, b) => b[1].score - a[1].score)
        .forEach(([id, s], rank) => {
          const slot = fused.get(id) ?? { hit: s.hit, score: 0 };
          slot.score += weight / (k + rank + 1);
          fused.set(id, slot);
        });
    scores = fused;
  }
  const threshold = options.dedupe ?? 0.9;
  const diversity = options.diversity ?? 0;
  const pool = [...scores.values()].sort((a, b) => b.score - a.score);
  const picked = new Map<string, number>();
  const kept: { hit: LongTermHit; terms: Set<string> }[] = [];
  while (kept.length < options.limit && pool.length > 0) {
    // The best remaining hit, each discounted by the picks already made from its episode.
    let best = 0;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < pool.length; i++) {
      const p = pool[i] as { hit: LongTermHit; score: number };
      if (diversity === 0 && i > 0) break;
      const n = picked.get(p.hit.record.episode ?? '') ?? 0;
      const s = p.score * (1 - diversity) ** n;
      if (s > bestScore) {
        bestScore = s;
        best = i;
      }
    }
    const { hit } = pool.splice(best, 1)[0] as { hit: LongTermHit; score: number };
    const score = bestScore;
    const own = new Set(analyzeText(hit.record.text));
    if (
      threshold > 0 &&
      kept.some(
        (k) => k.hit.record.hash === hit.record.hash || (own.size > 0 && jaccard(own, k.terms) >= threshold),
      )
    )
      continue;
    kept.push({ hit: { ...hit, score }, terms: own });
    const ep = hit.record.episode ?? '';
    picked.set(ep, (picked.get(ep) ?? 0) + 1);
  }
  return kept.map((k) => k.hit);
}
