import { z } from 'zod';

// The Anthropic Messages format as `fromAnthropicMessages` reads it (and `engram import` checks files with).
const source = z.discriminatedUnion('type', [
  z.object({ type: z.literal('base64'), media_type: z.string().min(1), data: z.string() }),
  z.object({ type: z.literal('url'), url: z.string().refine((s) => URL.canParse(s), 'expected a URL') }),
  z.object({ type: z.literal('text'), media_type: z.literal('text/plain'), data: z.string() }),
  z.object({ type: z.literal('file'), file_id: z.string().min(1) }),
]);
const text = z.object({ type: z.literal('text'), text: z.string() });
const image = z.object({ type: z.literal('image'), source });
const document = z.object({ type: z.literal('document'), source, title: z.string().optional() });
const toolResult = z.object({
  type: z.literal('tool_result'),
  tool_use_id: z.string().min(1),
  content: z.union([z.string(), z.array(z.discriminatedUnion('type', [text, image, document]))]).optional(),
  is_error: z.boolean().optional(),
});
const assistantBlock = z.discriminatedUnion('type', [
  text,
  z.object({ type: z.literal('thinking'), thinking: z.string(), signature: z.string() }),
  z.object({ type: z.literal('redacted_thinking'), data: z.string() }),
  z.object({
    type: z.literal('tool_use'),
    id: z.string().min(1),
    name: z.string().min(1),
    input: z.record(z.string(), z.unknown(), { error: 'expected a JSON object' }),
  }),
]);
const userBlock = z.discriminatedUnion('type', [text, image, document, toolResult]);
/** An Anthropic message (user or assistant) as the converter reads it. */
export const anthropicMessageSchema = z.discriminatedUnion('role', [
  z.object({ role: z.literal('user'), content: z.union([z.string(), z.array(userBlock)]) }),
  z.object({ role: z.literal('assistant'), content: z.union([z.string(), z.array(assistantBlock)]) }),
]);
/** An Anthropic request's `system`: a string or text blocks. */
export const anthropicSystemSchema = z.union([z.string(), z.array(text)]).optional();
