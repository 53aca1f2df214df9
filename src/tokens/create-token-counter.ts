import { checkKnownKeys, checkOptions } from '../core/check-options.ts';
import { describeValue } from '../core/errors/describe-value.ts';
import { createBpeTokenCounter } from './bpe-token-counter.ts';
import { createEstimateTokenCounter } from './estimate-token-counter.ts';
import { invalidTokensArgument } from './invalid-argument.ts';
import { type MessageCostOptions, messageCostKeys } from './message-costs.ts';
import { type BpeEncoding, checkModelName, encodingForModel, isBpeEncoding } from './model-encodings.ts';
import type { TokenCounter } from './token-counter.ts';

/** Options of `createTokenCounter`; the fixed costs (`imageTokens`, `fileTokens`, …) default as in `MessageCosts`. */
export interface TokenCounterOptions extends MessageCostOptions {
  /**
   * The model whose encoding to use when known (`gpt-4o`, `openai/o3-mini`).
   * @default undefined
   */
  model?: string;
  /**
   * An explicit encoding; takes precedence over `model`.
   * @default undefined
   */
  encoding?: BpeEncoding;
  /**
   * What to use when neither `encoding` nor a known `model` decides: the estimator, or a BPE encoding.
   * @default 'estimate'
   */
  fallback?: 'estimate' | BpeEncoding;
  /**
   * Characters per ASCII token for the estimator, when it is used.
   * @default 4
   */
  charsPerToken?: number;
}

/**
 * The counter for a model: exact BPE counts when `encoding` is given or the model's encoding is known,
 * otherwise the `fallback` (the estimator by default).
 */
export function createTokenCounter(options: TokenCounterOptions = {}): TokenCounter {
  checkOptions(options, 'createTokenCounter', 'tokens');
  checkKnownKeys(
    options,
    { ...messageCostKeys, model: true, encoding: true, fallback: true, charsPerToken: true },
    'createTokenCounter',
    'tokens',
  );
  const { model, encoding, fallback = 'estimate', charsPerToken, ...costs } = options;
  checkModelName(model, 'createTokenCounter(options).model');
  if (encoding !== undefined) return createBpeTokenCounter({ ...costs, encoding });
  const known = model === undefined ? undefined : encodingForModel(model);
  if (known) return createBpeTokenCounter({ ...costs, encoding: known });
  if (fallback === 'estimate') return createEstimateTokenCounter({ ...costs, charsPerToken });
  if (isBpeEncoding(fallback)) return createBpeTokenCounter({ ...costs, encoding: fallback });
  throw invalidTokensArgument(
    `unknown fallback ${describeValue(fallback)}; expected 'estimate', 'o200k_base' or 'cl100k_base'`,
  );
}
