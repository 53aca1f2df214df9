/**
 * Conversion between AI SDK v7 messages and OpenAI Chat Completions messages.
 *
 * Lossy toward OpenAI (dropped): reasoning and reasoning-file parts, custom parts, assistant file parts,
 * provider-executed tool results inside assistant messages, tool-approval requests and responses,
 * every `providerOptions` except `openai.imageDetail` (refused with `INVALID_ARGUMENT` unless it is `auto`, `low`,
 * `high` or `original`), engram extras other than `name`, the filename of an image or audio part, a file
 * reference's ids for other providers, and the place of an assistant's text among its tool calls (the text parts
 * come first; an assistant message left with neither is sent with content `''`). Tool-result outputs become
 * strings: json/error-json via `JSON.stringify`, error-text as is, execution-denied as its reason (or `Tool
 * execution denied.`); `content` outputs become text parts (non-text items as `[type omitted]`).
 * Lossy back from OpenAI: every tool result is a `text` output; the tool name is looked up from the
 * preceding assistant `tool_calls` (`''` when not found); `developer` becomes `system`; refusals are dropped; an
 * image by URL reads back as `image` (the URL has no media type), `audio/mp3` as `audio/mpeg`, a file id as
 * `application/octet-stream`, and a text file given as text as its UTF-8 bytes.
 * Files whose data cannot be expressed (a non-image URL, an image reference or text, a file given as text that is
 * not text/*, an image given as data whose subtype is neither given nor shown by its bytes) and tool calls without
 * input throw `INVALID_ARGUMENT` naming the part.
 */
import type { AssistantModelMessage, ModelMessage, ToolModelMessage, UserModelMessage } from 'ai';
import { describeValue } from '../core/errors/describe-value.ts';
import { InvalidValueError } from '../core/errors/invalid-value-error.ts';
import type { MemoryMessage } from '../core/message.ts';
import { fullImageMediaType } from './image-media-type.ts';
import { openAIChatMessageSchema } from './openai-chat-schema.ts';
import { dataToBase64, normalizeFile, parseDataUrl } from './schema.ts';
import { requiredToolInput } from './tool-call-input.ts';
import { toolOutputText } from './tool-output-text.ts';
import { validateMessageInputs, validateMessagesWith } from './validate.ts';

/** An OpenAI Chat Completions text part. */
export interface OpenAIChatTextPart {
  type: 'text';
  text: string;
}
/** An OpenAI Chat Completions user content part. */
export type OpenAIChatUserPart =
  | OpenAIChatTextPart
  | { type: 'image_url'; image_url: { url: string; detail?: 'auto' | 'low' | 'high' | 'original' } }
  | { type: 'input_audio'; input_audio: { data: string; format: 'wav' | 'mp3' } }
  | { type: 'file'; file: { file_data?: string; file_id?: string; filename?: string } };
/** An OpenAI Chat Completions function tool call. */
export interface OpenAIChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}
/** An OpenAI Chat Completions message (the subset engram reads and writes). */
export type OpenAIChatMessage =
  | { role: 'system' | 'developer'; content: string | OpenAIChatTextPart[]; name?: string }
  | { role: 'user'; content: string | OpenAIChatUserPart[]; name?: string }
  | {
      role: 'assistant';
      content?: string | OpenAIChatTextPart[] | null;
      name?: string;
      tool_calls?: OpenAIChatToolCall[];
      refusal?: string | null;
    }
  | { role: 'tool'; tool_call_id: string; content: string | OpenAIChatTextPart[] };

type Output = Extract<ToolModelMessage['content'][number], { type: 'tool-result' }>['output'];
type UserPart = Exclude<UserModelMessage['content'], string>[number];
type AssistantPart = Exclude<AssistantModelMessage['content'], string>[number];
type Named<T> = T & { name?: string };

/** The detail levels OpenAI takes for an image (`image_url.detail`). */
const imageDetails = ['auto', 'low', 'high', 'original'] as const;
type OpenAIImageDetail = (typeof imageDetails)[number];

const unsupported = (what: string, path: string) =>
  new InvalidValueError({ path, problem: `cannot express ${what} in OpenAI Chat`, component: 'openai-chat' });

/** A part's `providerOptions.openai.imageDetail`, refused unless it is one OpenAI takes. */
function imageDetail(part: UserPart, path: string): { detail?: OpenAIImageDetail } {
  const detail = part.providerOptions?.openai?.imageDetail;
  if (detail === undefined) return {};
  if (imageDetails.includes(detail as OpenAIImageDetail)) return { detail: detail as OpenAIImageDetail };
  throw new InvalidValueError({
    path: `${path}.providerOptions.openai.imageDetail`,
    problem: `expected 'auto', 'low', 'high' or 'original' (the image detail levels OpenAI takes), received ${describeValue(detail)}`,
    component: 'openai-chat',
  });
}

