import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { createEstimateTokenCounter } from '../../tokens/estimate-token-counter.ts';
import { createObservationalMemory } from './observational-memory.ts';

/**
 * The step whose calls still run is never observed away: it is the newest unit that is no orphan, and it stays in
 * the view's recent part even when a stray result (one answering no call, never sent) is stored after it and the
 * step alone holds more than the recent budget. Before, the stray was taken for "the newest unit", the running step
 * was summarised into an observation, and its result, when it came, answered a call the view no longer sent.
 */
const counter = createEstimateTokenCounter();
const call = (id: string, input: string): ModelMessage => ({
  role: 'assistant',
  content: [{ type: 'tool-call', toolCallId: id, toolName: 'web_fetch', input: { url: input } }],
});
const result = (id: string, text: string): ModelMessage => ({
  role: 'tool',
  content: [
    { type: 'tool-result', toolCallId: id, toolName: 'web_fetch', output: { type: 'text', value: text } },
  ],
});

describe('observational memory and a running step', () => {
  it('keeps a running step whole, with its answer once it comes, when a stray result follows it', async () => {
    const store = createMemoryStore();
    const conversation = createConversationMemory({ store, sessionId: 'run', counter });
    for (let i = 0; i < 4; i++)
      await conversation.store([
        { role: 'user', content: `Question ${i}, asked in some detail so that it takes tokens.` },
        { role: 'assistant', content: `Answer ${i}, explained in some detail for the same reason.` },
      ]);
    await conversation.store([call('call_1', `https://example.com/${'long-path/'.repeat(20)}`)]);
    await conversation.store([result('ghost', 'a result no call asked for')]);
    const view = createObservationalMemory({
      conversation,
      observer: { observe: async () => 'the user asked four questions' },
      recentTokens: 30,
      background: false,
    });
    await view.consolidate();
    const out = await view.read();
    expect(out.at(-1)?.role).toBe('assistant');
    expect(JSON.stringify(out.at(-1)?.content)).toContain('call_1');
    // Its answer joins it: the next read sends the step and its result.
    await conversation.store([result('call_1', 'the page'), { role: 'assistant', content: 'done' }]);
    const after = await view.read();
    expect(after.slice(-3).map((m) => m.role)).toEqual(['assistant', 'tool', 'assistant']);
  });
});
