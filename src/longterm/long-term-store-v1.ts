import { requireCapability } from '../core/require-capability.ts';
import type { Scope } from '../core/scope.ts';
import type {
  LongTermEmbedding,
  LongTermHit,
  LongTermLatestOptions,
  LongTermLatestTime,
  LongTermListOptions,
  LongTermPage,
  LongTermTextQuery,
  LongTermVectorQuery,
} from './long-term-query.ts';
import type { LongTermRankedHit } from './long-term-ranked.ts';
import type { LongTermRecord, LongTermRecordChange, NewLongTermRecord } from './long-term-record.ts';

/** A record as a store receives it: every field filled in (see `prepareRecord`). */
export type PreparedLongTermRecord = Required<Pick<NewLongTermRecord, 'id' | 'kind' | 'text' | 'metadata'>> &
  Omit<NewLongTermRecord, 'id' | 'kind' | 'text' | 'metadata' | 'provenance'> &
  Pick<LongTermRecord, 'provenance' | 'hash'> & {
    /** The analysed terms of `text`, as `analyzeText` makes them. */
    terms: string[];
    /** The analysed terms of `context`. */
    contextTerms: string[];
  };

/**
 * The long-term memory contract (seeds 002 and 003) a store implements beside `MemoryStoreV1`, exposed as its
 * `longTermRecords` property (see {@link getLongTermRecords}).
 *
 * A record belongs to an exact owner scope (tenant, user, agent; a missing `user` / `agent` means "none") and is
 * addressed by id only there. Searches and listings are wider, like session listings: a scope that leaves out
 * `user` / `agent` covers every user / agent of its tenant; nothing ever crosses a tenant or returns records of
 * a user or agent other than the one named.
 *
 * Records are versioned (bi-temporal): a change writes a new version and expires the old one (its
 * `expiredAt`), a delete writes a `DELETE` version; `history` lists them all, searches see current versions
 * only. Text search is BM25 over `text` and `context`; vector search compares embeddings of one model only.
 *
 * A record any of whose versions has metadata `engram.session` (`sessionBoundKey`) naming a session of its
 * owner is bound to that session: a store carrying this contract beside `MemoryStoreV1` purges it, every
 * version, when it deletes the session (`deleteSession`), so a new session of the same id never reads it, not
 * even in `history` (see {@link LongTermStoreV1.purgeSessionBound}).
 */
