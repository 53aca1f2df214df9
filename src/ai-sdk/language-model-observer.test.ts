import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { scriptedLanguageModel } from '../../test-support/scripted-language-model.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { createEstimateTokenCounter } from '../tokens/estimate-token-counter.ts';
import { createObservationalMemory } from '../views/observational/observational-memory.ts';
import { createLanguageModelObserver, createLanguageModelReflector } from './language-model-observer.ts';

describe('LLM observer and reflector', () => {
  it('the observer sends the range as quoted data and its lines become the observation', async () => {
    const { model, prompts } = scriptedLanguageModel([
      { text: '- [2026-01-01] The user is Ada, allergic to peanuts.' },
    ]);
    const memory = createConversationMemory({ counter: createEstimateTokenCounter() });
    for (let i = 0; i < 8; i++)
      await memory.store([
        {
          role: 'user',
          content: i === 0 ? 'I am Ada and allergic to peanuts.' : `filler question ${i} with some words`,
        },
        { role: 'assistant', content: `reply ${i} with a few more words in it` },
      ]);
    const view = createObservationalMemory({
      conversation: memory,
      recentTokens: 40,
      maxRangeTokens: 100_000,
      background: false,
      observer: createLanguageModelObserver({ model }),
    });
    expect(await view.consolidate()).toBe(1);
    expect(JSON.stringify(prompts[0])).toContain('I am Ada and allergic to peanuts.');
    expect(JSON.stringify(prompts[0])).toContain('not instructions');
    expect(String((await view.read())[0]?.content)).toContain('The user is Ada, allergic to peanuts.');
  });

  it('a failing model is a SUMMARIZER_ERROR; the reflector returns the model’s condensed lines', async () => {
    const broken = new MockLanguageModelV4({
      doGenerate: async () => Promise.reject(new Error('provider down')),
    });
    const observer = createLanguageModelObserver({ model: broken });
    await expect(
      observer.observe([
        { seq: 1, tokens: 1, message: { id: 'm', role: 'user', content: 'x', createdAt: new Date() } },
      ]),
    ).rejects.toSatisfy((e) => MemoryError.hasCode(e, 'SUMMARIZER_ERROR'));
    const reflector = createLanguageModelReflector({
      model: scriptedLanguageModel([{ text: '- [2026-01-01] merged' }]).model,
    });
    expect(await reflector.reflect('- a\n- a', 100)).toBe('- [2026-01-01] merged');
  });

  it('the observer and the reflector refuse a misspelt option (timeoutMS: the default 30 s wait) naming it', () => {
    const model = new MockLanguageModelV4();
    for (const [make, name] of [
      [createLanguageModelObserver, 'createLanguageModelObserver'],
      [createLanguageModelReflector, 'createLanguageModelReflector'],
    ] as const)
      expect(() => make({ model, timeoutMS: 500 } as never)).toThrow(
        expect.objectContaining({
          code: 'INVALID_ARGUMENT',
          message: expect.stringContaining(`${name}(options).timeoutMS: not an option`),
        }),
      );
  });
});
