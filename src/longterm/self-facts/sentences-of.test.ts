import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sentenceBreakPattern, sentencesOf } from './sentences-of.ts';

/** What the scan replaced: a split at the pattern, each piece trimmed, empty ones dropped. */
const byPattern = (text: string) =>
  text
    .split(sentenceBreakPattern)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);

describe('sentencesOf', () => {
  it('splits where text.split(sentenceBreakPattern) splits, in any text (property)', () => {
    // Runs of spaces of every kind around dashes, line breaks and sentence ends, at the edges of the text too.
    const piece = fc.oneof(
      fc.constantFrom(' ', '  ', '\n', '\n\n', '\r\n', '\t', '\u00a0', '\u2028', '\u3000', '\ufeff', '\v'),
      fc.constantFrom(
        '-',
        '–',
        '—',
        '.',
        '!',
        '?',
        ';',
        ',',
        'a',
        'Ab',
        'St.',
        'she/her',
        'é',
        '\ud83d\ude00',
      ),
      fc.string({ maxLength: 4 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join('');
        expect(sentencesOf(text)).toEqual(byPattern(text));
      }),
      { numRuns: 5000 },
    );
  });

  it('splits a message into its sentences', () => {
    expect(sentencesOf("Hi! I'm Ada; I live in Oslo.\nMy pronouns are she/her - and I code. Bye")).toEqual([
      'Hi!',
      "I'm Ada;",
      'I live in Oslo.',
      'My pronouns are she/her',
      'and I code.',
      'Bye',
    ]);
    expect(sentencesOf('')).toEqual([]);
  });

  it('reads a long run of spaces once (the pattern would take an hour on these)', () => {
    const spaces = ' '.repeat(2_000_000);
    expect(sentencesOf(`a${spaces}b`)).toEqual([`a${spaces}b`]);
    expect(sentencesOf(`a.${spaces}`)).toEqual(['a.']);
    expect(sentencesOf(`a${spaces}- b`)).toEqual(['a', 'b']);
  });
});
