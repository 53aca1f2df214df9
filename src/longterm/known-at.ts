import { MemoryError } from '../core/errors/memory-error.ts';
import type { Scope } from '../core/scope.ts';
import type { LongTermSearchResult } from './long-term-memory.ts';
import type { LongTermRecord } from './long-term-record.ts';
import type { LongTermStoreV1 } from './long-term-store-v1.ts';
import { isVersionOf } from './record-versions.ts';

/**
 * The version of a record in force at transaction time `t`, from its history (oldest first): the last version
 * recorded at or before `t`; undefined when none was, or when that version is a `DELETE`. Throws
 * `INVALID_ARGUMENT` unless `history` is an array and `t` a valid Date.
 */
export function versionAt(history: readonly LongTermRecord[], t: Date): LongTermRecord | undefined {
  if (!Array.isArray(history) || !(t instanceof Date) || Number.isNaN(t.getTime()))
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'longterm',
      message: 'versionAt(history, t): expected an array of versions and a valid Date',
    });
  let found: LongTermRecord | undefined;
  for (const v of history) if (v.recordedAt.getTime() <= t.getTime()) found = v;
  return found?.event === 'DELETE' ? undefined : found;
}

/**
 * Every version of the record `found` is a version of, read where it lives: the store's `historyOf` (the owner
 * among those `scope` covers; a record does not carry its owner), else `history` in `scope` itself, used only when
 * it holds that very version (a record of the same id owned by `scope` is another record).
 */
async function historyOfFound(
  records: LongTermStoreV1,
  scope: Scope,
  found: LongTermRecord,
): Promise<readonly LongTermRecord[]> {
  if (records.historyOf) return records.historyOf(scope, found);
  const own = await records.history(scope, found.id);
  return own.some((v) => isVersionOf(v, found)) ? own : [];
}

/**
 * Search results as they were known at `t` (what an agent believed then): each hit's version in force at `t`
 * ({@link versionAt}; the current version itself when it was recorded at or before `t`, else read from the
 * history of the record the hit is, in the scope that owns it: `scope`'s own, or, for a scope that leaves out
 * `user` / `agent`, a user's or agent's of it), hits that did not exist then left out, order and scores kept. The
 * hits are the search's over current records: a record deleted since `t` is not among them, and hits are ranked
 * and filtered by their current version. On a store without `historyOf`, a hit of a user or agent of a wider
 * `scope` changed since `t` is left out (its history cannot be addressed).
 */
export async function knownAt(
  records: LongTermStoreV1,
  scope: Scope,
  hits: readonly LongTermSearchResult[],
  t: Date,
): Promise<LongTermSearchResult[]> {
  const out: LongTermSearchResult[] = [];
  for (const hit of hits) {
    const { record } = hit;
    if (record.createdAt.getTime() > t.getTime()) continue;
    const then =
      record.recordedAt.getTime() <= t.getTime()
        ? record
        : versionAt(await historyOfFound(records, scope, record), t);
    if (then) out.push({ record: then, score: hit.score });
  }
  return out;
}
