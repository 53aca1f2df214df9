import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatSize } from './memory-tool-format.ts';

const units = ['B', 'K', 'M', 'G'];

describe('formatSize', () => {
  it('moves to the next unit where rounding reaches 1024 (1048575 bytes is 1.0M, not 1024.0K)', () => {
    const cases: [number, string][] = [
      [0, '0B'],
      [1, '1B'],
      [1023, '1023B'],
      [1024, '1K'],
      [1536, '1.5K'],
      [1048524, '1023.9K'], // 1023.949 K
      [1048525, '1.0M'], // 1023.950 K: rounds to 1024.0
      [1024 ** 2 - 1, '1.0M'],
      [1024 ** 2, '1M'],
      [1024 ** 3 - 1, '1.0G'],
      [1024 ** 3, '1G'],
      [1024 ** 4 - 1, '1024.0G'], // G is the largest unit: it may pass 1024
      [1024 ** 4, '1024G'],
    ];
    for (const [bytes, shown] of cases) expect(formatSize(bytes), String(bytes)).toBe(shown);
  });

  it('prints a number below 1024 in its unit (or in G, the largest), within 0.05 of the size (property)', () => {
    // Sizes at every unit boundary (1024^k and the rounding edge 1023.95 × 1024^(k-1), give or take a few bytes)
    // and anywhere up to 2^53.
    const nearBoundary = fc
      .tuple(
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom(1024, 1023.95, 1023.9),
        fc.integer({ min: -3, max: 3 }),
      )
      .map(([k, edge, delta]) => Math.max(0, Math.round(edge * 1024 ** (k - 1)) + delta));
    const bytes = fc.oneof(nearBoundary, fc.nat({ max: 1024 ** 3 * 4 }), fc.maxSafeNat());
    fc.assert(
      fc.property(bytes, (n) => {
        const shown = formatSize(n);
        const match = /^(\d+(?:\.\d)?)([BKMG])$/.exec(shown);
        expect(match, shown).not.toBeNull();
        const [, number, unit] = match as unknown as [string, string, string];
        const i = units.indexOf(unit);
        if (unit !== 'G') expect(Number(number), shown).toBeLessThan(1024);
        if (unit !== 'B') expect(Number(number), shown).toBeGreaterThanOrEqual(1);
        expect(Math.abs(Number(number) - n / 1024 ** i), shown).toBeLessThanOrEqual(0.05 + 1e-6);
        // A whole number is printed without a decimal exactly when the size is whole in its unit.
        expect(number.includes('.'), shown).toBe(n % 1024 ** i !== 0);
      }),
      { numRuns: 5000 },
    );
  });
});
