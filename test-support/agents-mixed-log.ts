import type { AgentInputItem } from '@openai/agents-core';
import type { ModelMessage } from 'ai';

/**
 * A conversation as engram's other APIs (`agent()`, `memory.store`) write it, most messages standing for several
 * Agents SDK items (8 in all): a user question; an assistant text with two tool calls; one tool message with both
 * results; an assistant text with one more tool call. Turn `n` has its own texts and call ids.
 */
export function mixedConversation(n = 0): ModelMessage[] {
  const call = (id: string, city: string) => ({
    type: 'tool-call' as const,
    toolCallId: `${id}-${n}`,
    toolName: 'weather',
    input: { city },
  });
  return [
    { role: 'user', content: `Weather in Oslo and Rome? (${n})` },
    {
      role: 'assistant',
      content: [{ type: 'text', text: `Checking both (${n}).` }, call('c1', 'Oslo'), call('c2', 'Rome')],
    },
    {
      role: 'tool',
      content: ['c1', 'c2'].map((id) => ({
        type: 'tool-result' as const,
        toolCallId: `${id}-${n}`,
        toolName: 'weather',
        output: { type: 'text' as const, value: `sunny ${id} (${n})` },
      })),
    },
    { role: 'assistant', content: [{ type: 'text', text: `And Paris (${n}).` }, call('c3', 'Paris')] },
  ];
}

/** Pops a session (or the SDK's `MemorySession`) until it is empty; the items in the order they came. */
export async function popAll(session: {
  popItem(): Promise<AgentInputItem | undefined>;
}): Promise<AgentInputItem[]> {
  const popped: AgentInputItem[] = [];
  for (let item = await session.popItem(); item; item = await session.popItem()) popped.push(item);
  return popped;
}
