import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { disjointOccurrencesOf, indexOfText, occurrencesOf } from './text-occurrences.ts';

/** What `indexOf` finds from each occurrence's start plus one. */
function byIndexOf(text: string, needle: string): number[] {
  const at: number[] = [];
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + 1)) at.push(i);
  return at;
}

/** What `indexOf` finds from each occurrence's end: the occurrences `split` and Python's `str.count` count. */
function byIndexOfFromEnd(text: string, needle: string): number[] {
  const at: number[] = [];
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + needle.length)) at.push(i);
  return at;
}

describe('occurrencesOf and indexOfText', () => {
  it('find what indexOf finds, for short and long needles in any text (property)', () => {
    // Texts and needles of few letters, so long needles occur, overlap and almost occur; surrogates included.
    const letters = fc.constantFrom('a', 'a', 'a', 'b', '\ud83d', '\ude00', 'é');
    const text = fc.array(letters, { maxLength: 400 }).map((l) => l.join(''));
    const unit = fc.array(letters, { minLength: 1, maxLength: 4 }).map((l) => l.join(''));
    const needle = fc
      .tuple(unit, fc.integer({ min: 1, max: 40 }), fc.array(letters, { maxLength: 3 }))
      .map(([u, n, tail]) => u.repeat(n) + tail.join(''));
    fc.assert(
      fc.property(text, needle, (t, n) => {
        expect(occurrencesOf(t, n)).toEqual(byIndexOf(t, n));
        expect(indexOfText(t, n)).toBe(t.indexOf(n));
        expect(occurrencesOf(t, n, 2)).toEqual(byIndexOf(t, n).slice(0, 2));
        expect(disjointOccurrencesOf(t, n)).toEqual(byIndexOfFromEnd(t, n));
        expect(disjointOccurrencesOf(t, n)).toHaveLength(t.split(n).length - 1);
      }),
      { numRuns: 3000 },
    );
  });

  it('finds a long needle, or none, in a text of words', () => {
    const needle = 'the quick brown fox jumps over the lazy dog '.repeat(3);
    const text = `say ${needle}and ${needle}`;
    expect(occurrencesOf(text, needle)).toEqual([4, 4 + needle.length + 4]);
    expect(indexOfText(text, `${needle}!`)).toBe(-1);
  });

  it('reads a long near-miss needle once per text (indexOf would take minutes on these)', () => {
    const text = 'a'.repeat(4_000_000);
    expect(indexOfText(text, `${'a'.repeat(100_000)}b${'a'.repeat(100_000)}`)).toBe(-1);
    const half = 'a'.repeat(400_000);
    expect(occurrencesOf(`${half}${half}`, half)).toHaveLength(400_001);
    expect(disjointOccurrencesOf(`${half}${half}`, half)).toEqual([0, 400_000]);
  });

  it('disjointOccurrencesOf counts an occurrence once its text is used: aa occurs once in aaa, twice in aaaa', () => {
    expect(disjointOccurrencesOf('aaa', 'aa')).toEqual([0]);
    expect(disjointOccurrencesOf('aaaa', 'aa')).toEqual([0, 2]);
    expect(disjointOccurrencesOf('abababa', 'aba')).toEqual([0, 4]);
    const long = 'ab'.repeat(40); // past indexOf's 64 characters: the Knuth-Morris-Pratt search
    expect(disjointOccurrencesOf(`${long}ab`, long)).toEqual([0]);
    expect(disjointOccurrencesOf(long + long, long)).toEqual([0, 80]);
  });
});
