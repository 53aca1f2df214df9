import { describe, expect, it } from 'vitest';
import { episodeScores, episodeScoresOfRanking } from './episode-leg.ts';
import type { RankedCandidate } from './long-term-ranked.ts';

const hit = (id: string, kind: string, score: number, episode?: string): RankedCandidate => ({
  id,
  ref: id,
  kind,
  score,
  createdAt: new Date(0),
  hash: id,
  ...(episode === undefined ? {} : { episode }),
});

describe('episodeScores', () => {
  it("sums each episode's records over the best one, at most 1; a record without an episode counts for its id", () => {
    const scores = episodeScores([
      hit('a', 'episode', 4, 'e1'),
      hit('b', 'episode', 2, 'e2'),
      hit('c', 'episode', 1),
    ]);
    expect(Object.fromEntries(scores)).toEqual({ e1: 1, e2: 0.5, c: 0.25 });
    expect(episodeScores([]).size).toBe(0);
  });
});

describe('episodeScoresOfRanking', () => {
  const ranking = [
    hit('t1', 'turn', 9, 'e1'),
    hit('x1', 'episode', 8, 'e1'),
    hit('t2', 'turn', 7, 'e2'),
    hit('x2', 'episode', 6, 'e2'),
    hit('x3', 'episode', 5, 'e1'),
    hit('t3', 'turn', 4, 'e2'),
  ];

  it('a complete ranking (fewer hits than asked) decides every episode', () => {
    expect(episodeScoresOfRanking(ranking, 10, new Set(['e1', 'e2']), 50)).toEqual(
      episodeScores([ranking[1]!, ranking[3]!, ranking[4]!]),
    );
  });

  it('the leg limit reached above the last hit decides every episode', () => {
    expect(episodeScoresOfRanking(ranking, 6, new Set(['e2']), 2)).toEqual(
      episodeScores([ranking[1]!, ranking[3]!]),
    );
  });

  it('a tie at the leg limit leaves the choice to the leg', () => {
    const tied = [
      hit('x1', 'episode', 8, 'e1'),
      hit('x2', 'episode', 6, 'e2'),
      hit('x3', 'episode', 6, 'e1'),
      hit('t', 'turn', 1),
    ];
    expect(episodeScoresOfRanking(tied, 4, new Set(['e1']), 2)).toBeUndefined();
    expect(episodeScoresOfRanking(tied, 5, new Set(['e1']), 2)).toBeUndefined();
  });

  it('fewer records than the limit above the last hit decide only episodes whose sum is already 1', () => {
    // e1 holds the best record (share 1); e2's sum could still grow from records below the last hit.
    expect(episodeScoresOfRanking(ranking, 6, new Set(['e1']), 50)?.get('e1')).toBe(1);
    expect(episodeScoresOfRanking(ranking, 6, new Set(['e1', 'e2']), 50)).toBeUndefined();
    expect(episodeScoresOfRanking(ranking, 6, new Set(['e3']), 50)).toBeUndefined();
  });

  it('records scoring no more than the last hit are not counted: a left-out match may tie them', () => {
    const low = [hit('t1', 'turn', 9, 'e1'), hit('x1', 'episode', 3, 'e1')];
    expect(episodeScoresOfRanking(low, 2, new Set(['e1']), 50)).toBeUndefined();
    expect(episodeScoresOfRanking(low, 3, new Set(['e1']), 50)?.get('e1')).toBe(1);
  });

  it('an empty ranking is complete; an empty asked set is decided once a record is above the last hit', () => {
    expect(episodeScoresOfRanking([], 5, new Set(['e1']), 50)?.size).toBe(0);
    expect(episodeScoresOfRanking(ranking, 6, new Set(), 50)).toBeDefined();
  });
});
