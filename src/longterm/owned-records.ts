import { isDeepStrictEqual } from 'node:util';
import type { Scope } from '../core/scope.ts';
import { maxResultLimit } from './check-record.ts';
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
 * The scope's own records behind a listing, each id once, in listing order, at their current version: `getRecords`
 * in the scope reads each listed id where the scope itself owns it. What a record's metadata says about its owner
 * does not count (any code that writes a user's record may write any metadata). Where {@link ownedRecords} keeps a
 * record only as it was listed, this reads one the scope changed since at its new version, so a listing that a
 * command acts on (a directory's files) misses no record a concurrent edit changed; an id the scope does not own
 * gives the scope's own record of that id, if any, so check the listing's filter (`matchesFilter`) again.
 */
export async function ownedCurrent(
  records: Pick<LongTermStoreV1, 'getRecords'>,
  scope: Scope,
  list: readonly LongTermRecord[],
): Promise<LongTermRecord[]> {
  const ids = [...new Set(list.map((r) => r.id))];
  const out: LongTermRecord[] = [];
  for (let i = 0; i < ids.length; i += maxResultLimit)
    out.push(...(await records.getRecords(scope, ids.slice(i, i + maxResultLimit))));
  return out;
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
