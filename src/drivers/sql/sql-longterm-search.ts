import type { Scope } from '../../core/scope.ts';
import { checkTextQuery } from '../../longterm/check-record.ts';
import type { LongTermTextQuery } from '../../longterm/long-term-query.ts';
import type { LongTermStoreV1 } from '../../longterm/long-term-store-v1.ts';
import type { RankedRow } from './dialect-longterm-index.ts';
import type { SqlLongTermOptions } from './sql-longterm-options.ts';
import { loadRankedRecords, rankedHits, recordHits } from './sql-longterm-ranked.ts';
import { filterSql, liveWhere, scopeTokens } from './sql-longterm-rows.ts';

/**
 * Full-text search of `LongTermStoreV1` on the shared SQL layer: the checked query becomes a
 * `LongTermTextSearch` (distinct terms, context weight 0.5 by default, the scope's live versions meeting the
 * filter, the scope's index tokens) that the dialect's long-term index ranks as row ids and scores; `searchText`
 * then reads the hits' records, `rankText` only the columns ranking needs (`loadRanked` reads records later).
 */
export function sqlLongTermSearch(
  options: SqlLongTermOptions,
): Required<Pick<LongTermStoreV1, 'searchText' | 'rankText' | 'loadRanked'>> {
  const { client, component, op } = options;
  const rank = async (scope: Scope, query: LongTermTextQuery): Promise<RankedRow[]> => {
    checkTextQuery(query, component);
    const terms = [...new Set(query.terms)];
    if (terms.length === 0) return [];
    const filter = filterSql(client.dialect, query.filter ?? {});
    return client.dialect.longTermIndex.search(client, {
      scope,
      terms,
      contextWeight: query.contextWeight ?? 0.5,
      where: liveWhere(scope, filter),
      filtered: filter.length > 0,
      ...(query.filter?.kinds ? { kinds: query.filter.kinds } : {}),
      scopeTokens: scopeTokens(scope),
      limit: query.limit,
    });
  };
  return {
    searchText: (scope, query) =>
      op('searchText', scope, async () => recordHits(client, await rank(scope, query))),
    rankText: (scope, query) =>
      op('rankText', scope, async () => rankedHits(client, await rank(scope, query))),
    loadRanked: (scope, refs) =>
      op('loadRanked', scope, () => loadRankedRecords(client, scope, refs, component)),
  };
}
