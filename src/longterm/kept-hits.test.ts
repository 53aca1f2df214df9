import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPrng } from '../testing/prng.ts';
import type { RankedCandidate } from './long-term-ranked.ts';
import { askMargin, keptHits, nextAsk } from './ranked-retrieval.ts';

const hit = (i: number, kind: string): RankedCandidate => ({
  id: `r${i}`,
  score: 1000 - i,
  ref: String(i + 1),
  kind,
  createdAt: new Date(0),
  hash: `h${i}`,
});

/** A ranking of `length` hits whose shorter answers are prefixes of its longer ones, and what each ask was. */
function rankingOf(length: number, kindOf: (i: number) => string) {
  const ranking = Array.from({ length }, (_, i) => hit(i, kindOf(i)));
  const asked: number[] = [];
  const rank = async (limit: number) => {
    asked.push(limit);
    return ranking.slice(0, limit);
  };
  return { ranking, asked, rank };
}

/** The from-scratch definition: the first `count` kept of the ranking's first `min(1000, 2 × count)`. */
const definition = (
  ranking: readonly RankedCandidate[],
  keep: (h: RankedCandidate) => boolean,
  count: number,
) =>
  ranking
    .slice(0, Math.min(1000, count * 2))
    .filter(keep)
    .slice(0, count);

describe('keptHits', () => {
  it('property: equals the first count kept of the first min(1000, 2 × count) ranks, asking for more each time and never beyond them', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 600 }),
        fc.integer({ min: 0, max: 1300 }),
        // The pass rate: none, few, most, all, and anything between.
        fc.oneof(fc.constantFrom(0, 0.02, 0.5, 0.8, 0.97, 1), fc.double({ min: 0, max: 1, noNaN: true })),
        // Passing hits bunched at the head, at the tail, or spread evenly.
        fc.constantFrom('even', 'head', 'tail'),
        fc.integer(),
        async (count, length, rate, shape, seed) => {
          const next = createPrng(seed);
          const passes = Array.from({ length }, (_, i) => {
            const at = length > 1 ? i / (length - 1) : 0;
            const p = shape === 'even' ? rate : shape === 'head' ? rate * 2 * (1 - at) : rate * 2 * at;
            return next() < p;
          });
          const { ranking, asked, rank } = rankingOf(length, (i) => (passes[i] ? 'turn' : 'episode'));
          const keep = (h: RankedCandidate) => h.kind !== 'episode';
          const wide = Math.min(1000, count * 2);
          let last: { ranked: readonly RankedCandidate[]; asked: number } | undefined;
          const got = await keptHits(rank, keep, count, true, (ranked, limit) => {
            last = { ranked, asked: limit };
          });
          expect(got).toEqual(definition(ranking, keep, count));
          expect(asked[0]).toBe(Math.min(1000, count));
          for (const [i, limit] of asked.entries()) {
            expect(limit).toBeLessThanOrEqual(wide);
            if (i > 0) expect(limit).toBeGreaterThan(asked[i - 1] as number);
          }
          // `seen` was told the last ask and its answer.
          expect(last?.asked).toBe(asked.at(-1));
          expect(last?.ranked).toEqual(ranking.slice(0, asked.at(-1)));
          // A ranking that costs the same at any limit is asked once, for `wide`.
          asked.length = 0;
          expect(await keptHits(rank, keep, count, false)).toEqual(definition(ranking, keep, count));
          expect(asked).toEqual([wide]);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('asks once when every hit of a full first answer passes, or the ranking ran out', async () => {
    const all = rankingOf(300, () => 'turn');
    expect(await keptHits(all.rank, () => true, 100)).toHaveLength(100);
    expect(all.asked).toEqual([100]);
    const short = rankingOf(60, (i) => (i % 2 ? 'episode' : 'turn'));
    expect(await keptHits(short.rank, (h) => h.kind === 'turn', 100)).toHaveLength(30);
    expect(short.asked).toEqual([100]);
  });

  it('asks again in proportion to what is missing: the static recall, 80 of its first 100 kept, asks for 138', async () => {
    // Every fifth hit is an episode record: 80 of the first 100 pass, 20 are missing at that rate.
    const { rank, asked } = rankingOf(1000, (i) => (i % 5 === 4 ? 'episode' : 'turn'));
    const got = await keptHits(rank, (h) => h.kind !== 'episode', 100);
    expect(got).toHaveLength(100);
    expect(asked).toEqual([100, 100 + Math.ceil(((20 * 100) / 80) * askMargin)]);
    expect(asked[1]).toBe(138);
  });

  it('nextAsk: at least one more, at most wide, all of wide when none passed', () => {
    expect(nextAsk(100, 99, 100, 200)).toBe(102);
    expect(nextAsk(100, 0, 100, 200)).toBe(200);
    expect(nextAsk(500, 499, 600, 1000)).toBe(652);
    expect(nextAsk(999, 998, 1000, 1000)).toBe(1000);
  });
});
