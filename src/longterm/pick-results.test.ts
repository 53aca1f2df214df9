import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { overlapsBy } from './pick-results.ts';

/** Jaccard similarity as computed before the size check: every term compared. */
const jaccard = (a: Set<string>, b: Set<string>) => {
  const inter = [...a].filter((x) => b.has(x)).length;
  return inter / (a.size + b.size - inter || 1);
};

describe('overlapsBy', () => {
  it('decides as comparing every term does, whatever the sizes and threshold', () => {
    const terms = fc.uniqueArray(fc.constantFrom(...'abcdefghijklmnopqrst'.split('')), { minLength: 1 });
    fc.assert(
      fc.property(
        terms,
        terms,
        fc.oneof(fc.constantFrom(0.9, 0.5, 1, 0.25), fc.double({ min: 0, max: 1, noNaN: true })),
        (a, b, threshold) => {
          const [x, y] = [new Set(a), new Set(b)];
          expect(overlapsBy(x, y, threshold)).toBe(jaccard(x, y) >= threshold);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('decides as comparing every term does at thresholds equal to a reachable similarity (the stop bound)', () => {
    const terms = fc.uniqueArray(fc.constantFrom(...'abcdefghijklmnopqrst'.split('')), { minLength: 1 });
    fc.assert(
      fc.property(terms, terms, fc.nat(20), (a, b, k) => {
        const [x, y] = [new Set(a), new Set(b)];
        // The similarity of `k` shared terms (capped at the smaller size), the quotient the early stop compares.
        const shared = Math.min(k, x.size, y.size);
        const threshold = shared / (x.size + y.size - shared || 1);
        expect(overlapsBy(x, y, threshold)).toBe(jaccard(x, y) >= threshold);
      }),
      { numRuns: 2000 },
    );
  });
});
