import type { Scope } from '../core/scope.ts';
import { createLongTermMemory } from '../longterm/create-long-term-memory.ts';
import { listAllRecords } from '../longterm/list-all-records.ts';
import type { LongTermRecord } from '../longterm/long-term-record.ts';
import type { HasLongTermRecords } from '../longterm/long-term-store-v1.ts';
import { ownersWithin } from '../longterm/record-filter.ts';
import type { OpenedStore } from './open-store.ts';

/** A read-only long-term memory of the scope (it records nothing), and its current records, paged through. */
export async function currentRecords(
  store: HasLongTermRecords,
  scope: Scope,
  options: { kind?: string; limit?: number } = {},
): Promise<{ longTerm: ReturnType<typeof createLongTermMemory>; records: LongTermRecord[] }> {
  const longTerm = createLongTermMemory({ store, scope, recording: 'none' });
  const records = await listAllRecords(longTerm.records, longTerm.scope, {
    ...(options.kind ? { filter: { kinds: [options.kind] } } : {}),
    ...(options.limit === undefined ? {} : { limit: options.limit }),
  });
  return { longTerm, records };
}

/**
 * The owners within `scope` that have a current record `id`: a listing of a scope that leaves out user / agent
 * shows their records (one per owner, under the same id for working memory), but each is addressed only by its
 * exact owner. `[scope]` when none does (a deleted record's history is read in the scope itself).
 */
export async function recordOwnersWithin(store: OpenedStore, scope: Scope, id: string): Promise<Scope[]> {
  return ownersWithin(await store.experimental_inventory.recordOwners(id), scope);
}

/**
 * The owner within `scope` of a current record a search or listing of `scope` returned (records do not carry it):
 * the one owner with a current record of its id, else the one whose current record is this version of it;
 * undefined when that leaves more than one.
 */
export async function recordOwner(
  store: OpenedStore,
  scope: Scope,
  record: LongTermRecord,
): Promise<Scope | undefined> {
  const owners = await recordOwnersWithin(store, scope, record.id);
  if (owners.length === 1) return owners[0];
  const same: Scope[] = [];
  for (const owner of owners) {
    const current = await store.longTermRecords.getRecord(owner, record.id);
    if (current?.version === record.version && current.text === record.text) same.push(owner);
  }
  return same.length === 1 ? same[0] : undefined;
}

/** The owner of a record as fields of an exported line: the user / agent `scope` leaves out (none when it names them). */
export const ownerFields = (scope: Scope, owner: Scope): { user?: string; agent?: string } => ({
  ...(scope.user === undefined && owner.user !== undefined ? { user: owner.user } : {}),
  ...(scope.agent === undefined && owner.agent !== undefined ? { agent: owner.agent } : {}),
});
