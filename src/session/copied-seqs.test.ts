import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCopiedSeqs } from './copied-seqs.ts';

/** Source positions with gaps (deleted entries), each copied to 1, 2, 3, … in order. */
const copiedLog = fc
  .uniqueArray(fc.integer({ min: 1, max: 60 }), { maxLength: 30 })
  .map((seqs) => [...seqs].sort((a, b) => a - b));

describe('createCopiedSeqs', () => {
  it('property: a range names in the copy exactly the copied entries it named in the source, and an empty one names none', () => {
    fc.assert(
      fc.property(
        copiedLog,
        fc.integer({ min: 0, max: 62 }),
        fc.integer({ min: 0, max: 62 }),
        (sources, a, b) => {
          const [fromSeq, toSeq] = a <= b ? [a, b] : [b, a];
          const seqs = createCopiedSeqs();
          sources.forEach((seq, i) => {
            seqs.add(seq, i + 1);
          });
          const moved = seqs.range(fromSeq, toSeq);
          // From scratch: the copy's positions of the source entries in the range, and those before it.
          const named = sources.flatMap((seq, i) => (seq >= fromSeq && seq <= toSeq ? [i + 1] : []));
          const before = sources.filter((seq) => seq < fromSeq).length;
          const namedInCopy = sources.flatMap((_, i) =>
            i + 1 >= moved.fromSeq && i + 1 <= moved.toSeq ? [i + 1] : [],
          );
          expect(namedInCopy).toEqual(named);
          if (named.length > 0) expect(moved).toEqual({ fromSeq: named[0], toSeq: named.at(-1) });
          else expect(moved).toEqual({ fromSeq: before + 1, toSeq: before });
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a range of deleted entries only is empty in the copy: it does not claim the entry copied before it', () => {
    const seqs = createCopiedSeqs();
    for (const [from, to] of [
      [1, 1],
      [2, 2],
      [5, 3],
    ])
      seqs.add(from as number, to as number);
    // Entries 3 and 4 were deleted: a summary of just them covers nothing of the copy.
    expect(seqs.range(3, 4)).toEqual({ fromSeq: 3, toSeq: 2 });
    expect(seqs.range(1, 0)).toEqual({ fromSeq: 1, toSeq: 0 });
    expect(seqs.range(6, 9)).toEqual({ fromSeq: 4, toSeq: 3 });
    expect(seqs.range(2, 4)).toEqual({ fromSeq: 2, toSeq: 2 });
  });

  it('a log without gaps keeps every range', () => {
    const seqs = createCopiedSeqs();
    for (let seq = 1; seq <= 5; seq++) seqs.add(seq, seq);
    expect(seqs.range(2, 4)).toEqual({ fromSeq: 2, toSeq: 4 });
    expect(seqs.range(5, 5)).toEqual({ fromSeq: 5, toSeq: 5 });
  });
});
