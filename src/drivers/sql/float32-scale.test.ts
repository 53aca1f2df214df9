import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { float32Scaled } from './float32-scale.ts';

describe('float32Scaled', () => {
  it('leaves a vector whose largest magnitude is within 2^±40 as it is', () => {
    const v = [0.1, -0.5, 3];
    expect(float32Scaled(v)).toBe(v);
    expect(float32Scaled([0, 0])).toEqual([0, 0]);
  });

  it('brings any other vector to a largest magnitude in [0.5, 1) by a power of two, every ratio kept exactly (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: -1000, max: 1013 }), // the ratio, up to 2^1010, is a float64 (subnormals: below)
        (ints, e) => {
          const v = ints.map((n) => n * 2 ** e);
          const max = Math.max(...v.map(Math.abs));
          fc.pre(max > 0 && Number.isFinite(max) && (max < 2 ** -40 || max > 2 ** 40));
          // Components a float64 holds exactly (no subnormal rounding): the scale is exact for them too.
          fc.pre(v.every((x, i) => x / 2 ** e === ints[i]));
          const scaled = float32Scaled(v);
          const top = Math.max(...scaled.map(Math.abs));
          expect(top).toBeGreaterThanOrEqual(0.5);
          expect(top).toBeLessThan(1);
          const ratio = scaled.find((x) => x !== 0)! / v.find((x) => x !== 0)!;
          expect(Number.isInteger(Math.log2(ratio))).toBe(true);
          scaled.forEach((x, i) => {
            expect(x).toBe(v[i]! * ratio);
          });
        },
      ),
      { numRuns: 500 },
    );
  });

  it('scales float32 extremes: 3e38, the largest float32, and subnormals', () => {
    expect(Math.max(...float32Scaled([3e38, 1]).map(Math.abs))).toBeLessThan(1);
    expect(float32Scaled([3.4028234663852886e38])[0]).toBeGreaterThanOrEqual(0.5);
    expect(float32Scaled([2 ** -149, 2 ** -148])).toEqual([0.25, 0.5]);
    expect(float32Scaled([5e-324])).toEqual([0.5]);
  });
});
