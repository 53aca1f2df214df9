import type { ModelMessage } from 'ai';
import { z } from 'zod';
import { type AnthropicMessage, fromAnthropicMessages } from '../../messages/anthropic-messages.ts';
import { checkRole, checkWith, type Located, readMessageList, where } from './json-input.ts';
import { createToolCallTracker } from './tool-calls.ts';

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
const message = z.discriminatedUnion('role', [
  z.object({ role: z.literal('user'), content: z.union([z.string(), z.array(userBlock)]) }),
  z.object({ role: z.literal('assistant'), content: z.union([z.string(), z.array(assistantBlock)]) }),
]);
const system = z.union([z.string(), z.array(text)]).optional();

/**
 * An Anthropic Messages request (`{ system?, messages }`, or a bare array of messages) as AI SDK messages,
 * through the library's converter: every message checked first (roles, blocks, `tool_use` inputs as objects,
 * each `tool_result` answering an earlier `tool_use`, each `tool_use` answered by the next user message), errors naming the JSON path.
 */
export function parseAnthropic(text: string): ModelMessage[] {
  const { root, items } = readMessageList(text);
  const sys = root ? checkWith(system, { value: root.system, path: 'system' }) : undefined;
  const tracker = createToolCallTracker();
  const messages = items.map((item: Located): AnthropicMessage => {
    checkRole(item, ['user', 'assistant']);
    const m = checkWith(message, item);
    if (typeof m.content !== 'string')
      m.content.forEach((b, j) => {
        if (b.type === 'tool_use') tracker.call(b.id, b.name, where(item, `content[${j}].id`));
        if (b.type === 'tool_result') tracker.result(b.tool_use_id, where(item, `content[${j}].tool_use_id`));
      });
    // A user message's text (after its tool results) is a new turn: every earlier call must be answered by then.
    if (
      m.role === 'user' &&
      (typeof m.content === 'string' || m.content.some((b) => b.type !== 'tool_result'))
    )
      tracker.turn(where(item));
    return m as AnthropicMessage;
  });
  tracker.end();
  return fromAnthropicMessages({ ...(sys !== undefined && { system: sys }), messages });
}
