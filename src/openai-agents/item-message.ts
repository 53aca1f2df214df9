import type { AgentInputItem } from '@openai/agents-core';
import type { JSONValue, ModelMessage } from 'ai';
import { jsonValueIssue } from '../messages/json-value.ts';
import { toolOutputText } from '../messages/tool-output-text.ts';

type Loose = Record<string, unknown>;

/**
 * The engram message an Agents SDK item is stored as, so engram's views, search and token counts see the
 * conversation: user, system and assistant messages as their text (an image or a file as `[image]` / `[file]`);
 * a `function_call` as an assistant tool call (its JSON `arguments` parsed when they parse); a
 * `function_call_result` as a tool result; `reasoning` as a reasoning part. Other items (hosted, computer,
 * shell and patch tool calls, compaction markers, unknown items) become an assistant text `[<type>]`. The
 * exact item is kept beside it (see `encodeItem`); this view is never read back as the item.
 */
export function itemToMessage(item: AgentInputItem): ModelMessage {
  const it = item as Loose;
  const role = it.role;
  if ((it.type === undefined || it.type === 'message') && typeof role === 'string') {
    const text = contentText(it.content);
    if (role === 'system') return { role: 'system', content: text };
    if (role === 'user') return { role: 'user', content: text };
    return { role: 'assistant', content: [{ type: 'text', text }] };
  }
  switch (it.type) {
    case 'function_call':
      return {
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: String(it.callId),
            toolName: String(it.name),
            input: parseArguments(it.arguments),
          },
        ],
      };
    case 'function_call_result':
      return {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: String(it.callId),
            toolName: String(it.name),
            output: { type: 'text', value: contentText(it.output) },
          },
        ],
      };
    case 'reasoning':
      return { role: 'assistant', content: [{ type: 'reasoning', text: contentText(it.content) }] };
    default:
      return { role: 'assistant', content: [{ type: 'text', text: `[${String(it.type)}]` }] };
  }
}

/**
 * Items for a message of the log that was not written by the session (stored through engram's other APIs):
 * its text as a message item, each reasoning part as a `reasoning` item (never as text the assistant said), each
 * tool call as a `function_call` and each tool result as a `function_call_result`, in the order of the parts.
 * Files and images become text placeholders; an empty text or reasoning part stands for no item.
 */
export function messageToItems(message: ModelMessage): AgentInputItem[] {
  if (message.role === 'system') return [{ type: 'message', role: 'system', content: message.content }];
  if (typeof message.content === 'string') {
    return message.role === 'user'
      ? [{ type: 'message', role: 'user', content: message.content }]
      : [assistantText(message.content)];
  }
  const items: AgentInputItem[] = [];
  let text = '';
  const flush = () => {
    if (text === '') return;
    items.push(
      message.role === 'user' ? { type: 'message', role: 'user', content: text } : assistantText(text),
    );
    text = '';
  };
  for (const part of message.content) {
    if (part.type === 'tool-call') {
      flush();
      items.push({
        type: 'function_call',
        callId: part.toolCallId,
        name: part.toolName,
        arguments: typeof part.input === 'string' ? part.input : JSON.stringify(part.input ?? {}),
        status: 'completed',
      });
    } else if (part.type === 'tool-result') {
      flush();
      items.push({
        type: 'function_call_result',
        callId: part.toolCallId,
        name: part.toolName,
        status: 'completed',
        output: { type: 'text', text: toolOutputText(part.output) || `[${part.output.type}]` },
      });
    } else if (part.type === 'reasoning') {
      flush();
      if (part.text !== '') items.push(reasoning(part.text));
    } else text += partText(part as Loose);
  }
  flush();
  return items;
}

function reasoning(text: string): AgentInputItem {
  return { type: 'reasoning', content: [{ type: 'input_text', text }] };
}

function assistantText(text: string): AgentInputItem {
  return {
    type: 'message',
    role: 'assistant',
    status: 'completed',
    content: [{ type: 'output_text', text }],
  };
}

/**
 * The text of an item's content: a string, or the text of its parts (images and files as placeholders). A part
 * that is not an object (null, a number, a string: JSON an item may hold, kept as given) shows as nothing.
 */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map(contentPartText).join('');
  return contentPartText(content);
}

const contentPartText = (part: unknown): string =>
  typeof part === 'object' && part !== null && !Array.isArray(part) ? partText(part as Loose) : '';

function partText(part: Loose): string {
  if (typeof part.text === 'string') return part.text;
  if (typeof part.refusal === 'string') return part.refusal;
  if (typeof part.transcript === 'string') return part.transcript;
  const type = String(part.type ?? '');
  if (type.includes('image')) return '[image]';
  if (type.includes('file')) return '[file]';
  return type === '' ? '' : `[${type}]`;
}

function parseArguments(args: unknown): JSONValue {
  if (typeof args !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(args);
    // Kept as the raw string when it is not an object a store reads back identical (-0, nesting too deep).
    return typeof parsed === 'object' && parsed !== null && !jsonValueIssue(parsed)
      ? (parsed as JSONValue)
      : args;
  } catch {
    return args;
  }
}
