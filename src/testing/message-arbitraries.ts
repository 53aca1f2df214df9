/**
 * fast-check arbitraries for every AI SDK v7 message and part type, and for `MemoryMessage`s.
 * Test-only: imported by property tests across the project, never by library code.
 */

import type {
  AssistantModelMessage,
  FilePart,
  ImagePart,
  JSONValue,
  ModelMessage,
  SystemModelMessage,
  TextPart,
  ToolCallPart,
  ToolModelMessage,
  ToolResultPart,
  UserModelMessage,
} from 'ai';
import fc from 'fast-check';
import { isValidId } from '../core/ids.ts';
import type { AgentAttribution, MemoryMessage, MemoryMessageExtras } from '../core/message.ts';

type Arb<T> = fc.Arbitrary<T>;
/** The assistant content part of one type (AI SDK v7). */
type PartOf<K extends string> = Extract<
  Exclude<AssistantModelMessage['content'], string>[number],
  { type: K }
>;
/** A record arbitrary whose listed keys are optional. */
const rec = <T extends object>(model: { [K in keyof T]: Arb<T[K]> }, required: (keyof T)[]) =>
  fc.record(model, { requiredKeys: required as never }) as unknown as Arb<T>;

/** Any string, including lone surrogates and control characters. */
export const arbText: Arb<string> = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
);
/** A short name (tool names, provider keys). */
export const arbName: Arb<string> = fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_]{0,11}$/);
/** A valid engram id. */
export const arbId: Arb<string> = fc
  .string({ unit: 'binary', minLength: 1, maxLength: 24 })
  .filter(isValidId);
/** A JSON value without `-0` (so it survives `JSON.stringify`/`parse` unchanged). */
export const arbJson: Arb<JSONValue> = fc
  .jsonValue({ maxDepth: 3 })
  .map((v) => JSON.parse(JSON.stringify(v)));
/** A JSON object. */
export const arbJsonObject: Arb<Record<string, JSONValue>> = fc.dictionary(arbName, arbJson, { maxKeys: 3 });
/** AI SDK `ProviderOptions`. */
export const arbProviderOptions = fc.dictionary(arbName, arbJsonObject, { minKeys: 1, maxKeys: 2 }) as Arb<
  NonNullable<TextPart['providerOptions']>
>;
/** AI SDK `DataContent`: base64 string, Uint8Array, Buffer or ArrayBuffer. */
export const arbDataContent: Arb<string | Uint8Array | ArrayBuffer> = fc.oneof(
  fc.base64String({ maxLength: 16 }),
  fc.uint8Array({ maxLength: 16 }),
  fc.uint8Array({ maxLength: 16 }).map((a) => Buffer.from(a)),
  fc.uint8Array({ maxLength: 16 }).map((a) => a.slice().buffer as ArrayBuffer),
);
/** A `URL` instance. */
export const arbUrl: Arb<URL> = fc.webUrl().map((u) => new URL(u));
/** A provider reference (`{ provider: fileId }`). */
export const arbProviderReference: Arb<Record<string, string>> = fc.dictionary(
  arbName.filter((k) => k !== 'type'),
  arbName,
  { minKeys: 1, maxKeys: 2 },
);
/** A media type. */
export const arbMediaType: Arb<string> = fc.constantFrom(
  'image/png',
  'image',
  'application/pdf',
  'text/plain',
  'audio/wav',
);
/** AI SDK tagged `FileData`. */
export const arbFileData = fc.oneof(
  fc.record({ type: fc.constant('data' as const), data: arbDataContent }),
  fc.record({ type: fc.constant('url' as const), url: arbUrl }),
  fc.record({ type: fc.constant('reference' as const), reference: arbProviderReference }),
  fc.record({ type: fc.constant('text' as const), text: arbText }),
) as Arb<FilePart['data']>;

