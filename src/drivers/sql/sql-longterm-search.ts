import { checkTextQuery } from '../../longterm/check-record.ts';
import type { LongTermHit } from '../../longterm/long-term-query.ts';
import type { LongTermStoreV1 } from '../../longterm/long-term-store-v1.ts';
import type { SqlLongTermOptions } from './sql-longterm-options.ts';
import { filterSql, liveWhere, scopeTokens } from './sql-longterm-rows.ts';

/**
 * Full-text search of `LongTermStoreV1` on the shared SQL layer: the checked query becomes a
 * `LongTermTextSearch` (distinct terms, context weight 0.5 by default, the scope's live versions meeting the
 * filter, the scope's index tokens) that the dialect's long-term index answers.
 */
export function sqlLongTermSearch(options: SqlLongTermOptions): Pick<LongTermStoreV1, 'searchText'> {
  const { client, component, op } = options;
  return {
    searchText: (scope, query) =>
      op('searchText', scope, async (): Promise<LongTermHit[]> => {
        checkTextQuery(query, component);
        const terms = [...new Set(query.terms)];
        if (terms.length === 0) return [];
        return client.dialect.longTermIndex.search(client, {
          scope,
          terms,
          contextWeight: query.contextWeight ?? 0.5,
          where: liveWhere(scope, filterSql(client.dialect, query.filter ?? {})),
          scopeTokens: scopeTokens(scope),
          limit: query.limit,
        });
      }),
  };
}
