import type { LogEntry, MemoryMessage } from '../core/message.ts';
import { toolOutputText } from '../messages/tool-output-text.ts';
import type { TokenCounter } from '../tokens/token-counter.ts';

type MessagePart = Exclude<MemoryMessage['content'], string>[number];
type ToolResultPart = Extract<MessagePart, { type: 'tool-result' }>;

/** How long a part is to count: a tool result's output text, another part's JSON. */
const partLength = (part: MessagePart) =>
  part.type === 'tool-result' ? toolOutputText(part.output).length : JSON.stringify(part).length;

/**
 * The tool result of a message whose count {@link storedOutputTokens} reads off the entry's: its longest (the first
 * of the longest), since reading it off counts every other part of the message instead (less than counting it).
 * Undefined for a message without tool results.
 */
export function longestResultPart(message: MemoryMessage): ToolResultPart | undefined {
  if (typeof message.content === 'string') return undefined;
  let longest: ToolResultPart | undefined;
  let length = -1;
  for (const part of message.content) {
    if (part.type !== 'tool-result') continue;
    const n = partLength(part);
    if (n > length) [longest, length] = [part, n];
  }
  return longest;
}

/**
 * The count of one tool result of an entry's message (`part`, one of its parts), read off its entry's stored count
 * (for a log whose counts were made with the counter's encoding, a message as the sum of its parts:
 * `storedCounts`): the entry's count less the count of the same message with that output emptied, plus an empty
 * text's. Exactly what counting the output's text gives (a text or JSON output counts as its text;
 * `toolOutputText`) without reading its text, at the cost of counting the message's other parts: a long session's
 * first read decides and stores its results without tokenizing them (ask it of {@link longestResultPart}).
 * Undefined when `part` is not a part of the message, or when the difference is negative (counts that were not
 * made so).
 */
export function storedOutputTokens(
  entry: LogEntry,
  part: ToolResultPart,
  counter: TokenCounter,
): number | undefined {
  const { message } = entry;
  if (typeof message.content === 'string' || !message.content.some((p) => p === part)) return undefined;
  const emptied = {
    ...message,
    content: message.content.map((p) => (p === part ? { ...part, output: { type: 'text', value: '' } } : p)),
  } as MemoryMessage;
  const tokens = entry.tokens - counter.count(emptied) + counter.countText('');
  return Number.isSafeInteger(tokens) && tokens >= 0 ? tokens : undefined;
}
