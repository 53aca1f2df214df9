/**
 * Conversion between AI SDK v7 messages and the Anthropic Messages API.
 *
 * Lossy toward Anthropic (dropped): reasoning without `providerOptions.anthropic.signature` (or `redactedData`),
 * custom, assistant file and reasoning-file parts, provider-executed tool calls and results, tool-approval
 * requests and responses, `providerOptions` other than the thinking signature, engram extras, and the position of
 * system messages (all are hoisted into `system`, joined with blank lines). Tool outputs: json/error-json are
 * `JSON.stringify`d; error variants set `is_error`; execution-denied becomes its reason; `content` items other
 * than text and base64 images become `[type omitted]` text. Consecutive same-role messages are merged. A file
 * reference without an `anthropic` id throws `INVALID_ARGUMENT`.
 * Lossy back from Anthropic: a string `tool_result` is `text` (or `error-text` when `is_error`); tool names come
 * from the preceding `tool_use` (`''` when not found); a user message's `tool_result` blocks become a v7 tool
 * message and its other blocks a user message, in their order.
 */
import type { AssistantModelMessage, ModelMessage, ToolModelMessage, UserModelMessage } from 'ai';
import { describeValue } from '../core/errors/describe-value.ts';
import { InvalidMessageError } from '../core/errors/invalid-message-error.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { MemoryMessage } from '../core/message.ts';
import { anthropicMessageSchema, anthropicSystemSchema } from './anthropic-schema.ts';
import { dataToBase64, normalizeFileData } from './schema.ts';
import { toolOutputText } from './tool-output-text.ts';
import { validateMessageInputs, validateMessagesWith } from './validate.ts';

/** An Anthropic image or document source. */
export type AnthropicSource =
  | { type: 'base64'; media_type: string; data: string }
  | { type: 'url'; url: string }
  | { type: 'text'; media_type: 'text/plain'; data: string }
  | { type: 'file'; file_id: string };
/** An Anthropic content block (the subset engram reads and writes). */
export type AnthropicBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; source: AnthropicSource }
  | { type: 'document'; source: AnthropicSource; title?: string }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'redacted_thinking'; data: string }
  | { type: 'tool_use'; id: string; name: string; input: unknown }
  | { type: 'tool_result'; tool_use_id: string; content?: string | AnthropicBlock[]; is_error?: boolean };
/** An Anthropic message. */
export interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: string | AnthropicBlock[];
}
/** The `system` and `messages` of an Anthropic Messages request. */
export interface AnthropicRequest {
  system?: string;
  messages: AnthropicMessage[];
}

type Part = Exclude<UserModelMessage['content'], string>[number];
type AssistantPart = Exclude<AssistantModelMessage['content'], string>[number];
type ToolPart = ToolModelMessage['content'][number];
type Output = Extract<ToolPart, { type: 'tool-result' }>['output'];

/** A file reference's Anthropic id; another provider's id is not one, so a reference without it is refused. */
function anthropicFileId(reference: Record<string, string>): string {
  const id = reference.anthropic;
  if (id === undefined)
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'anthropic-messages',
      message: 'cannot express a file reference without an `anthropic` id in Anthropic Messages',
    });
  return id;
}

function fileBlock(mediaType: string, raw: unknown, filename?: string): AnthropicBlock {
  const data = normalizeFileData(raw);
  const image = mediaType.startsWith('image');
  const source: AnthropicSource =
    data.type === 'url'
      ? { type: 'url', url: data.url.href }
      : data.type === 'text'
        ? { type: 'text', media_type: 'text/plain', data: data.text }
        : data.type === 'reference'
          ? { type: 'file', file_id: anthropicFileId(data.reference) }
          : {
              type: 'base64',
              media_type: image && !mediaType.includes('/') ? 'image/jpeg' : mediaType,
              data: dataToBase64(data.data),
            };
  if (image) return { type: 'image', source };
  return { type: 'document', source, ...(filename !== undefined && { title: filename }) };
}