/** A tool-result output as the string (or text parts) an OpenAI tool message carries. */
export function serializeOpenAIToolOutput(output: Output): string | OpenAIChatTextPart[] {
  switch (output.type) {
    case 'execution-denied':
      return output.reason ?? 'Tool execution denied.';
    case 'content':
      return output.value.map((i) => ({
        type: 'text',
        text: i.type === 'text' ? i.text : `[${i.type} omitted]`,
      }));
    default:
      return toolOutputText(output);
  }
}

/**
 * The base64 of a file given as text: its UTF-8 bytes (OpenAI Chat has no text source; it reads back as those
 * bytes). Refused for a media type that is not text (an audio or PDF "file" of text) and for text with a lone
 * surrogate, which has no UTF-8 form.
 */
function textBase64(mediaType: string, text: string, path: string): string {
  if (mediaType.split('/')[0] !== 'text')
    throw unsupported(`a ${mediaType} file given as text (only a text/* file can be)`, path);
  if (!text.isWellFormed())
    throw unsupported('a text file with a lone surrogate (it has no UTF-8 form)', path);
  return Buffer.from(text).toString('base64');
}

function userPart(part: UserPart, path: string): OpenAIChatUserPart {
  if (part.type === 'text') return { type: 'text', text: part.text };
  const { mediaType, data } =
    part.type === 'image'
      ? normalizeFile(part.mediaType ?? 'image', part.image)
      : normalizeFile(part.mediaType, part.data);
  if (mediaType.startsWith('image')) {
    const detail = imageDetail(part, path);
    if (data.type === 'url') return { type: 'image_url', image_url: { url: data.url.href, ...detail } };
    if (data.type === 'data') {
      const full = fullImageMediaType(mediaType, data, path, 'openai-chat');
      const url = `data:${full};base64,${dataToBase64(data.data)}`;
      return { type: 'image_url', image_url: { url, ...detail } };
    }
    throw unsupported(`an image given as ${data.type}`, path);
  }
  const filename = part.type === 'file' && part.filename !== undefined ? { filename: part.filename } : {};
  if (data.type === 'reference') {
    if (!data.reference.openai) throw unsupported('a file reference without an `openai` id', `${path}.data`);
    return { type: 'file', file: { file_id: data.reference.openai, ...filename } };
  }
  if (data.type === 'url') throw unsupported('a non-image file given by URL', path);
  const base64 = data.type === 'text' ? textBase64(mediaType, data.text, path) : dataToBase64(data.data);
  if (mediaType === 'audio/wav' || mediaType === 'audio/mpeg' || mediaType === 'audio/mp3') {
    return {
      type: 'input_audio',
      input_audio: { data: base64, format: mediaType === 'audio/wav' ? 'wav' : 'mp3' },
    };
  }
  return { type: 'file', file: { file_data: `data:${mediaType};base64,${base64}`, ...filename } };
}

/**
 * AI SDK v7 (or engram) messages as OpenAI Chat Completions messages; see the module comment for what is lost.
 * An invalid message throws `InvalidMessageError` naming its index and field.
 */
export function toOpenAIChatMessages(
  messages: readonly (ModelMessage | MemoryMessage)[],
): OpenAIChatMessage[] {
  validateMessageInputs(messages);
  const out: OpenAIChatMessage[] = [];
  for (const [i, m] of messages.entries()) {
    const name = (m as MemoryMessage).name !== undefined ? { name: (m as MemoryMessage).name } : {};
    if (m.role === 'system') out.push({ role: 'system', content: m.content, ...name });
    else if (m.role === 'user') {
      out.push({
        role: 'user',
        content:
          typeof m.content === 'string'
            ? m.content
            : m.content.map((p, j) => userPart(p, `messages[${i}].content[${j}]`)),
        ...name,
      });
    } else if (m.role === 'assistant') {
      if (typeof m.content === 'string') {
        out.push({ role: 'assistant', content: m.content, ...name });
        continue;
      }
      const text = m.content.flatMap((p) =>
        p.type === 'text' ? [{ type: 'text' as const, text: p.text }] : [],
      );
      const calls = m.content.flatMap((p, j): OpenAIChatToolCall[] => {
        if (p.type !== 'tool-call' || p.providerExecuted) return [];
        const input = requiredToolInput(p.input, `messages[${i}].content[${j}].input`, 'openai-chat');
        return [
          {
            id: p.toolCallId,
            type: 'function',
            function: { name: p.toolName, arguments: JSON.stringify(input) },
          },
        ];
      });
      // OpenAI takes a null content only beside tool calls; a message whose parts were all dropped sends ''.
      out.push({
        role: 'assistant',
        content: text.length ? text : calls.length ? null : '',
        ...name,
        ...(calls.length && { tool_calls: calls }),
      });
    } else {
      for (const p of m.content) {
        if (p.type === 'tool-result')
          out.push({
            role: 'tool',
            tool_call_id: p.toolCallId,
            content: serializeOpenAIToolOutput(p.output),
          });
      }
    }
  }
  return out;
}

