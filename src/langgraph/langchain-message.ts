import type { JSONValue } from 'ai';
import { createId } from '../core/ids.ts';
import type { MemoryMessage } from '../core/message.ts';
import { jsonValueIssue } from '../messages/json-value.ts';
import { messageIssues } from '../messages/validate.ts';
import type { TypedPayload } from './typed-payload.ts';

/**
 * LangChain messages as the saver sees them, read structurally (`@langchain/core` is not imported): a message
 * is an object with a `_getType()` method, as LangChain's own `isBaseMessage` decides.
 */
interface LangChainMessageLike {
  _getType(): string;
  content: unknown;
  id?: unknown;
  name?: unknown;
  tool_calls?: unknown;
  tool_call_id?: unknown;
  status?: unknown;
}

/** Whether a value is a LangChain message (`isBaseMessage`). */
export function isLangChainMessage(value: unknown): value is object {
  return typeof (value as LangChainMessageLike | null)?._getType === 'function';
}

/** Whether a channel value is a list of LangChain messages (an empty list counts). */
export function isMessageList(value: unknown): value is object[] {
  return Array.isArray(value) && value.every(isLangChainMessage);
}

/** A message's text: its string content, or the text of its text blocks. */
function messageText(m: LangChainMessageLike): string {
  if (typeof m.content === 'string') return m.content;
  if (!Array.isArray(m.content)) return '';
  return m.content
    .map((block) => (typeof block === 'string' ? block : typeof block?.text === 'string' ? block.text : ''))
    .join('');
}

type ToolCallLike = { id?: unknown; name?: unknown; args?: unknown };

const isToolCall = (call: unknown): call is ToolCallLike => typeof call === 'object' && call !== null;

/** A message's tool calls: its `tool_calls` when that is a list of objects, else none. */
function toolCalls(m: LangChainMessageLike): ToolCallLike[] {
  const calls = m.tool_calls;
  return Array.isArray(calls) && calls.every(isToolCall) ? calls : [];
}

/**
 * The tool names the AI messages of a list call by tool call id: what names a tool result whose `ToolMessage`
 * has no `name` (LangChain's is optional; an AI SDK tool result always names its tool).
 */
export function toolNamesOf(list: readonly object[]): ReadonlyMap<string, string> {
  const names = new Map<string, string>();
  for (const m of list as LangChainMessageLike[]) {
    if (m._getType() !== 'ai') continue;
    for (const c of toolCalls(m))
      if (typeof c.id === 'string' && typeof c.name === 'string') names.set(c.id, c.name);
  }
  return names;
}

/** The AI SDK form of a LangChain message, for reading the log (search, views). */
function readableForm(
  m: LangChainMessageLike,
  toolNames: ReadonlyMap<string, string>,
): Record<string, unknown> {
  const type = m._getType();
  const text = messageText(m);
  if (type === 'human') return { role: 'user', content: text };
  if (type === 'system' || type === 'developer') return { role: 'system', content: text };
  if (type === 'tool') {
    const toolCallId = String(m.tool_call_id ?? '');
    return {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId,
          toolName: typeof m.name === 'string' ? m.name : (toolNames.get(toolCallId) ?? ''),
          // A failed tool call (`status: 'error'`) is an AI SDK error result: providers tell the model it failed.
          output: { type: m.status === 'error' ? 'error-text' : 'text', value: text },
        },
      ],
    };
  }
  const calls = toolCalls(m);
  if (type !== 'ai' || calls.length === 0) return { role: 'assistant', content: text };
  return {
    role: 'assistant',
    content: [
      ...(text ? [{ type: 'text', text }] : []),
      ...calls.map((c) => ({
        type: 'tool-call',
        toolCallId: String(c.id ?? ''),
        toolName: String(c.name ?? ''),
        input: c.args ?? {},
      })),
    ],
  };
}

/**
 * The engram log entry of a LangChain message: its AI SDK form (role, text, tool calls and results) when
 * `readable`, so engram's search and views read the conversation, else an empty assistant message (a
 * serializer that encrypts should not leave the text in clear beside it); the exact serialized message in
 * `metadata.langgraph.payload`, which is what the saver reads back. The entry gets a fresh id: the same
 * LangChain id may stand for different messages on different branches of a thread. `toolNames` (see
 * {@link toolNamesOf}) names the tool of a tool result whose message does not.
 */
export function logMessage(
  value: object,
  payload: TypedPayload,
  readable: boolean,
  toolNames: ReadonlyMap<string, string> = new Map(),
): MemoryMessage {
  const m = value as LangChainMessageLike;
  const langgraph: Record<string, JSONValue> = { type: m._getType(), payload };
  if (typeof m.id === 'string') langgraph.id = m.id;
  const base = { id: createId('lg'), createdAt: new Date(), metadata: { langgraph } };
  if (readable) {
    const candidate = { ...readableForm(m, toolNames), ...base };
    if (messageIssues(candidate).length === 0 && !jsonValueIssue(candidate, 'message'))
      return candidate as unknown as MemoryMessage;
    return { role: 'assistant', content: messageText(m), ...base } as MemoryMessage;
  }
  return { role: 'assistant', content: '', ...base } as MemoryMessage;
}

/** The serialized message a log entry holds, or undefined when the entry is not one the saver wrote. */
export function entryPayload(message: MemoryMessage): unknown {
  const langgraph = message.metadata?.langgraph;
  return typeof langgraph === 'object' && langgraph !== null && !Array.isArray(langgraph)
    ? (langgraph as Record<string, unknown>).payload
    : undefined;
}
