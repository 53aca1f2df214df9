/**
 * Conversion between AI SDK v7 messages and the Anthropic Messages API.
 *
 * Lossy toward Anthropic (dropped): reasoning without `providerOptions.anthropic.signature` (or `redactedData`),
 * custom, assistant file and reasoning-file parts, provider-executed tool calls and results, tool-approval
 * requests and responses, `providerOptions` other than the thinking signature, engram extras, an image's
 * filename, a file reference's ids for other providers, and the position of system messages (all are hoisted
 * into `system`, joined with blank lines), and an assistant message left without blocks (Anthropic refuses empty
 * content). Tool outputs: json/error-json are `JSON.stringify`d; error variants set
 * `is_error`; execution-denied becomes its reason; `content` items other than text and base64 images become
 * `[type omitted]` text. Consecutive same-role messages are merged. A file Anthropic cannot take throws
 * `INVALID_ARGUMENT` naming the part: a file reference without an `anthropic` id, a document by URL that is not
 * a PDF, a file given as text that is not text/plain, data that is not a JPEG, PNG, GIF or WebP image, a PDF or
 * UTF-8 plain text, an image given as data whose subtype is neither given nor shown by its bytes (see
 * `anthropic-files.ts`); so does a tool call without input.
 * Lossy back from Anthropic: a string `tool_result` is `text` (or `error-text` when `is_error`, as is an error of
 * text blocks, their texts joined; an error with an image or document is `content`, not marked); tool names come
 * from the preceding `tool_use` (`''` when not found); a user message's `tool_result` blocks become a v7 tool
 * message and its other blocks a user message, in their order; plain text given as data reads back as text (the
 * text source it is sent as); a `url` or `file` source has no media type (an image reads back as `image`, a
 * document by URL as `application/pdf`, by file id as `application/octet-stream`).
 */
import type { AssistantModelMessage, ModelMessage, ToolModelMessage, UserModelMessage } from 'ai';
import { describeValue } from '../core/errors/describe-value.ts';
import { InvalidMessageError } from '../core/errors/invalid-message-error.ts';
import type { MemoryMessage } from '../core/message.ts';
import { fromAnthropicFileBlock, toAnthropicFileBlock } from './anthropic-files.ts';
import { anthropicMessageSchema, anthropicSystemSchema } from './anthropic-schema.ts';
import type { AnthropicBlock, AnthropicMessage, AnthropicRequest } from './anthropic-types.ts';
import { requiredToolInput } from './tool-call-input.ts';
import { toolOutputText } from './tool-output-text.ts';
import { validateMessageInputs, validateMessagesWith } from './validate.ts';

export type {
  AnthropicBlock,
  AnthropicMessage,
  AnthropicRequest,
  AnthropicSource,
} from './anthropic-types.ts';

type Part = Exclude<UserModelMessage['content'], string>[number];
type AssistantPart = Exclude<AssistantModelMessage['content'], string>[number];
type ToolPart = ToolModelMessage['content'][number];
type Output = Extract<ToolPart, { type: 'tool-result' }>['output'];

function userBlock(p: Part, path: string): AnthropicBlock {
  if (p.type === 'text') return { type: 'text', text: p.text };
  if (p.type === 'image') return toAnthropicFileBlock(p.mediaType ?? 'image', p.image, path);
  return toAnthropicFileBlock(p.mediaType, p.data, path, p.filename);
}

function outputBlock(
  output: Output,
  path: string,
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
        content: output.value.map((i, k): AnthropicBlock => {
          if (i.type === 'text') return { type: 'text', text: i.text };
          if (i.type === 'file' && i.mediaType.startsWith('image') && i.data.type === 'data')
            return toAnthropicFileBlock(i.mediaType, i.data, `${path}.value[${k}]`);
          if (i.type === 'image-data')
            return toAnthropicFileBlock(i.mediaType, i.data, `${path}.value[${k}]`);
          return { type: 'text', text: `[${i.type} omitted]` };
        }),
      };
  }
}

function assistantBlock(p: AssistantPart, path: string): AnthropicBlock[] {
  const anthropic = p.type === 'reasoning' ? p.providerOptions?.anthropic : undefined;
  if (p.type === 'text') return [{ type: 'text', text: p.text }];
  if (p.type === 'tool-call' && !p.providerExecuted) {
    const input = requiredToolInput(p.input, `${path}.input`, 'anthropic-messages');
    return [{ type: 'tool_use', id: p.toolCallId, name: p.toolName, input }];
  }
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
  for (const [i, m] of messages.entries()) {
    if (m.role === 'system') system.push(m.content);
    else if (m.role === 'user')
      push(
        'user',
        typeof m.content === 'string'
          ? m.content
          : m.content.map((p, j) => userBlock(p, `messages[${i}].content[${j}]`)),
      );
    else if (m.role === 'assistant') {
      const content =
        typeof m.content === 'string'
          ? m.content
          : m.content.flatMap((p, j) => assistantBlock(p, `messages[${i}].content[${j}]`));
      // Anthropic refuses a message without content: one whose parts were all dropped is left out.
      if (content.length > 0 || typeof content === 'string') push('assistant', content);
    } else {
      const results = m.content.flatMap((p, j): AnthropicBlock[] =>
        p.type === 'tool-result'
          ? [
              {
                type: 'tool_result',
                tool_use_id: p.toolCallId,
                ...outputBlock(p.output, `messages[${i}].content[${j}].output`),
              },
            ]
          : [],
      );
      if (results.length > 0) push('user', results);
    }
  }
  return { ...(system.length > 0 && { system: system.join('\n\n') }), messages: out };
}

function fromResult(b: Extract<AnthropicBlock, { type: 'tool_result' }>): Output {
  const c = b.content ?? '';
  if (typeof c === 'string') return { type: b.is_error ? 'error-text' : 'text', value: c };
  // v7 has no error output of blocks: an error of text blocks is its text, so the failure is not read as a success.
  if (b.is_error && c.every((x): x is Extract<AnthropicBlock, { type: 'text' }> => x.type === 'text'))
    return { type: 'error-text', value: c.map((x) => x.text).join('') };
  return {
    type: 'content',
    value: c.map((x) =>
      x.type === 'image' || x.type === 'document'
        ? (fromAnthropicFileBlock(x) as Extract<Output, { type: 'content' }>['value'][number])
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
            ? fromAnthropicFileBlock(b)
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
