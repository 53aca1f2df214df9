import type { ModelMessage } from 'ai';

/**
 * The messages without the tool results that answer no call made before them in the list, or answer a call a
 * result before them answered already: the last step of every view's `read()` and of a prompt going to a model (a
 * provider refuses a result without its call, or two for one call). Views leave out whole units that hold only such
 * output; this takes out what sits inside a unit a view sends — a result answering a call never made (or answered
 * twice) beside one answering a call of its step, or a late result whose call a summary covers. A tool message left
 * empty is dropped; a changed one is a copy (the others are returned as they are, and the list itself when nothing
 * changes). Approval responses and results inside assistant messages (a provider's own) are kept. O(messages).
 */
export function dropUncalledResults<M extends ModelMessage>(messages: M[]): M[] {
  return dropUncalled(
    messages,
    (m) => m,
    (_, changed) => changed,
  );
}

/**
 * {@link dropUncalledResults} over items that carry a message (a view's assembly parts): `changed` gets each item
 * whose message loses results with the message left (a copy), or `undefined` when none is left, and returns what
 * stands for it (`undefined` leaves it out). Returns `items` itself when nothing changes.
 */
export function dropUncalled<T, M extends ModelMessage>(
  items: T[],
  messageOf: (item: T) => M,
  changed: (item: T, message: M | undefined) => T | undefined,
): T[] {
  const called = new Set<string>();
  let out: T[] | undefined;
  items.forEach((item, i) => {
    const message = messageOf(item);
    let kept: T | undefined = item;
    if (message.role === 'assistant' && typeof message.content !== 'string') {
      for (const part of message.content) if (part.type === 'tool-call') called.add(part.toolCallId);
    } else if (message.role === 'tool') {
      // A call's first result takes it: a second one answers nothing.
      const parts = message.content.filter((p) => p.type !== 'tool-result' || called.delete(p.toolCallId));
      if (parts.length < message.content.length)
        kept = changed(item, parts.length > 0 ? ({ ...message, content: parts } as M) : undefined);
    }
    if (kept !== item && !out) out = items.slice(0, i);
    if (out && kept) out.push(kept);
  });
  return out ?? items;
}