const po = { providerOptions: arbProviderOptions };
/** AI SDK `TextPart`. */
export const arbTextPart: Arb<TextPart> = rec({ type: fc.constant('text'), text: arbText, ...po }, [
  'type',
  'text',
]);
/** AI SDK `ImagePart`. */
export const arbImagePart: Arb<ImagePart> = rec(
  {
    type: fc.constant('image'),
    image: fc.oneof(arbDataContent, arbUrl, arbProviderReference),
    mediaType: arbMediaType,
    ...po,
  },
  ['type', 'image'],
);
/** AI SDK `FilePart` (tagged and bare data shapes). */
export const arbFilePart: Arb<FilePart> = rec(
  {
    type: fc.constant('file'),
    data: fc.oneof(arbFileData, arbDataContent, arbUrl, arbProviderReference),
    mediaType: arbMediaType,
    filename: arbText,
    ...po,
  },
  ['type', 'data', 'mediaType'],
);
/** AI SDK `ReasoningPart`. */
export const arbReasoningPart: Arb<PartOf<'reasoning'>> = rec(
  { type: fc.constant('reasoning' as const), text: arbText, ...po },
  ['type', 'text'],
);
/** AI SDK `ReasoningFilePart`. */
export const arbReasoningFilePart: Arb<PartOf<'reasoning-file'>> = rec(
  {
    type: fc.constant('reasoning-file' as const),
    data: fc.oneof(arbDataContent, arbUrl, fc.record({ type: fc.constant('url' as const), url: arbUrl })),
    mediaType: arbMediaType,
    ...po,
  },
  ['type', 'data', 'mediaType'],
);
/** AI SDK `CustomPart`. */
export const arbCustomPart: Arb<PartOf<'custom'>> = rec(
  {
    type: fc.constant('custom' as const),
    kind: fc.tuple(arbName, arbName).map(([a, b]) => `${a}.${b}` as const),
    ...po,
  },
  ['type', 'kind'],
);
/** AI SDK `ToolCallPart` (JSON input). */
export const arbToolCallPart: Arb<ToolCallPart> = rec(
  {
    type: fc.constant('tool-call'),
    toolCallId: arbName,
    toolName: arbName,
    input: arbJson,
    providerExecuted: fc.boolean(),
    ...po,
  },
  ['type', 'toolCallId', 'toolName', 'input'],
);
const contentItem = fc.oneof(
  rec({ type: fc.constant('text'), text: arbText, ...po }, ['type', 'text']),
  rec({ type: fc.constant('file'), data: arbFileData, mediaType: arbMediaType, filename: arbText }, [
    'type',
    'data',
    'mediaType',
  ]),
  rec(
    { type: fc.constant('file-data'), data: fc.base64String(), mediaType: arbMediaType, filename: arbText },
    ['type', 'data', 'mediaType'],
  ),
  rec({ type: fc.constant('file-url'), url: fc.webUrl(), mediaType: arbMediaType }, ['type', 'url']),
  fc.record({
    type: fc.constantFrom('file-id', 'image-file-id'),
    fileId: fc.oneof(arbName, arbProviderReference),
  }),
  fc.record({
    type: fc.constantFrom('file-reference', 'image-file-reference'),
    providerReference: arbProviderReference,
  }),
  fc.record({ type: fc.constant('image-data'), data: fc.base64String(), mediaType: arbMediaType }),
  fc.record({ type: fc.constant('image-url'), url: fc.webUrl() }),
  rec({ type: fc.constant('custom'), ...po }, ['type']),
);
/** Every `ToolResultOutput` variant, including all `content` item types. */
export const arbToolResultOutput = fc.oneof(
  rec({ type: fc.constantFrom('text', 'error-text'), value: arbText, ...po }, ['type', 'value']),
  rec({ type: fc.constantFrom('json', 'error-json'), value: arbJson, ...po }, ['type', 'value']),
  rec({ type: fc.constant('execution-denied'), reason: arbText, ...po }, ['type']),
  rec({ type: fc.constant('content'), value: fc.array(contentItem, { maxLength: 3 }), ...po }, [
    'type',
    'value',
  ]),
) as Arb<ToolResultPart['output']>;
/** AI SDK `ToolResultPart`. */
export const arbToolResultPart: Arb<ToolResultPart> = rec(
  {
    type: fc.constant('tool-result'),
    toolCallId: arbName,
    toolName: arbName,
    output: arbToolResultOutput,
    ...po,
  },
  ['type', 'toolCallId', 'toolName', 'output'],
);
/** AI SDK `ToolApprovalRequest`. */
export const arbToolApprovalRequest: Arb<PartOf<'tool-approval-request'>> = rec(
  {
    type: fc.constant('tool-approval-request' as const),
    approvalId: arbName,
    toolCallId: arbName,
    reason: arbText,
    isAutomatic: fc.boolean(),
    signature: arbName,
    inputSchemaInput: arbJson,
  },
  ['type', 'approvalId', 'toolCallId'],
);
/** AI SDK `ToolApprovalResponse`. */
export const arbToolApprovalResponse = rec(
  {
    type: fc.constant('tool-approval-response' as const),
    approvalId: arbName,
    approved: fc.boolean(),
    reason: arbText,
    providerExecuted: fc.boolean(),
  },
  ['type', 'approvalId', 'approved'],
);

