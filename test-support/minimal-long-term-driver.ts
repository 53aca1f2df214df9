import {
  applyChange,
  checkExpectedVersion,
  cosineSimilarity,
  firstVersion,
  type LongTermDriverV1,
  type LongTermRecord,
  listingCursor,
  listingPosition,
  MemoryError,
  matchesFilter,
  reviveVersion,
  type Scope,
  sameRecord,
} from '../src/driver.ts';

/** Options of {@link createMinimalLongTermDriver}. */
export interface MinimalLongTermDriverOptions {
  /** Also implement the three vector methods. @default false */
  vectors?: boolean;
}

interface Slot {
  owner: { tenant: string; user: string; agent: string };
  versions: LongTermRecord[];
  seq: number;
  vectors: Map<string, number[]>;
}

const name = 'minimal';
const fail = (code: 'INVALID_ARGUMENT' | 'INVALID_QUERY' | 'RECORD_NOT_FOUND', message: string) =>
  new MemoryError({ code, component: name, message });

/**
 * A long-term driver written as a third party would, against `engram/driver` only: the seven required methods
 * over a map in process (and, with `vectors`, the three vector methods), nothing else, so that
 * `createLongTermRecords` supplies `getRecords` and `searchText`. Every method is synchronous inside, so each
 * call is atomic in the process. The engine has checked every argument before a method runs.
 */
export function createMinimalLongTermDriver(options: MinimalLongTermDriverOptions = {}): LongTermDriverV1 {
  const slots = new Map<string, Slot>();
  let lastSeq = 0;
  const key = (scope: Scope, id: string) =>
    JSON.stringify([scope.tenant, scope.user ?? '', scope.agent ?? '', id]);
  const covers = (scope: Scope, o: Slot['owner']) =>
    o.tenant === scope.tenant &&
    (scope.user === undefined || o.user === scope.user) &&
    (scope.agent === undefined || o.agent === scope.agent);
  const current = (slot: Slot | undefined) => {
    const last = slot?.versions.at(-1);
    return last && last.event !== 'DELETE' ? last : undefined;
  };
  const live = (scope: Scope) =>
    [...slots.values()].filter((s) => covers(scope, s.owner) && current(s)).sort((a, b) => a.seq - b.seq);
  const write = (scope: Scope, record: LongTermRecord) => {
    const slot = slots.get(key(scope, record.id));
    if (!slot) {
      const owner = { tenant: scope.tenant, user: scope.user ?? '', agent: scope.agent ?? '' };
      slots.set(key(scope, record.id), { owner, versions: [record], seq: ++lastSeq, vectors: new Map() });
      return;
    }
    const last = slot.versions.at(-1) as LongTermRecord;
    last.expiredAt = record.recordedAt;
    slot.versions.push(record);
    // A delete, or another text (the vectors were of the old one), drops the record's embeddings.
    if (record.event === 'DELETE' || record.text !== last.text) slot.vectors.clear();
  };

  const driver: LongTermDriverV1 = {
    specificationVersion: 'v1',
    name,
    async addRecords(scope, records) {
      const now = new Date();
      const added = new Map<string, LongTermRecord>();
      const out = records.map((r, i) => {
        const slot = slots.get(key(scope, r.id));
        const existing = added.get(r.id) ?? current(slot);
        if (existing && !sameRecord(existing, r))
          throw fail(
            'INVALID_ARGUMENT',
            `records[${i}]: "${r.id}" exists with another text, kind or metadata`,
          );
        if (existing) return existing;
        const last = slot?.versions.at(-1);
        const record = last ? reviveVersion(last, r, now) : firstVersion(r, now);
        added.set(r.id, record);
        return record;
      });
      for (const record of added.values()) write(scope, record);
      return structuredClone(out);
    },
    async getRecord(scope, id) {
      return structuredClone(current(slots.get(key(scope, id))));
    },
    async updateRecord(scope, id, change, at) {
      const last = current(slots.get(key(scope, id)));
      if (!last) throw fail('RECORD_NOT_FOUND', `record "${id}" not found`);
      checkExpectedVersion(id, last.version, change, name);
      const record = applyChange(last, change, at);
      write(scope, record);
      return structuredClone(record);
    },
    async deleteRecord(scope, id, at) {
      const last = current(slots.get(key(scope, id)));
      if (!last) return false;
      write(scope, { ...structuredClone(last), version: last.version + 1, event: 'DELETE', recordedAt: at });
      return true;
    },
    async history(scope, id) {
      return structuredClone(slots.get(key(scope, id))?.versions ?? []);
    },
    async listRecords(scope, listOptions = {}) {
      const after = listingPosition(listOptions.cursor, 'minimal-driver');
      const limit = listOptions.limit ?? 100;
      const page = live(scope)
        .filter((s) => s.seq > after && matchesFilter(current(s) as LongTermRecord, listOptions.filter ?? {}))
        .slice(0, limit + 1);
      const shown = page.slice(0, limit);
      const last = shown.at(-1);
      const end = last === undefined ? undefined : listingCursor(last.seq);
      return {
        records: structuredClone(shown.map((s) => current(s) as LongTermRecord)),
        ...(end === undefined ? {} : { endCursor: end }),
        ...(page.length > limit && end !== undefined ? { nextCursor: end } : {}),
      };
    },
    async purgeRecords(scope, ids) {
      const gone = ids
        ? ids.map((id) => key(scope, id)).filter((k) => slots.has(k))
        : [...slots].filter(([, s]) => covers(scope, s.owner)).map(([k]) => k);
      for (const k of gone) slots.delete(k);
      return gone.length;
    },
  };
  if (!options.vectors) return driver;
  return {
    ...driver,
    async putEmbeddings(scope, embeddings) {
      const kept = embeddings.filter((e) => {
        const now = current(slots.get(key(scope, e.id)));
        return now !== undefined && (e.hash === undefined || now.hash === e.hash);
      });
      for (const e of kept) slots.get(key(scope, e.id))?.vectors.set(e.model, [...e.vector]);
      return kept.length;
    },
    async missingEmbeddings(scope, model, limit) {
      return live(scope)
        .filter((s) => slots.get(key(scope, current(s)!.id)) === s && !s.vectors.has(model))
        .slice(0, limit)
        .map((s) => (current(s) as LongTermRecord).id);
    },
    async searchVector(scope, query) {
      const hits = live(scope).flatMap((s) => {
        const vector = s.vectors.get(query.model);
        const record = current(s) as LongTermRecord;
        if (vector?.length !== query.vector.length || !matchesFilter(record, query.filter ?? {})) return [];
        return [{ id: record.id, score: cosineSimilarity(query.vector, vector), record }];
      });
      return structuredClone(hits.sort((a, b) => b.score - a.score).slice(0, query.limit));
    },
  };
}