function userBlock(p: Part): AnthropicBlock {
  if (p.type === 'text') return { type: 'text', text: p.text };
  if (p.type === 'image') return fileBlock(p.mediaType ?? 'image', p.image);
  return fileBlock(p.mediaType, p.data, p.filename);
}

function outputBlock(
  output: Output,
): Pick<Extract<AnthropicBlock, { type: 'tool_result' }>, 'content' | 'is_error'> {
  const isError = output.type === 'error-text' || output.type === 'error-json' ? { is_error: true } : {};
  switch (output.type) {
    case 'text':
    case 'error-text':
    case 'json':
    case 'error-json':
      return { content: toolOutputText(output), ...isError };
    case 'execution-denied':
      return { content: output.reason ?? 'Tool execution denied.' };
    case 'content':
      return {
        content: output.value.map((i): AnthropicBlock => {
          if (i.type === 'text') return { type: 'text', text: i.text };
          if (i.type === 'file' && i.mediaType.startsWith('image') && i.data.type === 'data')
            return fileBlock(i.mediaType, i.data);
          if (i.type === 'image-data') return fileBlock(i.mediaType, i.data);
          return { type: 'text', text: `[${i.type} omitted]` };
        }),
      };
  }
}

function assistantBlock(p: AssistantPart): AnthropicBlock[] {
  const anthropic = p.type === 'reasoning' ? p.providerOptions?.anthropic : undefined;
  if (p.type === 'text') return [{ type: 'text', text: p.text }];
  if (p.type === 'tool-call' && !p.providerExecuted)
    return [{ type: 'tool_use', id: p.toolCallId, name: p.toolName, input: p.input }];
  if (typeof anthropic?.signature === 'string')
    return [{ type: 'thinking', thinking: (p as { text: string }).text, signature: anthropic.signature }];
  if (typeof anthropic?.redactedData === 'string')
    return [{ type: 'redacted_thinking', data: anthropic.redactedData }];
  return [];
}

/**
 * AI SDK v7 (or engram) messages as an Anthropic request: system hoisted, tool results in user turns, roles
 * alternating. An invalid message throws `InvalidMessageError` naming its index and field.
 */
export function toAnthropicMessages(messages: readonly (ModelMessage | MemoryMessage)[]): AnthropicRequest {
  validateMessageInputs(messages);
  const system: string[] = [];
  const out: AnthropicMessage[] = [];
  const push = (role: AnthropicMessage['role'], content: string | AnthropicBlock[]) => {
    const last = out.at(-1);
    if (last?.role !== role) return void out.push({ role, content });
    const blocks = (c: string | AnthropicBlock[]): AnthropicBlock[] =>
      typeof c === 'string' ? [{ type: 'text', text: c }] : c;
    last.content = [...blocks(last.content), ...blocks(content)];
  };
  for (const m of messages) {
    if (m.role === 'system') system.push(m.content);
    else if (m.role === 'user')
      push('user', typeof m.content === 'string' ? m.content : m.content.map(userBlock));
    else if (m.role === 'assistant')
      push('assistant', typeof m.content === 'string' ? m.content : m.content.flatMap(assistantBlock));
    else {
      const results = m.content.flatMap((p): AnthropicBlock[] =>
        p.type === 'tool-result'
          ? [{ type: 'tool_result', tool_use_id: p.toolCallId, ...outputBlock(p.output) }]
          : [],
      );
      if (results.length > 0) push('user', results);
    }
  }
  return { ...(system.length > 0 && { system: system.join('\n\n') }), messages: out };
}

