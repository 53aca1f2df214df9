import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cosineSimilarity } from './record-filter.ts';

describe('cosineSimilarity at extreme magnitudes', () => {
  it('gives the cosine of tiny, subnormal and huge vectors (the squares under- or overflow float64)', () => {
    expect(cosineSimilarity([1e-200, 1e-200], [1, 1])).toBeCloseTo(1, 12);
    expect(cosineSimilarity([2 ** -149, 0], [2 ** -149, 0])).toBe(1);
    expect(cosineSimilarity([5e-324, 5e-324], [1, 0])).toBeCloseTo(Math.SQRT1_2, 12);
    expect(cosineSimilarity([1e300, -1e300], [1e300, 1e300])).toBe(0);
    expect(cosineSimilarity([1e300, 1e300], [1e-300, 1e-300])).toBeCloseTo(1, 12);
    expect(cosineSimilarity([0, 0], [1, 1])).toBe(0);
  });

  it('is the same for a vector scaled by any power of two (property)', () => {
    const small = fc.integer({ min: -5, max: 5 });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(small, small), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: -1070, max: 1020 }),
        fc.integer({ min: -1070, max: 1020 }),
        (pairs, ea, eb) => {
          const a = pairs.map(([x]) => x);
          const b = pairs.map(([, y]) => y);
          const plain = cosineSimilarity(a, b);
          const scaled = cosineSimilarity(
            a.map((x) => x * 2 ** ea),
            b.map((y) => y * 2 ** eb),
          );
          expect(Math.abs(scaled - plain)).toBeLessThan(1e-12);
          expect(Math.abs(scaled)).toBeLessThanOrEqual(1 + 1e-12);
        },
      ),
      { numRuns: 500 },
    );
  });
});
