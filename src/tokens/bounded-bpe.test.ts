import fc from 'fast-check';
import { countTokens as cl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { countTokens as o200k } from 'gpt-tokenizer/encoding/o200k_base';
import { CL100K_TOKEN_SPLIT_REGEX, O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import { describe, expect, it } from 'vitest';
import {
  PATHOLOGICAL_CLASSES,
  type PathologicalClass,
  pathologicalText,
} from '../../test-support/pathological-text.ts';
import { boundedBpeCounter, MAX_BPE_PIECE_BYTES } from './bounded-bpe.ts';
import { createBpeTokenCounter } from './bpe-token-counter.ts';

const plain = { disallowedSpecial: new Set<string>() };
const encodings = [
  { name: 'o200k_base', exact: (t: string) => o200k(t, plain), split: O200K_TOKEN_SPLIT_REGEX },
  { name: 'cl100k_base', exact: (t: string) => cl100k(t, plain), split: CL100K_TOKEN_SPLIT_REGEX },
] as const;

/** The stated error of a count on long unbroken runs (measured ≤ 0.25% on every class; see BENCHMARKS.md). */
const PATHOLOGICAL_ERROR = 0.01;

const utf8Bytes = (text: string) => Buffer.byteLength(text, 'utf8');
const longestPreToken = (text: string, split: RegExp) =>
  Math.max(0, ...[...text.matchAll(new RegExp(split.source, 'gu'))].map(([m]) => utf8Bytes(m)));

// Ordinary text: words, numbers, code, JSON, CJK, emoji, contractions and every kind of whitespace.
const pieces = [
  'the',
  ' The',
  ' quick',
  ' brown',
  'fox',
  "'s",
  "n't",
  " I'm",
  " WE'LL",
  ' naïve',
  ' café',
  ' Straße',
  '42',
  ' 2026',
  '3.14159',
  ' 1,000,000',
  '{"a":',
  ' [1, 2, 3]',
  '};',
  ' => ',
  '<|endoftext|>',
  ' // x',
  'const',
  ' fooBar',
  'HTTPServer',
  '\n',
  '\n\n',
  '\r\n',
  '  ',
  '\t',
  ' ',
  '    ',
  '你好',
  '，',
  '世界。',
  '日本語のテキスト',
  '한국어',
  ' 🎉',
  '👍🏽',
  'ℝ²',
  ' ...',
  '!!',
  '?',
  ' — ',
  '\u00a0',
  '\u2028',
];
const ordinaryText = fc.oneof(
  fc.array(fc.constantFrom(...pieces), { maxLength: 60 }).map((p) => p.join('')),
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

describe('boundedBpeCounter', () => {
  for (const { name, exact, split } of encodings) {
    const count = boundedBpeCounter(name);

    it(`${name}: equals gpt-tokenizer's count whenever no pre-token exceeds ${MAX_BPE_PIECE_BYTES} bytes`, () => {
      fc.assert(
        fc.property(ordinaryText, (text) => {
          fc.pre(longestPreToken(text, split) <= MAX_BPE_PIECE_BYTES);
          expect(count(text)).toBe(exact(text));
        }),
        { numRuns: 400 },
      );
    });

    // Short ASCII pre-tokens are counted through a direct-mapped cache keyed by their packed characters (up to 7 in a
    // key, 14 in all): words around those lengths, each met again (a cache hit), must count as gpt-tokenizer does.
    it(`${name}: equals gpt-tokenizer's count on short ASCII words met again (the short cache)`, () => {
      const word = fc.string({
        unit: fc.integer({ min: 32, max: 126 }).map((c) => String.fromCharCode(c)),
        minLength: 1,
        maxLength: 16,
      });
      fc.assert(
        fc.property(fc.array(word, { minLength: 1, maxLength: 40 }), (words) => {
          const text = words.join(' ');
          expect(count(text)).toBe(exact(text));
          expect(count(`${text} ${text}`)).toBe(exact(`${text} ${text}`));
        }),
        { numRuns: 400 },
      );
    });

    it(`${name}: tells apart short words that share their first 7 characters, in a cache slot they share`, () => {
      // Thousands of such words: some pairs land in one slot, where only the second part of the key differs.
      const suffix = fc.string({
        unit: fc.constantFrom('a', 'e', 'x', 'Q', '7', '_'),
        minLength: 1,
        maxLength: 7,
      });
      fc.assert(
        fc.property(fc.array(suffix, { minLength: 3000, maxLength: 3000 }), (suffixes) => {
          const words = suffixes.map((x, j) => `${['prefixA', 'Another', 'xxxxxxx'][j % 3]}${x}`);
          for (const w of words) expect(count(w)).toBe(exact(w));
        }),
        { numRuns: 3 },
      );
    });

    it(`${name}: stays within ${PATHOLOGICAL_ERROR * 100}% of the exact count on 8,000-character runs`, () => {
      for (const kind of Object.keys(PATHOLOGICAL_CLASSES) as PathologicalClass[]) {
        const text = pathologicalText(kind, kind === 'emoji' ? 2_000 : 8_000);
        const reference = exact(text);
        expect(Math.abs(count(text) - reference) / reference, kind).toBeLessThanOrEqual(PATHOLOGICAL_ERROR);
      }
    });
  }

  it('createBpeTokenCounter counts 100 kB of each pathological class within the stated error', () => {
    // Exact BPE of 100 kB in one piece takes minutes (the defect), so the reference is the sum of exact
    // counts of 2,000-character slices: its own error is a few tokens per slice boundary (< 0.1% here).
    const { exact } = encodings[0];
    const { countText } = createBpeTokenCounter({ encoding: 'o200k_base' });
    for (const kind of Object.keys(PATHOLOGICAL_CLASSES) as PathologicalClass[]) {
      let text = pathologicalText(kind, 100_000);
      text = text.slice(0, Buffer.from(text).subarray(0, 100_000).toString('utf8').length - 1);
      let reference = 0;
      const chars = [...text];
      for (let i = 0; i < chars.length; i += 2_000) reference += exact(chars.slice(i, i + 2_000).join(''));
      expect(Math.abs(countText(text) - reference) / reference, kind).toBeLessThanOrEqual(PATHOLOGICAL_ERROR);
    }
  });

  it('is what createBpeTokenCounter counts with', () => {
    const text = pathologicalText('dna', 40_000);
    expect(createBpeTokenCounter().countText(text)).toBe(boundedBpeCounter('o200k_base')(text));
  });
});