function fromFileBlock(b: Extract<AnthropicBlock, { type: 'image' | 'document' }>): Part {
  const title = b.type === 'document' && b.title !== undefined ? { filename: b.title } : {};
  const s = b.source;
  const fallback = b.type === 'image' ? 'image' : 'application/pdf';
  if (s.type === 'url')
    return { type: 'file', mediaType: fallback, data: { type: 'url', url: new URL(s.url) }, ...title };
  if (s.type === 'text')
    return { type: 'file', mediaType: 'text/plain', data: { type: 'text', text: s.data }, ...title };
  if (s.type === 'file')
    return {
      type: 'file',
      mediaType: fallback,
      data: { type: 'reference', reference: { anthropic: s.file_id } },
      ...title,
    };
  return { type: 'file', mediaType: s.media_type, data: { type: 'data', data: s.data }, ...title };
}

function fromResult(b: Extract<AnthropicBlock, { type: 'tool_result' }>): Output {
  const c = b.content ?? '';
  if (typeof c === 'string') return { type: b.is_error ? 'error-text' : 'text', value: c };
  return {
    type: 'content',
    value: c.map((x) =>
      x.type === 'image' || x.type === 'document'
        ? (fromFileBlock(x) as Extract<Output, { type: 'content' }>['value'][number])
        : { type: 'text', text: x.type === 'text' ? x.text : JSON.stringify(x) },
    ),
  };
}

/**
 * An Anthropic request as AI SDK v7 messages: `system` first, user `tool_result` blocks as tool messages. A
 * malformed request throws `InvalidMessageError` naming the index and field (`messages[2].content[0].source`).
 */
export function fromAnthropicMessages(
  request:
    | AnthropicRequest
    | { system?: string | { type: 'text'; text: string }[]; messages: AnthropicMessage[] },
): ModelMessage[] {
  if (typeof request !== 'object' || request === null || Array.isArray(request))
    throw new InvalidMessageError({
      issues: [{ path: '', problem: `expected an object with messages, got ${describeValue(request)}` }],
      location: 'request',
    });
  validateMessagesWith(anthropicSystemSchema, [request.system], 'system');
  validateMessagesWith(anthropicMessageSchema, request.messages);
  const out: ModelMessage[] = [];
  const names = new Map<string, string>();
  const sys =
    typeof request.system === 'string' ? request.system : request.system?.map((b) => b.text).join('\n\n');
  if (sys !== undefined) out.push({ role: 'system', content: sys });
  for (const m of request.messages) {
    if (typeof m.content === 'string') out.push({ role: m.role, content: m.content });
    else if (m.role === 'assistant') {
      const content = m.content.flatMap((b): AssistantPart[] => {
        if (b.type === 'text') return [{ type: 'text', text: b.text }];
        if (b.type === 'thinking')
          return [
            {
              type: 'reasoning',
              text: b.thinking,
              providerOptions: { anthropic: { signature: b.signature } },
            },
          ];
        if (b.type === 'redacted_thinking')
          return [{ type: 'reasoning', text: '', providerOptions: { anthropic: { redactedData: b.data } } }];
        if (b.type !== 'tool_use') return [];
        names.set(b.id, b.name);
        return [{ type: 'tool-call', toolCallId: b.id, toolName: b.name, input: b.input }];
      });
      out.push({ role: 'assistant', content });
    } else {
      let user: UserModelMessage | undefined;
      for (const b of m.content) {
        if (b.type === 'tool_result') {
          user = undefined;
          const toolName = names.get(b.tool_use_id) ?? '';
          const part: ToolPart = {
            type: 'tool-result',
            toolCallId: b.tool_use_id,
            toolName,
            output: fromResult(b),
          };
          const last = out.at(-1);
          if (last?.role === 'tool') last.content.push(part);
          else out.push({ role: 'tool', content: [part] });
          continue;
        }
        const part: Part =
          b.type === 'image' || b.type === 'document'
            ? fromFileBlock(b)
            : { type: 'text', text: b.type === 'text' ? b.text : JSON.stringify(b) };
        if (user) (user.content as Part[]).push(part);
        else {
          user = { role: 'user', content: [part] };
          out.push(user);
        }
      }
    }
  }
  return out;
}
