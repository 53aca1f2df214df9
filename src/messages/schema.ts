import type { ModelMessage } from 'ai';
import { z } from 'zod';
import { isValidId } from '../core/ids.ts';
import type { MemoryMessage } from '../core/message.ts';
import { base64Issue, fileDataIssue } from './base64-data.ts';
import { jsonValueIssue } from './json-value.ts';

// Decisions: unknown `role`/`type` values are rejected; unknown extra keys are accepted and kept (open objects),
// so a message from a newer AI SDK round-trips exactly instead of silently losing fields. Every extra key, and
// every field typed as JSON (metadata, tool inputs and outputs, provider options), must hold a value that
// reads back identical (`jsonValueIssue`): NaN, -0, functions, Maps, BigInts, … are refused, not changed.

/** A JSON value that reads back identical from every store (see `jsonValueIssue`); issues name the path. */
export const jsonValueSchema = z.unknown().superRefine((v, ctx) => {
  const issue = jsonValueIssue(v);
  if (issue) ctx.addIssue({ code: 'custom', message: issue.problem, path: issue.path });
});
/** An extra (undeclared) key's value: a JSON value, or undefined (left out when stored). */
const extraValueSchema = jsonValueSchema.optional();
/** An object with the declared `shape` whose other keys must hold JSON values (see `extraValueSchema`). */
const open = <T extends z.core.$ZodShape>(shape: T) => z.object(shape).catchall(extraValueSchema);
/** A JSON object: a record of JSON values. */
export const jsonObjectSchema = z.record(z.string(), jsonValueSchema);
/** AI SDK `ProviderOptions`: provider name → JSON object of options. */
export const providerOptionsSchema = z.record(z.string(), jsonObjectSchema);

const tag = Object.prototype.toString;
/** AI SDK `DataContent`: a base64 string, a Uint8Array (or Buffer) or an ArrayBuffer. */
export const dataContentSchema = z.union([
  z.string(),
  z.custom<Uint8Array>((v) => v instanceof Uint8Array, { message: 'expected a Uint8Array or Buffer' }),
  z.custom<ArrayBuffer>((v) => tag.call(v) === '[object ArrayBuffer]', {
    message: 'expected an ArrayBuffer',
  }),
]);
/** A WHATWG `URL` instance. */
export const urlSchema = z.instanceof(URL);
/** AI SDK `ProviderReference`: provider name → file id (no `type` key). */
export const providerReferenceSchema = z
  .record(z.string(), z.string())
  .refine((r) => !('type' in r), { message: 'a provider reference has no `type` key' });

const po = { providerOptions: providerOptionsSchema.optional() };
/**
 * A refinement that refuses a part whose file data at `key` the AI SDK could not decode when the message goes to
 * a model (see base64-data.ts): stored, it would fail that turn and every later one.
 */
const decodable =
  <K extends string, V>(key: K, issueOf: (value: V) => string | undefined) =>
  (part: { [k in K]: V }, ctx: z.RefinementCtx) => {
    const issue = issueOf(part[key]);
    if (issue) ctx.addIssue({ code: 'custom', message: issue, path: [key] });
  };
const fdData = open({ type: z.literal('data'), data: dataContentSchema });
const fdUrl = open({ type: z.literal('url'), url: urlSchema, originalUrl: z.string().optional() });
const fdRef = open({ type: z.literal('reference'), reference: providerReferenceSchema });
const fdText = open({ type: z.literal('text'), text: z.string() });
/** AI SDK tagged `FileData`: data, url, reference or text. */
export const fileDataSchema = z.discriminatedUnion('type', [fdData, fdUrl, fdRef, fdText]);

/** AI SDK `TextPart`. */
export const textPartSchema = open({ type: z.literal('text'), text: z.string(), ...po });
/** AI SDK `ImagePart` (deprecated upstream, still valid). */
export const imagePartSchema = open({
  type: z.literal('image'),
  image: z.union([dataContentSchema, urlSchema, providerReferenceSchema]),
  mediaType: z.string().optional(),
  ...po,
}).superRefine(decodable('image', fileDataIssue));
/** AI SDK `FilePart`. */
export const filePartSchema = open({
  type: z.literal('file'),
  data: z.union([fileDataSchema, dataContentSchema, urlSchema, providerReferenceSchema]),
  filename: z.string().optional(),
  mediaType: z.string(),
  ...po,
}).superRefine(decodable('data', fileDataIssue));
/** AI SDK `ReasoningPart`. */
export const reasoningPartSchema = open({ type: z.literal('reasoning'), text: z.string(), ...po });
/** AI SDK `ReasoningFilePart`: only data or url file data. */
export const reasoningFilePartSchema = open({
  type: z.literal('reasoning-file'),
  data: z.union([z.discriminatedUnion('type', [fdData, fdUrl]), dataContentSchema, urlSchema]),
  mediaType: z.string(),
  ...po,
}).superRefine(decodable('data', fileDataIssue));
/** AI SDK `CustomPart`: `kind` is `provider.type`. */
export const customPartSchema = open({
  type: z.literal('custom'),
  kind: z.string().regex(/^[^.]*\.[\s\S]*$/, 'expected `{provider}.{type}`'),
  ...po,
});
/** AI SDK `ToolCallPart`. */
export const toolCallPartSchema = open({
  type: z.literal('tool-call'),
  toolCallId: z.string(),
  toolName: z.string(),
  input: extraValueSchema,
  providerExecuted: z.boolean().optional(),
  ...po,
});

