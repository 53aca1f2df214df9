import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { occurrencesOf } from '../../core/text-occurrences.ts';
import { linesOf } from './occurrence-lines.ts';

/** The first version's line of an offset: the line breaks before it counted from the start of the text. */
function lineFromStart(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

describe('linesOf', () => {
  it('gives each occurrence the line counting from the start gives it, in any text (property)', () => {
    const text = fc
      .array(
        fc.oneof(fc.constantFrom('\n', '\n\n', '\r\n', 'a', 'ab', 'aa', ' '), fc.string({ maxLength: 3 })),
        {
          maxLength: 30,
        },
      )
      .map((pieces) => pieces.join(''));
    const needle = fc.oneof(
      fc.constantFrom('a', 'aa', 'a\n', '\n', 'ab', '\na'),
      fc.string({ minLength: 1, maxLength: 3 }),
    );
    fc.assert(
      fc.property(text, needle, (t, n) => {
        const at = occurrencesOf(t, n);
        expect(linesOf(t, at)).toEqual(at.map((i) => lineFromStart(t, i)));
      }),
      { numRuns: 5000 },
    );
  });

  it('finds overlapping occurrences and their lines', () => {
    expect(occurrencesOf('aaa\naa', 'aa')).toEqual([0, 1, 4]);
    expect(linesOf('aaa\naa', [0, 1, 4])).toEqual([1, 1, 2]);
    expect(linesOf('x', [])).toEqual([]);
  });

  it('reads the line breaks once for all occurrences (counting from the start for each would take minutes)', () => {
    const text = 'a\n'.repeat(500_000);
    const lines = linesOf(text, occurrencesOf(text, 'a'));
    expect(lines.length).toBe(500_000);
    expect(lines.at(-1)).toBe(500_000);
  });
});
