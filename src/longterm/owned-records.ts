import { isDeepStrictEqual } from 'node:util';
import type { Scope } from '../core/scope.ts';
import type { LongTermRecord } from './long-term-record.ts';
import type { LongTermStoreV1 } from './long-term-store-v1.ts';

/**
 * The records of `list` that `scope` owns, in order. A listing or a search by a scope that leaves out `user` or
 * `agent` also returns its users' or agents' records; a component whose records are its scope's own (an episodic
 * series, a pool's facts) keeps only these. A record is the scope's own when `getRecords` in the scope (which
 * addresses exactly its owner) reads it as listed: another owner's record under the same id reads differently.
 */
export async function ownedRecords(
  records: Pick<LongTermStoreV1, 'getRecords'>,
  scope: Scope,
  list: readonly LongTermRecord[],
): Promise<LongTermRecord[]> {
  if (list.length === 0) return [];
  const ids = [...new Set(list.map((r) => r.id))];
  const own = new Map((await records.getRecords(scope, ids)).map((r) => [r.id, r]));
  return list.filter((r) => isDeepStrictEqual(own.get(r.id), r));
}

/**
 * The best `limit` records the scope owns among a search's hits, best first: `search(n)` asked for `limit` hits,
 * then, when other owners' hits took places, for up to 100 (a search's most).
 */
export async function ownedHits(
  records: Pick<LongTermStoreV1, 'getRecords'>,
  scope: Scope,
  limit: number,
  search: (limit: number) => Promise<readonly { record: LongTermRecord }[]>,
): Promise<LongTermRecord[]> {
  for (let ask = limit; ; ask = 100) {
    const hits = await search(ask);
    const own = await ownedRecords(
      records,
      scope,
      hits.map((h) => h.record),
    );
    if (own.length >= limit || hits.length < ask || ask >= 100) return own.slice(0, limit);
  }
}
