/**
 * @module engram/driver
 * The kit for writing a store driver. Each kind of data has a small driver contract and an engine that builds the
 * full contract users hold from it, filling in what the driver leaves out: `LogDriverV1` (15 methods: sessions,
 * append, read a range, stats, delete, artifacts, state) → `createLogStore` → `MemoryStoreV1` (with
 * `getMessages`, `clearMessages`, substring `searchMessages`, `replaceMessages` and forks by copying as
 * fallbacks); `ContentDriverV1` (4) → `createContentItems` → `ContentStoreV1`; `LongTermDriverV1` (7) →
 * `createLongTermRecords` → `LongTermStoreV1` (in-process BM25 and no vectors as fallbacks). It also holds the
 * input checks and limits every built-in driver applies, so that all drivers refuse the same inputs with the
 * same typed errors (`MemoryError`), replace planning, the preparation of content items and long-term records
 * (hashes, versions, indexed text), and the in-process content and long-term stores a log-only driver can pair
 * with. The conformance suites a driver runs are in `engram/testing`; `engram/libsql` is a driver written
 * against this entry alone.
 * @example
 * import { createLogStore, type LogDriverV1 } from 'engram/driver';
 * import { describeMemoryStore } from 'engram/testing';
 * declare function createMyDriver(): LogDriverV1;
 * describeMemoryStore('mine', { open: async () => createLogStore(createMyDriver()) });
 */

