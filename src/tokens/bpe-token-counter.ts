import type { ModelMessage } from 'ai';
import { checkKnownKeys, checkOptions } from '../core/check-options.ts';
import { describeValue } from '../core/errors/describe-value.ts';
import type { MemoryMessage } from '../core/index.ts';
import { boundedBpeCounter, loadBpeTables } from './bounded-bpe.ts';
import { countMessageTokens } from './count-message-tokens.ts';
import { invalidTokensArgument, notText } from './invalid-argument.ts';
import { type MessageCostOptions, messageCostKeys, resolveMessageCosts } from './message-costs.ts';
import {
  BPE_ENCODINGS,
  type BpeEncoding,
  checkModelName,
  encodingForModel,
  isBpeEncoding,
} from './model-encodings.ts';
import type { TokenCounter } from './token-counter.ts';
import { wordStartBound } from './word-start-bound.ts';

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

function resolveEncoding(options: BpeTokenCounterOptions): BpeEncoding {
  if (options.encoding !== undefined) {
    if (isBpeEncoding(options.encoding)) return options.encoding;
    throw invalidTokensArgument(
      `unknown encoding ${describeValue(options.encoding)}; expected one of ${BPE_ENCODINGS.join(', ')}`,
    );
  }
  const model = checkModelName(options.model, 'createBpeTokenCounter(options).model');
  if (model === undefined) return 'o200k_base';
  const encoding = encodingForModel(model);
  if (encoding) return encoding;
  throw invalidTokensArgument(
    `no known encoding for model "${model}"; pass \`encoding\`, or use createTokenCounter() to fall back to an estimate`,
  );
}

/**
 * A counter with BPE counts for text (gpt-tokenizer's rank tables and split regex) and OpenAI's chat-format
 * overhead for messages. Counts are exact except inside a pre-token longer than `MAX_BPE_PIECE_BYTES`
 * (a long unbroken run of letters, CJK, DNA, base64…), which is cut into pieces so that counting stays
 * linear in the text. Special-token text such as `<|endoftext|>` is counted as plain text, never rejected.
 * The encoding tables load on the first count, not at creation, or ahead of it in slices with `load()`.
 * `atLeast` is {@link wordStartBound}: a lower bound of the count for a few percent of its cost. Counts add across
 * a line break (`addsAcrossLines`).
 */
export function createBpeTokenCounter(options: BpeTokenCounterOptions = {}): TokenCounter {
  checkOptions(options, 'createBpeTokenCounter', 'tokens');
  checkKnownKeys(
    options,
    { ...messageCostKeys, encoding: true, model: true },
    'createBpeTokenCounter',
    'tokens',
  );
  const encoding = resolveEncoding(options);
  const costs = resolveMessageCosts(options);
  const countBpe = boundedBpeCounter(encoding);
  const countText = (text: string): number =>
    typeof text === 'string' ? countBpe(text) : notText('countText', text);
  return Object.freeze({
    encoding,
    countText,
    atLeast: (text: string) => (typeof text === 'string' ? wordStartBound(text) : notText('atLeast', text)),
    addsAcrossLines: true,
    count: (message: ModelMessage | MemoryMessage) => countMessageTokens(message, countText, costs),
    load: () => loadBpeTables(encoding),
  });
}
