import type { LogEntry, MemoryMessage } from '../../core/message.ts';
import { messageText } from '../../messages/serialize.ts';

/** A tool call or result inside a message, as the timeline labels it. */
export interface ToolPartView {
  /** A call or its result. */
  type: 'tool-call' | 'tool-result';
  /** The tool. */
  toolName: string;
  /** Pairs a call with its result. */
  toolCallId: string;
}

/** A log entry as the inspector sends it: role, tokens (as stored in the log), text (cut when long). */
export interface MessageView {
  seq: number;
  id: string;
  role: MemoryMessage['role'];
  /** The count cached in the log entry (never re-counted). */
  tokens: number;
  createdAt: Date;
  name?: string;
  /** The message's plain text, at most `maxChars` characters. */
  text: string;
  /** The full text's length, when `text` was cut. */
  fullLength?: number;
  /** Its tool calls and results. */
  tools: ToolPartView[];
}

/** The tool calls and results of a message. */
export function toolParts(message: MemoryMessage): ToolPartView[] {
  if (typeof message.content === 'string') return [];
  const out: ToolPartView[] = [];
  for (const part of message.content)
    if (part.type === 'tool-call' || part.type === 'tool-result')
      out.push({ type: part.type, toolName: part.toolName, toolCallId: part.toolCallId });
  return out;
}

/**
 * A log entry for the timeline, its text (the message's plain text, unless given: redacted, before the cut) cut
 * to `maxChars`.
 */
export function messageView(
  entry: LogEntry,
  text = messageText(entry.message),
  maxChars = 4000,
): MessageView {
  const { message } = entry;
  return {
    seq: entry.seq,
    id: message.id,
    role: message.role,
    tokens: entry.tokens,
    createdAt: message.createdAt,
    ...(message.name === undefined ? {} : { name: message.name }),
    text: text.length > maxChars ? text.slice(0, maxChars) : text,
    ...(text.length > maxChars ? { fullLength: text.length } : {}),
    tools: toolParts(message),
  };
}
