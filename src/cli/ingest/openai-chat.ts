import type { ModelMessage } from 'ai';
import { z } from 'zod';
import { fromOpenAIChatMessages, type OpenAIChatMessage } from '../../messages/openai-chat.ts';
import { badAt, checkRole, checkWith, readMessageList, where } from './json-input.ts';
import { createToolCallTracker } from './tool-calls.ts';

const url = z.string().refine((s) => URL.canParse(s), 'expected a URL');
const text = z.object({ type: z.literal('text'), text: z.string() });
const texts = z.union([z.string(), z.array(text)]);
const userPart = z.discriminatedUnion('type', [
  text,
  z.object({
    type: z.literal('image_url'),
    image_url: z.object({ url, detail: z.enum(['auto', 'low', 'high']).optional() }),
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
const message = z.discriminatedUnion('role', [
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
const roles = ['system', 'developer', 'user', 'assistant', 'tool'];

/**
 * An OpenAI Chat Completions conversation (`{ messages }`, a bare array, or one message per line) as AI SDK
 * messages, through the library's converter: every message checked first (role, parts, tool-call arguments as
 * JSON, each tool result answering an earlier call, each call answered before the next user, system or developer
 * message and the end), errors naming the JSON path or line.
 */
export function parseOpenAIChat(text: string): ModelMessage[] {
  const { items } = readMessageList(text, { jsonl: true });
  const tracker = createToolCallTracker();
  const checked = items.map((item): OpenAIChatMessage => {
    checkRole(item, roles);
    const m = checkWith(message, item);
    if (m.role === 'assistant') {
      m.tool_calls?.forEach((c, j) => {
        try {
          JSON.parse(c.function.arguments);
        } catch (error) {
          throw badAt(
            item,
            `tool_calls[${j}].function.arguments`,
            `not valid JSON (${(error as Error).message})`,
          );
        }
        tracker.call(c.id, c.function.name, where(item, `tool_calls[${j}].id`));
      });
      // Refusals are not part of the conversation the model continues from.
      const content = Array.isArray(m.content) ? m.content.filter((p) => p.type === 'text') : m.content;
      return { ...m, content } as OpenAIChatMessage;
    }
    if (m.role === 'tool') tracker.result(m.tool_call_id, where(item, 'tool_call_id'));
    else tracker.turn(where(item));
    return m as OpenAIChatMessage;
  });
  tracker.end();
  return fromOpenAIChatMessages(checked);
}
