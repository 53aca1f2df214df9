/**
 * `tokenCounter`s for LangChain's `trimMessages`, as a LangChain user would write them, over o200k counts of
 * each message (`countLangChainMessage`):
 *   - the prefix-sum counter: each message counted once as it arrives, running sums kept in arrival order, so a
 *     contiguous run of the conversation (what `trimMessages` passes) costs two lookups — the fastest correct
 *     counter a user can write;
 *   - the per-message memo (the baseline before issue 7): each call sums cached counts, message by message;
 *   - the naive counter: tokenizes every message on every call.
 */

import type { BaseMessage } from '@langchain/core/messages';
import { countLangChainMessage } from '../peer-messages.ts';

/** A `trimMessages` token counter and what it did. */
export interface TrimCounter {
  /** The function passed as `trimMessages({ tokenCounter })`. */
  tokenCounter: (messages: BaseMessage[]) => number;
  /** Messages the counter was handed, summed over every call (what `trimMessages` made it look at). */
  counted(): number;
}

/** The prefix-sum counter: `add` new messages as they arrive (in conversation order), then trim. */
export interface PrefixSumCounter extends TrimCounter {
  /** Counts messages that arrived (each once) and extends the running sums. Ids must be unique. */
  add(messages: readonly BaseMessage[]): void;
  /** The cached count of a message by id (undefined when never added). */
  countOf(id: string): number | undefined;
  /** Calls answered from the running sums, and calls that had to sum message by message. */
  paths(): { prefix: number; perMessage: number };
  /**
   * The first position of the conversation's bounded tail: the lowest `k` whose messages `k…` (in arrival order)
   * total at most `maxTokens` (the conversation's length when even the last message is over).
   */
  tailStart(maxTokens: number): number;
}

/**
 * Prefix sums over cached per-message counts. A list whose ends are the messages at positions `i` and `j`, whose
 * length is `|i − j| + 1` and whose second message continues from `i` is taken as that run of the conversation,
 * in either direction (`trimMessages` passes slices of the reversed list): its total is `sum[max + 1] − sum[min]`.
 * A list that is such a run after its first message (the system message `includeSystem` keeps first) adds that
 * message's count. Any other list is summed message by message (messages never added are counted). Exact for
 * every list of distinct messages in conversation order or its reverse, optionally after one other message —
 * every list `trimMessages` passes; a list with a run's ends and length but repeated messages inside would be
 * miscounted, and the suite checks its outputs against the per-message memo.
 */
export function createPrefixSumCounter(): PrefixSumCounter {
  const position = new Map<string, number>();
  const counts: number[] = [];
  const sums: number[] = [0];
  let counted = 0;
  let prefix = 0;
  let perMessage = 0;

  const countOne = (m: BaseMessage) => {
    const at = m.id === undefined ? undefined : position.get(m.id);
    return at === undefined ? countLangChainMessage(m) : counts[at]!;
  };
  /** The total of `messages[from…]` when it is one contiguous run, else undefined. */
  const run = (messages: readonly BaseMessage[], from: number): number | undefined => {
    const n = messages.length - from;
    if (n <= 0) return 0;
    const a = position.get(messages[from]!.id ?? '');
    const b = position.get(messages[messages.length - 1]!.id ?? '');
    if (a === undefined || b === undefined || Math.abs(a - b) + 1 !== n) return undefined;
    if (n > 2) {
      // The second element must continue the run in the same direction (cheap guard against reversals).
      const second = position.get(messages[from + 1]!.id ?? '');
      if (second !== (a <= b ? a + 1 : a - 1)) return undefined;
    }
    const lo = Math.min(a, b);
    const hi = Math.max(a, b);
    return sums[hi + 1]! - sums[lo]!;
  };

  return {
    add(messages) {
      for (const m of messages) {
        if (m.id === undefined || position.has(m.id))
          throw new Error(`prefix-sum counter: message ids must be present and unique (got ${m.id})`);
        const n = countLangChainMessage(m);
        position.set(m.id, counts.length);
        counts.push(n);
        sums.push(sums[sums.length - 1]! + n);
      }
    },
    countOf: (id) => {
      const at = position.get(id);
      return at === undefined ? undefined : counts[at];
    },
    tokenCounter(messages) {
      counted += messages.length;
      const whole = run(messages, 0);
      if (whole !== undefined) {
        prefix++;
        return whole;
      }
      const rest = messages.length > 1 ? run(messages, 1) : undefined;
      if (rest !== undefined) {
        prefix++;
        return countOne(messages[0]!) + rest;
      }
      perMessage++;
      let total = 0;
      for (const m of messages) total += countOne(m);
      return total;
    },
    counted: () => counted,
    paths: () => ({ prefix, perMessage }),
    tailStart(maxTokens) {
      // Binary search for the lowest k with sums[n] − sums[k] ≤ maxTokens (sums never decrease).
      const total = sums[counts.length]!;
      let lo = 0;
      let hi = counts.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (total - sums[mid]! <= maxTokens) hi = mid;
        else lo = mid + 1;
      }
      return lo;
    },
  };
}

/** The per-message memo counter (the baseline before issue 7), or with `naive` no memo at all. */
export interface MemoCounter extends TrimCounter {
  /** Puts a known count in the memo (history counted earlier, so a timed call counts only what is new). */
  seed(id: string, count: number): void;
}

/**
 * Sums per-message counts on every call, memoized by message id (LangChain copies message objects on every
 * trim; the ids survive). `naive: true` counts every message on every call, as the straightforward counter does.
 */
export function createMemoCounter(options: { naive?: boolean } = {}): MemoCounter {
  const cache = new Map<string, number>();
  let counted = 0;
  return {
    seed: (id, count) => {
      cache.set(id, count);
    },
    tokenCounter(messages) {
      counted += messages.length;
      let total = 0;
      for (const m of messages) {
        if (options.naive || m.id === undefined) {
          total += countLangChainMessage(m);
          continue;
        }
        let n = cache.get(m.id);
        if (n === undefined) {
          n = countLangChainMessage(m);
          cache.set(m.id, n);
        }
        total += n;
      }
      return total;
    },
    counted: () => counted,
  };
}
