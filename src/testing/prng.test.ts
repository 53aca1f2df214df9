import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPrng } from './prng.ts';

describe('createPrng', () => {
  it('gives the same sequence for the same seed, in [0, 1)', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const [a, b] = [createPrng(seed), createPrng(seed)];
        for (let i = 0; i < 50; i++) {
          const x = a();
          expect(b()).toBe(x);
          expect(x >= 0 && x < 1).toBe(true);
        }
      }),
    );
  });

  it('is mulberry32 (pinned values, which the benchmarks and fixtures depend on)', () => {
    const r = createPrng(3);
    expect([r(), r()]).toEqual([0.7202267837710679, 0.03866216051392257]);
  });
});
