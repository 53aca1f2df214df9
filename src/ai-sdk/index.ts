/**
 * @module engram/ai-sdk
 * Glue between engram and the AI SDK v7: prompts from views. The agent loop and adapters grow here.
 * @example
 * const { instructions, messages } = toAiSdkPrompt(await view.read());
 */
export {
  createLanguageModelCompactor,
  type LanguageModelCompactorOptions,
} from './language-model-compactor.ts';
export {
  createLanguageModelExtractor,
  type LanguageModelExtractorOptions,
} from './language-model-extractor.ts';
export {
  createLanguageModelSummarizer,
  defaultSummaryPrompt,
  formatTranscript,
  type LanguageModelSummarizerOptions,
} from './language-model-summarizer.ts';
export { type AiSdkPrompt, toAiSdkPrompt } from './to-ai-sdk-prompt.ts';
