import type { Scope } from '../core/scope.ts';
import type { LongTermFilter } from './long-term-query.ts';
import type { LongTermRecord } from './long-term-record.ts';
import type { LongTermStoreV1 } from './long-term-store-v1.ts';

/**
 * The scope's current records that pass `filter`, oldest recorded first, read page after page (1,000 a listing)
 * until the last page, or until `limit` were read (then the first `limit`).
 */
export async function listAllRecords(
  records: Pick<LongTermStoreV1, 'listRecords'>,
  scope: Scope,
  options: { filter?: LongTermFilter; limit?: number } = {},
): Promise<LongTermRecord[]> {
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  const out: LongTermRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await records.listRecords(scope, {
      limit: 1000,
      ...(options.filter ? { filter: options.filter } : {}),
      ...(cursor ? { cursor } : {}),
    });
    out.push(...page.records);
    cursor = page.nextCursor;
  } while (cursor && out.length < limit);
  return out.slice(0, limit);
}
