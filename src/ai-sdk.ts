/**
 * @module engram/ai-sdk
 * Using engram with the AI SDK v7: turn a view's output into `instructions` + `messages`; give plain AI SDK calls
 * and agents memory (`memoryPrepareStep`, `withMemory`, `contentToModelOutput`); summarize and compact content
 * items and extract long-term facts with any AI SDK `LanguageModel`.
 * @example
 * import { toAiSdkPrompt, withMemory } from 'engram/ai-sdk';
 * const { instructions, messages } = toAiSdkPrompt(await view.read());
 * const agent = withMemory({ model, tools }, { view });
 * await agent.generate({ prompt: 'Hello' });
 */
export {
  type AiSdkPrompt,
  type ContentToModelOutputOptions,
  contentToModelOutput,
  createLanguageModelCompactor,
  createLanguageModelExtractor,
  createLanguageModelSummarizer,
  defaultSummaryPrompt,
  type FinishedRun,
  formatTranscript,
  type LanguageModelCompactorOptions,
  type LanguageModelExtractorOptions,
  type LanguageModelSummarizerOptions,
  type MemoryAgent,
  type MemoryAgentExtras,
  type MemoryPrepareStep,
  type MemoryPrepareStepOptions,
  type MemoryView,
  memoryPrepareStep,
  type PrepareStepInput,
  type ToModelOutputInput,
  toAiSdkPrompt,
  type WithMemoryOptions,
  withMemory,
} from './ai-sdk/index.ts';
