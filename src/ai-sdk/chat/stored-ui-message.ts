import type { ModelMessage, UIDataTypes, UIMessagePart, UITools } from 'ai';
import { z } from 'zod';

/** The metadata key under which a chat's entries keep what the model side of a UI message leaves out. */
export const uiKey = 'ui';

/** Which field of a UI part a reference restores: a text or reasoning text, a file URL, a tool output. */
export type RefKey = 'text' | 'url' | 'output';

/**
 * A field left out of a stored UI part because the model side holds an equal value:
 * `[part index, field, entry index within the UI message, content index within that entry]`.
 */
export type PartRef = [part: number, key: RefKey, entry: number, content: number];

/** Strings (and tool outputs, as JSON) shorter than this are kept in the part: a reference would cost more. */
export const minRefLength = 64;

/** A stored UI part: a JSON object, as the chat wrote it from a validated UI message. */
const storedPart = z.custom<UIMessagePart<UIDataTypes, UITools>>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
);

/** What the first entry of a UI message keeps under `metadata.ui`. */
export const storedHeadSchema = z.object({
  /** The UI message with referenced fields left out. */
  message: z.object({
    id: z.string(),
    role: z.enum(['system', 'user', 'assistant']),
    metadata: z.unknown().optional(),
    parts: z.array(storedPart),
  }),
  refs: z.array(z.tuple([z.number(), z.enum(['text', 'url', 'output']), z.number(), z.number()])).optional(),
  /** How many entries the UI message spans (this one included). */
  entries: z.number(),
  /** Set when the message was cut short (the client disconnected while it streamed). */
  incomplete: z.literal(true).optional(),
  /**
   * Set on a new version of a message (a continued reply, an edited or regenerated message): it supersedes every
   * earlier version and what followed it.
   */
  revision: z.number().optional(),
});

/** What each further entry of a UI message keeps under `metadata.ui`. */
export const storedTailSchema = z.object({ of: z.string(), index: z.number() });

/** The first entry's `metadata.ui`. */
export type StoredHead = z.infer<typeof storedHeadSchema>;

const textItem = z.object({ type: z.enum(['text', 'reasoning']), text: z.string() });
/** A file part whose data is a URL: a string, or the `URL` object `convertToModelMessages` makes (read as its `href`). */
const fileItem = z.object({
  type: z.literal('file'),
  data: z.object({
    type: z.literal('url'),
    url: z.union([z.string(), z.instanceof(URL).transform((u) => u.href)]),
  }),
});
const resultItem = z.object({
  type: z.literal('tool-result'),
  toolCallId: z.string(),
  output: z.object({ type: z.enum(['json', 'text']), value: z.unknown() }),
});

/** The model-side value a reference points at (`undefined` when the entry holds no such value there). */
export function refValue(message: ModelMessage | undefined, content: number, key: RefKey): unknown {
  if (message === undefined || typeof message.content === 'string') return undefined;
  const item: unknown = message.content[content];
  switch (key) {
    case 'text':
      return textItem.safeParse(item).data?.text;
    case 'url':
      return fileItem.safeParse(item).data?.data.url;
    case 'output':
      return resultItem.safeParse(item).data?.output.value;
  }
}

/** The tool call a model content item answers, when it is a JSON or text tool result. */
export function resultCallId(item: unknown): string | undefined {
  return resultItem.safeParse(item).data?.toolCallId;
}
