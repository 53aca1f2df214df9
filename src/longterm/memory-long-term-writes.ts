import { MemoryError } from '../core/errors/memory-error.ts';
import type { Scope } from '../core/scope.ts';
import type { LongTermDriverV1 } from './long-term-driver.ts';
import type { LongTermRecord } from './long-term-record.ts';
import type { PreparedLongTermRecord } from './long-term-store-v1.ts';
import {
  currentVersion,
  type LongTermJournalEntry,
  type MemoryLongTermState,
  type MemoryTenant,
} from './memory-long-term-state.ts';
import { checkExpectedVersion } from './prepare-record.ts';
import { ownerOf, type RecordOwner, scopeCovers } from './record-filter.ts';
import { applyChange, copyRecord, firstVersion, reviveVersion, sameRecord } from './record-versions.ts';
import { boundElsewhere, sessionBoundKey } from './session-bound-records.ts';

/** The write methods of the in-process long-term driver (arguments already checked by the engine). */
export type MemoryLongTermWrites = Pick<
  LongTermDriverV1,
  | 'addRecords'
  | 'updateRecord'
  | 'deleteRecord'
  | 'purgeRecords'
  | 'purgeSessionBound'
  | 'purgeIfVersion'
  | 'pruneVersions'
>;

/** The journal lines of an add: new records (version 1, or the next of a deleted id), same ones skipped. */
function addLines(
  state: MemoryLongTermState,
  entries: MemoryTenant,
  owner: RecordOwner,
  records: readonly PreparedLongTermRecord[],
  component: string,
  now: Date,
): { lines: LongTermJournalEntry[]; out: LongTermRecord[] } {
  const lines: LongTermJournalEntry[] = [];
  const seen = new Map<string, LongTermRecord>();
  const out: LongTermRecord[] = [];
  let fresh = 0;
  records.forEach((r, i) => {
    const entry = entries.get(state.keyOf(owner, r.id));
    const existing = seen.get(r.id) ?? currentVersion(entry);
    if (existing) {
      if (sameRecord(existing, r)) {
        out.push(copyRecord(existing));
        return;
      }
      throw new MemoryError({
        code: 'INVALID_ARGUMENT',
        component,
        message: `records[${i}]: record "${r.id}" already exists with a different text, kind or metadata`,
      });
    }
    // A deleted id is added again as its next version.
    const last = entry?.versions.at(-1);
    const record = last ? reviveVersion(last, r, now) : firstVersion(r, now);
    seen.set(r.id, record);
    const { terms, contextTerms } = r;
    const seq = last ? {} : { seq: state.lastSeq(entries) + ++fresh };
    lines.push({ op: 'version', owner, record, terms, contextTerms, ...seq });
    out.push(copyRecord(record));
  });
  return { lines, out };
}

/** The journal lines of a purge: the named records of the exact owner, or every record the scope covers. */
function purgeLines(
  state: MemoryLongTermState,
  entries: MemoryTenant,
  scope: Scope,
  ids: readonly string[] | undefined,
): { lines: LongTermJournalEntry[]; count: number } {
  if (ids) {
    const owner = ownerOf(scope);
    const mine = ids.filter((id) => entries.has(state.keyOf(owner, id)));
    return { lines: mine.length ? [{ op: 'purge', owner, ids: mine }] : [], count: mine.length };
  }
  const byOwner = new Map<string, { owner: RecordOwner; ids: string[] }>();
  let count = 0;
  for (const e of entries.values()) {
    if (!scopeCovers(scope, e.owner)) continue;
    const k = JSON.stringify(e.owner);
    const slot = byOwner.get(k) ?? { owner: e.owner, ids: [] };
    slot.ids.push((e.versions[0] as LongTermRecord).id);
    byOwner.set(k, slot);
    count++;
  }
  const lines: LongTermJournalEntry[] = [...byOwner.values()].map((s) => ({ op: 'purge', ...s }));
  return { lines, count };
}

