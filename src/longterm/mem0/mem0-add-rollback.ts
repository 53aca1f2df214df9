import { errorReason } from '../../core/errors/error-reason.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import type { LongTermRecord } from '../long-term-record.ts';

/**
 * Undoes a batch add that failed at `records[failedAt]` of `total`: deletes each record `added` before it (best
 * effort, one by one, with `remove`) and returns the error to reject with. It keeps `error` as its `cause` and its
 * code (`STORE_ERROR` when it is no `MemoryError`), says how many records were added and removed again, and names
 * by id those it could not remove (with why the first could not), so the caller can remove them itself.
 */
export async function undoPartialAdd(
  added: readonly LongTermRecord[],
  failedAt: number,
  total: number,
  error: unknown,
  remove: (id: string) => Promise<unknown>,
): Promise<MemoryError> {
  const left: string[] = [];
  let why: unknown;
  for (const { id } of added) {
    try {
      await remove(id);
    } catch (e) {
      left.push(id);
      why ??= e;
    }
  }
  const removed = added.length - left.length;
  const undone =
    left.length === 0
      ? `removed again the ${added.length} added before it`
      : `could not remove ${left.length} of the ${added.length} added before it, left stored: ` +
        `${left.map((id) => JSON.stringify(id)).join(', ')} (${errorReason(why)})` +
        (removed > 0 ? `; removed again the other ${removed}` : '');
  return new MemoryError({
    code: MemoryError.isInstance(error) ? error.code : 'STORE_ERROR',
    component: 'mem0',
    message: `add of ${total} records failed at records[${failedAt}]; ${undone}. The failure: ${errorReason(error)}`,
    cause: error,
  });
}

/**
 * Adds `records` one request each (`addOne`), in order. When one fails (a 4xx, a 5xx after retries, a timeout), the
 * records added before it are deleted again with `remove` (Mem0 has no batch add: so a batch is refused whole, as
 * `LongTermMemory.add` says) and the call rejects with {@link undoPartialAdd}'s error: the failure's code, the
 * failure as `cause`, how many were added and removed again, and by id any it could not remove. A failure at the
 * first record rejects with its own error. A record whose own request failed may still be stored (a timeout after
 * Mem0 stored it).
 */
export async function addAll<R>(
  records: readonly R[],
  addOne: (record: R) => Promise<LongTermRecord>,
  remove: (id: string) => Promise<unknown>,
): Promise<LongTermRecord[]> {
  const out: LongTermRecord[] = [];
  try {
    for (const r of records) out.push(await addOne(r));
  } catch (error) {
    if (out.length === 0) throw error;
    throw await undoPartialAdd(out, out.length, records.length, error, remove);
  }
  return out;
}
