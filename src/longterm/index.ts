/**
 * @module engram/longterm
 * Long-term memory across sessions (seeds 002 and 003): scoped, versioned, bi-temporal records; the
 * `LongTermStoreV1` contract every built-in store implements beside `MemoryStoreV1`; BM25 full text fused with
 * vectors of any AI SDK embedding model; deterministic turn recording and LLM fact extraction off the request
 * path; recall formatted as quoted data.
 * @example
 * import { createLongTermMemory } from 'engram';
 * const memory = createLongTermMemory({ store, scope: { tenant: 'acme', user: 'alice' }, session: 's1' });
 * await memory.record(messages);
 * const block = await memory.retrieve('where does Alice live?');
 */
export {
  createLongTermMemory,
  type EngramLongTermMemory,
  type LongTermMemoryOptions,
  type RecordingMode,
} from './create-long-term-memory.ts';
export { type EmbedderFromModelOptions, embedderFromModel, type LongTermEmbedder } from './embedder.ts';
export type { ExtractionCandidate, ExtractionTurn, FactDecision, FactExtractor } from './fact-extractor.ts';
export { type FormatRecallOptions, formatRecall } from './format-recall.ts';
export type { RankingOptions } from './hybrid-search.ts';
export { type LocalEmbeddingModel, type LocalEmbeddingOptions, localEmbedding } from './local-embedding.ts';
export type {
  LongTermMemory,
  LongTermMemoryMode,
  LongTermRetrieveOptions,
  LongTermSearchOptions,
  LongTermSearchResult,
} from './long-term-memory.ts';
export type {
  LongTermEmbedding,
  LongTermFilter,
  LongTermHit,
  LongTermListOptions,
  LongTermPage,
  LongTermTextQuery,
  LongTermVectorQuery,
} from './long-term-query.ts';
export type { LongTermRankedHit } from './long-term-ranked.ts';
export type {
  LongTermProvenance,
  LongTermRecord,
  LongTermRecordChange,
  LongTermRecordEvent,
  LongTermRecordKind,
  NewLongTermRecord,
} from './long-term-record.ts';
export type { HasLongTermRecords } from './long-term-store-v1.ts';
export {
  defaultRecallTokens,
  type PackedRecall,
  type PackedRecallItem,
  type PackRecallOptions,
  packRecall,
} from './pack-recall.ts';