const fileId = z.union([z.string(), z.record(z.string(), z.string())]);
/** One item of a `content` tool result output (every current and deprecated variant). */
export const toolResultContentItemSchema = z.discriminatedUnion('type', [
  open({ type: z.literal('text'), text: z.string(), ...po }),
  open({
    type: z.literal('file'),
    data: fileDataSchema,
    mediaType: z.string(),
    filename: z.string().optional(),
    ...po,
  }).superRefine(decodable('data', fileDataIssue)),
  open({
    type: z.literal('file-data'),
    data: z.string(),
    mediaType: z.string(),
    filename: z.string().optional(),
    ...po,
  }).superRefine(decodable('data', base64Issue)),
  open({ type: z.literal('file-url'), url: z.string(), mediaType: z.string().optional(), ...po }),
  open({ type: z.literal('file-id'), fileId, ...po }),
  open({ type: z.literal('file-reference'), providerReference: providerReferenceSchema, ...po }),
  open({ type: z.literal('image-data'), data: z.string(), mediaType: z.string(), ...po }).superRefine(
    decodable('data', base64Issue),
  ),
  open({ type: z.literal('image-url'), url: z.string(), ...po }),
  open({ type: z.literal('image-file-id'), fileId, ...po }),
  open({
    type: z.literal('image-file-reference'),
    providerReference: providerReferenceSchema,
    ...po,
  }),
  open({ type: z.literal('custom'), ...po }),
]);
/** AI SDK `ToolResultOutput`: text, json, execution-denied, error-text, error-json or content. */
export const toolResultOutputSchema = z.discriminatedUnion('type', [
  open({ type: z.literal('text'), value: z.string(), ...po }),
  open({ type: z.literal('json'), value: jsonValueSchema, ...po }),
  open({ type: z.literal('execution-denied'), reason: z.string().optional(), ...po }),
  open({ type: z.literal('error-text'), value: z.string(), ...po }),
  open({ type: z.literal('error-json'), value: jsonValueSchema, ...po }),
  open({ type: z.literal('content'), value: z.array(toolResultContentItemSchema), ...po }),
]);
/** AI SDK `ToolResultPart`. */
export const toolResultPartSchema = open({
  type: z.literal('tool-result'),
  toolCallId: z.string(),
  toolName: z.string(),
  output: toolResultOutputSchema,
  ...po,
});
/** AI SDK `ToolApprovalRequest`. */
export const toolApprovalRequestSchema = open({
  type: z.literal('tool-approval-request'),
  approvalId: z.string(),
  toolCallId: z.string(),
  reason: z.string().optional(),
  isAutomatic: z.boolean().optional(),
  signature: z.string().optional(),
  inputSchemaInput: extraValueSchema,
});
/** AI SDK `ToolApprovalResponse`. */
export const toolApprovalResponseSchema = open({
  type: z.literal('tool-approval-response'),
  approvalId: z.string(),
  approved: z.boolean(),
  reason: z.string().optional(),
  providerExecuted: z.boolean().optional(),
});

/** A user content part: text, image or file. */
export const userPartSchema = z.discriminatedUnion('type', [textPartSchema, imagePartSchema, filePartSchema]);
/** An assistant content part. */
export const assistantPartSchema = z.discriminatedUnion('type', [
  textPartSchema,
  customPartSchema,
  filePartSchema,
  reasoningPartSchema,
  reasoningFilePartSchema,
  toolCallPartSchema,
  toolResultPartSchema,
  toolApprovalRequestSchema,
]);
/** A tool content part: a tool result or an approval response. */
export const toolPartSchema = z.discriminatedUnion('type', [
  toolResultPartSchema,
  toolApprovalResponseSchema,
]);

const systemShape = { role: z.literal('system'), content: z.string(), ...po };
const userShape = { role: z.literal('user'), content: z.union([z.string(), z.array(userPartSchema)]), ...po };
const assistantShape = {
  role: z.literal('assistant'),
  content: z.union([z.string(), z.array(assistantPartSchema)]),
  ...po,
};
const toolShape = { role: z.literal('tool'), content: z.array(toolPartSchema), ...po };

