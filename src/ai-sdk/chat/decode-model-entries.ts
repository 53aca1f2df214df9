import {
  type AssistantContent,
  type FilePart,
  type ImagePart,
  isToolUIPart,
  type ToolContent,
  type UIDataTypes,
  type UIMessage,
  type UIMessagePart,
  type UITools,
  type UserContent,
} from 'ai';
import type { MemoryMessage } from '../../core/message.ts';
import { uiToolResult } from '../ui-tool-result.ts';
import { type ReplyParts, replyParts } from './reply-parts.ts';
import { stoppedKey } from './stopped-step.ts';

type Part = UIMessagePart<UIDataTypes, UITools>;
type ToolPart = Extract<Part, { toolCallId: string }>;
type UserItem = Exclude<UserContent, string>[number];
type AssistantItem = Exclude<AssistantContent, string>[number];
type ToolItem = ToolContent[number];
type ProviderOptions = NonNullable<FilePart['providerOptions']>;

/** A UI message of entries a chat store did not write, with the entries that hold it. */
export interface DecodedEntries {
  message: UIMessage;
  entryIds: string[];
  /**
   * Whether the reply was cut short: it holds the step a stopped run had in flight ({@link stoppedStep}), or an
   * entry of `stopped` (a run stopped between two steps, `markStopped`).
   */
  incomplete: boolean;
}

/**
 * UI messages for log entries a chat store did not write (stored by `agent()`, `withMemory` or `memory.store`):
 * a system entry is a system message, a user entry a user message (text and file parts), and a run of assistant
 * and tool entries one assistant message, as the AI SDK's UI stream shows a multi-step reply: a `step-start`
 * before each assistant entry's parts (text and reasoning `done`, files), a `tool-<name>` part per call, with its
 * result from a later tool entry matched by `toolCallId` (`output-available`; an error result `output-error`). Ids
 * are the entry ids (an assistant message takes its first entry's). What has no UI part is left out: approval
 * requests and responses, custom and reasoning-file parts, provider-referenced or inline-text files, results of
 * calls that are not in the run. A reply holding an entry marked `{ stopped: true }` (what a run stopped by a
 * disconnect had generated of its last step, stored after it by the chat handler) or an entry whose id is in
 * `stopped` (the last entry of a run stopped between two steps, marked beside the log: `stoppedEntryIds`) is
 * `incomplete`.
 */
export function decodeModelEntries(
  entries: readonly MemoryMessage[],
  stopped: ReadonlySet<string> = new Set(),
): DecodedEntries[] {
  const out: DecodedEntries[] = [];
  let reply: DecodedEntries | undefined;
  let index: ReplyParts | undefined;
  const push = (message: UIMessage, entryIds: string[]) => out.push({ message, entryIds, incomplete: false });
  for (const entry of entries) {
    if (entry.role === 'assistant' || entry.role === 'tool') {
      if (!reply) {
        push({ id: entry.id, role: 'assistant', parts: [] }, []);
        reply = out.at(-1)!;
        index = replyParts(reply.message.parts);
      }
      reply.entryIds.push(entry.id);
      if (entry.metadata?.[stoppedKey] === true || stopped.has(entry.id)) reply.incomplete = true;
      if (entry.role === 'assistant') addStep(index!, entry.content);
      else addResults(index!, entry.content);
      continue;
    }
    reply = undefined;
    if (entry.role === 'system')
      push({ id: entry.id, role: 'system', parts: [{ type: 'text', text: entry.content }] }, [entry.id]);
    else push({ id: entry.id, role: 'user', parts: userParts(entry.content) }, [entry.id]);
  }
  return out;
}

function userParts(content: UserContent): Part[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return content.flatMap((item: UserItem): Part[] => {
    if (item.type === 'text') return [{ type: 'text', text: item.text, ...providerMetadata(item) }];
    return filePart(item);
  });
}

/** One model call's assistant content: a `step-start`, then its parts in order. */
function addStep(reply: ReplyParts, content: AssistantContent): void {
  const parts = reply.parts;
  parts.push({ type: 'step-start' });
  if (typeof content === 'string') {
    parts.push({ type: 'text', text: content, state: 'done' });
    return;
  }
  for (const item of content as AssistantItem[]) {
    switch (item.type) {
      case 'text':
        parts.push({ type: 'text', text: item.text, state: 'done', ...providerMetadata(item) });
        break;
      case 'reasoning': {
        // Numbered within the message, as agentUIMessageStream numbers them.
        const id = `reasoning-${reply.reasoningCount()}`;
        parts.push({ type: 'reasoning', id, text: item.text, state: 'done', ...providerMetadata(item) });
        break;
      }
      case 'file':
        parts.push(...filePart(item));
        break;
      case 'tool-call':
        parts.push({
          type: `tool-${item.toolName}`,
          toolCallId: item.toolCallId,
          state: 'input-available',
          input: item.input,
          ...(item.providerExecuted === undefined ? {} : { providerExecuted: item.providerExecuted }),
          ...(item.providerOptions === undefined ? {} : { callProviderMetadata: item.providerOptions }),
        } as ToolPart);
        break;
    }
  }
}

/** A tool entry's results, each set on the call part it answers (by `toolCallId`). */
function addResults(reply: ReplyParts, content: ToolContent): void {
  const parts = reply.parts;
  for (const item of content as ToolItem[]) {
    if (item.type !== 'tool-result') continue;
    const at = reply.callAt(item.toolCallId);
    const call = parts[at];
    if (call === undefined || !isToolUIPart(call)) continue;
    parts[at] = {
      type: call.type,
      toolCallId: call.toolCallId,
      input: call.input,
      ...uiToolResult(item.output),
      ...(call.providerExecuted === undefined ? {} : { providerExecuted: call.providerExecuted }),
      ...(call.callProviderMetadata === undefined ? {} : { callProviderMetadata: call.callProviderMetadata }),
    } as ToolPart;
  }
}

/** A model file or image as a UI file part: a URL as is, bytes as a `data:` URL; a provider reference has none. */
function filePart(item: FilePart | ImagePart): Part[] {
  const mediaType = item.type === 'file' ? item.mediaType : (item.mediaType ?? 'image/*');
  const url = fileUrl(item.type === 'file' ? item.data : item.image, mediaType);
  if (url === undefined) return [];
  const filename = item.type === 'file' && item.filename !== undefined ? { filename: item.filename } : {};
  return [{ type: 'file', mediaType, url, ...filename, ...providerMetadata(item) }];
}

function fileUrl(data: FilePart['data'] | ImagePart['image'], mediaType: string): string | undefined {
  if (data instanceof URL) return data.href;
  if (typeof data === 'string') return /^[a-z][a-z0-9+.-]*:/i.test(data) ? data : dataUrl(mediaType, data);
  if (data instanceof Uint8Array) return dataUrl(mediaType, Buffer.from(data).toString('base64'));
  if (data instanceof ArrayBuffer) return dataUrl(mediaType, Buffer.from(data).toString('base64'));
  switch (data.type) {
    case 'url':
      return String(data.url);
    case 'data':
      return fileUrl(data.data, mediaType);
    default:
      return undefined; // a provider reference or inline text: no URL to show
  }
}

const dataUrl = (mediaType: string, base64: string) => `data:${mediaType};base64,${base64}`;

function providerMetadata(item: { providerOptions?: ProviderOptions }): {
  providerMetadata?: ProviderOptions;
} {
  return item.providerOptions === undefined ? {} : { providerMetadata: item.providerOptions };
}