export interface LongTermStoreV1 {
  /** The contract version. */
  readonly specificationVersion: 'v1';
  /**
   * Whether the store has vector search: `putEmbeddings` stores and `searchVector` compares embeddings (by an
   * index or by a scan). Every built-in store has it; a store built by `createLongTermRecords` from a driver
   * without the vector methods has not, and there `putEmbeddings` and `searchVector` throw `INVALID_QUERY` and
   * `missingEmbeddings` answers `[]`. Callers that embed or search by vector read it first (hybrid search then
   * ranks by full text alone).
   */
  readonly vectorSearch: boolean;
  /**
   * Adds records (version 1) in one transaction. A record whose id exists in the owner scope with the same
   * hash, kind and metadata is skipped; with anything else the whole call throws `INVALID_ARGUMENT` and writes
   * nothing. Returns the stored current versions, in input order. The versions written are recorded at `at`
   * (transaction time: `recordedAt`, and `createdAt` of a new id), as `updateRecord` and `deleteRecord` record
   * theirs, so a writer with its own clock keeps one time line. @default now (the system clock)
   */
  addRecords(scope: Scope, records: readonly PreparedLongTermRecord[], at?: Date): Promise<LongTermRecord[]>;
  /** The current version of a record, or undefined (never added, or deleted). */
  getRecord(scope: Scope, id: string): Promise<LongTermRecord | undefined>;
  /** Several current versions by id (missing ones left out), in input order. */
  getRecords(scope: Scope, ids: readonly string[]): Promise<LongTermRecord[]>;
  /**
   * Writes a new version with the change (already checked, terms and hash recomputed by the caller) at `at`;
   * throws `RECORD_NOT_FOUND` when the record has no current version. A version with another `text` drops the
   * record's embeddings, every model, in the same step (they were computed from the old text: kept, they would
   * rank the new text by it), so `missingEmbeddings` lists the record again and a catch-up embeds the new
   * text; a change that leaves the text as it was (metadata, context, validity) keeps them.
   */
  updateRecord(
    scope: Scope,
    id: string,
    change: LongTermRecordChange & { terms?: string[]; contextTerms?: string[]; hash?: string },
    at: Date,
  ): Promise<LongTermRecord>;
  /** Writes a `DELETE` version at `at`; returns whether a current version existed. */
  deleteRecord(scope: Scope, id: string, at: Date): Promise<boolean>;
  /** Every version of a record, oldest first; empty when unknown. */
  history(scope: Scope, id: string): Promise<LongTermRecord[]>;
  /**
   * Optional (every built-in store has it): every version, oldest first, of the record that `found` is a version of
   * (same id, version, hash, creation and recording times), among the records `scope` covers (its own and, for a
   * scope that leaves out `user` / `agent`, its users' and agents', as a search finds them), read in the scope that
   * owns it: a record does not carry its owner, and `history` addresses the exact owner only. Empty when no record
   * the scope covers has that version. What a search `knownAt` a time reads for a hit changed since; without it,
   * `history(scope, found.id)` is used only when it holds that version, so a hit owned by a user or agent of a
   * wider scope is left out.
   */
  historyOf?(scope: Scope, found: LongTermRecord): Promise<LongTermRecord[]>;
  /** Current versions matching the filter, oldest recorded first, in pages. */
  listRecords(scope: Scope, options?: LongTermListOptions): Promise<LongTermPage>;
  /**
   * Optional (every built-in store has it): the latest `validAt` (else `createdAt`) among the scope's current
   * records (of one session when `options.session` is given) that are not engram's own kinds (`engram.…`), and
   * the `endCursor` a listing of all of them would end with: what listing them all (`listRecords`, page by page)
   * tells, in one read that loads no record. What a search reads for the conversation's time ("yesterday" in a
   * question resolves against it); without it, the records are listed. Throws `INVALID_ARGUMENT` for a bad session id.
   */
  latestRecordTime?(scope: Scope, options?: LongTermLatestOptions): Promise<LongTermLatestTime>;
  /** The best BM25 hits for the query's terms among current versions, best first. */
  searchText(scope: Scope, query: LongTermTextQuery): Promise<LongTermHit[]>;
  /**
   * Stores embeddings of current records (a record not in the owner scope is skipped); how many were stored.
   * An embedding is of the record's `text` as it is now: an `updateRecord` that changes the text drops it. One
   * naming a version `hash` is stored only while the current version has that hash (else skipped, not counted):
   * a caller that embeds a version it wrote passes its hash, so a racing write of another text keeps its own.
   * Needs `vectorSearch`.
   */
  putEmbeddings(scope: Scope, embeddings: readonly LongTermEmbedding[]): Promise<number>;
  /**
   * Ids of current records the scope owns (exactly: not its users' or agents', which `putEmbeddings` in this scope
   * skips) with no embedding of `model`, oldest first, at most `limit` (`[]` without `vectorSearch`).
   */
  missingEmbeddings(scope: Scope, model: string, limit: number): Promise<string[]>;
  /** The nearest current records by cosine similarity, best first. Needs `vectorSearch`. */
  searchVector(scope: Scope, query: LongTermVectorQuery): Promise<LongTermHit[]>;
  /** Deletes every version (and embedding) of the records in the scope matching nothing or `ids`, for good; how many records. */
  purgeRecords(scope: Scope, ids?: readonly string[]): Promise<number>;
  /**
   * Optional (every built-in store has it): deletes for good, every version and embedding, each record owned by
   * exactly `scope` (not its users' or agents') that ANY of whose versions binds to session `sessionId`
   * (metadata `engram.session`, `sessionBoundKey`): a record deleted since, or whose newer version dropped the
   * binding, goes too; one whose current live version binds another session is that session's and stays
   * (`boundElsewhere`). How many records. What `purgeSessionRecords` (so `deleteSession`) runs; without it, it
   * finds bound records through `listRecords`, which lists current live versions only, so a third-party store
   * without this method leaves deleted and since-unbound records' versions in `history`.
   */
  purgeSessionBound?(scope: Scope, sessionId: string): Promise<number>;
  /**
   * Optional (every built-in store has it): `purgeRecords(scope, [id])` only while the record's current version
   * is `version` (live, owned by exactly `scope`), as one step: a writer that added a later version first keeps
   * it, and nothing is purged. Whether it purged. What removes a record found stale (an expired LangGraph store
   * item) without losing a write that landed since it was found so; without it, that purge is unconditional.
   */
  purgeIfVersion?(scope: Scope, id: string, version: number): Promise<boolean>;
  /**
   * Optional (every built-in store has it): deletes for good the versions of the record `id` owned by exactly
   * `scope` that are older than its newest `keep` (an integer, at least 1; else `INVALID_ARGUMENT`), so `history`
   * then lists at most `keep`; how many versions went. Only expired versions go: the current one (live or a
   * `DELETE`) is always among the newest, so reads, searches, embeddings (they belong to the current text) and a
   * compare-and-set against the current version (`expectedVersion`) are untouched. An expired version has no
   * full-text entry and no embedding of its own, so nothing else goes with it. Versions are numbered one by one,
   * so the cut is `version <= newest - keep`, decided in one step with the delete: a version written meanwhile
   * only raises the newest, so a pruner racing a writer or another pruner removes at most what it would have
   * alone. A store may leave an old version another transaction holds locked for the next prune rather than wait
   * for it (PostgreSQL does: a concurrent writer that re-reads the current version may hold one). What engram's internal slots (the observational cursor, the memory tool's lock) use to keep their
   * history short (`createRecordSlot`'s `keepVersions`); without it their history grows with every write.
   */
  pruneVersions?(scope: Scope, id: string, keep: number): Promise<number>;

