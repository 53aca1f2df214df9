/**
 * @module engram
 * Memory for LLM agents: the message model, token counting, conversation memory, context views that fit a
 * token budget without splitting a tool call from its result, stores, and sessions.
 * @example
 * import { createConversationMemory, createTokenWindowMemory } from 'engram';
 * const memory = createConversationMemory();
 * await memory.store({ role: 'user', content: 'Hello' });
 * const context = createTokenWindowMemory({ memory, maxTokens: 100_000 });
 * await context.read();
 */
export {
  type AgentAttribution,
  type Clock,
  ContextOverflowError,
  createId,
  DuplicateMessageIdError,
  defaultScope,
  InvalidMessageError,
  isValidId,
  type LogEntry,
  MemoryError,
  type MemoryErrorCode,
  type MemoryErrorOptions,
  type MemoryMessage,
  type MemoryMessageExtras,
  type MessageIssue,
  type MessageRole,
  NotFoundError,
  type Scope,
  type StateModule,
} from './core/index.ts';
export {
  type ConversationMemory,
  type ConversationMemoryOptions,
  createConversationMemory,
  createSimpleMemory,
  type Memory,
  type MessageFilter,
  SimpleMemory,
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
  type MessageUnit,
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
  type CreateSessionOptions,
  createSessions,
  type RetentionPolicy,
  type SavedSession,
  SessionManager,
  type Sessions,
  type SessionsOptions,
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
  createSlidingWindowMemory,
  createSummarizingMemory,
  createTokenWindowMemory,
  type SlidingWindowMemory,
  type SlidingWindowMemoryOptions,
  type Summarizer,
  type SummarizerInput,
  type SummarizingMemory,
  type SummarizingMemoryOptions,
  type SummaryRecord,
  type TokenWindowMemory,
  type TokenWindowMemoryOptions,
  type TokenWindowStats,
} from './views/index.ts';
