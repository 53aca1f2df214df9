import {
  checkChoice,
  checkFunction,
  checkOptionalInteger,
  checkOptionalNumber,
} from '../core/check-options.ts';
import type { Scope } from '../core/scope.ts';
import { analyzeText } from './analyze-text.ts';
import { checkFilter, maxQueryTerms } from './check-record.ts';
import { embedTexts, type LongTermEmbedder } from './embedder.ts';
import { episodeLegLimit, episodeScores, episodeScoresOfRanking } from './episode-leg.ts';
import { checkFuseOptions, fuseRankings, vectorPicks } from './fuse-rankings.ts';
import type { LongTermFilter, LongTermHit } from './long-term-query.ts';
import type { RankedCandidate } from './long-term-ranked.ts';
import { isEngramKind } from './long-term-record.ts';
import type { LongTermStoreV1 } from './long-term-store-v1.ts';
import { pickResults, type ScoredCandidate } from './pick-results.ts';
import { asksAboutUser, questionTopicTerms } from './question-topic-terms.ts';
import { rankByTime } from './rank-by-time.ts';
import { keptHits, type Ranker, rankerOf } from './ranked-retrieval.ts';
import { namesOfRelativesAsked } from './relatives-asked.ts';
import { dateWords, relativeDates } from './temporal-context.ts';

/**
 * Candidates each retriever fetches before fusion when nothing says otherwise (a search for more results fetches
 * that many): 50. Fusion, the episode score and the speaker boost reorder the head of the ranking, not its tail:
 * on the LoCoMo development conversations R@10 is the same with 30, 50 or 100 (full text 79.2, hybrid with
 * USE-lite 79.7, every category within 0.7 points), and each further candidate costs its share of `bm25()`'s
 * sort and of the row reads (a 15,000-record tenant-wide search: ~0.3 ms of ~2 ms).
 */
export const defaultCandidates = 50;

/**
 * How much higher a question about the user ({@link asksAboutUser}) ranks the user's own words (`fromUser`: their
 * turns and self facts) in the lexical leg: ×1.5. "What's my dog called?" is answered by what the user said, not by
 * the assistant's reply that repeats the words. Measured on the personal-facts development probes A–H: full text
 * 278 -> 281 of 301 facts, corrections new first 64 -> 66 of 70 (×1.3 the same, ×2 282 / 66); hybrid with USE-lite
 * 289 -> 292, 66 -> 68; LoCoMo (questions about others) unchanged.
 */
const fromUserBoost = 0.5;

/** How a search ranks: public options a user tunes (see `createLongTermMemory`). */
export interface RankingOptions {
  /** How much a hit in a record's context (neighbouring turns, dates) counts against one in its text (0–1). @default 0.5 */
  contextWeight?: number;
  /** Candidates fetched from each retriever before fusion (at least the results asked for). @default {@link defaultCandidates} */
  candidates?: number;
  /**
   * How the lexical and the vector ranking are fused. `'calibrated'`: each leg's scores scaled per query (lexical
   * by its best hit, vector min–max over its candidates) and summed, the vector leg weighted by how far its best
   * 20 hits overlap the lexical leg's beyond chance (see `fuseRankings`); a vector leg that does not agree with
   * the query's words only adds candidates below the text hits, its best three (ten for a question about the user) just below the best fifteen (so a
   * paraphrase can reach a recall block; `withVectorPicks`). For a question about the user the vector leg ranks the
   * user's own words only. Measured on LoCoMo (BENCHMARKS.md), it is never
   * below full text in any category with a random-vector model and is above it with USE-lite, where reciprocal
   * rank at its old defaults fell 13 points below full text. `'rrf'`: weighted reciprocal rank (the fusion
   * before; `rrfK` and `vectorWeight` tune it).
   * @default 'calibrated'
   */
  fusion?: 'calibrated' | 'rrf';
  /** Reciprocal-rank fusion constant; used by `fusion: 'rrf'` only. @default 60 */
  rrfK?: number;
  /**
   * Weight of the vector ranking. Calibrated fusion: the most the vector leg adds to a hit's score (the lexical
   * leg's best hit scores 1), reached when the two legs' best hits fully agree: at 1 neither leg outweighs the
   * other, a strongly agreeing model reorders the text hits and a weak one (agreement near 0) cannot. Measured
   * with USE-lite on LoCoMo (docs/hybrid-fusion.md): 1 is the only weight of 0.5–3 at or above full text in
   * every category. Raise it for a model you trust more than the words. `'rrf'`: its weight against full text (1).
   * @default 1
   */
  vectorWeight?: number;
  /** Weight (at least 0) of the record's episode score (its episode's `episode` records ranked by the same query, summed, at most 1) added to each hit's score. 0 turns episode fusion off. @default 0.3 */
  episodeWeight?: number;
  /** Drop a hit whose terms overlap a better hit's by at least this Jaccard similarity, from 0 to 1 (1 drops exact repeats only; 0 keeps all). @default 0.9 */
  dedupe?: number;
  /**
   * Multiplies by 1 + this the lexical score of a record whose `metadata.speaker` the query names (a question about
   * what Alice said favours Alice's turns). At least -1: a negative boost is a penalty (-0.5 halves those scores, -1
   * zeroes them), 0 turns it off. @default 0.4
   */
  speakerBoost?: number;
  /** How much each earlier pick from the same episode lowers a hit's score (0–1), so results cover more episodes. @default 0 */
  diversity?: number;
  /** Resolve relative dates in the query ("yesterday", "last week") against this time and search for them too. @default now */
  now?: () => Date;
}

