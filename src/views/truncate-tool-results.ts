import { groupDigits } from '../core/group-digits.ts';
import type { LogEntry, MemoryMessage } from '../core/message.ts';
import type { TokenCounter } from '../tokens/token-counter.ts';

/** A unit whose tool-result text was cut to fit a budget. */
export interface TruncatedUnit {
  /** The unit's messages, truncated copies where text was cut (the log is unchanged). */
  messages: MemoryMessage[];
  /** Their token count. */
  tokens: number;
}

const format = groupDigits;

/** The marker that replaces the cut end of a tool result. */
export function truncationMarker(kept: number, total: number, messageId: string): string {
  return `[engram: truncated ${format(total - kept)} of ${format(total)} characters; full result in message ${messageId}]`;
}

function cut(text: string, cap: number, messageId: string): string {
  if (text.length <= cap) return text;
  let end = cap;
  const code = text.charCodeAt(end - 1);
  if (end > 0 && code >= 0xd800 && code <= 0xdbff) end--; // do not split a surrogate pair
  return `${text.slice(0, end)}${end > 0 ? '\n' : ''}${truncationMarker(end, text.length, messageId)}`;
}

function longestText(message: MemoryMessage): number {
  if (typeof message.content === 'string') return 0;
  let max = 0;
  for (const part of message.content) {
    if (part.type === 'tool-result' && (part.output.type === 'text' || part.output.type === 'error-text')) {
      max = Math.max(max, part.output.value.length);
    }
  }
  return max;
}

function truncateMessage(message: MemoryMessage, cap: number): MemoryMessage {
  const content = (message.content as Exclude<MemoryMessage['content'], string>).map((part) => {
    if (part.type !== 'tool-result') return part;
    const output = part.output;
    if ((output.type !== 'text' && output.type !== 'error-text') || output.value.length <= cap) return part;
    return { ...part, output: { ...output, value: cut(output.value, cap, message.id) } };
  });
  return { ...message, content } as MemoryMessage;
}

/**
 * Cuts the text outputs of tool results (`text`, `error-text`) in a unit to the longest common length at which
 * the unit fits `budget`, found by binary search and counted with `counter`; each cut text ends with a
 * {@link truncationMarker} naming the message that holds the full result. Messages without such outputs
 * keep their cached counts. Returns undefined when the unit cannot fit even with every such output emptied.
 */
export function truncateToolResults(
  entries: readonly LogEntry[],
  budget: number,
  counter: TokenCounter,
): TruncatedUnit | undefined {
  let fixed = 0;
  let longest = 0;
  const cuttable: LogEntry[] = [];
  for (const e of entries) {
    const n = longestText(e.message);
    if (n > 0) {
      cuttable.push(e);
      longest = Math.max(longest, n);
    } else fixed += e.tokens;
  }
  if (cuttable.length === 0 || fixed > budget) return undefined;
  const attempt = (cap: number) => {
    const copies = new Map<LogEntry, MemoryMessage>();
    let tokens = fixed;
    for (const e of cuttable) {
      const copy = truncateMessage(e.message, cap);
      copies.set(e, copy);
      tokens += counter.count(copy);
    }
    return { copies, tokens };
  };
  let best = attempt(0);
  if (best.tokens > budget) return undefined;
  let lo = 0;
  let hi = longest - 1; // at `longest` nothing is cut, and the unit did not fit
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    const candidate = attempt(mid);
    if (candidate.tokens <= budget) {
      lo = mid;
      best = candidate;
    } else hi = mid - 1;
  }
  return { messages: entries.map((e) => best.copies.get(e) ?? e.message), tokens: best.tokens };
}