/** An AI SDK v7 `ModelMessage` (system, user, assistant or tool). */
export const modelMessageSchema = z.discriminatedUnion('role', [
  open(systemShape),
  open(userShape),
  open(assistantShape),
  open(toolShape),
]) as unknown as z.ZodType<ModelMessage>;

/** A message or record id: 1–256 characters, no NUL, no lone surrogates. */
export const idSchema = z.string().refine(isValidId, {
  message: 'expected a non-empty string of at most 256 characters without NUL or lone surrogates',
});
/** Multi-agent attribution: `from`, optional `to` and `kind`. */
export const agentAttributionSchema = open({
  from: z.string().min(1),
  to: z.string().min(1).optional(),
  kind: z.enum(['call', 'response']).optional(),
});
/** engram's extras: id, createdAt, metadata, name, agent. */
export const memoryExtrasShape = {
  id: idSchema,
  createdAt: z.date(),
  metadata: jsonObjectSchema.optional(),
  name: z.string().optional(),
  agent: agentAttributionSchema.optional(),
};

/** A `MemoryMessage`: an AI SDK v7 `ModelMessage` plus engram's extras. */
export const memoryMessageSchema = z.discriminatedUnion('role', [
  open({ ...systemShape, ...memoryExtrasShape }),
  open({ ...userShape, ...memoryExtrasShape }),
  open({ ...assistantShape, ...memoryExtrasShape }),
  open({ ...toolShape, ...memoryExtrasShape }),
]) as unknown as z.ZodType<MemoryMessage>;

/**
 * A message a converter takes: an AI SDK v7 `ModelMessage` or a `MemoryMessage`, engram's extras optional and
 * checked when present.
 */
export const messageInputSchema = z.discriminatedUnion('role', [
  open({ ...systemShape, ...optionalExtras() }),
  open({ ...userShape, ...optionalExtras() }),
  open({ ...assistantShape, ...optionalExtras() }),
  open({ ...toolShape, ...optionalExtras() }),
]) as unknown as z.ZodType<ModelMessage | MemoryMessage>;

function optionalExtras() {
  const { id, createdAt, metadata, name, agent } = memoryExtrasShape;
  return { id: id.optional(), createdAt: createdAt.optional(), metadata, name, agent };
}

/** A part's file data in tagged form: bare `DataContent`, `URL` and provider references become `{ type, … }`. */
export type NormalizedFileData =
  | { type: 'data'; data: string | Uint8Array | ArrayBuffer }
  | { type: 'url'; url: URL }
  | { type: 'reference'; reference: Record<string, string> }
  | { type: 'text'; text: string };

/** Normalises a file or image part's data (tagged, bare `DataContent`, bare `URL` or bare provider reference). */
function normalizeFileData(data: unknown): NormalizedFileData {
  if (data instanceof URL) return { type: 'url', url: data };
  if (typeof data === 'string' && URL.canParse(data)) return { type: 'url', url: new URL(data) };
  if (typeof data === 'string' || data instanceof Uint8Array || tag.call(data) === '[object ArrayBuffer]') {
    return { type: 'data', data: data as string | Uint8Array | ArrayBuffer };
  }
  const d = data as { type?: unknown };
  if (d.type === 'data' || d.type === 'url' || d.type === 'reference' || d.type === 'text')
    return d as NormalizedFileData;
  return { type: 'reference', reference: data as Record<string, string> };
}

/**
 * A file or image part's media type and data (in any AI SDK form), read as the AI SDK reads them: bare
 * `DataContent`, `URL` and provider references become tagged data; a string that parses as a URL is that URL
 * (base64 never does); a base64 `data:` URL, in any form, is the data it holds, with the media type it names
 * (the part's when it names none).
 */
export function normalizeFile(
  mediaType: string,
  raw: unknown,
): { mediaType: string; data: NormalizedFileData } {
  const data = normalizeFileData(raw);
  const href = data.type === 'url' && data.url.protocol === 'data:' ? data.url.href : '';
  const inline = parseDataUrl(href);
  if (inline === undefined) return { mediaType, data };
  const named = /^data:[^;,]/.test(href);
  return { mediaType: named ? inline.mediaType : mediaType, data: { type: 'data', data: inline.base64 } };
}

/** Base64 of `DataContent` (strings are taken to be base64 already). */
export function dataToBase64(data: string | Uint8Array | ArrayBuffer): string {
  if (typeof data === 'string') return data;
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

/** Splits a `data:` URL into media type and base64 payload; undefined for other URLs. */
export function parseDataUrl(url: string): { mediaType: string; base64: string } | undefined {
  const match = /^data:([^;,]*)(?:;[^,]*)?;base64,(.*)$/s.exec(url);
  return match ? { mediaType: match[1] || 'application/octet-stream', base64: match[2] ?? '' } : undefined;
}