/** Every key of {@link RankingOptions}: what a factory that takes ranking options checks its options' keys against. */
export const rankingOptionKeys: Record<keyof RankingOptions, true> = {
  contextWeight: true,
  candidates: true,
  fusion: true,
  rrfK: true,
  vectorWeight: true,
  episodeWeight: true,
  dedupe: true,
  speakerBoost: true,
  diversity: true,
  now: true,
};

/**
 * Checks the values of ranking options (`where` names them: `createLongTermMemory(options)`,
 * `openEpisodicMemory(options).ranking`): `INVALID_ARGUMENT` naming the field (`….ranking.rrfK`) unless each given
 * one is of its type: a weight a finite number (`contextWeight`, `dedupe` and `diversity` from 0 to 1, `rrfK`,
 * `vectorWeight` and `episodeWeight` at least 0, `speakerBoost` at least -1, the ranges their docs give), `candidates` a whole number, `fusion` one of its choices, `now` a
 * function. A wrong one would otherwise be taken and fail (or rank by NaN) at the first search.
 */
export function checkRankingOptions(options: RankingOptions, where: string, component: string): void {
  const at = (key: keyof RankingOptions) => `${where}.${key}`;
  checkOptionalNumber(options.contextWeight, at('contextWeight'), component, 0, 1);
  checkOptionalInteger(options.candidates, at('candidates'), component, 0);
  checkChoice(options.fusion, ['calibrated', 'rrf'], at('fusion'), component, 'calibrated');
  checkOptionalNumber(options.rrfK, at('rrfK'), component, 0);
  checkOptionalNumber(options.vectorWeight, at('vectorWeight'), component, 0);
  // A negative episode weight or dedupe was taken as 0, and a boost below -1 would make scores negative.
  checkOptionalNumber(options.episodeWeight, at('episodeWeight'), component, 0);
  checkOptionalNumber(options.dedupe, at('dedupe'), component, 0, 1);
  checkOptionalNumber(options.speakerBoost, at('speakerBoost'), component, -1);
  checkOptionalNumber(options.diversity, at('diversity'), component, 0, 1);
  if (options.now !== undefined) checkFunction(options.now, at('now'), component);
}

/** Options of {@link hybridSearch}. */
export interface HybridSearchOptions extends RankingOptions {
  /** How many results. */
  limit: number;
  /** Which records. */
  filter?: LongTermFilter;
  /** The vector side, when an embedder is configured and the store has vector search (`vectorSearch`). */
  embedder?: LongTermEmbedder;
  /** Aborts the query's embedding call (the search rejects with the signal's reason). */
  abortSignal?: AbortSignal;
}

/**
 * The query's terms plus the words of the dates it mentions (relative ones resolved against `now`) and, for a
 * question that names a personal topic, the topic's terms (`questionTopicTerms`).
 */
