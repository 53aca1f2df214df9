import * as chrono from 'chrono-node';
import type { Scope } from '../core/scope.ts';
import { analyzeText } from './analyze-text.ts';
import { maxQueryTerms } from './check-record.ts';
import { embedTexts, type LongTermEmbedder } from './embedder.ts';
import type { LongTermFilter, LongTermHit } from './long-term-query.ts';
import type { RankedCandidate } from './long-term-ranked.ts';
import type { LongTermStoreV1 } from './long-term-store-v1.ts';
import { pickResults, type ScoredCandidate } from './pick-results.ts';
import { rankByTime } from './rank-by-time.ts';
import { rankerOf } from './ranked-retrieval.ts';
import { dateWords } from './temporal-context.ts';

/** How a search ranks: public options a user tunes (see `createLongTermMemory`). */
export interface RankingOptions {
  /** How much a hit in a record's context (neighbouring turns, dates) counts against one in its text (0–1). @default 0.5 */
  contextWeight?: number;
  /** Candidates fetched from each retriever before fusion. @default 100 */
  candidates?: number;
  /** Reciprocal-rank fusion constant (text and vector ranks). @default 60 */
  rrfK?: number;
  /** Weight of the vector ranking against the full-text ranking (1) in the fusion: lower it for a weak embedding model. @default 1 */
  vectorWeight?: number;
  /** Weight of the record's episode score (its episode's `episode` records ranked by the same query, summed, at most 1) added to each hit's score. 0 turns episode fusion off. @default 0.3 */
  episodeWeight?: number;
  /** Drop a hit whose terms overlap a better hit's by at least this Jaccard similarity (1 drops exact repeats only; 0 keeps all). @default 0.9 */
  dedupe?: number;
  /** Multiplies by 1 + this the score of a record whose `metadata.speaker` the query names (a question about what Alice said favours Alice's turns). @default 0.4 */
  speakerBoost?: number;
  /** How much each earlier pick from the same episode lowers a hit's score (0–1), so results cover more episodes. @default 0 */
  diversity?: number;
  /** Resolve relative dates in the query ("yesterday", "last week") against this time and search for them too. @default now */
  now?: () => Date;
}

/** Options of {@link hybridSearch}. */
export interface HybridSearchOptions extends RankingOptions {
  /** How many results. */
  limit: number;
  /** Which records. */
  filter?: LongTermFilter;
  /** The vector side, when an embedder is configured and the store has vector search (`vectorSearch`). */
  embedder?: LongTermEmbedder;
}

/** The query's terms plus the words of the dates it mentions (relative ones resolved against `now`). */
export function queryTerms(query: string, now: Date): string[] {
  const terms = analyzeText(query);
  try {
    for (const r of chrono.parse(query.slice(0, 2048), now, { forwardDate: false })) {
      if (/\d/.test(r.text)) continue; // an explicit date's words are already in the query
      const d = r.start.date();
      if (!Number.isNaN(d.getTime()))
        terms.push(...analyzeText(dateWords(d, r.start.isCertain('day') ? 'day' : 'month')));
    }
  } catch {
    // a query chrono cannot read has no dates
  }
  return [...new Set(terms)].slice(0, maxQueryTerms);
}

/**
 * The hybrid retrieval pipeline: a lexical ranking (BM25 over text and context, plus the score of each hit's
 * episode — episode records ranked by the same query — and a boost for the speaker the query names) and, with an
 * embedder on a store with vector search, a vector ranking (cosine), the two fused by weighted reciprocal rank; then
 * near-duplicates dropped. Without an embedder, or on a store whose `vectorSearch` is false, it is full text
 * alone. Every call is bounded: at most `candidates` records per retriever, 64 query terms. On a store with
 * `rankText` / `rankVector` it ranks ids and scores (and the few fields ranking reads) and reads only the
 * records of its results (`loadRanked`); elsewhere on the hits' records.
 */
export async function hybridSearch(
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
  const ranker = rankerOf(store, scope);
  const keep = (h: RankedCandidate) =>
    (wantsEpisodes || h.kind !== 'episode') &&
    (!h.kind.startsWith('engram.') || (filter.kinds?.includes(h.kind) ?? false));
  const textHits = terms.length
    ? (await ranker.text({ terms, limit: Math.min(1000, candidates * 2), filter, contextWeight }))
        .filter(keep)
        .slice(0, candidates)
    : [];
  let vectorHits: RankedCandidate[] = [];
  // A store without vector search ranks by full text alone (its searchVector would refuse).
  if (options.embedder && store.vectorSearch) {
    const [vector] = await embedTexts(options.embedder, [query]);
    if (vector?.length)
      vectorHits = (
        await ranker.vector({
          vector,
          model: options.embedder.id,
          limit: Math.min(1000, candidates * 2),
          filter,
        })
      )
        .filter(keep)
        .slice(0, candidates);
  }
  type Scored = Map<string, ScoredCandidate>;
  const key = (h: RankedCandidate) => JSON.stringify([h.id, h.session ?? '', h.createdAt.getTime(), h.hash]);
  // Scaled by the largest magnitude, so the order holds even when every score is negative (cosine can be).
  const normalized = (hits: readonly RankedCandidate[]): Scored => {
    const top = Math.max(0, ...hits.map((h) => Math.abs(h.score))) || 1;
    return new Map(hits.map((h) => [key(h), { hit: h, score: h.score / top }]));
  };
  // The lexical ranker: BM25, plus the hit's episode score and the speaker boost.
  let scores = normalized(textHits);
  const episodeWeight = options.episodeWeight ?? 0.3;
  // Only hits of an episode take an episode score: without one among them the episode search is skipped.
  const episodic = [...scores.values()].some((s) => s.hit.episode !== undefined);
  if (episodeWeight > 0 && terms.length && !wantsEpisodes && episodic) {
    const { kinds: _k, episodes: _e, ...rest } = filter;
    const episodes = await ranker.text({
      terms,
      limit: 50,
      filter: { ...rest, kinds: ['episode'] },
      contextWeight,
    });
    const top = episodes[0]?.score || 1;
    const byEpisode = new Map<string, number>();
    for (const e of episodes) {
      const ep = e.episode ?? e.id;
      byEpisode.set(ep, Math.min(1, (byEpisode.get(ep) ?? 0) + e.score / top));
    }
    for (const s of scores.values()) {
      const ep = s.hit.episode;
      if (ep !== undefined) s.score += episodeWeight * (byEpisode.get(ep) ?? 0);
    }
  }
  const speakerBoost = options.speakerBoost ?? 0.4;
  const boostSpeaker = (list: Scored) => {
    if (speakerBoost <= 0) return;
    const asked = ` ${query.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
    for (const s of list.values()) {
      const name = (s.hit.speaker ?? '')
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim();
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
  // Time: superseded records after current ones, newer first for questions about the present (rank-by-time.ts).
  const pool = await rankByTime(
    [...scores.values()].sort((a, b) => b.score - a.score),
    { query, limit: options.limit, now: options.now?.() ?? new Date(), load: ranker.load },
  );
  return pickResults(
    pool,
    { limit: options.limit, dedupe: options.dedupe ?? 0.9, diversity: options.diversity ?? 0 },
    ranker.load,
  );
}
