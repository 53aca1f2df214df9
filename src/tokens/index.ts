/**
 * @module engram/tokens
 * Token counting for budgets: exact BPE counts for OpenAI encodings (gpt-tokenizer, loaded on first use),
 * a fast estimator for other models, and one message walker that prices every AI SDK v7 content part.
 * @example
 * import { createTokenCounter, countPromptTokens } from 'engram';
 * const counter = createTokenCounter({ model: 'openai/gpt-4o' }); // o200k_base; unknown models fall back to an estimate
 * counter.countText('hello world'); // 2
 * counter.count({ role: 'user', content: 'hello world' }); // 6 = 3 overhead + 1 role + 2 text
 * countPromptTokens(counter, [{ role: 'user', content: 'hello world' }]); // 9, with reply priming
 */
export { type BpeTokenCounterOptions, createBpeTokenCounter } from './bpe-token-counter.ts';
export { createTokenCounter, type TokenCounterOptions } from './create-token-counter.ts';
export { createEstimateTokenCounter, type EstimateTokenCounterOptions } from './estimate-token-counter.ts';
export type { BpeEncoding } from './model-encodings.ts';
export { countPromptTokens, type TokenCounter } from './token-counter.ts';
