import type { Scope } from '../core/scope.ts';
import type { LongTermDriverV1 } from './long-term-driver.ts';
import type { LongTermRecord } from './long-term-record.ts';

/**
 * `getRecords` for a driver without its own: `getRecord` for each id (checked and without repeats), one after
 * another, the missing ones left out, in input order.
 */
export async function getRecordsOneByOne(
  driver: LongTermDriverV1,
  scope: Scope,
  ids: readonly string[],
): Promise<LongTermRecord[]> {
  const out: LongTermRecord[] = [];
  for (const id of ids) {
    const record = await driver.getRecord(scope, id);
    if (record) out.push(record);
  }
  return out;
}
