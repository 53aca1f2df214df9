import type { Clock } from '../core/clock.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { Scope } from '../core/scope.ts';
import type { LongTermEmbedder } from './embedder.ts';
import { hybridSearch, type RankingOptions } from './hybrid-search.ts';
import type { LongTermSearchOptions, LongTermSearchResult } from './long-term-memory.ts';
import type { LongTermFilter } from './long-term-query.ts';
import type { LongTermStoreV1 } from './long-term-store-v1.ts';

/** What a long-term memory's search needs. */
export interface RecallSearchOptions {
  /** Where records live. */
  records: LongTermStoreV1;
  /** Whose records. */
  scope: Scope;
  /** How the search ranks. */
  ranking: RankingOptions;
  /** The vector side; only given for a store with vector search. */
  embedder?: LongTermEmbedder;
  /** Results when a call does not say. */
  defaultLimit: number;
  /** What recall always leaves out (see `keepOutRules`). */
  recallFilter: LongTermFilter;
  /** The clock relative dates in a query resolve against. */
  clock: Clock;
  /** The error prefix component. */
  component: string;
}

/**
 * A long-term memory's `search`: checks the query (a string of at most 4,096 characters) and the limit (1–100),
 * adds the recall filter to the call's, and ranks with {@link hybridSearch}. Throws `INVALID_QUERY` naming
 * what is wrong.
 */
export function createRecallSearch(
  o: RecallSearchOptions,
): (query: string, options?: LongTermSearchOptions) => Promise<LongTermSearchResult[]> {
  const { component } = o;
  return async (query, options = {}) => {
    if (typeof options !== 'object' || options === null)
      throw new MemoryError({ code: 'INVALID_QUERY', component, message: 'options must be an object' });
    if (typeof query !== 'string' || query.length > 4096)
      throw new MemoryError({
        code: 'INVALID_QUERY',
        component,
        message: 'query must be a string of at most 4096 characters',
      });
    const limit = options.limit ?? o.defaultLimit;
    if (!Number.isSafeInteger(limit) || limit < 1 || limit > 100)
      throw new MemoryError({
        code: 'INVALID_QUERY',
        component,
        message: 'limit must be an integer from 1 to 100',
      });
    const filter = { ...options.filter, ...o.recallFilter };
    const hits = await hybridSearch(o.records, o.scope, query, {
      ...o.ranking,
      limit,
      ...(Object.keys(filter).length > 0 ? { filter } : {}),
      ...(o.embedder ? { embedder: o.embedder } : {}),
      now: () => o.clock.now(),
    });
    return hits.map((h) => ({ record: h.record, score: h.score }));
  };
}
