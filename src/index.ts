/**
 * @module engram
 * Memory for LLM agents: the message model, token counting, conversation memory, context views that fit a
 * token budget without splitting a tool call from its result, a content store for large payloads with
 * first-use citations and a compaction ladder, AI SDK tools that reach memory outside the context, long-term
 * memory across sessions with hybrid retrieval, working memory and core blocks the agent edits, seed 003's memory
 * patterns, stores, and sessions.
 * @example
 * import { createConversationMemory, createTokenWindowMemory } from 'engram';
 * const memory = createConversationMemory();
 * await memory.store({ role: 'user', content: 'Hello' });
 * const context = createTokenWindowMemory({ memory, maxTokens: 100_000 });
 * await context.read();
 */

export {
  builtInCompactors,
  type CheckedContentCriteria,
  type CitationPolicy,
  type CitationRule,
  type CompactOptions,
  type CompactorRegistry,
  type CompactSummary,
  type ContentCompactor,
  type ContentCriteria,
  type ContentFormat,
  type ContentItem,
  type ContentItemInfo,
  type ContentItemInput,
  type ContentItemType,
  type ContentQueryPage,
  type ContentSnapshot,
  type ContentStore,
  type ContentStoreOptions,
  type ContentStoreV1,
  type ContentTransform,
  type ContentUnit,
  checkContentCriteria,
  checkContentItem,
  checkReplacement,
  checkSpace,
  checkTransform,
  contentForSubAgent,
  contentTransformTypes,
  createCompactorRegistry,
  createContentStore,
  createMemoryContentItems,
  defaultMaxContentBytes,
  encodeCursor,
  getContentItems,
  type HasContentItems,
  htmlCompactor,
  itemInfo,
  jsonCompactor,
  type MemoryContentItemsOptions,
  maxIndexedChars,
  maxQueryLimit,
  type OffloadRule,
  prepareContentItem,
  type RetrievedContent,
  type SubAgentContentMode,
  sameContentItem,
  selectItems,
  serializeContent,
  type TransformResult,
  tableCompactor,
  textCompactor,
} from './content/index.ts';
export {
  type AgentAttribution,
  type Clock,
  ContextOverflowError,
  createId,
  DuplicateMessageIdError,
  defaultScope,
  InvalidMessageError,
  InvalidValueError,
  isValidId,
  type LogEntry,
  MemoryError,
  type MemoryErrorCode,
  type MemoryErrorOptions,
  type MemoryMessage,
  type MemoryMessageExtras,
  type MessageIssue,
  type MessageRole,
  maxIdLength,
  NotFoundError,
  type Scope,
  type StateModule,
} from './core/index.ts';
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
  createLongTermMemory,
  type EngramLongTermMemory,
  type LongTermMemoryOptions,
  type RecordingMode,
} from './longterm/create-long-term-memory.ts';
export {
  chunkText,
  type EmbedderFromModelOptions,
  embedderFromModel,
  embedTexts,
  type LongTermEmbedder,
} from './longterm/embedder.ts';
export type {
  ExtractionCandidate,
  ExtractionTurn,
  FactDecision,
  FactExtractor,
} from './longterm/fact-extractor.ts';
export { type FormatRecallOptions, formatRecall } from './longterm/format-recall.ts';
export type { RankingOptions } from './longterm/hybrid-search.ts';
export type {
  LongTermMemory,
  LongTermMemoryMode,
  LongTermSearchOptions,
  LongTermSearchResult,
} from './longterm/long-term-memory.ts';
export type {
  LongTermEmbedding,
  LongTermFilter,
  LongTermHit,
  LongTermListOptions,
  LongTermPage,
  LongTermTextQuery,
  LongTermVectorQuery,
} from './longterm/long-term-query.ts';
export type {
  LongTermProvenance,
  LongTermRecord,
  LongTermRecordChange,
  LongTermRecordEvent,
  LongTermRecordKind,
  NewLongTermRecord,
} from './longterm/long-term-record.ts';
export {
  getLongTermRecords,
  type HasLongTermRecords,
  type LongTermStoreV1,
  type PreparedLongTermRecord,
} from './longterm/long-term-store-v1.ts';
export {
  createMem0LongTermMemory,
  type Mem0Api,
  type Mem0Ids,
  type Mem0LongTermMemoryOptions,
  maxMem0QueryLength,
} from './longterm/mem0/index.ts';
export {
  createMemoryLongTermRecords,
  type LongTermJournal,
  type LongTermJournalEntry,
  type MemoryLongTermRecordsOptions,
} from './longterm/memory-long-term-records.ts';
export { prepareChange, prepareRecord, recordHash } from './longterm/prepare-record.ts';
export {
  type ConversationMemory,
  type ConversationMemoryOptions,
  createConversationMemory,
  createSimpleMemory,
  LogBackedMemory,
  type Memory,
  type MemoryLogOptions,
  type MessageFilter,
  type MessageSearchOptions,
  type ModelMessage,
  SimpleMemory,
  storesMany,
} from './memory/index.ts';
export {
  type AnthropicBlock,
  type AnthropicMessage,
  type AnthropicRequest,
  type AnthropicSource,
  type FormatForModelOptions,
  formatForModel,
  fromAnthropicMessages,
  fromOpenAIChatMessages,
  groupMessages,
  isMemoryMessage,
  isModelMessage,
  type JsonValueIssue,
  type JsonValueMode,
  jsonValueIssue,
  type MessageUnit,
  maxJsonDepth,
  memoryMessageSchema,
  messageIssues,
  modelMessageSchema,
  type OpenAIChatMessage,
  type OpenAIChatTextPart,
  type OpenAIChatToolCall,
  type OpenAIChatUserPart,
  type ToMemoryMessageOptions,
  toAnthropicMessages,
  toMemoryMessage,
  toMemoryMessages,
  toModelMessage,
  toModelMessages,
  toOpenAIChatMessages,
  type UnitKind,
  validateMessage,
  validateMessages,
  validateModelMessage,
} from './messages/index.ts';
export {
  type EpisodeInfo,
  type EpisodicMemory,
  type EpisodicMemoryOptions,
  openEpisodicMemory,
} from './patterns/episodic-memory.ts';
export {
  createHierarchicalMemory,
  type HierarchicalMemory,
  type HierarchicalMemoryOptions,
  type MemoryLevels,
} from './patterns/hierarchical-memory.ts';
export { createRagMemory, type RagMemory, type RagMemoryOptions } from './patterns/rag-memory.ts';
export {
  createSharedMemoryPool,
  type SharedMemoryPool,
  type SharedMemoryPoolOptions,
} from './patterns/shared-memory-pool.ts';
export {
  type CreateSessionOptions,
  createSessions,
  type RetentionPolicy,
  type SavedSession,
  SessionManager,
  type Sessions,
  type SessionsOptions,
  sessionStateKey,
} from './session/index.ts';
export {
  type AppendInput,
  type Artifact,
  type CreateSessionInput,
  createJsonFileStore,
  createMemoryStore,
  type JsonFileStoreOptions,
  type LogStats,
  type MemoryDriverOptions,
  type MemoryStoreV1,
  maxSearchTextLength,
  maxSearchWords,
  maxStateKeyLength,
  type RangeQuery,
  type SearchHit,
  type SearchQuery,
  type SessionRecord,
  type StoreCapabilities,
} from './store/index.ts';
export {
  type BpeEncoding,
  type BpeTokenCounterOptions,
  countPromptTokens,
  createBpeTokenCounter,
  createEstimateTokenCounter,
  createTokenCounter,
  type EstimateTokenCounterOptions,
  encodingForModel,
  type MessageCostOptions,
  type MessageCosts,
  type TokenCounter,
  type TokenCounterOptions,
} from './tokens/index.ts';
export {
  boundText,
  type ContentTools,
  type ContentToolsOptions,
  type ContextReloadTool,
  type CoreMemoryTools,
  createContentTools,
  createContextReloadTool,
  createCoreMemoryTools,
  createHistoryTools,
  createLongTermTools,
  createWorkingMemoryTool,
  defaultMaxOutputChars,
  type HistoryTools,
  type HistoryToolsOptions,
  type LongTermTools,
  type LongTermToolsOptions,
  type Reloadable,
  type ToolError,
  type ToolTransformInput,
  type WorkingMemoryTool,
} from './tools/index.ts';
export {
  type AutoContextOptions,
  type AutoContextStats,
  type AutoContextView,
  type CitationView,
  type CitationViewOptions,
  type CitationViewStats,
  createAutoContextMemory,
  createCitationMemory,
  createExtractiveSummarizer,
  createSlidingWindowMemory,
  createSummarizingMemory,
  createTokenWindowMemory,
  type ExtractiveSummarizerOptions,
  type LadderStep,
  type LadderStepKind,
  type ReplacedOutput,
  SlidingWindowMemory,
  type SlidingWindowView,
  type SlidingWindowViewOptions,
  type Summarizer,
  type SummarizerInput,
  SummarizingMemory,
  type SummarizingMemoryOptions,
  type SummarizingView,
  type SummarizingViewOptions,
  type SummaryRecord,
  TokenWindowMemory,
  type TokenWindowMemoryOptions,
  type TokenWindowStats,
  type TokenWindowView,
  type TokenWindowViewOptions,
} from './views/index.ts';
export {
  createExtractiveObserver,
  createExtractiveReflector,
  createObservationalMemory,
  type ObservationalMemory,
  type ObservationalMemoryOptions,
  type ObservationalStats,
  type Observer,
  type Reflector,
} from './views/observational/index.ts';
export {
  type BlockDefinition,
  type CoreMemory,
  type CoreMemoryOptions,
  createCoreMemory,
  type MemoryBlock,
} from './working/core-memory.ts';
export { type MarkdownSection, markdownSections, mergeMarkdown } from './working/markdown-sections.ts';
export { mergeJson } from './working/merge-json.ts';
export {
  createWorkingMemory,
  type WorkingMemory,
  type WorkingMemoryOptions,
  type WorkingMemoryState,
} from './working/working-memory.ts';
