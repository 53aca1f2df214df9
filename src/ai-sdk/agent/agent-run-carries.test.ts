import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { scriptedLanguageModel } from '../../../test-support/scripted-language-model.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { createTokenWindowMemory } from '../../views/token-window-memory.ts';
import { agent } from './agent.ts';
import { sessionCarriesHeld } from './agent-run.ts';

/** A model whose every call fails (a provider down). */
const failingModel = () =>
  new MockLanguageModelV4({
    doStream: async () => {
      throw new Error('provider down');
    },
  });

/**
 * A server runs agents over many sessions for hours: each session's carry (what a run's closing read left for the
 * next run) is dropped once the session is idle, whether its runs answered or failed.
 */
describe('the carries of sessions whose runs ended', () => {
  const store = createMemoryStore();
  const viewOf = (sessionId: string) =>
    createTokenWindowMemory({
      conversation: createConversationMemory({ store, scope: { tenant: 't' }, sessionId }),
      maxTokens: 1_000,
    });

  it('are not kept after runs that failed, over 200 sessions', async () => {
    const before = sessionCarriesHeld();
    const failing = agent({ name: 'a', description: 'd', model: failingModel() });
    for (let i = 0; i < 200; i++)
      await expect(failing.run('Hello', undefined, { memory: viewOf(`failed-${i}`) }).result).rejects.toThrow(
        'provider down',
      );
    expect(sessionCarriesHeld()).toBe(before);
  });

  it('are not kept after runs that answered, over 200 sessions', async () => {
    const before = sessionCarriesHeld();
    const { model } = scriptedLanguageModel([]);
    const answering = agent({ name: 'a', description: 'd', model });
    for (let i = 0; i < 200; i++)
      expect((await answering.run('Hello', undefined, { memory: viewOf(`answered-${i}`) }).result).text).toBe(
        'done',
      );
    expect(sessionCarriesHeld()).toBe(before);
  });
});
