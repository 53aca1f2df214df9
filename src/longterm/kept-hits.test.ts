import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RankedCandidate } from './long-term-ranked.ts';
import { keptHits } from './ranked-retrieval.ts';

const hit = (i: number, kind: string): RankedCandidate => ({
  id: `r${i}`,
  score: 1000 - i,
  ref: String(i + 1),
  kind,
  createdAt: new Date(0),
  hash: `h${i}`,
});

describe('keptHits', () => {
  it('property: equals asking for twice the count and keeping the first accepted, and asks twice only when one was dropped', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('turn', 'fact', 'episode', 'engram.core'), { maxLength: 60 }),
        fc.integer({ min: 1, max: 30 }),
        async (kinds, count) => {
          const ranking = kinds.map((k, i) => hit(i, k));
          const asked: number[] = [];
          const rank = async (limit: number) => {
            asked.push(limit);
            return ranking.slice(0, limit);
          };
          const keep = (h: RankedCandidate) => h.kind !== 'episode' && !h.kind.startsWith('engram.');
          const direct = ranking
            .slice(0, count * 2)
            .filter(keep)
            .slice(0, count);
          expect(await keptHits(rank, keep, count)).toEqual(direct);
          const firstDropped = ranking.slice(0, count).some((h) => !keep(h));
          expect(asked).toEqual(firstDropped && ranking.length >= count ? [count, count * 2] : [count]);
          // A ranking that costs the same at any limit is asked once, for twice the count.
          asked.length = 0;
          expect(await keptHits(rank, keep, count, false)).toEqual(direct);
          expect(asked).toEqual([count * 2]);
        },
      ),
      { numRuns: 300 },
    );
  });
});
