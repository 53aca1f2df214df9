import { createRequire } from 'node:module';
import type { ModelMessage } from 'ai';
import type { MemoryMessage } from '../core/index.ts';
import { countMessageTokens } from './count-message-tokens.ts';
import { invalidTokensArgument } from './invalid-argument.ts';
import { type MessageCostOptions, resolveMessageCosts } from './message-costs.ts';
import { BPE_ENCODINGS, type BpeEncoding, encodingForModel, isBpeEncoding } from './model-encodings.ts';
import type { TokenCounter } from './token-counter.ts';

/** Options of `createBpeTokenCounter`; the fixed costs (`imageTokens`, `fileTokens`, …) default as in `MessageCosts`. */
export interface BpeTokenCounterOptions extends MessageCostOptions {
  /**
   * The encoding; takes precedence over `model`.
   * @default the model's encoding, else 'o200k_base'
   */
  encoding?: BpeEncoding;
  /**
   * A model name whose encoding to use (`gpt-4o`, `openai/gpt-4.1-mini`); must be known to `encodingForModel`.
   * @default undefined
   */
  model?: string;
}

type CountTokens = (text: string, options: { disallowedSpecial: Set<string> }) => number;

// Loaded synchronously on first use (each encoding's tables take ~100–300 ms to load), then cached.
const require = createRequire(import.meta.url);
const loaded = new Map<BpeEncoding, CountTokens>();
const loaders: Record<BpeEncoding, () => { countTokens: CountTokens }> = {
  o200k_base: () => require('gpt-tokenizer/encoding/o200k_base'),
  cl100k_base: () => require('gpt-tokenizer/encoding/cl100k_base'),
};

function countTokensFor(encoding: BpeEncoding): CountTokens {
  let count = loaded.get(encoding);
  if (!count) {
    count = loaders[encoding]().countTokens;
    loaded.set(encoding, count);
  }
  return count;
}

// Special-token text such as `<|endoftext|>` in user content is counted as ordinary text, never rejected.
const asPlainText = Object.freeze({ disallowedSpecial: new Set<string>() });

function resolveEncoding(options: BpeTokenCounterOptions): BpeEncoding {
  if (options.encoding !== undefined) {
    if (isBpeEncoding(options.encoding)) return options.encoding;
    throw invalidTokensArgument(
      `unknown encoding "${String(options.encoding)}"; expected one of ${BPE_ENCODINGS.join(', ')}`,
    );
  }
  if (options.model === undefined) return 'o200k_base';
  const encoding = encodingForModel(options.model);
  if (encoding) return encoding;
  throw invalidTokensArgument(
    `no known encoding for model "${options.model}"; pass \`encoding\`, or use createTokenCounter() to fall back to an estimate`,
  );
}

/**
 * A counter with exact BPE counts for text (gpt-tokenizer) and OpenAI's chat-format overhead for messages.
 * The encoding tables load on the first count, not at creation.
 */
export function createBpeTokenCounter(options: BpeTokenCounterOptions = {}): TokenCounter {
  const encoding = resolveEncoding(options);
  const costs = resolveMessageCosts(options);
  const countText = (text: string): number => (text ? countTokensFor(encoding)(text, asPlainText) : 0);
  return Object.freeze({
    encoding,
    countText,
    count: (message: ModelMessage | MemoryMessage) => countMessageTokens(message, countText, costs),
  });
}
