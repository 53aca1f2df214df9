import { checkOptions } from '../core/check-options.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { checkId } from '../core/ids.ts';
import { checkScope, type Scope } from '../core/scope.ts';
import { createSerialQueue } from '../core/serial-queue.ts';
import { type Bm25Doc, bm25Doc, scoreBm25 } from './bm25.ts';
import { checkIds, checkListOptions, checkTextQuery, checkVector, checkVectorQuery } from './check-record.ts';
import type { LongTermHit, LongTermPage } from './long-term-query.ts';
import type { LongTermRecord } from './long-term-record.ts';
import type { LongTermStoreV1, PreparedLongTermRecord } from './long-term-store-v1.ts';
import { checkExpectedVersion } from './prepare-record.ts';
import { cosineSimilarity, matchesFilter, ownerOf, type RecordOwner, scopeCovers } from './record-filter.ts';
import { applyChange, copyRecord, firstVersion, reviveVersion, sameRecord } from './record-versions.ts';

/** One change as the in-process store journals it (the json-file driver persists these lines). */
export type LongTermJournalEntry =
  | {
      op: 'version';
      owner: RecordOwner;
      record: LongTermRecord;
      terms: string[];
      contextTerms: string[];
      /** The record's listing position, on the line that first adds it. */
      seq?: number;
    }
  | { op: 'embed'; owner: RecordOwner; id: string; model: string; vector: number[] }
  | { op: 'purge'; owner: RecordOwner; ids: string[] };

/** Where {@link createMemoryLongTermRecords} keeps its data durable: a journal per tenant. */
export interface LongTermJournal {
  /** Every entry written for the tenant, oldest first (empty for a new tenant). */
  load(tenant: string): Promise<LongTermJournalEntry[]>;
  /** Appends entries durably, all or none. */
  append(tenant: string, entries: LongTermJournalEntry[]): Promise<void>;
}

/** Options of {@link createMemoryLongTermRecords}. */
export interface MemoryLongTermRecordsOptions {
  /** The error prefix component. @default 'memory' */
  component?: string;
  /** Whether the owning store is closed (calls then throw `STORE_CLOSED`). @default never */
  isClosed?: () => boolean;
  /** Makes the records durable (the json-file driver); without it they live in process. */
  journal?: LongTermJournal;
}

interface Entry {
  owner: RecordOwner;
  versions: LongTermRecord[];
  terms: string[];
  contextTerms: string[];
  vectors: Map<string, number[]>;
  seq: number;
}

/**
 * `LongTermStoreV1` held in process (the memory driver's `longTermRecords`, and the json-file driver's over a
 * journal): full-text search scores the scope's current records with FTS5's BM25 formula, vector search
 * compares every embedding of the model in the scope. Costs grow with the scope's records.
 */
