import type { RankedCandidate } from './long-term-ranked.ts';

/** Episode records a hybrid search ranks for its episode scores (its episode leg). */
export const episodeLegLimit = 50;

/**
 * Each episode's score from the episode leg's hits (the best `episode` records of a text ranking, best first): its
 * records' scores over the best one's, summed in that order, at most 1. A record without an `episode` counts for the
 * episode named by its id.
 */
export function episodeScores(episodes: readonly RankedCandidate[]): Map<string, number> {
  const best = episodes[0]?.score || 1;
  const byEpisode = new Map<string, number>();
  for (const e of episodes) {
    const ep = e.episode ?? e.id;
    byEpisode.set(ep, Math.min(1, (byEpisode.get(ep) ?? 0) + e.score / best));
  }
  return byEpisode;
}

/**
 * The scores {@link episodeScores} gives the episodes in `asked` (the episode leg's, over its best `limit` episode
 * records) read off a text ranking of every kind by the same query, scope and filter — `ranked`, the best `asked`
 * hits, best first — when that ranking decides them; undefined otherwise (the caller ranks the episodes itself).
 *
 * A match the ranking left out scores at most its last hit (all of them when it is complete: fewer hits than
 * `asked`), so its episode records scoring above that are the leg's best ones, in its order but among equal scores
 * (which leaves every sum the same). When they are `limit` or more (the `limit`-th not tied with the next: which
 * of tied records the leg keeps is its own order's choice), or the ranking is complete, they are the leg's answer.
 * When fewer, the records left out can only add to an episode's sum, so an episode whose sum is already 1 (always
 * that of the best record, whose share is 1) scores 1 whatever they are: the scores are decided when every episode
 * asked for is such. Scores do not depend on the filter in any store (a text ranking scores the scope's records,
 * then filters), so these are the leg's scores. A session recorded run by run holds an episode record per run (in
 * an agent's 10,000-message session, 677): reading the scores off the text leg spares ranking them (~14 ms of a
 * ~40 ms search there, measured).
 */
export function episodeScoresOfRanking(
  ranked: readonly RankedCandidate[],
  asked: number,
  episodesAsked: ReadonlySet<string>,
  limit: number = episodeLegLimit,
): Map<string, number> | undefined {
  const complete = ranked.length < asked;
  const floor = complete ? Number.NEGATIVE_INFINITY : (ranked.at(-1)?.score ?? Number.NEGATIVE_INFINITY);
  const above: RankedCandidate[] = [];
  for (const hit of ranked) {
    if (hit.kind !== 'episode' || !(hit.score > floor)) continue;
    if (above.length === limit) {
      // A tie at the leg's boundary.
      if (!((above.at(-1) as RankedCandidate).score > hit.score)) return undefined;
      break;
    }
    above.push(hit);
  }
  const scores = episodeScores(above);
  if (complete || above.length === limit) return scores;
  if (above.length === 0) return undefined;
  for (const ep of episodesAsked) if (scores.get(ep) !== 1) return undefined;
  return scores;
}
