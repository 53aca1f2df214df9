import fc from 'fast-check';
import { CL100K_TOKEN_SPLIT_REGEX, O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import { describe, expect, it } from 'vitest';
import { createPreTokenSplitter } from './ascii-pre-tokens.ts';
import type { BpeEncoding } from './model-encodings.ts';

const regexes: Record<BpeEncoding, RegExp> = {
  o200k_base: O200K_TOKEN_SPLIT_REGEX,
  cl100k_base: CL100K_TOKEN_SPLIT_REGEX,
};

/** The pre-tokens of `text` by the splitter, and how many came from the regex. */
function split(encoding: BpeEncoding, text: string) {
  const next = createPreTokenSplitter(encoding, regexes[encoding]);
  const pieces: string[] = [];
  let byRegex = 0;
  for (let at = 0; at < text.length; ) {
    const end = next(text, at);
    if (end < 0) byRegex++;
    pieces.push(text.slice(at, Math.abs(end)));
    at = Math.abs(end);
  }
  return { pieces, byRegex };
}

const matches = (encoding: BpeEncoding, text: string) =>
  [...text.matchAll(new RegExp(regexes[encoding].source, 'gu'))].map(([m]) => m);

// Every class each regex tells apart, inside and outside ASCII: upper and lower case, the contraction letters,
// digits, punctuation (`'` and `/` among them), every ASCII whitespace, control characters, and beyond ASCII
// letters of each case, marks, numbers, whitespace, punctuation, CJK, emoji and lone surrogates.
const alphabet = [
  ...'AZaszSDMTLlVvEeRr09 \t\n\r\v\f\'"/.,!-_()[]{}<>#@`~\\|\u0000\u001f\u007f',
  'é',
  'É',
  'ǅ',
  'ʰ',
  '中',
  '\u0301',
  '²',
  '٣',
  '\u00a0',
  '\u3000',
  '\u2028',
  '—',
  '😀',
  '\ud800',
  'ſ',
];
const texts = fc
  .array(
    fc.oneof(
      fc.constantFrom(...alphabet),
      fc.constantFrom(' the', "'ll", "'VE", "n't", '\r\n', '   ', '123456', '!\n/', '.\r\n//', ' ?'),
    ),
    {
      maxLength: 60,
    },
  )
  .map((parts) => parts.join(''));

/**
 * Checks the splitter on every string whose i-th part is one of `parts[i]`: the same pre-tokens as `matchAll`, and
 * a positive end only over ASCII (the counter takes such a piece's characters as its UTF-8 bytes). Returns the
 * first string that fails, or undefined.
 */
function firstMismatch(encoding: BpeEncoding, parts: readonly (readonly string[])[]): string | undefined {
  const next = createPreTokenSplitter(encoding, regexes[encoding]);
  const all = new RegExp(regexes[encoding].source, 'gu');
  const choice = parts.map(() => 0);
  for (;;) {
    const text = choice.map((c, i) => parts[i]![c]).join('');
    all.lastIndex = 0;
    for (let at = 0; at < text.length; ) {
      const end = next(text, at);
      const match = all.exec(text);
      if (!match || match.index !== at || at + match[0].length !== Math.abs(end)) return text;
      if (end > 0 && [...match[0]].some((c) => c.charCodeAt(0) > 0x7f)) return text;
      at = Math.abs(end);
    }
    if (all.exec(text)) return text;
    let i = parts.length - 1;
    while (i >= 0 && choice[i] === parts[i]!.length - 1) choice[i--] = 0;
    if (i < 0) return undefined;
    choice[i]!++;
  }
}

// One character of each class the scanners tell apart: upper and lower case, contraction letters of both cases,
// a digit, `'`, `/`, other punctuation, whitespace with and without line breaks; and beyond ASCII a letter of each
// case, a letter without case, a mark, a number, whitespace, an emoji (a surrogate pair) and a lone surrogate.
const classes = [..."AaslevLVE0'/! \t\n\r", 'é', 'É', '中', '\u0301', '٣', '\u00a0', '😀', '\ud800'];
/** Every ASCII character and the test alphabet's characters beyond it. */
const chars = [...Array.from({ length: 128 }, (_, c) => String.fromCharCode(c)), ...alphabet];

describe('createPreTokenSplitter', () => {
  for (const encoding of ['o200k_base', 'cl100k_base'] as const) {
    it(`splits any text as ${encoding}'s split regex matches it`, () => {
      fc.assert(
        fc.property(texts, (text) => {
          expect(split(encoding, text).pieces).toEqual(matches(encoding, text));
        }),
        { numRuns: 5000 },
      );
    });

    it(`splits any ASCII text (${encoding}) without the regex`, () => {
      fc.assert(
        fc.property(fc.string({ unit: 'binary-ascii', maxLength: 80 }), (text) => {
          const { pieces, byRegex } = split(encoding, text);
          expect(pieces).toEqual(matches(encoding, text));
          expect(byRegex).toBe(0);
        }),
        { numRuns: 3000 },
      );
    });
  }

  it('splits every string of up to 4 class representatives, every pair of characters and every contraction candidate as both regexes do', () => {
    for (const encoding of ['o200k_base', 'cl100k_base'] as const) {
      for (let length = 1; length <= 4; length++) {
        expect(firstMismatch(encoding, Array(length).fill(classes))).toBeUndefined();
      }
      expect(firstMismatch(encoding, [chars, chars])).toBeUndefined();
      // `'` and the two characters after it, alone, after a word of either case and after a space.
      expect(firstMismatch(encoding, [['', 'a', 'A', ' '], ["'"], chars, chars])).toBeUndefined();
    }
  });

  it('keeps contractions, numbers in threes and the spaces before a word as the regexes do', () => {
    const text = "He'll pay 12345 USD.  I'M  done\n\n  x  ";
    expect(split('o200k_base', text).pieces).toEqual([
      "He'll",
      ' pay',
      ' ',
      '123',
      '45',
      ' USD',
      '.',
      ' ',
      " I'M",
      ' ',
      ' done',
      '\n\n',
      ' ',
      ' x',
      '  ',
    ]);
    expect(split('cl100k_base', text).pieces).toEqual(matches('cl100k_base', text));
    // o200k keeps line breaks and slashes after punctuation with it; cl100k line breaks only.
    expect(split('o200k_base', 'a!\n/b').pieces).toEqual(['a', '!\n/', 'b']);
    expect(split('cl100k_base', 'a!\n/b').pieces).toEqual(['a', '!\n', '/b']);
  });

  it('asks the regex where a character outside ASCII decides the piece', () => {
    expect(split('o200k_base', 'café au lait').pieces).toEqual(['café', ' au', ' lait']);
    expect(split('o200k_base', 'café au lait').byRegex).toBe(1);
    expect(split('o200k_base', '12٣4').pieces).toEqual(matches('o200k_base', '12٣4'));
  });
});
