import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { headTail } from './compact-text.ts';
import { squashedHeadTail } from './squashed-head-tail.ts';

/**
 * The former `headTail(squash(text), max)`, kept as the oracle: the whole text squashed, then cut (`headTail` is
 * held to its former self in `compact-text.test.ts`).
 */
const formerHeadTail = (text: string, max: number) => headTail(text.replace(/\s+/g, ' ').trim(), max);

/** Texts of words, every kind of whitespace (runs of it at the ends too), surrogate pairs and lone surrogates. */
const pieces = fc.constantFrom(
  'a',
  'word',
  'Zürich',
  '1,234',
  ' ',
  '  ',
  '\n',
  '\r\n',
  '\t',
  '\v\f',
  '\u00a0',
  '\u1680',
  '\u2000',
  '\u200a',
  '\u200b', // not whitespace to \s
  '\u2028',
  '\u2029',
  '\u202f',
  '\u205f',
  '\u3000',
  '\ufeff',
  '\u0085', // not whitespace to \s either
  '😀',
  '\ud83d',
  '\ude00',
  ' '.repeat(90),
  '\n\t'.repeat(70),
);
/** Words far apart: a piece of the text a little longer than the head (or tail) squashes to less than it. */
const sparse = fc
  .array(fc.tuple(fc.constantFrom('w', 'word', '😀', '\ud83d', '\ude00'), fc.integer({ min: 1, max: 300 })), {
    minLength: 10,
    maxLength: 120,
    size: 'max',
  })
  .map((a) => a.map(([w, n]) => `${w}${' \n'.repeat(n)}`).join(''));
const texts = fc.oneof(
  fc.array(pieces, { maxLength: 300, size: 'max' }).map((a) => a.join('')),
  sparse,
  fc.string({ unit: 'binary', maxLength: 400, size: 'max' }),
);

describe('squashedHeadTail', () => {
  it('gives what the whole text squashed, then cut, gave (property)', () => {
    fc.assert(
      fc.property(texts, fc.integer({ min: 0, max: 260 }), (text, max) => {
        expect(squashedHeadTail(text, max)).toBe(formerHeadTail(text, max));
      }),
      { numRuns: 3000 },
    );
  });

  it('cuts a long page to its head and tail, the omitted count grouped', () => {
    const text = `  ${'alpha  beta\n\n'.repeat(2000)}  omega  `;
    const out = squashedHeadTail(text, 120);
    expect(out).toBe(formerHeadTail(text, 120));
    expect(out).toMatch(/^alpha beta alpha .* \[… 21,\d{3} characters omitted …\] .*beta omega$/);
  });
});
