import { z } from 'zod';

/**
 * The Anthropic Messages format as `fromAnthropicMessages` reads it. `strict` (what `engram import` checks files
 * with) adds the API's own rules: non-empty ids, names and media types, and `tool_use` inputs as JSON objects;
 * the converter itself takes what `toAnthropicMessages` can produce from any valid v7 message.
 */
function anthropicSchemas(strict: boolean) {
  const name = strict ? z.string().min(1) : z.string();
  const source = z.discriminatedUnion('type', [
    z.object({ type: z.literal('base64'), media_type: name, data: z.string() }),
    z.object({ type: z.literal('url'), url: z.string().refine((s) => URL.canParse(s), 'expected a URL') }),
    z.object({ type: z.literal('text'), media_type: z.literal('text/plain'), data: z.string() }),
    z.object({ type: z.literal('file'), file_id: name }),
  ]);
  const text = z.object({ type: z.literal('text'), text: z.string() });
  const image = z.object({ type: z.literal('image'), source });
  const document = z.object({ type: z.literal('document'), source, title: z.string().optional() });
  const toolResult = z.object({
    type: z.literal('tool_result'),
    tool_use_id: name,
    content: z.union([z.string(), z.array(z.discriminatedUnion('type', [text, image, document]))]).optional(),
    is_error: z.boolean().optional(),
  });
  const assistantBlock = z.discriminatedUnion('type', [
    text,
    z.object({ type: z.literal('thinking'), thinking: z.string(), signature: z.string() }),
    z.object({ type: z.literal('redacted_thinking'), data: z.string() }),
    z.object({
      type: z.literal('tool_use'),
      id: name,
      name,
      input: strict ? z.record(z.string(), z.unknown(), { error: 'expected a JSON object' }) : z.unknown(),
    }),
  ]);
  const userBlock = z.discriminatedUnion('type', [text, image, document, toolResult]);
  return {
    message: z.discriminatedUnion('role', [
      z.object({ role: z.literal('user'), content: z.union([z.string(), z.array(userBlock)]) }),
      z.object({ role: z.literal('assistant'), content: z.union([z.string(), z.array(assistantBlock)]) }),
    ]),
    system: z.union([z.string(), z.array(text)]).optional(),
  };
}

const loose = anthropicSchemas(false);
const strict = anthropicSchemas(true);

/** An Anthropic message (user or assistant) as the converter reads it. */
export const anthropicMessageSchema = loose.message;
/** An Anthropic message as `engram import` accepts it (the API's rules: see {@link anthropicSchemas}). */
export const anthropicImportMessageSchema = strict.message;
/** An Anthropic request's `system`: a string or text blocks. */
export const anthropicSystemSchema = loose.system;
