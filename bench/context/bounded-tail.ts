/**
 * The bounded tail a LangChain user who keeps prefix sums hands `trimMessages` instead of the whole history: the
 * leading system message(s) (what `includeSystem` keeps) and the newest messages that fit the budget by their
 * prefix-sum distance from the end. `trimMessages` with `strategy: 'last'` keeps a suffix of the history that fits
 * the budget, so it lies inside this tail, and trimming the tail returns the same messages as trimming everything.
 */

import type { BaseMessage } from '@langchain/core/messages';
import type { PrefixSumCounter } from './trim-counters.ts';

/**
 * The bounded tail of `history` (every message of which was `add`ed to `prefix`, in order) for a `maxTokens`
 * budget: its leading system messages, then the messages from where the suffix within `maxTokens` starts.
 */
export function boundedTail(
  history: readonly BaseMessage[],
  prefix: PrefixSumCounter,
  maxTokens: number,
): BaseMessage[] {
  let system = 0;
  while (system < history.length && history[system]!.getType() === 'system') system++;
  const from = Math.max(system, prefix.tailStart(maxTokens));
  return [...history.slice(0, system), ...history.slice(from)];
}
