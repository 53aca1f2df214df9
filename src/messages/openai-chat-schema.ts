import { z } from 'zod';

// The OpenAI Chat Completions format as `fromOpenAIChatMessages` reads it (and `engram import` checks files with).
const url = z.string().refine((s) => URL.canParse(s), 'expected a URL');
const text = z.object({ type: z.literal('text'), text: z.string() });
const texts = z.union([z.string(), z.array(text)]);
const userPart = z.discriminatedUnion('type', [
  text,
  z.object({
    type: z.literal('image_url'),
    image_url: z.object({ url, detail: z.enum(['auto', 'low', 'high', 'original']).optional() }),
  }),
  z.object({
    type: z.literal('input_audio'),
    input_audio: z.object({ data: z.string(), format: z.enum(['wav', 'mp3']) }),
  }),
  z.object({
    type: z.literal('file'),
    file: z
      .object({
        file_data: z.string().optional(),
        file_id: z.string().optional(),
        filename: z.string().optional(),
      })
      .refine((f) => f.file_data !== undefined || f.file_id !== undefined, 'expected file_data or file_id'),
  }),
]);
const toolCall = z.object({
  id: z.string().min(1),
  type: z.literal('function'),
  function: z.object({ name: z.string().min(1), arguments: z.string() }),
});
const name = { name: z.string().optional() };
/** An OpenAI Chat Completions message as the converter reads it. */
export const openAIChatMessageSchema = z.discriminatedUnion('role', [
  z.object({ role: z.enum(['system', 'developer']), content: texts, ...name }),
  z.object({ role: z.literal('user'), content: z.union([z.string(), z.array(userPart)]), ...name }),
  z.object({
    role: z.literal('assistant'),
    content: z
      .union([
        z.string(),
        z.array(z.union([text, z.object({ type: z.literal('refusal'), refusal: z.string() })])),
      ])
      .nullish(),
    tool_calls: z.array(toolCall).optional(),
    ...name,
  }),
  z.object({ role: z.literal('tool'), tool_call_id: z.string().min(1), content: texts }),
]);
