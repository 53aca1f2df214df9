import type { Scope } from '../core/scope.ts';
import { createSerialQueue } from '../core/serial-queue.ts';
import type { LongTermRecord } from './long-term-record.ts';
import type { RecordOwner } from './record-filter.ts';
import { scopeCovers } from './record-filter.ts';
import { changesEmbeddedText } from './record-versions.ts';

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
  | { op: 'purge'; owner: RecordOwner; ids: string[] }
  /** Versions of the record `id` numbered below `before` pruned (`pruneVersions`): never its current one. */
  | { op: 'prune'; owner: RecordOwner; id: string; before: number };

/** Where the in-process store keeps its data durable: a journal per tenant. */
export interface LongTermJournal {
  /** Every entry written for the tenant, oldest first (empty for a new tenant). */
  load(tenant: string): Promise<LongTermJournalEntry[]>;
  /** Appends entries durably, all or none. */
  append(tenant: string, entries: LongTermJournalEntry[]): Promise<void>;
}

/** A record of the in-process store: its versions, the terms of its current text, its embeddings by model. */
export interface MemoryRecordEntry {
  /** The exact owner. */
  owner: RecordOwner;
  /** Every version, oldest first. */
  versions: LongTermRecord[];
  /** The analysed terms of the newest version's text. */
  terms: string[];
  /** The analysed terms of the newest version's context. */
  contextTerms: string[];
  /** Embedding by model id. */
  vectors: Map<string, number[]>;
  /** The listing position (1, 2, … in the tenant, in order of first add). */
  seq: number;
}

/** A tenant's records, by {@link MemoryLongTermState.keyOf}. */
export type MemoryTenant = Map<string, MemoryRecordEntry>;

/** The data of the in-process store and the one way it changes: journal lines, written, then replayed. */
export interface MemoryLongTermState {
  /** The tenant's records, loaded from the journal on first use. */
  open(scope: Scope): Promise<MemoryTenant>;
  /** Journals `lines` durably (when there is a journal), then applies them. */
  commit(tenant: string, entries: MemoryTenant, lines: LongTermJournalEntry[]): Promise<void>;
  /** Runs a write after every earlier one, so a check and the write it guards see the same records. */
  write<T>(fn: () => Promise<T>): Promise<T>;
  /** The key of a record in its tenant's map. */
  keyOf(owner: RecordOwner, id: string): string;
  /** The highest listing position used in the tenant. */
  lastSeq(entries: MemoryTenant): number;
}

/** The current version of an entry, or undefined when it has none (deleted, or no entry). */
export function currentVersion(entry: MemoryRecordEntry | undefined): LongTermRecord | undefined {
  const last = entry?.versions.at(-1);
  return last && last.event !== 'DELETE' ? last : undefined;
}

/** The entries with a current version that a search or listing with `scope` covers, in listing order. */
export function liveEntries(entries: MemoryTenant, scope: Scope): MemoryRecordEntry[] {
  return [...entries.values()]
    .filter((e) => scopeCovers(scope, e.owner) && currentVersion(e))
    .sort((a, b) => a.seq - b.seq);
}

/** The in-process store's data: tenants in process, durable through `journal` when one is given. */
export function createMemoryLongTermState(journal: LongTermJournal | undefined): MemoryLongTermState {
  const tenants = new Map<string, MemoryTenant>();
  const loading = new Map<string, Promise<MemoryTenant>>();
  const seqs = new WeakMap<MemoryTenant, number>();
  const writes = createSerialQueue();
  const keyOf = (owner: RecordOwner, id: string) => JSON.stringify([owner.user, owner.agent, id]);
  const lastSeq = (entries: MemoryTenant) => seqs.get(entries) ?? 0;

  const replay = (entries: MemoryTenant, e: LongTermJournalEntry) => {
    if (e.op === 'purge') {
      for (const id of e.ids) entries.delete(keyOf(e.owner, id));
      return;
    }
    if (e.op === 'prune') {
      const pruned = entries.get(keyOf(e.owner, e.id));
      if (pruned)
        pruned.versions = pruned.versions.filter(
          (v, i, all) => v.version >= e.before || i === all.length - 1,
        );
      return;
    }
    const key = keyOf(e.owner, e.op === 'version' ? e.record.id : e.id);
    if (e.op === 'embed') {
      entries.get(key)?.vectors.set(e.model, e.vector);
      return;
    }
    const entry = entries.get(key);
    if (!entry) {
      const seq = e.seq ?? lastSeq(entries) + 1;
      seqs.set(entries, Math.max(seq, lastSeq(entries)));
      const { owner, record, terms, contextTerms } = e;
      entries.set(key, { owner, versions: [record], terms, contextTerms, vectors: new Map(), seq });
      return;
    }
    const last = entry.versions.at(-1);
    if (last) last.expiredAt = e.record.recordedAt;
    entry.versions.push(e.record);
    entry.terms = e.terms;
    entry.contextTerms = e.contextTerms;
    // A delete, or a version of another text (its vectors were of the old one), drops the embeddings.
    if (e.record.event === 'DELETE' || (last && changesEmbeddedText(last, e.record))) entry.vectors.clear();
  };

  const load = (tenant: string, source: LongTermJournal): Promise<MemoryTenant> => {
    let pending = loading.get(tenant);
    if (!pending) {
      pending = source.load(tenant).then((lines) => {
        const map: MemoryTenant = new Map();
        for (const line of lines) replay(map, line);
        tenants.set(tenant, map);
        return map;
      });
      pending.finally(() => loading.delete(tenant)).catch(() => undefined);
      loading.set(tenant, pending);
    }
    return pending;
  };

  return {
    async open(scope) {
      const have = tenants.get(scope.tenant);
      if (have) return have;
      if (journal) return load(scope.tenant, journal);
      const fresh: MemoryTenant = new Map();
      tenants.set(scope.tenant, fresh);
      return fresh;
    },
    async commit(tenant, entries, lines) {
      if (lines.length === 0) return;
      await journal?.append(tenant, lines);
      for (const line of lines) replay(entries, line);
    },
    write: (fn) => writes.run(fn),
    keyOf,
    lastSeq,
  };
}