const text = (c: string | OpenAIChatTextPart[]) =>
  typeof c === 'string' ? c : c.map((p) => p.text).join('');
const parseArgs = (s: string): unknown => {
  try {
    return JSON.parse(s);
  } catch {
    return s;
  }
};

/**
 * An assistant message's text parts; its refusal parts (which the schema takes in the list, though
 * {@link OpenAIChatTextPart} does not name them) are dropped, not made text parts without text.
 */
const assistantText = (parts: readonly { type: string; text?: string }[]): AssistantPart[] =>
  parts.flatMap((p) => (p.type === 'text' ? [{ type: 'text' as const, text: p.text as string }] : []));

function fromUserPart(part: OpenAIChatUserPart): UserPart {
  switch (part.type) {
    case 'text':
      return { type: 'text', text: part.text };
    case 'image_url': {
      const d = parseDataUrl(part.image_url.url);
      const po = part.image_url.detail
        ? { providerOptions: { openai: { imageDetail: part.image_url.detail } } }
        : {};
      return d
        ? { type: 'file', mediaType: d.mediaType, data: { type: 'data', data: d.base64 }, ...po }
        : {
            type: 'file',
            mediaType: 'image',
            data: { type: 'url', url: new URL(part.image_url.url) },
            ...po,
          };
    }
    case 'input_audio': {
      const mediaType = part.input_audio.format === 'wav' ? 'audio/wav' : 'audio/mpeg';
      return { type: 'file', mediaType, data: { type: 'data', data: part.input_audio.data } };
    }
    case 'file': {
      const { file_data, file_id, filename } = part.file;
      const fn = filename !== undefined ? { filename } : {};
      if (file_id !== undefined) {
        return {
          type: 'file',
          mediaType: 'application/octet-stream',
          data: { type: 'reference', reference: { openai: file_id } },
          ...fn,
        };
      }
      const d = parseDataUrl(file_data ?? '') ?? {
        mediaType: 'application/octet-stream',
        base64: file_data ?? '',
      };
      return { type: 'file', mediaType: d.mediaType, data: { type: 'data', data: d.base64 }, ...fn };
    }
  }
}

/**
 * OpenAI Chat Completions messages as AI SDK v7 messages (with `name` kept); consecutive tool messages merge. A
 * malformed message throws `InvalidMessageError` naming its index and field.
 */
export function fromOpenAIChatMessages(
  messages: readonly OpenAIChatMessage[],
): (ModelMessage & { name?: string })[] {
  validateMessagesWith(openAIChatMessageSchema, messages);
  const out: Named<ModelMessage>[] = [];
  const toolNames = new Map<string, string>();
  for (const m of messages) {
    const name = 'name' in m && m.name !== undefined ? { name: m.name } : {};
    if (m.role === 'system' || m.role === 'developer')
      out.push({ role: 'system', content: text(m.content), ...name });
    else if (m.role === 'user') {
      out.push({
        role: 'user',
        content: typeof m.content === 'string' ? m.content : m.content.map(fromUserPart),
        ...name,
      });
    } else if (m.role === 'assistant') {
      const calls = m.tool_calls ?? [];
      if (typeof m.content === 'string' && calls.length === 0) {
        out.push({ role: 'assistant', content: m.content, ...name });
        continue;
      }
      const content: AssistantPart[] =
        typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : assistantText(m.content ?? []);
      for (const c of calls) {
        toolNames.set(c.id, c.function.name);
        content.push({
          type: 'tool-call',
          toolCallId: c.id,
          toolName: c.function.name,
          input: parseArgs(c.function.arguments),
        });
      }
      out.push({ role: 'assistant', content, ...name });
    } else if (m.role === 'tool') {
      const part = {
        type: 'tool-result' as const,
        toolCallId: m.tool_call_id,
        toolName: toolNames.get(m.tool_call_id) ?? '',
        output:
          typeof m.content === 'string'
            ? { type: 'text' as const, value: m.content }
            : {
                type: 'content' as const,
                value: m.content.map((p) => ({ type: 'text' as const, text: p.text })),
              },
      };
      const last = out.at(-1);
      if (last?.role === 'tool') last.content.push(part);
      else out.push({ role: 'tool', content: [part] });
    }
  }
  return out;
}
