import { MemoryError } from '../core/errors/memory-error.ts';
import type { Scope } from '../core/scope.ts';
import type { LongTermRecord } from './long-term-record.ts';
import type { LongTermStoreV1 } from './long-term-store-v1.ts';
import { prepareChange } from './prepare-record.ts';

/** What {@link endRecord} did: ended the record, found it ended by then (or deleted), or met another writer's change. */
export type EndResult = 'ended' | 'unchanged' | 'conflict';

/**
 * Ends `r` at `at` (`invalidAt`, a new version written at transaction time `now`) only while `r` is still the
 * record's current version (`expectedVersion`), unless it ended at or before `at` already (an end is never moved
 * later). Another writer's change in between is `'conflict'`, nothing written (read the record again to decide
 * again); a record deleted since is `'unchanged'`.
 * @example await endRecord(records, scope, turn, correctionTime, clock.now()) // 'ended'
 */
export async function endRecord(
  records: Pick<LongTermStoreV1, 'updateRecord'>,
  scope: Scope,
  r: LongTermRecord,
  at: Date,
  now: Date,
): Promise<EndResult> {
  if (r.invalidAt !== undefined && r.invalidAt.getTime() <= at.getTime()) return 'unchanged';
  try {
    await records.updateRecord(
      scope,
      r.id,
      prepareChange({ invalidAt: at, expectedVersion: r.version }, 'longterm'),
      now,
    );
    return 'ended';
  } catch (error) {
    if (MemoryError.hasCode(error, 'CONFLICT')) return 'conflict';
    if (MemoryError.hasCode(error, 'RECORD_NOT_FOUND')) return 'unchanged';
    throw error;
  }
}
