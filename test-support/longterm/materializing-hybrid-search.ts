import type { Scope } from '../../src/core/scope.ts';
import { type HybridSearchOptions, hybridSearch } from '../../src/longterm/hybrid-search.ts';
import type { LongTermHit } from '../../src/longterm/long-term-query.ts';
import type { LongTermStoreV1 } from '../../src/longterm/long-term-store-v1.ts';

/**
 * The oracle of the property test of `hybridSearch`'s ranked path: the same pipeline over a view of the store
 * without `rankText` / `rankVector` / `loadRanked`, so every hit's record is read from `searchText` /
 * `searchVector` up front (the materializing path). Both paths must answer the same results in the same order.
 */
export async function materializingHybridSearch(
  store: LongTermStoreV1,
  scope: Scope,
  query: string,
  options: HybridSearchOptions,
): Promise<LongTermHit[]> {
  const materializing: LongTermStoreV1 = {
    ...store,
    rankText: undefined,
    rankVector: undefined,
    loadRanked: undefined,
    searchText: (s, q) => store.searchText(s, q),
    searchVector: (s, q) => store.searchVector(s, q),
  };
  return hybridSearch(materializing, scope, query, options);
}
