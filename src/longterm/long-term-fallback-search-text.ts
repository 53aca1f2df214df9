import { readAllPages } from '../core/read-all-pages.ts';
import type { Scope } from '../core/scope.ts';
import { analyzeText } from './analyze-text.ts';
import { maxResultLimit } from './check-record.ts';
import type { LongTermDriverV1 } from './long-term-driver.ts';
import type { LongTermHit, LongTermTextQuery } from './long-term-query.ts';
import { type Bm25Candidate, rankBm25 } from './rank-bm25.ts';

/**
 * `searchText` for a driver without an index: every current record of the scope, read through `listRecords`
 * in pages of 1,000, its text and context analysed again (`analyzeText`), ranked by {@link rankBm25}: the
 * in-process store's BM25, so both rank alike. A scan, right for small scopes; a driver with many records
 * implements `searchText`. Throws `STORE_ERROR` when the driver's listing repeats a cursor (it would not end).
 */
export async function searchTextByScan(
  driver: LongTermDriverV1,
  scope: Scope,
  query: LongTermTextQuery,
  component: string,
): Promise<LongTermHit[]> {
  if (query.terms.length === 0) return [];
  const pages = await readAllPages(
    (cursor) =>
      driver.listRecords(scope, { limit: maxResultLimit, ...(cursor === undefined ? {} : { cursor }) }),
    `driver "${driver.name}": listRecords`,
    component,
  );
  const candidates: Bm25Candidate[] = pages.flatMap((page) =>
    page.records.map((record) => ({
      record,
      terms: analyzeText(record.text),
      contextTerms: record.context === undefined ? [] : analyzeText(record.context),
    })),
  );
  return rankBm25(candidates, query);
}