  /**
   * Optional, with `loadRanked` (a store that ranks without reading records): the hits of `searchText` for the
   * same query, same order and scores, as {@link LongTermRankedHit}s (ids, scores, the fields ranking reads)
   * with the records left unread. Hybrid search ranks on these and loads only its results; without it, it
   * ranks on `searchText`'s records.
   */
  rankText?(scope: Scope, query: LongTermTextQuery): Promise<LongTermRankedHit[]>;
  /** Optional, with `loadRanked` and `vectorSearch`: `searchVector`'s hits as ranked hits (see `rankText`). */
  rankVector?(scope: Scope, query: LongTermVectorQuery): Promise<LongTermRankedHit[]>;
  /**
   * Optional, with `rankText` / `rankVector`: the current live versions behind ranked hits' `ref`s, one entry
   * per ref in order, undefined for a ref outside the scope or no longer live (changed or deleted since it
   * was ranked). Throws `INVALID_ARGUMENT` for a ref this store never gave.
   */
  loadRanked?(scope: Scope, refs: readonly string[]): Promise<(LongTermLoadedRecord | undefined)[]>;
}

/**
 * A record `loadRanked` read, with the analysed terms of its text the store keeps beside it
 * (`analyzeText(record.text)`, as indexed), so ranking that compares texts does not analyse them again.
 */
export interface LongTermLoadedRecord {
  /** The record's current live version. */
  record: LongTermRecord;
  /** `analyzeText(record.text)`, in order. */
  terms: readonly string[];
}

/** A store object that carries the long-term contract. */
export interface HasLongTermRecords {
  /** The store's long-term records. */
  readonly longTermRecords: LongTermStoreV1;
}

/**
 * The LongTermStoreV1 a store declares (`HasLongTermRecords`): a store without it is a compile error; a
 * JavaScript caller that passes one anyway gets `INVALID_ARGUMENT` naming the missing capability.
 */
export function getLongTermRecords(
  store: Partial<HasLongTermRecords>,
  component = 'longterm',
): LongTermStoreV1 {
  return requireCapability(
    store?.longTermRecords,
    { name: 'HasLongTermRecords', property: 'longTermRecords', contract: 'LongTermStoreV1' },
    component,
  );
}
