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
import type { LongTermRecord, LongTermRecordChange } from './long-term-record.ts';
import type { PreparedLongTermRecord } from './long-term-store-v1.ts';

/**
 * The small contract a long-term-records driver implements; `createLongTermRecords(driver)` builds the full
 * `LongTermStoreV1` from it. Every method has exactly the semantics of the `LongTermStoreV1` method of the same
 * name (scopes, versions, the stored-value rule). The engine checks the store's open state, the scope and the
 * arguments first (ids and id lists without repeats, queries, filters, limits, embeddings, `at`), so a method
 * gets checked input; the driver checks its own cursors (`INVALID_QUERY`) and throws the contract's errors
 * (`RECORD_NOT_FOUND`, `CONFLICT` through `checkExpectedVersion`, `INVALID_ARGUMENT` for a different record
 * under a taken id). `firstVersion`, `reviveVersion`, `applyChange`, `sameRecord` and `matchesFilter` give the
 * version and filter rules every built-in driver follows.
 *
 * Required: add, get, update, delete, history, list, and purge (a purge erases for good, which no combination
 * of the others can do). Optional: `purgeSessionBound`, `purgeIfVersion`, `pruneVersions`, `latestRecordTime` and `historyOf` (no fallback, see there), a native `getRecords`
 * (fallback: `getRecord` each), `searchText` (fallback:
 * BM25 computed in process over the scope's current records, paged through `listRecords`: right for small
 * scopes, a scan for big ones), and the three vector methods, which come together or not at all: a driver
 * without them has no vector search (`searchVector` and `putEmbeddings` throw `INVALID_QUERY` naming the
 * missing capability, `missingEmbeddings` answers `[]`).
 */
export interface LongTermDriverV1 {
  /** The contract version. */
  readonly specificationVersion: 'v1';
  /** The driver's name, for error messages. */
  readonly name: string;

  /** `LongTermStoreV1.addRecords`. */
  addRecords(scope: Scope, records: readonly PreparedLongTermRecord[], at?: Date): Promise<LongTermRecord[]>;
  /** `LongTermStoreV1.getRecord`. */
  getRecord(scope: Scope, id: string): Promise<LongTermRecord | undefined>;
  /** `LongTermStoreV1.updateRecord`. */
  updateRecord(
    scope: Scope,
    id: string,
    change: LongTermRecordChange & { terms?: string[]; contextTerms?: string[]; hash?: string },
    at: Date,
  ): Promise<LongTermRecord>;
  /** `LongTermStoreV1.deleteRecord`. */
  deleteRecord(scope: Scope, id: string, at: Date): Promise<boolean>;
  /** `LongTermStoreV1.history`. */
  history(scope: Scope, id: string): Promise<LongTermRecord[]>;
  /**
   * `LongTermStoreV1.historyOf` (scope and the found version checked by the engine). No fallback in the built
   * store: without it a search `knownAt` a time reads `history` in its own scope (see there).
   */
  historyOf?(scope: Scope, found: LongTermRecord): Promise<LongTermRecord[]>;
  /** `LongTermStoreV1.listRecords`. */
  listRecords(scope: Scope, options?: LongTermListOptions): Promise<LongTermPage>;
  /** `LongTermStoreV1.purgeRecords`. */
  purgeRecords(scope: Scope, ids?: readonly string[]): Promise<number>;
  /**
   * `LongTermStoreV1.purgeSessionBound` (scope and session id checked by the engine). No fallback: without it the
   * built store has no `purgeSessionBound`, and `purgeSessionRecords` purges the bound current records only.
   */
  purgeSessionBound?(scope: Scope, sessionId: string): Promise<number>;
  /**
   * `LongTermStoreV1.purgeIfVersion` (scope, id and version checked by the engine), the version check and the
   * purge in one transaction. No fallback: without it the built store has no `purgeIfVersion`.
   */
  purgeIfVersion?(scope: Scope, id: string, version: number): Promise<boolean>;
  /**
   * `LongTermStoreV1.pruneVersions` (scope, id and keep checked by the engine), the read of the newest version and
   * the delete in one transaction. No fallback (no other method erases a version): without it the built store has
   * no `pruneVersions`, and record slots keep every version.
   */
  pruneVersions?(scope: Scope, id: string, keep: number): Promise<number>;

  /**
   * `LongTermStoreV1.latestRecordTime` (scope and options checked by the engine). No fallback: without it the built
   * store has none, and a search lists the records for the conversation's time.
   */
  latestRecordTime?(scope: Scope, options?: LongTermLatestOptions): Promise<LongTermLatestTime>;
  /** `LongTermStoreV1.getRecords`; fallback: `getRecord` for each id. */
  getRecords?(scope: Scope, ids: readonly string[]): Promise<LongTermRecord[]>;
  /** `LongTermStoreV1.searchText` (an index); fallback: in-process BM25 over `listRecords`. */
  searchText?(scope: Scope, query: LongTermTextQuery): Promise<LongTermHit[]>;
  /** `LongTermStoreV1.putEmbeddings`; with `missingEmbeddings` and `searchVector`, the vector capability. */
  putEmbeddings?(scope: Scope, embeddings: readonly LongTermEmbedding[]): Promise<number>;
  /** `LongTermStoreV1.missingEmbeddings`. */
  missingEmbeddings?(scope: Scope, model: string, limit: number): Promise<string[]>;
  /** `LongTermStoreV1.searchVector` (best an index query: `vector_top_k`, pgvector, sqlite-vec). */
  searchVector?(scope: Scope, query: LongTermVectorQuery): Promise<LongTermHit[]>;
}
