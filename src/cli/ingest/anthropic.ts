import type { ModelMessage } from 'ai';
import { type AnthropicMessage, fromAnthropicMessages } from '../../messages/anthropic-messages.ts';
import {
  anthropicImportMessageSchema as message,
  anthropicSystemSchema as system,
} from '../../messages/anthropic-schema.ts';
import { checkRole, checkWith, type Located, readMessageList, where } from './json-input.ts';
import { createToolCallTracker } from './tool-calls.ts';

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
