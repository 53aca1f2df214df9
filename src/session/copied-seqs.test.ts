import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCopiedSeqs } from './copied-seqs.ts';

/** Source positions with gaps (deleted entries), each copied to 1, 2, 3, … in order. */
const copiedLog = fc
  .uniqueArray(fc.integer({ min: 1, max: 60 }), { maxLength: 30 })
  .map((seqs) => [...seqs].sort((a, b) => a - b));

describe('createCopiedSeqs', () => {
  it('property: a range names in the copy exactly the copied entries it named in the source; an empty one is the position after those before it', () => {
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
          const named = sources.flatMap((seq, i) => (seq >= fromSeq && seq <= toSeq ? [i + 1] : []));
          const before = sources.filter((seq) => seq < fromSeq).length;
          if (named.length > 0) expect(moved).toEqual({ fromSeq: named[0], toSeq: named.at(-1) });
          else expect(moved).toEqual({ fromSeq: before, toSeq: before });
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a log without gaps keeps every range', () => {
    const seqs = createCopiedSeqs();
    for (let seq = 1; seq <= 5; seq++) seqs.add(seq, seq);
    expect(seqs.range(2, 4)).toEqual({ fromSeq: 2, toSeq: 4 });
    expect(seqs.range(5, 5)).toEqual({ fromSeq: 5, toSeq: 5 });
  });
});
