import type { LogEntry, MemoryMessage } from '../core/message.ts';
import type { TokenCounter } from '../tokens/token-counter.ts';

/**
 * The count of the one tool result an entry's message holds, read off its entry's stored count (for a log whose
 * counts were made with the counter's encoding, a message as the sum of its parts: `storedCounts`): the entry's
 * count less the count of the same message with the output emptied, plus an empty text's. Exactly what counting
 * the output's text gives (a text or JSON output counts as its text; `toolOutputText`) without reading its text: a
 * long session's first read decides and stores its results without tokenizing them. Undefined for a message of
 * other parts too (counting them costs what counting the output does), or when the difference is negative (counts
 * that were not made so).
 */
export function storedOutputTokens(entry: LogEntry, counter: TokenCounter): number | undefined {
  const { message } = entry;
  if (typeof message.content === 'string' || message.content.length !== 1) return undefined;
  const [part] = message.content;
  if (part?.type !== 'tool-result') return undefined;
  const emptied = {
    ...message,
    content: [{ ...part, output: { type: 'text', value: '' } }],
  } as MemoryMessage;
  const tokens = entry.tokens - counter.count(emptied) + counter.countText('');
  return Number.isSafeInteger(tokens) && tokens >= 0 ? tokens : undefined;
}
