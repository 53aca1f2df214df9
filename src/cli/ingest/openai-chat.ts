import type { ModelMessage } from 'ai';
import { fromOpenAIChatMessages, type OpenAIChatMessage } from '../../messages/openai-chat.ts';
import { openAIChatMessageSchema as message } from '../../messages/openai-chat-schema.ts';
import { badAt, checkRole, checkWith, readMessageList, where } from './json-input.ts';
import { createToolCallTracker } from './tool-calls.ts';

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
