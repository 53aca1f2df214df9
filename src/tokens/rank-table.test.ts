import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BpeEncoding } from './model-encodings.ts';
import { createRankTableBuilder, NO_RANK, type RankTable } from './rank-table.ts';
import { requireBpeRanks } from './read-bpe-ranks.ts';

/** The reference: a map keyed by each token's bytes as a latin1 string (what the table replaces). */
const keyOf = (token: string | readonly number[]) =>
  typeof token === 'string'
    ? Buffer.from(token, 'utf8').toString('latin1')
    : String.fromCharCode(...(token as number[]));

function both(encoding: BpeEncoding): { table: RankTable; map: Map<string, number> } {
  const decoder = requireBpeRanks(encoding);
  const builder = createRankTableBuilder(decoder.length);
  const map = new Map<string, number>();
  decoder.forEach((token, rank) => {
    builder.add(token);
    map.set(keyOf(token), rank);
  });
  return { table: builder.done(), map };
}

describe('createRankTableBuilder', () => {
  for (const encoding of ['o200k_base', 'cl100k_base'] as const) {
    const { table, map } = both(encoding);
    it(`${encoding}: gives every token its rank (no two tokens share bytes)`, () => {
      expect(map.size).toBe(requireBpeRanks(encoding).length);
      for (const [key, rank] of map) expect(table.rankOf(key, 0, key.length)).toBe(rank);
    });
    it(`${encoding}: answers what a map of token bytes answers, for any range of any byte string (property)`, () => {
      const tokens = [...map.keys()];
      const bytes = fc.oneof(
        fc.string({
          unit: fc.integer({ min: 0, max: 255 }).map((b) => String.fromCharCode(b)),
          maxLength: 12,
        }),
        fc.constantFrom(...tokens.slice(0, 5000)),
        fc
          .tuple(fc.constantFrom(...tokens.slice(0, 5000)), fc.constantFrom(...tokens.slice(0, 5000)))
          .map(([a, b]) => a + b),
      );
      fc.assert(
        fc.property(fc.string({ maxLength: 4 }), bytes, fc.string({ maxLength: 4 }), (before, key, after) => {
          const text = `${before.replace(/[^\x00-\xff]/g, 'x')}${key}${after.replace(/[^\x00-\xff]/g, 'x')}`;
          const from = before.length;
          const to = from + key.length;
          expect(table.rankOf(text, from, to)).toBe(map.get(key) ?? NO_RANK);
        }),
        { numRuns: 2000 },
      );
    });
  }
  it('grows past the size it was made for without answering wrongly', () => {
    const builder = createRankTableBuilder(2);
    const keys = Array.from({ length: 5000 }, (_, i) => `k${i}`);
    for (const k of keys) builder.add(k);
    builder.add([0xff, 0x00]);
    const table = builder.done();
    keys.forEach((k, i) => {
      expect(table.rankOf(k, 0, k.length)).toBe(i);
    });
    expect(table.rankOf('\xff\x00', 0, 2)).toBe(5000);
    expect(table.rankOf('k5000', 0, 5)).toBe(NO_RANK);
  });
});
