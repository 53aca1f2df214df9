import type { LogEntry, MemoryMessage } from '../core/message.ts';
import type { TokenCounter } from '../tokens/token-counter.ts';

type ToolPart = Extract<Exclude<MemoryMessage['content'], string>[number], { type: 'tool-result' }>;

/**
 * An output's count read off its entry's stored count (when `bounded`: a message counts as the sum of its parts,
 * with the content counter's encoding), for an entry whose message holds this result alone: the entry's count
 * less the count of the same message with the output emptied, plus an empty text's. Exactly what counting the
 * output's text gives (a text or JSON output counts as its text; `toolOutputText`) without reading its text: a long
 * session's first read decides and stores its results without tokenizing them. Undefined for a message of other
 * parts too (counting them costs what counting the output does), or when the difference is negative (counts that
 * were not made so).
 */
export function storedOutputTokens(
  entry: LogEntry,
  part: ToolPart,
  counter: TokenCounter,
): number | undefined {
  const { message } = entry;
  if (typeof message.content === 'string' || message.content.length !== 1) return undefined;
  const emptied = {
    ...message,
    content: [{ ...part, output: { type: 'text', value: '' } }],
  } as MemoryMessage;
  const tokens = entry.tokens - counter.count(emptied) + counter.countText('');
  return Number.isSafeInteger(tokens) && tokens >= 0 ? tokens : undefined;
}
