import type { ModelMessage } from 'ai';
import type { MemoryMessage } from '../core/index.ts';

/** Counts tokens of text and of chat messages for one encoding (or an estimate of one). */
export interface TokenCounter {
  /** The encoding name, e.g. 'o200k_base', or 'estimate'. */
  readonly encoding: string;
  /** Tokens of plain text. */
  countText(text: string): number;
  /** Tokens of one message as a chat API bills it: content + per-message overhead of chat formatting. */
  count(message: ModelMessage | MemoryMessage): number;
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
  let total = REPLY_PRIMING_TOKENS;
  for (const message of messages) total += counter.count(message);
  return total;
}
