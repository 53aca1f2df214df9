import type { ModelMessage } from 'ai';
import { checkKnownKeys, checkOptions } from '../core/check-options.ts';
import { describeValue } from '../core/errors/describe-value.ts';
import type { MemoryMessage } from '../core/index.ts';
import { countMessageTokens } from './count-message-tokens.ts';
import { invalidTokensArgument, notText } from './invalid-argument.ts';
import { type MessageCostOptions, messageCostKeys, resolveMessageCosts } from './message-costs.ts';
import type { TokenCounter } from './token-counter.ts';

/** Options of `createEstimateTokenCounter`; the fixed costs default as in `MessageCosts`. */
export interface EstimateTokenCounterOptions extends MessageCostOptions {
  /**
   * Characters per token of ASCII text (English prose, code, JSON average about 4 in OpenAI's encodings); a finite
   * number of at least 0.001 (fewer would count a few characters as more tokens than a number holds).
   * @default 4
   */
  charsPerToken?: number;
}

/**
 * The least `charsPerToken`: below it a text's estimate leaves the numbers (1e-320 counted "abc" as Infinity
 * tokens), while real encodings average at least a character or two a token.
 */
const minCharsPerToken = 0.001;

/** True for UTF-16 code units of CJK scripts: kana, Han, Hangul, compatibility ideographs and full-width forms. */
function isCjk(code: number): boolean {
  return (
    (code >= 0x3040 && code <= 0x30ff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0xac00 && code <= 0xd7af) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xff00 && code <= 0xffef)
  );
}

/**
 * Estimates tokens without a tokenizer, in one pass over the UTF-16 code units:
 * an ASCII unit weighs `1 / charsPerToken`; a CJK unit weighs 1 (BPE vocabularies give most CJK characters
 * a token or more); any other non-ASCII unit (accented Latin, Cyrillic, emoji halves) weighs `2 / charsPerToken`,
 * as such text splits about twice as often. The sum is rounded up; empty text is 0.
 */
export function estimateTextTokens(text: string, charsPerToken = 4): number {
  let ascii = 0;
  let other = 0;
  let cjk = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) ascii++;
    else if (isCjk(code)) cjk++;
    else other++;
  }
  return Math.ceil((ascii + 2 * other) / charsPerToken + cjk);
}

/**
 * A fast counter for models without a known encoding: text by `estimateTextTokens`, messages with the same
 * structure and overheads as the BPE counter. Its `encoding` is 'estimate'.
 */
export function createEstimateTokenCounter(options: EstimateTokenCounterOptions = {}): TokenCounter {
  checkOptions(options, 'createEstimateTokenCounter', 'tokens');
  checkKnownKeys(
    options,
    { ...messageCostKeys, charsPerToken: true },
    'createEstimateTokenCounter',
    'tokens',
  );
  const charsPerToken = options.charsPerToken ?? 4;
  if (
    typeof charsPerToken !== 'number' ||
    !Number.isFinite(charsPerToken) ||
    charsPerToken < minCharsPerToken
  ) {
    throw invalidTokensArgument(
      `charsPerToken must be a finite number of at least ${minCharsPerToken}, got ${describeValue(charsPerToken)}`,
    );
  }
  const costs = resolveMessageCosts(options);
  const countText = (text: string): number =>
    typeof text === 'string' ? estimateTextTokens(text, charsPerToken) : notText('countText', text);
  return Object.freeze({
    encoding: 'estimate',
    countText,
    count: (message: ModelMessage | MemoryMessage) => countMessageTokens(message, countText, costs),
  });
}