export function createMemoryLongTermRecords(options: MemoryLongTermRecordsOptions = {}): LongTermStoreV1 {
  checkOptions(options, 'createMemoryLongTermRecords', 'longterm');
  const component = options.component ?? 'memory';
  const tenants = new Map<string, Map<string, Entry>>();
  const loading = new Map<string, Promise<Map<string, Entry>>>();
  const lastSeq = new WeakMap<Map<string, Entry>, number>();
  // Writes run one at a time, so a check and the write it guards see the same records.
  const writes = createSerialQueue();
  const w = <T>(fn: () => Promise<T>) => writes.run(fn);
  const keyOf = (owner: RecordOwner, id: string) => JSON.stringify([owner.user, owner.agent, id]);

  const replay = (entries: Map<string, Entry>, e: LongTermJournalEntry) => {
    if (e.op === 'purge') {
      for (const id of e.ids) entries.delete(keyOf(e.owner, id));
      return;
    }
    const key = keyOf(e.owner, e.op === 'version' ? e.record.id : e.id);
    if (e.op === 'embed') {
      entries.get(key)?.vectors.set(e.model, e.vector);
      return;
    }
    const entry = entries.get(key);
    if (!entry) {
      const seq = e.seq ?? (lastSeq.get(entries) ?? 0) + 1;
      lastSeq.set(entries, Math.max(seq, lastSeq.get(entries) ?? 0));
      entries.set(key, {
        owner: e.owner,
        versions: [e.record],
        terms: e.terms,
        contextTerms: e.contextTerms,
        vectors: new Map(),
        seq,
      });
      return;
    }
    const last = entry.versions.at(-1);
    if (last) last.expiredAt = e.record.recordedAt;
    entry.versions.push(e.record);
    entry.terms = e.terms;
    entry.contextTerms = e.contextTerms;
    if (e.record.event === 'DELETE') entry.vectors.clear();
  };

  const open = async (scope: Scope): Promise<Map<string, Entry>> => {
    if (options.isClosed?.())
      throw new MemoryError({ code: 'STORE_CLOSED', component, message: 'store is closed' });
    checkScope(scope, component);
    const have = tenants.get(scope.tenant);
    if (have) return have;
    const journal = options.journal;
    if (!journal) {
      const fresh = new Map<string, Entry>();
      tenants.set(scope.tenant, fresh);
      return fresh;
    }
    let pending = loading.get(scope.tenant);
    if (!pending) {
      pending = journal.load(scope.tenant).then((lines) => {
        const map = new Map<string, Entry>();
        for (const line of lines) replay(map, line);
        tenants.set(scope.tenant, map);
        return map;
      });
      pending.finally(() => loading.delete(scope.tenant)).catch(() => undefined);
      loading.set(scope.tenant, pending);
    }
    return pending;
  };

  const commit = async (tenant: string, entries: Map<string, Entry>, lines: LongTermJournalEntry[]) => {
    if (lines.length === 0) return;
    await options.journal?.append(tenant, lines);
    for (const line of lines) replay(entries, line);
  };

  const current = (entry: Entry | undefined) => {
    const last = entry?.versions.at(-1);
    return last && last.event !== 'DELETE' ? last : undefined;
  };
  const live = (entries: Map<string, Entry>, scope: Scope) =>
    [...entries.values()].filter((e) => scopeCovers(scope, e.owner) && current(e));

  return {
    specificationVersion: 'v1',
    addRecords: (scope, records: readonly PreparedLongTermRecord[]) =>
      w(async () => {
        const entries = await open(scope);
        const owner = ownerOf(scope);
        const now = new Date();
        const lines: LongTermJournalEntry[] = [];
        let fresh = 0;
        const seen = new Map<string, LongTermRecord>();
        const out: LongTermRecord[] = [];
        records.forEach((r, i) => {
          const entry = entries.get(keyOf(owner, r.id));
          const existing = seen.get(r.id) ?? current(entry);
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
          lines.push({
            op: 'version',
            owner,
            record,
            terms: r.terms,
            contextTerms: r.contextTerms,
            ...(last ? {} : { seq: (lastSeq.get(entries) ?? 0) + ++fresh }),
          });
          out.push(copyRecord(record));
        });
        await commit(scope.tenant, entries, lines);
        return out;
      }),
    async getRecord(scope, id) {
      const entries = await open(scope);
      checkId(id, 'id', component);
      const record = current(entries.get(keyOf(ownerOf(scope), id)));
      return record && copyRecord(record);
    },
    async getRecords(scope, ids) {
      const entries = await open(scope);
      const owner = ownerOf(scope);
      return checkIds(ids, 'ids', component).flatMap((id) => {
        const record = current(entries.get(keyOf(owner, id)));
        return record ? [copyRecord(record)] : [];
      });
    },
    updateRecord: (scope, id, change, at) =>
      w(async () => {
        const entries = await open(scope);
        checkId(id, 'id', component);
        const entry = entries.get(keyOf(ownerOf(scope), id));
        const last = current(entry);
        if (!entry || !last)
          throw new MemoryError({ code: 'RECORD_NOT_FOUND', component, message: `record "${id}" not found` });
        checkExpectedVersion(id, last.version, change, component);
        const record = applyChange(last, change, at);
        await commit(scope.tenant, entries, [
          {
            op: 'version',
            owner: entry.owner,
            record,
            terms: change.terms ?? entry.terms,
            contextTerms: change.contextTerms ?? entry.contextTerms,
          },
        ]);
        return copyRecord(record);
      }),
    deleteRecord: (scope, id, at) =>
      w(async () => {
        const entries = await open(scope);
        checkId(id, 'id', component);
        const entry = entries.get(keyOf(ownerOf(scope), id));
        const last = current(entry);
        if (!entry || !last) return false;
        const record: LongTermRecord = {
          ...copyRecord(last),
          version: last.version + 1,
          event: 'DELETE',
          recordedAt: at,
        };
        await commit(scope.tenant, entries, [
          { op: 'version', owner: entry.owner, record, terms: entry.terms, contextTerms: entry.contextTerms },
        ]);
        return true;
      }),
    async history(scope, id) {
      const entries = await open(scope);
      checkId(id, 'id', component);
      return (entries.get(keyOf(ownerOf(scope), id))?.versions ?? []).map(copyRecord);
    },
    async listRecords(scope, listOptions): Promise<LongTermPage> {
      const entries = await open(scope);
      const limit = checkListOptions(listOptions, component);
      const filter = listOptions?.filter ?? {};
      const after = listOptions?.cursor === undefined ? 0 : Number.parseInt(listOptions.cursor, 36);
      if (!Number.isSafeInteger(after))
        throw new MemoryError({
          code: 'INVALID_QUERY',
          component,
          message: 'cursor is not a cursor returned by a listing',
        });
      const page = live(entries, scope)
        .filter((e) => e.seq > after && matchesFilter(current(e) as LongTermRecord, filter))
        .sort((a, b) => a.seq - b.seq)
        .slice(0, limit + 1);
      const records = page.slice(0, limit).map((e) => copyRecord(current(e) as LongTermRecord));
      const last = page[Math.min(limit, page.length) - 1];
      const end = last ? { endCursor: last.seq.toString(36) } : {};
      return page.length > limit && last
        ? { records, nextCursor: last.seq.toString(36), ...end }
        : { records, ...end };
    },
    async searchText(scope, query): Promise<LongTermHit[]> {
      const entries = await open(scope);
      checkTextQuery(query, component);
      const filter = query.filter ?? {};
      const weight = query.contextWeight ?? 0.5;
      const all = live(entries, scope);
      const docs: Bm25Doc[] = all.map((e) => bm25Doc(e.terms, e.contextTerms, weight));
      const scores = scoreBm25(docs, query.terms);
      return all
        .map((e, i) => ({ e, score: scores[i] as number }))
        .filter(({ e, score }) => score > 0 && matchesFilter(current(e) as LongTermRecord, filter))
        .sort((a, b) => b.score - a.score || a.e.seq - b.e.seq)
        .slice(0, query.limit)
        .map(({ e, score }) => ({
          id: (current(e) as LongTermRecord).id,
          score,
          record: copyRecord(current(e) as LongTermRecord),
        }));
    },
    putEmbeddings: (scope, embeddings) =>
      w(async () => {
        const entries = await open(scope);
        const owner = ownerOf(scope);
        if (!Array.isArray(embeddings))
          throw new MemoryError({
            code: 'INVALID_ARGUMENT',
            component,
            message: 'embeddings must be an array',
          });
        const lines: LongTermJournalEntry[] = [];
        embeddings.forEach((e, i) => {
          checkId(e?.id, `embeddings[${i}].id`, component);
          checkId(e.model, `embeddings[${i}].model`, component);
          const vector = [...checkVector(e.vector, `embeddings[${i}].vector`, component)];
          if (current(entries.get(keyOf(owner, e.id))))
            lines.push({ op: 'embed', owner, id: e.id, model: e.model, vector });
        });
        await commit(scope.tenant, entries, lines);
        return lines.length;
      }),
    async missingEmbeddings(scope, model, limit) {
      const entries = await open(scope);
      checkId(model, 'model', component);
      return live(entries, scope)
        .filter((e) => !e.vectors.has(model))
        .sort((a, b) => a.seq - b.seq)
        .slice(0, Math.max(0, Math.min(limit, 10_000)))
        .map((e) => (current(e) as LongTermRecord).id);
    },
    async searchVector(scope, query) {
      const entries = await open(scope);
      checkVectorQuery(query, component);
      const filter = query.filter ?? {};
      return live(entries, scope)
        .flatMap((e) => {
          const v = e.vectors.get(query.model);
          const record = current(e) as LongTermRecord;
          if (!v || v.length !== query.vector.length || !matchesFilter(record, filter)) return [];
          return [{ id: record.id, score: cosineSimilarity(query.vector, v), seq: e.seq, record }];
        })
        .sort((a, b) => b.score - a.score || a.seq - b.seq)
        .slice(0, query.limit)
        .map(({ id, score, record }) => ({ id, score, record: copyRecord(record) }));
    },
    purgeRecords: (scope, ids) =>
      w(async () => {
        const entries = await open(scope);
        const owner = ownerOf(scope);
        const wanted = ids === undefined ? undefined : new Set(checkIds(ids, 'ids', component));
        const gone = [...entries.values()]
          .filter((e) => scopeCovers(scope, e.owner))
          .map((e) => e.versions[0] as LongTermRecord)
          .filter((r) => wanted === undefined || wanted.has(r.id))
          .map((r) => r.id);
        // A purge by ids addresses the exact owner; a purge of everything covers the scope's owners.
        const lines: LongTermJournalEntry[] = [];
        if (wanted) {
          const mine = [...wanted].filter((id) => entries.has(keyOf(owner, id)));
          if (mine.length) lines.push({ op: 'purge', owner, ids: mine });
          await commit(scope.tenant, entries, lines);
          return mine.length;
        }
        const byOwner = new Map<string, { owner: RecordOwner; ids: string[] }>();
        for (const e of entries.values()) {
          if (!scopeCovers(scope, e.owner)) continue;
          const k = JSON.stringify(e.owner);
          const slot = byOwner.get(k) ?? { owner: e.owner, ids: [] };
          slot.ids.push((e.versions[0] as LongTermRecord).id);
          byOwner.set(k, slot);
        }
        for (const { owner: o, ids: list } of byOwner.values())
          lines.push({ op: 'purge', owner: o, ids: list });
        await commit(scope.tenant, entries, lines);
        return gone.length;
      }),
  };
}
