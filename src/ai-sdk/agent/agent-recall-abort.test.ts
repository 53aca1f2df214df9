import { MockEmbeddingModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { scriptedLanguageModel } from '../../../test-support/scripted-language-model.ts';
import { createLongTermMemory } from '../../longterm/create-long-term-memory.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { agent } from './agent.ts';

/** An embedding model that answers only when aborted (a provider that hangs): it rejects with the abort's reason. */
const hangingModel = () => {
  const calls: (AbortSignal | undefined)[] = [];
  const model = new MockEmbeddingModelV4({
    provider: 'toy',
    modelId: 'hangs',
    doEmbed: ({ abortSignal }) => {
      calls.push(abortSignal);
      return new Promise((_, reject) => {
        abortSignal?.addEventListener('abort', () => reject(abortSignal.reason), { once: true });
      });
    },
  });
  return { model, calls };
};

describe('agent() aborted while its static recall waits for the embedding model', () => {
  it('ends the run as aborted at once: the recall passes the run signal to the model', async () => {
    const { model: embedding, calls } = hangingModel();
    const longTerm = createLongTermMemory({
      scope: { tenant: 't', user: 'ada' },
      embedding,
      selfFacts: false,
    });
    const { model, prompts } = scriptedLanguageModel([{ text: 'hi' }]);
    const memory = createConversationMemory();
    const controller = new AbortController();
    const run = agent({
      name: 'a',
      description: 'd',
      model,
      memory,
      longTermMemory: { memory: longTerm },
    }).run('where do I live?', undefined, { abortSignal: controller.signal });
    await expect.poll(() => calls.length, { timeout: 5000 }).toBeGreaterThan(0);
    controller.abort();
    const ended = await Promise.race([
      run.result.then(
        (r) => r.finishReason,
        (e: unknown) => `rejected: ${String(e)}`,
      ),
      new Promise((resolve) => setTimeout(() => resolve('still waiting after 2 s'), 2000)),
    ]);
    expect(ended).toBe('aborted');
    expect(prompts).toHaveLength(0);
    expect((await memory.read()).map((m) => m.content)).toEqual(['where do I live?']);
  });

  it('a search given an aborted signal rejects with its reason; a signal that is no AbortSignal is INVALID_QUERY', async () => {
    const { model: embedding } = hangingModel();
    const longTerm = createLongTermMemory({
      scope: { tenant: 't', user: 'ada' },
      embedding,
      selfFacts: false,
    });
    const controller = new AbortController();
    controller.abort(new Error('user left'));
    await expect(longTerm.search('lisbon', { abortSignal: controller.signal })).rejects.toThrow('user left');
    await expect(longTerm.retrieve('lisbon', { abortSignal: 'stop' as never })).rejects.toMatchObject({
      code: 'INVALID_QUERY',
      message: expect.stringContaining('abortSignal must be an AbortSignal'),
    });
  });
});
