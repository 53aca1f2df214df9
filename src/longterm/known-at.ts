import { MemoryError } from '../core/errors/memory-error.ts';
import type { Scope } from '../core/scope.ts';
import type { LongTermSearchResult } from './long-term-memory.ts';
import type { LongTermRecord } from './long-term-record.ts';
import type { LongTermStoreV1 } from './long-term-store-v1.ts';

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
 * Search results as they were known at `t` (what an agent believed then): each hit's version in force at `t`
 * ({@link versionAt}; the current version itself when it was recorded at or before `t`, else read from the
 * record's history in `scope`), hits that did not exist then left out, order and scores kept. The hits are the
 * search's over current records: a record deleted since `t` is not among them, and hits are ranked and filtered
 * by their current version.
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
        : versionAt(await records.history(scope, record.id), t);
    if (then) out.push({ record: then, score: hit.score });
  }
  return out;
}
