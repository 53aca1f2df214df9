/**
 * @module engram/ai-sdk
 * Using engram with the AI SDK v7: turn a view's output into `instructions` + `messages`, and summarize
 * compact content items and extract long-term facts with any AI SDK `LanguageModel`.
 * @example
 * import { toAiSdkPrompt, createLanguageModelSummarizer } from 'engram/ai-sdk';
 * const { instructions, messages } = toAiSdkPrompt(await view.read());
 * await generateText({ model, instructions, messages });
 */
export {
  type AiSdkPrompt,
  createLanguageModelCompactor,
  createLanguageModelExtractor,
  createLanguageModelSummarizer,
  defaultSummaryPrompt,
  formatTranscript,
  type LanguageModelCompactorOptions,
  type LanguageModelExtractorOptions,
  type LanguageModelSummarizerOptions,
  toAiSdkPrompt,
} from './ai-sdk/index.ts';
