import type { ModelMessage } from 'ai';
import { dropUncalled } from '../messages/uncalled-results.ts';
import type { TokenCounter } from '../tokens/token-counter.ts';

/** What a read sends of the messages it picked ({@link sendableMessages}). */
export interface SendableMessages<M> {
  /** The picked messages without the tool results that answer no call (the list itself when none is left out). */
  messages: M[];
  /** The read's tokens for `messages`: the picked messages' figure less what was left out. */
  tokens: number;
  /**
   * Set only when results were left out: by index among the picked messages, the copy sent (some results left out)
   * or undefined (the message left out whole).
   */
  changed?: ReadonlyMap<number, M | undefined>;
}

/**
 * `dropUncalledResults` over the messages a read picked, with the read's count kept true: `tokens` is what the
 * read counted for `picked` (`tokensOf(i)` its figure for the i-th), and the result counts what is sent — a
 * message left out whole takes its figure away, one that loses results is counted again with `counter`. When
 * nothing is left out (the usual read) this costs the one pass `dropUncalledResults` makes; the correction walks
 * the picked messages again only when it has something to correct.
 */
export function sendableMessages<M extends ModelMessage>(
  picked: M[],
  tokens: number,
  tokensOf: (index: number) => number,
  counter: Pick<TokenCounter, 'count'>,
): SendableMessages<M> {
  let copies: Map<M, M | undefined> | undefined;
  const messages = dropUncalled(
    picked,
    (m) => m,
    (m, copy) => {
      copies ??= new Map();
      copies.set(m, copy);
      return copy;
    },
  );
  if (!copies) return { messages, tokens };
  const changed = new Map<number, M | undefined>();
  let total = tokens;
  picked.forEach((m, i) => {
    if (!copies!.has(m)) return;
    const copy = copies!.get(m);
    changed.set(i, copy);
    total += (copy ? counter.count(copy) : 0) - tokensOf(i);
  });
  return { messages, tokens: total, changed };
}
