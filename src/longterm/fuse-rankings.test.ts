import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  agreementDepth,
  calibratedScores,
  checkFuseOptions,
  fuseRankings,
  legAgreement,
  vectorLegWeight,
  vectorPicks,
  withVectorPicks,
} from './fuse-rankings.ts';
import type { RankedCandidate } from './long-term-ranked.ts';
import type { ScoredCandidate } from './pick-results.ts';

const hitOf = (id: string): RankedCandidate => ({
  id,
  score: 0,
  ref: id,
  kind: 'turn',
  createdAt: new Date(0),
  hash: `h-${id}`,
});

/** A leg over ids `r0`…`r{n-1}`: distinct ids, scores best first. */
const leg = (n: number, scores: fc.Arbitrary<number>) =>
  fc
    .tuple(fc.shuffledSubarray([...Array(n).keys()]), fc.array(scores, { minLength: n, maxLength: n }))
    .map(([ids, s]) =>
      ids.map((i, j) => ({ hit: hitOf(`r${i}`), score: s[j] as number })).sort((a, b) => b.score - a.score),
    );

/** A seeded random vector leg: scores like cosines of random vectors, any ids. */
const randomLeg = (n: number) => leg(n, fc.double({ min: -0.3, max: 0.3, noNaN: true }));
const lexicalLeg = (n: number) => leg(n, fc.double({ min: 0.01, max: 10, noNaN: true }));
const ids = (pool: readonly ScoredCandidate[]) => pool.map((p) => p.hit.id);

