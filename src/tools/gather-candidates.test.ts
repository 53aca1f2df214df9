import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gatherCandidates } from './gather-candidates.ts';

describe('gatherCandidates', () => {
  it('puts documents holding rarer words first, and documents holding every word before all others', () => {
    const lists = [
      ['a', 'b', 'c', 'd', 'e', 'f'], // a common word
      ['d', 'x'], // a rare word
    ];
    expect(gatherCandidates(lists, (d) => d, 8).map((c) => `${c.doc}${c.held}`)).toEqual([
      'd2',
      'x1',
      'a1',
      'b1',
      'c1',
      'e1',
      'f1',
    ]);
  });

  it('lists each document of the lists once, those in every list first (the all-words matches)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 15 }), {
          minLength: 1,
          maxLength: 5,
        }),
        (lists) => {
          const out = gatherCandidates(lists, String, 21);
          const all = new Set(lists.flat());
          expect(out.map((c) => c.doc).sort((a, b) => a - b)).toEqual([...all].sort((a, b) => a - b));
          const inEvery = [...all].filter((d) => lists.every((l) => l.includes(d)));
          expect(new Set(out.slice(0, inEvery.length).map((c) => c.doc))).toEqual(new Set(inEvery));
        },
      ),
    );
  });
});
