/**
 * @module engram/ai-sdk
 * Glue between engram and the AI SDK v7: seed 000's agent loop (`agent`), prompts from views, adapters for plain AI SDK use (`prepareStep`,
 * `ToolLoopAgent`, `toModelOutput`), and LLM summarizers, compactors and extractors.
 * @example
 * const agent = withMemory({ model, tools }, { view: createTokenWindowMemory({ conversation, maxTokens: 8_000 }) });
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
  agent,
  agentUIMessageStream,
  type Branch,
  type BranchResult,
  type CreateAgentLongTermMemory,
  type CreateAgentOptions,
  createAgent,
  type MemoryRetention,
  modelContextWindow,
  type RunBranchesOptions,
  runBranches,
  type SubAgentAnswer,
  type SubAgentToolOptions,
  subAgentTool,
} from './agent/index.ts';
export {
  type ChatAgentOptions,
  type ChatAppendOptions,
  type ChatForkOptions,
  type ChatHandlerBaseOptions,
  type ChatHandlerOptions,
  type ChatRespondInput,
  type ChatRespondOptions,
  type ChatStore,
  type ChatStoreOptions,
  type ChatStream,
  createChatHandler,
  createChatStore,
  type StoredChatMessage,
} from './chat/index.ts';
export {
  type ContentToModelOutputOptions,
  contentToModelOutput,
  type ToModelOutputInput,
} from './content-to-model-output.ts';
export {
  createLanguageModelCompactor,
  type LanguageModelCompactorOptions,
} from './language-model-compactor.ts';
export {
  createLanguageModelExtractor,
  type LanguageModelExtractorOptions,
} from './language-model-extractor.ts';
export {
  createLanguageModelObserver,
  createLanguageModelReflector,
  type LanguageModelObserverOptions,
} from './language-model-observer.ts';
export {
  createLanguageModelSummarizer,
  defaultSummaryPrompt,
  formatTranscript,
  type LanguageModelSummarizerOptions,
} from './language-model-summarizer.ts';
export {
  type FinishedRun,
  type MemoryPrepareStep,
  type MemoryPrepareStepOptions,
  memoryPrepareStep,
  type PrepareStepInput,
} from './memory-prepare-step.ts';
export { type AiSdkPrompt, toAiSdkPrompt } from './to-ai-sdk-prompt.ts';
export {
  type MemoryAgent,
  type MemoryAgentExtras,
  type WithMemoryOptions,
  withMemory,
} from './with-memory.ts';
