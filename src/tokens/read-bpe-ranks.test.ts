import { describe, expect, it } from 'vitest';
import { BPE_ENCODINGS } from './model-encodings.ts';
import { readBpeRanks, requireBpeRanks } from './read-bpe-ranks.ts';

describe('readBpeRanks', () => {
  it.each(BPE_ENCODINGS)(
    '%s: the table read in slices is the module required',
    async (encoding) => {
      const read = await readBpeRanks(encoding);
      expect(read).toBeDefined(); // the shipped module is in the form it parses (else the fallback would always run)
      expect(read).toEqual(requireBpeRanks(encoding));
    },
    60_000,
  );
});