const parts = <T>(arb: Arb<T>) => fc.array(arb, { minLength: 1, maxLength: 4 });
/**
 * Parts whose tool calls, and whose tool results, each have their own id (a repeat gets a suffix): a message
 * repeating one is refused (providers refuse it too).
 */
const distinctCallIds = <T>(list: T[]): T[] => {
  const taken = { 'tool-call': new Set<string>(), 'tool-result': new Set<string>() };
  return list.map((part) => {
    const { type, toolCallId } = part as { type: string; toolCallId?: string };
    if ((type !== 'tool-call' && type !== 'tool-result') || toolCallId === undefined) return part;
    const seen = taken[type];
    let id = toolCallId;
    for (let k = 2; seen.has(id); k++) id = `${toolCallId}_${k}`;
    seen.add(id);
    return id === toolCallId ? part : { ...part, toolCallId: id };
  });
};
/** AI SDK `SystemModelMessage`. */
export const arbSystemMessage: Arb<SystemModelMessage> = rec(
  { role: fc.constant('system'), content: arbText, ...po },
  ['role', 'content'],
);
/** AI SDK `UserModelMessage`. */
export const arbUserMessage: Arb<UserModelMessage> = rec(
  {
    role: fc.constant('user'),
    content: fc.oneof(arbText, parts(fc.oneof(arbTextPart, arbImagePart, arbFilePart))),
    ...po,
  },
  ['role', 'content'],
);
/** Every assistant content part type. */
export const arbAssistantPart = fc.oneof(
  arbTextPart,
  arbCustomPart,
  arbFilePart,
  arbReasoningPart,
  arbReasoningFilePart,
  arbToolCallPart,
  arbToolResultPart,
  arbToolApprovalRequest,
) as Arb<Exclude<AssistantModelMessage['content'], string>[number]>;
/** AI SDK `AssistantModelMessage`. */
export const arbAssistantMessage: Arb<AssistantModelMessage> = rec(
  {
    role: fc.constant('assistant'),
    content: fc.oneof(arbText, parts(arbAssistantPart).map(distinctCallIds)),
    ...po,
  },
  ['role', 'content'],
);
/** AI SDK `ToolModelMessage`. */
export const arbToolMessage: Arb<ToolModelMessage> = rec(
  {
    role: fc.constant('tool'),
    content: parts(fc.oneof(arbToolResultPart, arbToolApprovalResponse)).map(distinctCallIds),
    ...po,
  },
  ['role', 'content'],
);
/** Any AI SDK v7 `ModelMessage`. */
export const arbModelMessage: fc.Arbitrary<ModelMessage> = fc.oneof(
  arbSystemMessage,
  arbUserMessage,
  arbAssistantMessage,
  arbToolMessage,
);
/** Multi-agent attribution. */
export const arbAgent: Arb<AgentAttribution> = rec(
  { from: arbName, to: arbName, kind: fc.constantFrom('call', 'response') },
  ['from'],
);
/** engram's extras on top of a message. */
export const arbExtras: Arb<MemoryMessageExtras> = rec(
  {
    id: arbId,
    createdAt: fc.date({ noInvalidDate: true }),
    metadata: arbJsonObject,
    name: arbText,
    agent: arbAgent,
  },
  ['id', 'createdAt'],
);
/** Any valid `MemoryMessage`. */
export const arbMemoryMessage: fc.Arbitrary<MemoryMessage> = fc
  .tuple(arbModelMessage, arbExtras)
  .map(([m, x]) => ({ ...m, ...x }) as MemoryMessage);
