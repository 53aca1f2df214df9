/**
 * @module engram/ai-sdk
 * Using engram with the AI SDK v7: seed 000's agent loop with memory, content store and long-term memory
 * (`agent`, and `createAgent`: all of it from one store); turn a view's output into `instructions` + `messages`; give plain AI SDK calls
 * and agents memory (`memoryPrepareStep`, `withMemory`, `contentToModelOutput`); summarize and compact content
 * items and extract long-term facts with any AI SDK `LanguageModel`.
 * @example
 * import { toAiSdkPrompt, withMemory } from 'engram/ai-sdk';
 * const { instructions, messages } = toAiSdkPrompt(await view.read());
 * const agent = withMemory({ model, tools }, { view });
 * await agent.generate({ prompt: 'Hello' });
 */
export {
  type Agent,
  type AgentConfig,
  type AgentContextStats,
  type AgentEvent,
  type AgentLongTermMemory,
  type AgentResult,
  type AgentRun,
  type AgentRunOptions,
  type AgentStore,
  type AgentUIMessageStreamOptions,
  type AiSdkPrompt,
  agent,
  agentUIMessageStream,
  type Branch,
  type BranchResult,
  type ChatAgentOptions,
  type ChatAppendOptions,
  type ChatHandlerBaseOptions,
  type ChatHandlerOptions,
  type ChatRespondInput,
  type ChatRespondOptions,
  type ChatStore,
  type ChatStoreOptions,
  type ChatStream,
  type ContentToModelOutputOptions,
  type CreateAgentOptions,
  contentToModelOutput,
  createAgent,
  createChatHandler,
  createChatStore,
  createLanguageModelCompactor,
  createLanguageModelExtractor,
  createLanguageModelObserver,
  createLanguageModelReflector,
  createLanguageModelSummarizer,
  defaultSummaryPrompt,
  type FinishedRun,
  formatTranscript,
  type LanguageModelCompactorOptions,
  type LanguageModelExtractorOptions,
  type LanguageModelObserverOptions,
  type LanguageModelSummarizerOptions,
  type MemoryAgent,
  type MemoryAgentExtras,
  type MemoryPrepareStep,
  type MemoryPrepareStepOptions,
  type MemoryRetention,
  memoryPrepareStep,
  modelContextWindow,
  type PrepareStepInput,
  type RunBranchesOptions,
  runBranches,
  type StoredChatMessage,
  type SubAgentAnswer,
  type SubAgentToolOptions,
  subAgentTool,
  type ToModelOutputInput,
  toAiSdkPrompt,
  type WithMemoryOptions,
  withMemory,
} from './ai-sdk/index.ts';
