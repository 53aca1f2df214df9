import fc from 'fast-check';
import type { RangeQuery } from '../../src/store/memory-store.ts';

/**
 * Arbitrary `readRange` queries over seqs up to about `maxSeq`: any subset of `fromSeq` (from 0), `toSeq`,
 * `limit` (0 included), `direction` and `roles` (the empty list included).
 */
export function rangeQueries(maxSeq: number): fc.Arbitrary<RangeQuery> {
  return fc.record(
    {
      fromSeq: fc.integer({ min: 0, max: maxSeq }),
      toSeq: fc.integer({ min: 0, max: maxSeq + 2 }),
      limit: fc.nat(6),
      direction: fc.constantFrom('forward' as const, 'backward' as const),
      roles: fc.subarray(['user' as const, 'assistant' as const]),
    },
    { requiredKeys: [] },
  );
}
