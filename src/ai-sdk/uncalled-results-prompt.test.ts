import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { call, result, user } from '../../test-support/view-helpers.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import { createSummarizingMemory } from '../views/summarizing-memory.ts';
import { promptMessages } from './agent/agent-recall.ts';
import { toAiSdkPrompt } from './to-ai-sdk-prompt.ts';

const counter = createTokenCounter();

/** The ids of the results that answer no call sent before them. */
function uncalled(messages: readonly ModelMessage[]): string[] {
  const called = new Set<string>();
  const out: string[] = [];
  for (const m of messages) {
    if (m.role === 'assistant' && typeof m.content !== 'string')
      for (const p of m.content) if (p.type === 'tool-call') called.add(p.toolCallId);
    if (m.role === 'tool')
      for (const p of m.content)
        if (p.type === 'tool-result' && !called.has(p.toolCallId)) out.push(p.toolCallId);
  }
  return out;
}

describe('a prompt never holds a result without its call', () => {
  it('a late result whose call a summary covers: the turn after it is sent, the result is not', async () => {
    const memory = createConversationMemory({ counter });
    const view = createSummarizingMemory({
      conversation: memory,
      maxMessages: 2,
      keepRecent: 1,
      step: 1,
      summarizer: async () => 'earlier: a long search a was started',
    });
    await memory.store([user('q'), call('a'), user('meanwhile, search b'), call('b')]);
    await view.read(); // summarizes up to the user's second message (call a still running); call b is kept
    await memory.store([result('a'), user('and b?'), result('b')]);
    const out = await view.read();
    expect(uncalled(out)).toEqual([]); // the view leaves a's result out of the step it sends
    expect(out.some((m) => m.role === 'user' && m.content === 'and b?')).toBe(true);
    const prompt = toAiSdkPrompt(out);
    expect(uncalled(prompt.messages)).toEqual([]);
    expect(prompt.messages.some((m) => m.role === 'user' && m.content === 'and b?')).toBe(true);
    expect(prompt.messages.filter((m) => m.role === 'tool')).toHaveLength(1); // b's result; a's tool message went
    const agent = promptMessages(out, '', 'assistant', undefined);
    expect(uncalled(agent.messages)).toEqual([]);
    expect(agent.ids).toHaveLength(agent.messages.length);
  });

  it('a result of a call never made, beside one of the step’s own: only it goes', () => {
    const ghost: ModelMessage = {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'a',
          toolName: 'search',
          output: { type: 'text', value: 'found' },
        },
        {
          type: 'tool-result',
          toolCallId: 'ghost',
          toolName: 'search',
          output: { type: 'text', value: '?' },
        },
      ],
    };
    const prompt = toAiSdkPrompt([user('q'), call('a'), ghost]);
    expect(prompt.messages[2]).toEqual({ ...ghost, content: [ghost.content[0]] });
  });
});