describe('fuseRankings', () => {
  it('returns each candidate of the two legs once, and nothing else', () => {
    fc.assert(
      fc.property(
        lexicalLeg(40),
        randomLeg(40),
        fc.constantFrom('calibrated' as const, 'rrf' as const),
        fc.constantFrom(0.5, 1, 2, 5),
        (lexical, vector, fusion, vectorWeight) => {
          const pool = fuseRankings(lexical, vector, { fusion, vectorWeight });
          expect(new Set(ids(pool)).size).toBe(pool.length);
          expect(new Set(ids(pool))).toEqual(new Set([...ids(lexical), ...ids(vector)]));
          for (let i = 1; i < pool.length; i++)
            expect((pool[i - 1] as ScoredCandidate).score).toBeGreaterThanOrEqual(
              (pool[i] as ScoredCandidate).score,
            );
        },
      ),
    );
  });

  it('with an all-zero or constant vector leg keeps the lexical order, vector-only hits after it', () => {
    fc.assert(
      fc.property(
        lexicalLeg(30),
        fc.shuffledSubarray([...Array(30).keys()]),
        fc.constantFrom(0, 0.42, -1),
        (lexical, vectorIds, constant) => {
          const vector = vectorIds.map((i) => ({ hit: hitOf(`r${i}`), score: constant }));
          const pool = fuseRankings(lexical, vector);
          expect(ids(pool).slice(0, lexical.length)).toEqual(ids(lexical));
          expect(vectorLegWeight(lexical, vector)).toBe(0);
        },
      ),
    );
  });

  it('with a random vector leg keeps the order of every two lexical hits further apart than its weight', () => {
    fc.assert(
      fc.property(
        lexicalLeg(60),
        randomLeg(60),
        fc.integer({ min: 60, max: 2000 }),
        (lexical, vector, seen) => {
          const weight = vectorLegWeight(lexical, vector, { vectorSeen: seen });
          const pool = fuseRankings(lexical, vector, { vectorSeen: seen });
          const top = Math.max(...lexical.map((l) => l.score));
          const at = new Map(ids(pool).map((id, i) => [id, i]));
          for (const a of lexical)
            for (const b of lexical)
              if ((a.score - b.score) / top > weight)
                expect(at.get(a.hit.id) as number).toBeLessThan(at.get(b.hit.id) as number);
          // The text leg's confident hits (each ahead of the next by more than the weight) stay first, in order.
          let confident = 0;
          while (
            confident < lexical.length &&
            ((lexical[confident] as ScoredCandidate).score - (lexical[confident + 1]?.score ?? 0)) / top >
              weight
          )
            confident++;
          // (The vector leg's picks may come after the best fifteen: withVectorPicks.)
          const leading = lexical.slice(0, Math.min(confident, vectorPicks.below));
          expect(ids(pool).slice(0, leading.length)).toEqual(ids(leading));
        },
      ),
    );
  });

  it('gives a vector leg that only overlaps the lexical leg by chance no weight', () => {
    // Disjoint best hits: no agreement at all.
    const lexical = Array.from({ length: 30 }, (_, i) => ({ hit: hitOf(`a${i}`), score: 30 - i }));
    const vector = Array.from({ length: 30 }, (_, i) => ({ hit: hitOf(`b${i}`), score: 1 - i / 30 }));
    expect(legAgreement(lexical, vector, 1000)).toBe(0);
    // The vector leg adds its hits below the text hits, its best three just below the best fifteen.
    expect(ids(fuseRankings(lexical, vector, { vectorSeen: 1000 }))).toEqual([
      ...ids(lexical.slice(0, vectorPicks.below)),
      ...ids(vector.slice(0, vectorPicks.count)),
      ...ids(lexical.slice(vectorPicks.below)),
      ...ids(vector.slice(vectorPicks.count)),
    ]);
    // The same best hits in both: full agreement, the vector leg's full weight.
    const same = lexical.map((l, i) => ({ hit: l.hit, score: 1 - i / 30 }));
    expect(legAgreement(lexical, same, 1000)).toBeCloseTo(1, 10);
    expect(vectorLegWeight(lexical, same, { vectorSeen: 1000, vectorWeight: 3 })).toBeCloseTo(3, 10);
    // Chance overlap bound: with as few records as the depth, any overlap is chance.
    expect(
      legAgreement(lexical.slice(0, agreementDepth), same.slice(0, agreementDepth), agreementDepth),
    ).toBe(0);
  });

  it("property: the vector leg's best `count` hits the words lack come just below the best fifteen; nothing else moves", () => {
    fc.assert(
      fc.property(
        lexicalLeg(40),
        fc.oneof(randomLeg(40), leg(40, fc.constantFrom(0.2))),
        fc.integer({ min: 40, max: 2000 }),
        fc.constantFrom(vectorPicks.count, vectorPicks.aboutUser, 0, 1),
        (lexical, vector, seen, count) => {
          fc.pre(vector.length > 0);
          const before = calibratedScores(lexical, vector, { vectorSeen: seen });
          const after = withVectorPicks(before, lexical, vector, count);
          expect(after).toEqual(fuseRankings(lexical, vector, { vectorSeen: seen, picks: count }));
          const words = new Set(ids(lexical));
          const informative = vector[0]!.score !== vector.at(-1)!.score;
          const picks =
            before.length >= vectorPicks.below && informative
              ? ids(vector)
                  .filter((id) => !words.has(id))
                  .slice(0, count)
              : [];
          // The head is untouched; every other hit keeps its order and score.
          expect(after.slice(0, vectorPicks.below)).toEqual(before.slice(0, vectorPicks.below));
          const rest = (pool: readonly ScoredCandidate[]) => pool.filter((p) => !picks.includes(p.hit.id));
          expect(rest(after)).toEqual(rest(before));
          // Each pick is in the head or right below it, in the vector leg's order.
          const at = picks.map((id) => ids(after).indexOf(id));
          for (const i of at) expect(i).toBeLessThan(vectorPicks.below + count);
          const raised = at.filter((i) => i >= vectorPicks.below);
          expect(raised).toEqual([...raised].sort((a, b) => a - b));
          for (let i = 1; i < after.length; i++)
            expect(after[i - 1]!.score).toBeGreaterThanOrEqual(after[i]!.score);
        },
      ),
    );
  });

  it('lets an agreeing vector leg lift a lexical hit it ranks first', () => {
    const lexical = ['a', 'b', 'c', 'd'].map((id, i) => ({ hit: hitOf(id), score: 1 - i * 0.05 }));
    const vector = ['d', 'a', 'b', 'c', 'x'].map((id, i) => ({ hit: hitOf(id), score: 0.9 - i * 0.1 }));
    expect(ids(fuseRankings(lexical, vector, { vectorSeen: 1000 }))[0]).toBe('d');
  });

  it('falls back to the lexical leg without a vector leg, and to reciprocal rank on request', () => {
    const lexical = ['a', 'b'].map((id, i) => ({ hit: hitOf(id), score: 2 - i }));
    expect(ids(fuseRankings(lexical, []))).toEqual(['a', 'b']);
    const vector = ['b', 'a'].map((id, i) => ({ hit: hitOf(id), score: 1 - i }));
    expect(ids(fuseRankings(lexical, vector, { fusion: 'rrf', vectorWeight: 2 }))).toEqual(['b', 'a']);
  });

  it('refuses a bad fusion option with INVALID_QUERY naming it', () => {
    expect(() => checkFuseOptions({ fusion: 'max' as 'rrf' })).toThrow(/fusion must be/);
    for (const fusion of [10n, Symbol('f'), Object.create(null)])
      expect(() => checkFuseOptions({ fusion })).toThrow(/fusion must be 'calibrated' or 'rrf', got /);
    expect(() => checkFuseOptions({ vectorWeight: -1 })).toThrow(/vectorWeight must be/);
    expect(() => checkFuseOptions({ rrfK: Number.NaN })).toThrow(/rrfK must be/);
    expect(() => checkFuseOptions({ fusion: 'rrf', vectorWeight: 0, rrfK: 10 })).not.toThrow();
  });
});
