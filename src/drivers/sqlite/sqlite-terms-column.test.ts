import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPlain, termsColumn } from './sqlite-terms-column.ts';

/** The direct count: the column split on single spaces, words equal to the term. */
const direct = (column: string, term: string) =>
  column === '' ? 0 : column.split(' ').filter((w) => w === term).length;

// Words from a small alphabet so terms recur, overlap ("ab" in "aab", "abab") and sit at either end.
const word = fc.stringMatching(/^[ab1é]{0,4}$/);
const column = fc.array(word, { maxLength: 40 }).map((ws) => ws.join(' '));
const longColumn = fc.array(word, { minLength: 700, maxLength: 900 }).map((ws) => ws.join(' '));

describe('termsColumn', () => {
  it('counts each term as a split on spaces does, short columns and long (kept) ones, read again or not (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(column, longColumn),
        fc.array(fc.oneof(word, fc.constantFrom('a b', ' ', 'ab ', '')), { minLength: 1, maxLength: 6 }),
        (text, terms) => {
          for (const read of [termsColumn(text), termsColumn(text)]) {
            expect(read.plain).toBe(isPlain(text));
            for (const term of terms) expect(read.count(term)).toBe(direct(text, term));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads anything but a string as an empty column', () => {
    for (const value of [null, undefined, 3, new Uint8Array([97])]) {
      const read = termsColumn(value);
      expect(read.plain).toBe(true);
      expect(read.count('a')).toBe(0);
    }
  });
});