/** The ids of the records owned by exactly `scope` any of whose versions is bound to session `sessionId`. */
function boundIds(
  state: MemoryLongTermState,
  entries: MemoryTenant,
  scope: Scope,
  sessionId: string,
): string[] {
  const owner = ownerOf(scope);
  const ids: string[] = [];
  for (const [key, e] of entries) {
    const id = (e.versions[0] as LongTermRecord).id;
    if (key !== state.keyOf(owner, id)) continue;
    const current = currentVersion(e);
    if (current && boundElsewhere(current.metadata, sessionId)) continue; // another session's now
    if (e.versions.some((v) => v.metadata[sessionBoundKey] === sessionId)) ids.push(id);
  }
  return ids;
}

/** The in-process driver's writes: one at a time, each journalled and then applied. */
export function memoryLongTermWrites(state: MemoryLongTermState, component: string): MemoryLongTermWrites {
  /** Purges the records `pick` names (all the scope covers when undefined), picked under the write queue. */
  const purge = (scope: Scope, pick: (entries: MemoryTenant) => readonly string[] | undefined) =>
    state.write(async () => {
      const entries = await state.open(scope);
      const { lines, count } = purgeLines(state, entries, scope, pick(entries));
      await state.commit(scope.tenant, entries, lines);
      return count;
    });
  return {
    addRecords: (scope, records, at) =>
      state.write(async () => {
        const entries = await state.open(scope);
        const now = at ?? new Date();
        const { lines, out } = addLines(state, entries, ownerOf(scope), records, component, now);
        await state.commit(scope.tenant, entries, lines);
        return out;
      }),
    updateRecord: (scope, id, change, at) =>
      state.write(async () => {
        const entries = await state.open(scope);
        const entry = entries.get(state.keyOf(ownerOf(scope), id));
        const last = currentVersion(entry);
        if (!entry || !last)
          throw new MemoryError({ code: 'RECORD_NOT_FOUND', component, message: `record "${id}" not found` });
        checkExpectedVersion(id, last.version, change, component);
        const record = applyChange(last, change, at);
        const terms = change.terms ?? entry.terms;
        const contextTerms = change.contextTerms ?? entry.contextTerms;
        await state.commit(scope.tenant, entries, [
          { op: 'version', owner: entry.owner, record, terms, contextTerms },
        ]);
        return copyRecord(record);
      }),
    deleteRecord: (scope, id, at) =>
      state.write(async () => {
        const entries = await state.open(scope);
        const entry = entries.get(state.keyOf(ownerOf(scope), id));
        const last = currentVersion(entry);
        if (!entry || !last) return false;
        const record: LongTermRecord = {
          ...copyRecord(last),
          version: last.version + 1,
          event: 'DELETE',
          recordedAt: at,
        };
        const { owner, terms, contextTerms } = entry;
        await state.commit(scope.tenant, entries, [{ op: 'version', owner, record, terms, contextTerms }]);
        return true;
      }),
    purgeRecords: (scope, ids) => purge(scope, () => ids),
    purgeSessionBound: (scope, sessionId) =>
      purge(scope, (entries) => boundIds(state, entries, scope, sessionId)),
    purgeIfVersion: async (scope, id, version) =>
      (await purge(scope, (entries) =>
        currentVersion(entries.get(state.keyOf(ownerOf(scope), id)))?.version === version ? [id] : [],
      )) > 0,
    // Under the write queue: no update lands between the count and the prune. The entry's vectors and terms are
    // of its newest version, which stays.
    pruneVersions: (scope, id, keep) =>
      state.write(async () => {
        const entries = await state.open(scope);
        const owner = ownerOf(scope);
        const entry = entries.get(state.keyOf(owner, id));
        const cut = entry ? entry.versions.length - keep : 0;
        if (!entry || cut <= 0) return 0;
        const before = (entry.versions[cut] as LongTermRecord).version;
        await state.commit(scope.tenant, entries, [{ op: 'prune', owner: entry.owner, id, before }]);
        return cut;
      }),
  };
}
