/**
 * @module engram/driver
 * The kit for writing a store driver. For the conversation log a driver implements the small `LogDriverV1`
 * (sessions, append, read a range, delete, artifacts, state: 15 methods, with optional native fast paths) and
 * `createLogStore(driver)` builds the `MemoryStoreV1` users hold from it, filling in what the driver lacks
 * (`getMessages`, `clearMessages`, substring `searchMessages`, `replaceMessages`, forks by copying). The kit
 * also holds the other contracts (`ContentStoreV1`, `LongTermStoreV1`), the input checks and limits every
 * built-in driver applies so that all drivers refuse the same inputs with the same typed errors, replace
 * planning, the preparation of content items and long-term records, and the in-process implementations of the content and long-term contracts a
 * log-only driver can pair with. The conformance suites a driver runs are in `engram/testing`.
 * @example
 * import { checkSessionId, createLogStore, prepareInputs, type LogDriverV1 } from 'engram/driver';
 * import { describeMemoryStore } from 'engram/testing';
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
export { defaultQueryLimit, maxIndexedChars, maxQueryLimit } from './content/content-query.ts';
export { type ContentStoreV1, getContentItems, type HasContentItems } from './content/content-store-v1.ts';
export { contentTransformTypes } from './content/content-transform.ts';
export { createMemoryContentItems, type MemoryContentItemsOptions } from './content/memory-content-items.ts';
export {
  itemInfo,
  prepareContentItem,
  sameContentItem,
  serializeContent,
} from './content/prepare-content-item.ts';
export { indexedText, selectItems } from './content/select-items.ts';
export { checkTransform } from './content/transforms/index.ts';
export type { MemoryErrorOptions } from './core/errors/index.ts';
export { checkId, createId, isValidId, maxIdLength } from './core/ids.ts';
export type { LogEntry, MemoryMessage, MessageRole } from './core/message.ts';
export type { Scope } from './core/scope.ts';
export { defaultScope } from './core/scope.ts';
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
export {
  getLongTermRecords,
  type HasLongTermRecords,
  type LongTermStoreV1,
  type PreparedLongTermRecord,
} from './longterm/long-term-store-v1.ts';
export {
  createMemoryLongTermRecords,
  type LongTermJournal,
  type LongTermJournalEntry,
  type MemoryLongTermRecordsOptions,
} from './longterm/memory-long-term-records.ts';
export { prepareChange, prepareRecord, recordHash } from './longterm/prepare-record.ts';
export { checkJsonValue } from './messages/check-json-value.ts';
export {
  type JsonValueIssue,
  type JsonValueMode,
  jsonValueIssue,
  maxJsonDepth,
} from './messages/json-value.ts';
export { maxSearchTextLength, maxSearchWords } from './messages/search-text.ts';
export { sessionStateKey } from './session/session-manager.ts';
export {
  checkIdList,
  checkListOptions as checkSessionListOptions,
  checkRangeQuery,
  checkSearchQuery,
  checkTokenTotal,
  defaultMaxMessageBytes,
  type InputLimits,
  type PreparedInput,
  prepareInputs,
} from './store/check-inputs.ts';
export { checkArtifact, checkSessionMetadata } from './store/check-values.ts';
export { createLogStore } from './store/create-log-store.ts';
export type { LogDriverV1 } from './store/log-driver.ts';
export type {
  AppendInput,
  Artifact,
  CreateSessionInput,
  LogStats,
  MemoryStoreV1,
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