export {
  type CheckedContentCriteria,
  checkContentCriteria,
  checkContentItem,
  checkReplacement,
  checkSpace,
  defaultMaxContentBytes,
  encodeCursor,
} from './content/check-content.ts';
export type { ContentDriverV1 } from './content/content-driver.ts';
export type { ContentItem, ContentItemInfo } from './content/content-item.ts';
export {
  type ContentCriteria,
  type ContentQueryPage,
  defaultQueryLimit,
  maxIndexedChars,
  maxQueryLimit,
} from './content/content-query.ts';
export {
  type ContentSpaceInfo,
  type ContentStoreV1,
  getContentItems,
  type HasContentItems,
} from './content/content-store-v1.ts';
export { contentTransformTypes } from './content/content-transform.ts';
export { type ContentItemsOptions, createContentItems } from './content/create-content-items.ts';
export { createMemoryContentItems, type MemoryContentItemsOptions } from './content/memory-content-items.ts';
export {
  itemInfo,
  prepareContentItem,
  sameContentItem,
  serializeContent,
} from './content/prepare-content-item.ts';
export { indexedText, selectItems } from './content/select-items.ts';
export { planTagQuery, type TagQueryPlan, tagRowsReadFirst } from './content/tag-query-plan.ts';
export { checkTransform } from './content/transforms/index.ts';
export { checkKnownKeys } from './core/check-options.ts';
export { isDurabilityDeferred, withDeferredDurability } from './core/deferred-durability.ts';
export { describeValue } from './core/errors/describe-value.ts';
export { MemoryError, type MemoryErrorCode, type MemoryErrorOptions } from './core/errors/index.ts';
export { checkId, createId, isValidId, maxIdLength } from './core/ids.ts';
export type { LogEntry, MemoryMessage, MessageRole } from './core/message.ts';
export { importPeer, type ModuleImporter, missingPeer, type PeerNeed } from './core/peer-module.ts';
export { defaultScope, type Scope } from './core/scope.ts';
export { createSerialQueue, type SerialQueue } from './core/serial-queue.ts';
export { float32Scaled } from './drivers/sql/float32-scale.ts';
export { analyzeText, englishStopwords } from './longterm/analyze-text.ts';
export {
  checkFilter,
  checkListOptions,
  checkTextQuery,
  checkVectorQuery,
  maxQueryTerms,
  maxRecordTextLength,
  maxResultLimit,
} from './longterm/check-record.ts';
export { createLongTermRecords, type LongTermRecordsOptions } from './longterm/create-long-term-records.ts';
export { listingCursor, listingPosition } from './longterm/listing-cursor.ts';
export type { LongTermDriverV1 } from './longterm/long-term-driver.ts';
export type {
  LongTermEmbedding,
  LongTermFilter,
  LongTermHit,
  LongTermLatestOptions,
  LongTermLatestTime,
  LongTermListOptions,
  LongTermPage,
  LongTermTextQuery,
  LongTermVectorQuery,
} from './longterm/long-term-query.ts';
export type { LongTermRankedHit } from './longterm/long-term-ranked.ts';
export {
  engramKindPrefix,
  isEngramKind,
  type LongTermProvenance,
  type LongTermRecord,
  type LongTermRecordChange,
} from './longterm/long-term-record.ts';
export {
  getLongTermRecords,
  type HasLongTermRecords,
  type LongTermLoadedRecord,
  type LongTermStoreV1,
  type PreparedLongTermRecord,
} from './longterm/long-term-store-v1.ts';
export {
  createMemoryLongTermRecords,
  type LongTermJournal,
  type LongTermJournalEntry,
  type MemoryLongTermRecordsOptions,
} from './longterm/memory-long-term-records.ts';
export { checkExpectedVersion, prepareChange, prepareRecord, recordHash } from './longterm/prepare-record.ts';
export { cosineSimilarity, matchesFilter } from './longterm/record-filter.ts';
export { applyChange, firstVersion, reviveVersion, sameRecord } from './longterm/record-versions.ts';
export {
  boundElsewhere,
  purgeSessionRecords,
  sessionBound,
  sessionBoundKey,
} from './longterm/session-bound-records.ts';
export { checkJsonValue } from './messages/check-json-value.ts';
export {
  type JsonValueIssue,
  type JsonValueMode,
  jsonValueIssue,
  maxJsonDepth,
} from './messages/json-value.ts';
export { maxSearchTextLength, maxSearchWords } from './messages/search-text.ts';
export { deserializeMessage, messageText } from './messages/serialize.ts';
export { sessionStateKey } from './session/session-manager.ts';
export { appendWithRider, type RiderTarget, withArtifactsOnAppend } from './store/append-riders.ts';
export {
  type AppendedWithArtifacts,
  type ArtifactInput,
  appendWithArtifacts,
  type HasAppendWithArtifacts,
} from './store/append-with-artifacts.ts';
export {
  checkAppendCondition,
  checkAppendOptions,
  checkDeleteCondition,
  checkDeleteSessionOptions,
  checkIdList,
  checkLastSeq,
  checkListOptions as checkSessionListOptions,
  checkLogId,
  checkRangeQuery,
  checkSearchQuery,
  checkTokenTotal,
  defaultMaxMessageBytes,
  type InputLimits,
  type PreparedInput,
  prepareInputs,
} from './store/check-inputs.ts';
export {
  checkArtifact,
  checkListArtifactsOptions,
  checkPutArtifactOptions,
  checkSessionMetadata,
} from './store/check-values.ts';
export { createLogStore } from './store/create-log-store.ts';
export type { LogDriverV1 } from './store/log-driver.ts';
export type {
  AppendInput,
  AppendOptions,
  Artifact,
  CreateSessionInput,
  DeleteSessionOptions,
  ListArtifactsOptions,
  LogStats,
  MemoryStoreV1,
  PutArtifactOptions,
  RangeQuery,
  SearchHit,
  SearchQuery,
  SessionRecord,
  StoreCapabilities,
} from './store/memory-store.ts';
export { planReplace, type ReplacePlan } from './store/replace-plan.ts';
export { checkStateKey, maxStateKeyLength, ownerKey, stateKeySession } from './store/state-scope.ts';
export {
  appendEntry,
  checkSessionId,
  sessionExists,
  sessionNotFound,
  visibleToScope,
} from './store/store-helpers.ts';
