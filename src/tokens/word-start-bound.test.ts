import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createBpeTokenCounter } from './bpe-token-counter.ts';
import { wordStartBound } from './word-start-bound.ts';

const counters = [
  createBpeTokenCounter({ encoding: 'o200k_base' }),
  createBpeTokenCounter({ encoding: 'cl100k_base' }),
];

/** Text built from the pieces a split regex treats differently: words, contractions, digits, punctuation, breaks. */
const piece = fc.constantFrom(
  'we',
  'Ada',
  "don't",
  "Ada's",
  'ABCdef',
  '12345',
  'é',
  'Çava',
  '日本',
  '🙂',
  '\\u000a',
  ' ',
  '  ',
  '\t',
  '\n',
  '\r\n',
  '\n/',
  './',
  '.\n/x',
  ', ',
  '-',
  '"',
  "'",
  '/',
  'x'.repeat(200),
);
const text = fc.oneof(
  fc.array(piece, { maxLength: 40 }).map((parts) => parts.join('')),
  fc.string({ unit: 'binary', maxLength: 120 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ maxLength: 120 }),
);

describe('wordStartBound', () => {
  it('property: never above the BPE count of o200k_base or cl100k_base', () => {
    fc.assert(
      fc.property(text, (t) => {
        for (const counter of counters) expect(wordStartBound(t)).toBeLessThanOrEqual(counter.countText(t));
      }),
      { numRuns: 600 },
    );
  });

  it('counts word starts: the text start and after ASCII spaces, tabs and line breaks', () => {
    expect(wordStartBound('')).toBe(0);
    expect(wordStartBound('Hello, big world')).toBe(3);
    expect(wordStartBound('  a\tb\nc\r\nd (e) é 7')).toBe(5);
    expect(counters[0]?.atLeast?.('Hello, big world')).toBe(3);
  });

  it('is close to the count on prose (at least two thirds of it)', () => {
    const prose =
      'The eager pipeline trims the dependency when the file is transient. Each stage has its own secret, and the heap validates them usually.';
    for (const counter of counters)
      expect(3 * wordStartBound(prose)).toBeGreaterThan(2 * counter.countText(prose));
  });
});

describe('wordStartBound against its definition', () => {
  /** The bound as first written: a letter or digit at the start or after an ASCII space, tab, CR or LF. */
  const reference = (t: string) => {
    let n = 0;
    let afterSpace = true;
    for (let i = 0; i < t.length; i++) {
      const c = t.charCodeAt(i);
      const alnum = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
      if (alnum && afterSpace) n++;
      afterSpace = c === 32 || c === 9 || c === 10 || c === 13;
    }
    return n;
  };
  it('property: the same count for any text', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(wordStartBound(t)).toBe(reference(t));
      }),
      { numRuns: 2000 },
    );
  });
  it('the same count for every pair of code units', () => {
    const units = Array.from({ length: 256 }, (_, c) => String.fromCharCode(c)).concat([
      '\u00a0',
      '\u2028',
      '\uffff',
    ]);
    for (const a of units) for (const b of units) expect(wordStartBound(a + b)).toBe(reference(a + b));
  });
});
