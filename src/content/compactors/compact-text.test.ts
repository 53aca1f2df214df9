import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupDigits } from '../../core/group-digits.ts';
import { headTail, sizeLine } from './compact-text.ts';

/** The former `sizeLine`, kept as the oracle: a loop over the characters. */
function formerSizeLine(text: string): string {
  let lines = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lines++;
  return `${groupDigits(text.length)} characters, ${groupDigits(lines)} lines`;
}

/** The former `headTail`, kept as the oracle. */
function formerHeadTail(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = Math.max(0, max - ` [… ${groupDigits(text.length)} characters omitted …] `.length);
  let headLength = Math.ceil(room * 0.7);
  const code = text.charCodeAt(headLength - 1);
  if (headLength > 0 && code >= 0xd800 && code <= 0xdbff) headLength--;
  let tailStart = text.length - Math.floor(room * 0.3);
  const low = text.charCodeAt(tailStart);
  if (tailStart < text.length && low >= 0xdc00 && low <= 0xdfff) tailStart++;
  const head = text.slice(0, headLength);
  const tail = text.slice(tailStart);
  return `${head} [… ${groupDigits(text.length - head.length - tail.length)} characters omitted …] ${tail}`;
}

const texts = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 400, size: 'max' }),
  fc
    .array(fc.constantFrom('a', 'b c', '\n', '\r\n', '\n\n', '😀', '\ud83d', '\ude00'), {
      maxLength: 300,
      size: 'max',
    })
    .map((a) => a.join('')),
);

describe('compact text helpers', () => {
  it('sizeLine counts what the loop over the characters counted (property)', () => {
    fc.assert(
      fc.property(texts, (text) => {
        expect(sizeLine(text)).toBe(formerSizeLine(text));
      }),
      { numRuns: 2000 },
    );
    expect(sizeLine('')).toBe('0 characters, 1 lines');
    expect(sizeLine('a\nb\n')).toBe('4 characters, 3 lines');
  });

  it('headTail cuts as it did, surrogate pairs kept whole (property)', () => {
    fc.assert(
      fc.property(texts, fc.integer({ min: 0, max: 260 }), (text, max) => {
        expect(headTail(text, max)).toBe(formerHeadTail(text, max));
      }),
      { numRuns: 2000 },
    );
  });
});
