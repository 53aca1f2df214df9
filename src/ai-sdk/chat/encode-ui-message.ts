import {
  convertToModelMessages,
  isFileUIPart,
  isReasoningUIPart,
  isTextUIPart,
  isToolUIPart,
  type JSONValue,
  type ModelMessage,
  type ToolSet,
  type UIDataTypes,
  type UIMessage,
  type UIMessagePart,
  type UITools,
} from 'ai';
import { canonicalJson } from '../../messages/canonical-json.ts';
import { checkJsonValue } from '../../messages/check-json-value.ts';
import { copyJsonValue } from '../../messages/json-value.ts';
import { type ChatVersion, furtherEntryIds } from './chat-versions.ts';
import {
  minRefLength,
  type PartRef,
  type RefKey,
  refValue,
  resultCallId,
  uiKey,
} from './stored-ui-message.ts';

/** A model message as a chat stores it: with its entry id and the UI side in its metadata. */
export type ChatEntry = ModelMessage & { id: string; metadata: Record<string, JSONValue> };

type Part = UIMessagePart<UIDataTypes, UITools>;

/** How {@link encodeUIMessage} converts and marks a UI message. */
export interface EncodeOptions {
  /** Tools whose `toModelOutput` shapes tool results on the model side. */
  tools: ToolSet | undefined;
  /** Marks the message as cut short. */
  incomplete: boolean;
  /** Where the message sits in the caller's input, for error paths (`messages[3]`). */
  location: string;
  /** The version of the message stored (its first entry's id and revision; see chat-versions.ts). */
  version: ChatVersion;
}

/**
 * A validated UI message as the entries of a chat's log: its model messages (the AI SDK's
 * `convertToModelMessages`, incomplete tool calls and approvals still waiting for a result left out, so the log
 * never holds an unanswered call), the first carrying the UI message itself under `metadata.ui` with every
 * long text, reasoning, file URL and tool output that the model side holds an equal copy of left out and
 * referenced instead. A message with no model side (only data parts, say) is one empty assistant message,
 * which the AI SDK's prompt validation accepts. Throws `INVALID_ARGUMENT` naming the path of a value no store
 * reads back identical (a Date, NaN, …).
 */
export async function encodeUIMessage(ui: UIMessage, options: EncodeOptions): Promise<ChatEntry[]> {
  checkJsonValue(ui, options.location, 'chat');
  const parts: readonly Part[] = ui.parts;
  const modelInput: UIMessage = { ...ui, parts: parts.filter((p) => !awaitsResult(p)) };
  const converted = await convertToModelMessages([modelInput], {
    ignoreIncompleteToolCalls: true,
    ...(options.tools ? { tools: options.tools } : {}),
  });
  const model: ModelMessage[] = converted.length > 0 ? converted : [{ role: 'assistant', content: [] }];

  const refs: PartRef[] = [];
  const values = modelValues(model);
  const skeleton = parts.map((part, index) => {
    const field = referable(part);
    const at = field && values.find(field.key, field.value, field.callId);
    if (!field || !at) return copyJsonValue(part) as Record<string, JSONValue>;
    refs.push([index, field.key, at[0], at[1]]);
    const { [field.key]: _left, ...rest } = copyJsonValue(part) as Record<string, JSONValue>;
    return rest;
  });
  const head: JSONValue = {
    message: {
      id: ui.id,
      role: ui.role,
      ...(ui.metadata === undefined ? {} : { metadata: copyJsonValue(ui.metadata as JSONValue) }),
      parts: skeleton,
    },
    ...(refs.length > 0 ? { refs } : {}),
    entries: model.length,
    ...(options.incomplete ? { incomplete: true } : {}),
    ...(options.version.revision > 0 ? { revision: options.version.revision } : {}),
  };
  const ids = [options.version.id, ...furtherEntryIds(options.version.id, model.length - 1)];
  return model.map((message, index) => ({
    ...message,
    id: ids[index]!,
    metadata: { [uiKey]: index === 0 ? head : { of: ui.id, index } },
  }));
}

/** A tool part whose approval was answered but whose result is not there yet: the model side would hold an unanswered call. */
function awaitsResult(part: Part): boolean {
  return isToolUIPart(part) && part.state === 'approval-responded';
}

/** The field of a part a reference may replace, when it is long enough to be worth one. */
function referable(part: Part): { key: RefKey; value: unknown; callId?: string } | undefined {
  if (isTextUIPart(part) || isReasoningUIPart(part))
    return part.text.length >= minRefLength ? { key: 'text', value: part.text } : undefined;
  if (isFileUIPart(part))
    return part.url.length >= minRefLength ? { key: 'url', value: part.url } : undefined;
  if (isToolUIPart(part) && part.state === 'output-available') {
    const json = canonicalJson(part.output);
    return json !== undefined && json.length >= minRefLength
      ? { key: 'output', value: json, callId: part.toolCallId }
      : undefined;
  }
  return undefined;
}

/** Where the model side holds each value a reference may point at: see {@link modelValues}. */
export interface ModelValues {
  /** The first place holding a value equal to `value` (for an output, a result of the call `callId`). */
  find(key: RefKey, value: unknown, callId: string | undefined): [number, number] | undefined;
}

/**
 * The values of the model side's items a reference may point at (texts, file URLs, tool outputs as canonical
 * JSON, by the call they answer), each at the first place that holds it: read once per message, so finding the
 * value of each of a message's parts costs a lookup, not a walk of the model side (which made a message of n long
 * parts cost n² item parses).
 */
export function modelValues(model: readonly ModelMessage[]): ModelValues {
  const places = new Map<string, Map<unknown, [number, number]>>();
  const slot = (key: RefKey, callId: string | undefined) => `${key}\u0000${callId ?? ''}`;
  const add = (name: string, value: unknown, at: [number, number]) => {
    let values = places.get(name);
    if (!values) {
      values = new Map();
      places.set(name, values);
    }
    if (!values.has(value)) values.set(value, at);
  };
  for (const [entry, message] of model.entries()) {
    if (typeof message.content === 'string') continue;
    for (const [content, item] of message.content.entries()) {
      for (const key of ['text', 'url'] as const) {
        const found = refValue(message, content, key);
        if (found !== undefined) add(slot(key, undefined), found, [entry, content]);
      }
      const output = refValue(message, content, 'output');
      const callId = resultCallId(item);
      if (output !== undefined && callId !== undefined)
        add(slot('output', callId), canonicalJson(output), [entry, content]);
    }
  }
  return {
    find: (key, value, callId) => places.get(slot(key, key === 'output' ? callId : undefined))?.get(value),
  };
}