export function queryTerms(query: string, now: Date): string[] {
  const terms = analyzeText(query);
  for (const r of relativeDates(query, now)) {
    const d = r.start.date();
    if (!Number.isNaN(d.getTime()))
      terms.push(...analyzeText(dateWords(d, r.start.isCertain('day') ? 'day' : 'month')));
  }
  terms.push(...analyzeText(questionTopicTerms(query.slice(0, 4096))));
  return [...new Set(terms)].slice(0, maxQueryTerms);
}

/** The two legs of a hybrid search, each best first: the lexical ranking and the vector ranking (empty without one). */
export interface RankedLegs {
  /** BM25 over text and context scaled to the best hit (1), plus episode score and speaker boost. */
  lexical: ScoredCandidate[];
  /** Cosine similarity to the query (raw). */
  vector: ScoredCandidate[];
  /** How many records the vector search returned before filtering (at least how many it ranked). */
  vectorSeen: number;
  /** Whether the query asks about the user ({@link asksAboutUser}): the vector leg then ranks the user's own words only. */
  aboutUser: boolean;
}

/**
 * The legs of {@link hybridSearch} before fusion: the lexical ranking (BM25 over text and context, scaled to the
 * best hit, plus the score of each hit's episode — episode records ranked by the same query — and a boost for the
 * speaker the query names) and, with an embedder on a store with vector search, the vector ranking (cosine, the
 * speaker boost on the lexical leg only; for a question about the user, the user's own words only). Every call is bounded: at most `candidates` records per retriever, 64 query terms.
 */
