import type { Scope } from '../core/scope.ts';
import { maxResultLimit } from './check-record.ts';
import type { LongTermRecord } from './long-term-record.ts';
import type { LongTermStoreV1 } from './long-term-store-v1.ts';

/**
 * The last version `scope` holds of each of `ids` that it ever stored (current, changed since, or deleted), by id;
 * ids never stored are left out. Current versions are read in batches (`getRecords`); only an id with none is
 * looked up in its history (a deleted one, or one never stored). What `record` reads before writing records whose
 * ids derive from the messages: recording them again leaves what the application changed or deleted as it is.
 */
export async function storedBefore(
  records: LongTermStoreV1,
  scope: Scope,
  ids: readonly string[],
): Promise<Map<string, LongTermRecord>> {
  const unique = [...new Set(ids)];
  const out = new Map<string, LongTermRecord>();
  for (let i = 0; i < unique.length; i += maxResultLimit)
    for (const r of await records.getRecords(scope, unique.slice(i, i + maxResultLimit))) out.set(r.id, r);
  for (const id of unique) {
    if (out.has(id)) continue;
    const last = (await records.history(scope, id)).at(-1);
    if (last) out.set(id, last);
  }
  return out;
}
