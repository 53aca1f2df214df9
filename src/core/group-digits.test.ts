import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupDigits } from './group-digits.ts';

describe('groupDigits', () => {
  it('writes an integer as en-US toLocaleString does', () => {
    expect([0, 7, 999, 1000, 12345, 1234567, -1000, -0].map(groupDigits)).toEqual([
      '0',
      '7',
      '999',
      '1,000',
      '12,345',
      '1,234,567',
      '-1,000',
      '-0',
    ]);
  });

  it('property: equals toLocaleString("en-US") for any number', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.double()), (n) => {
        expect(groupDigits(n)).toBe(n.toLocaleString('en-US'));
      }),
      { numRuns: 2000 },
    );
  });
});