export async function rankLegs(
  store: LongTermStoreV1,
  scope: Scope,
  query: string,
  options: Omit<HybridSearchOptions, 'limit'> & { limit?: number },
): Promise<RankedLegs & { ranker: Ranker }> {
  const candidates = Math.max(options.limit ?? 0, options.candidates ?? defaultCandidates);
  const contextWeight = options.contextWeight ?? 0.5;
  // Checked before the legs read it (the store checks it again): a bad filter is INVALID_QUERY naming the field.
  const filter = checkFilter(options.filter, 'longterm');
  const now = options.now?.() ?? new Date();
  const wantsEpisodes = filter.kinds?.includes('episode') ?? false;
  // Episode records fuse into their turns' scores; engram's own kinds (working memory, core blocks) are never recalled
  // unless a filter names them.
  const ranker = rankerOf(store, scope);
  // A question about "my husband" searches for his name too, as the user's self facts give it (relatives-asked.ts).
  const names = await namesOfRelativesAsked(ranker, query, filter.asOf ?? now);
  const terms = [...new Set([...queryTerms(query, now), ...analyzeText(names.join(' '))])].slice(
    0,
    maxQueryTerms,
  );
  const aboutUser = asksAboutUser(query);
  const keep = (h: RankedCandidate) =>
    (wantsEpisodes || h.kind !== 'episode') &&
    (!isEngramKind(h.kind) || (filter.kinds?.includes(h.kind) ?? false));
  // The text leg's last ranking of every kind (before `keep`): the episode leg's answer when it decides it.
  let textRanking: { ranked: readonly RankedCandidate[]; asked: number } | undefined;
  const textHits = terms.length
    ? await keptHits(
        (limit) => ranker.text({ terms, limit, filter, contextWeight }),
        keep,
        candidates,
        ranker.narrows,
        (ranked, asked) => {
          textRanking = { ranked, asked };
        },
      )
    : [];
  let vectorHits: RankedCandidate[] = [];
  let vectorSeen = 0;
  // A store without vector search ranks by full text alone (its searchVector would refuse).
  if (options.embedder && store.vectorSearch) {
    const [vector] = await embedTexts(options.embedder, [query], options.abortSignal);
    options.abortSignal?.throwIfAborted();
    if (vector?.length) {
      const found = await ranker.vector({
        vector,
        model: options.embedder.id,
        limit: Math.min(1000, candidates * 2),
        filter,
      });
      vectorSeen = found.length;
      // A question about the user is answered by what the user said: the vector leg ranks the user's own words only.
      // An assistant's reply or another person's news reads much like the question; the user's statement of the
      // fact often does not, and would fall below them (the lexical leg keeps everything, the user's words boosted).
      const mine = (h: RankedCandidate) => !aboutUser || h.fromUser === true;
      vectorHits = found.filter((h) => keep(h) && mine(h)).slice(0, candidates);
    }
  }
  // The lexical ranker: BM25 scaled to the best hit, plus the hit's episode score and the speaker boost.
  const top = Math.max(0, ...textHits.map((h) => Math.abs(h.score))) || 1;
  const lexical = textHits.map((hit) => ({ hit, score: hit.score / top }));
  const episodeWeight = options.episodeWeight ?? 0.3;
  // Only hits of an episode take an episode score: without one among them the episode search is skipped.
  const episodic = lexical.some((s) => s.hit.episode !== undefined);
  if (episodeWeight > 0 && terms.length && !wantsEpisodes && episodic) {
    // The text leg ranked every kind with this filter when it names no kinds and no episodes: its ranking may
    // decide the episodes' scores (a session recorded run by run has an episode record per run).
    const { kinds: _k, episodes: _e, ...rest } = filter;
    const asked = new Set(lexical.flatMap((s) => (s.hit.episode === undefined ? [] : [s.hit.episode])));
    const byEpisode =
      (textRanking && filter.kinds === undefined && filter.episodes === undefined
        ? episodeScoresOfRanking(textRanking.ranked, textRanking.asked, asked)
        : undefined) ??
      episodeScores(
        await ranker.text({
          terms,
          limit: episodeLegLimit,
          filter: { ...rest, kinds: ['episode'] },
          contextWeight,
        }),
      );
    for (const s of lexical) {
      const ep = s.hit.episode;
      if (ep !== undefined) s.score += episodeWeight * (byEpisode.get(ep) ?? 0);
    }
  }
  // The speaker boost is lexical only: cosines crowd together, so a boost of 0.4 would put the named speaker's
  // turns first in the vector leg whatever they say (measured: it misranks the questions naming the wrong speaker).
  const speakerBoost = options.speakerBoost ?? 0.4;
  if (speakerBoost !== 0) {
    const asked = ` ${query.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
    for (const s of lexical) {
      const name = (s.hit.speaker ?? '')
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim();
      if (name && asked.includes(` ${name} `)) s.score *= 1 + speakerBoost;
    }
  }
  // A question about the user is answered by what the user said: their turns and self facts rank higher (lexical
  // only, as the speaker boost).
  if (aboutUser) for (const s of lexical) if (s.hit.fromUser) s.score *= 1 + fromUserBoost;
  const vector = vectorHits.map((hit) => ({ hit, score: hit.score }));
  const best = (a: ScoredCandidate, b: ScoredCandidate) => b.score - a.score;
  return { lexical: lexical.sort(best), vector: vector.sort(best), vectorSeen, aboutUser, ranker };
}

/**
 * The hybrid retrieval pipeline: the two legs of {@link rankLegs} fused ({@link fuseRankings}), then
 * near-duplicates dropped. Without an embedder, or on a store whose `vectorSearch` is false, it is full text
 * alone. On a store with `rankText` / `rankVector` it ranks ids and scores (and the few fields ranking reads) and
 * reads only the records of its results (`loadRanked`); elsewhere on the hits' records. Throws `INVALID_QUERY`
 * on a bad fusion option (see {@link checkFuseOptions}).
 */
export async function hybridSearch(
  store: LongTermStoreV1,
  scope: Scope,
  query: string,
  options: HybridSearchOptions,
): Promise<LongTermHit[]> {
  checkFuseOptions(options);
  const { lexical, vector, vectorSeen, aboutUser, ranker } = await rankLegs(store, scope, query, options);
  // A question about the user keeps more of its vector leg's picks: that leg holds the user's own words only.
  const picks = aboutUser ? vectorPicks.aboutUser : vectorPicks.count;
  const fused = fuseRankings(lexical, vector, { ...options, vectorSeen, picks });
  // Time: superseded records after current ones, newer first for questions about the present (rank-by-time.ts).
  const pool = rankByTime(fused, { query, limit: options.limit, now: options.now?.() ?? new Date() });
  return pickResults(
    pool,
    { limit: options.limit, dedupe: options.dedupe ?? 0.9, diversity: options.diversity ?? 0 },
    ranker.load,
  );
}
