/**
 * @module engram/ai-sdk
 * Using engram with the AI SDK v7: turn a view's output into `instructions` + `messages`, and summarize
 * with any AI SDK `LanguageModel`.
 * @example
 * import { toAiSdkPrompt, createLanguageModelSummarizer } from 'engram/ai-sdk';
 * const { instructions, messages } = toAiSdkPrompt(await view.read());
 * await generateText({ model, instructions, messages });
 */
export * from './ai-sdk/index.ts';
export {
  createLanguageModelSummarizer,
  type LanguageModelSummarizerOptions,
} from './ai-sdk/language-model-summarizer.ts';
