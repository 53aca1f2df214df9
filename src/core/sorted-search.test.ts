import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstAtLeast, numberKey } from './sorted-search.ts';

describe('firstAtLeast', () => {
  it('equals a linear scan for the first key at least the value (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -50, max: 50 })),
        fc.integer({ min: -60, max: 60 }),
        (raw, value) => {
          const keys = [...raw].sort((a, b) => a - b);
          const linear = keys.findIndex((k) => k >= value);
          expect(firstAtLeast(keys, value, numberKey)).toBe(linear === -1 ? keys.length : linear);
        },
      ),
    );
  });

  it('reads keys through the key function', () => {
    const rows = [{ seq: 2 }, { seq: 5 }, { seq: 9 }];
    expect(firstAtLeast(rows, 5, (r) => r.seq)).toBe(1);
    expect(firstAtLeast(rows, 6, (r) => r.seq)).toBe(2);
    expect(firstAtLeast(rows, 10, (r) => r.seq)).toBe(3);
    expect(firstAtLeast([], 1, numberKey)).toBe(0);
  });
});
