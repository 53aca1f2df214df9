import type { ModelMessage } from 'ai';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { MemoryMessage } from '../core/index.ts';
import { validateMessageInputs } from '../messages/validate.ts';

/** Counts tokens of text and of chat messages for one encoding (or an estimate of one). */
export interface TokenCounter {
  /** The encoding name, e.g. 'o200k_base', or 'estimate'. */
  readonly encoding: string;
  /** Tokens of plain text. */
  countText(text: string): number;
  /**
   * A cheap lower bound of `countText(text)` (never above it), for code that only needs to know a text cannot fit:
   * a packer skips what cannot fit without counting it. Absent when the counter has none cheaper than counting.
   */
  atLeast?(text: string): number;
  /**
   * True when counts add across a line break: `countText(a + b) === countText(a) + countText(b)` whenever `a` ends
   * with a character other than whitespace followed by `\n`, and `b` starts with a character other than whitespace
   * or `/`. A packer of lines (a recall block) then sums its lines' counts instead of counting each block it tries.
   * True for the BPE counters (their pre-tokenizers always split there, so no token spans the break; property-tested
   * against gpt-tokenizer); absent (false) for an estimate, whose rounding does not add.
   */
  readonly addsAcrossLines?: boolean;
  /**
   * Tokens of one message as a chat API bills it: content + per-message overhead of chat formatting. Something
   * that is not a message (the built-in counters: an AI SDK `ModelMessage` or a `MemoryMessage`) is `INVALID_MESSAGE`
   * naming the bad field.
   */
  count(message: ModelMessage | MemoryMessage): number;
  /**
   * Loads what counting needs (a BPE counter's encoding tables) without blocking the event loop for long, for
   * callers about to count at a cold start; counting works without it. Absent when there is nothing to load.
   */
  load?(): Promise<void>;
}

/**
 * Tokens a chat request adds once, after the last message, to prime the reply
 * (`<|start|>assistant<|message|>` in OpenAI's cookbook "How to count tokens").
 * It is per request, not per message, so `count()` leaves it out; `countPromptTokens` adds it.
 */
export const REPLY_PRIMING_TOKENS = 3;

/** Tokens of a whole request: the sum of `count()` over the messages plus `REPLY_PRIMING_TOKENS`. */
export function countPromptTokens(
  counter: TokenCounter,
  messages: Iterable<ModelMessage | MemoryMessage>,
): number {
  if (typeof (counter as Partial<TokenCounter> | null)?.count !== 'function') {
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'tokens',
      message: `countPromptTokens(counter): counter must be a TokenCounter, got ${describeValue(counter)}`,
    });
  }
  const iterable = typeof (messages as Partial<Iterable<unknown>> | null)?.[Symbol.iterator] === 'function';
  let total = REPLY_PRIMING_TOKENS;
  for (const message of validateMessageInputs(iterable ? [...messages] : messages))
    total += counter.count(message);
  return total;
}
