import type { AgentInputItem } from '@openai/agents-core';
import fc from 'fast-check';

/**
 * Test rig: OpenAI Agents items in the form engram's session gives them back (`messageToItems`): user and assistant
 * messages, function calls and their results, and (when asked) system messages and reasoning items. `text` and
 * `callId` draw their texts and call ids (small pools make calls and results meet). Test-only.
 */
export function arbAgentItem(
  text: fc.Arbitrary<string>,
  callId: fc.Arbitrary<string>,
  also: { system?: boolean; reasoning?: boolean } = {},
): fc.Arbitrary<AgentInputItem> {
  const kinds: fc.Arbitrary<AgentInputItem>[] = [
    text.map((t): AgentInputItem => ({ type: 'message', role: 'user', content: t })),
    text.map(
      (t): AgentInputItem => ({
        type: 'message',
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text: t }],
      }),
    ),
    fc.tuple(callId, text).map(
      ([id, t]): AgentInputItem => ({
        type: 'function_call',
        callId: id,
        name: 'weather',
        arguments: JSON.stringify({ city: t }),
        status: 'completed',
      }),
    ),
    fc.tuple(callId, text).map(
      ([id, t]): AgentInputItem => ({
        type: 'function_call_result',
        callId: id,
        name: 'weather',
        status: 'completed',
        output: { type: 'text', text: t },
      }),
    ),
  ];
  if (also.system)
    kinds.push(text.map((t): AgentInputItem => ({ type: 'message', role: 'system', content: t })));
  if (also.reasoning)
    kinds.push(
      text.map((t): AgentInputItem => ({ type: 'reasoning', content: [{ type: 'input_text', text: t }] })),
    );
  return fc.oneof(...kinds);
}
