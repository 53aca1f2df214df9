import { describe, expect, it } from 'vitest';
import { type RecordedPrompt, scriptedLanguageModel } from '../../../test-support/scripted-language-model.ts';
import type { MemoryError } from '../../core/errors/memory-error.ts';
import type { MemoryMessage } from '../../core/message.ts';
import { createLongTermMemory } from '../../longterm/create-long-term-memory.ts';
import type { LongTermMemory, LongTermSearchOptions } from '../../longterm/long-term-memory.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { createTokenCounter } from '../../tokens/create-token-counter.ts';
import { createTokenWindowMemory } from '../../views/token-window-memory.ts';
import { agent } from './agent.ts';
import { recallTokensFor } from './agent-recall.ts';

const counter = createTokenCounter({ encoding: 'o200k_base' });

/** A long-term memory holding 60 notes about the garden, and the options of every search it answers. */
async function gardenMemory(notes = 60) {
  const longTerm = createLongTermMemory({ scope: { tenant: 't', user: 'u' } });
  await longTerm.record(
    Array.from(
      { length: notes },
      (_, i) =>
        ({
          id: `g${i}`,
          role: i % 2 ? 'assistant' : 'user',
          content: `note ${i}: the garden roses need water and the tulips need sun`,
          createdAt: new Date(Date.UTC(2023, 4, 1 + (i % 28))),
        }) as MemoryMessage,
    ),
  );
  const searches: LongTermSearchOptions[] = [];
  const memory: LongTermMemory = {
    ...longTerm,
    search: (query, options) => {
      searches.push(options ?? {});
      return longTerm.search(query, options);
    },
  };
  return { memory, searches };
}

/** The recall block of a prompt: its user message holding `<long_term_memory>`. */
const recallBlock = (prompt: RecordedPrompt | undefined) => {
  const message = (prompt ?? []).find((m) => JSON.stringify(m.content).includes('<long_term_memory>'));
  const content = message?.content;
  return Array.isArray(content) ? content.map((p) => ('text' in p ? p.text : '')).join('') : '';
};

describe('the agent recall budget', () => {
  it('recallTokensFor: the configured budget, else a tenth of the view budget up to 4,000, else 2,000', () => {
    expect(recallTokensFor(300, 100_000)).toBe(300);
    expect(recallTokensFor(undefined, 8_000)).toBe(800);
    expect(recallTokensFor(undefined, 200_000)).toBe(4_000);
    expect(recallTokensFor(undefined, 5)).toBe(1);
    expect(recallTokensFor(undefined, undefined)).toBe(2_000);
  });

  it('packs the recalled block into recallTokens, counted with the run counter, and resolves dates at the prompt time', async () => {
    const { memory, searches } = await gardenMemory();
    const { model, prompts } = scriptedLanguageModel([{ text: 'ok' }]);
    const conversation = createConversationMemory();
    const a = agent({
      name: 'a',
      description: 'd',
      model,
      memory: conversation,
      longTermMemory: { memory, recallTokens: 150 },
    });
    await a.run('what about the garden roses yesterday?').result;
    const block = recallBlock(prompts[0]);
    expect(block).toContain('<long_term_memory>');
    expect(counter.countText(block)).toBeLessThanOrEqual(150);
    const [prompt] = await conversation.read();
    expect(searches[0]?.now).toEqual(prompt?.createdAt);
  });

  it('sizes the default budget from the view budget: a tenth of a 3,000-token window', async () => {
    const { memory } = await gardenMemory();
    const { model, prompts } = scriptedLanguageModel([{ text: 'ok' }, { text: 'ok' }]);
    const view = createTokenWindowMemory({ conversation: createConversationMemory(), maxTokens: 3_000 });
    await agent({ name: 'a', description: 'd', model, memory: view, longTermMemory: { memory } }).run(
      'garden roses',
    ).result;
    const small = counter.countText(recallBlock(prompts[0]));
    expect(small).toBeGreaterThan(0);
    expect(small).toBeLessThanOrEqual(300);
    // Without a view budget: 2,000.
    await agent({ name: 'b', description: 'd', model, longTermMemory: { memory } }).run('garden roses')
      .result;
    const large = counter.countText(recallBlock(prompts[1]));
    expect(large).toBeGreaterThan(small);
    expect(large).toBeLessThanOrEqual(2_000);
  });

  it("without a view budget, sizes it from the model's known window: a tenth of gpt-4o's 128,000, at most 4,000", async () => {
    const { memory } = await gardenMemory(400);
    const blocks: number[] = [];
    for (const modelId of ['gpt-4o', undefined]) {
      const { model, prompts } = scriptedLanguageModel([{ text: 'ok' }], modelId ? { modelId } : {});
      await agent({ name: 'a', description: 'd', model, longTermMemory: { memory } }).run('garden').result;
      blocks.push(counter.countText(recallBlock(prompts[0])));
    }
    const [known, unknown] = blocks as [number, number];
    expect(unknown).toBeGreaterThan(0);
    expect(unknown).toBeLessThanOrEqual(2_000);
    expect(known).toBeGreaterThan(2_000);
    expect(known).toBeLessThanOrEqual(4_000);
  });

  it('refuses a bad recallTokens with INVALID_ARGUMENT', async () => {
    const { memory } = await gardenMemory();
    const { model } = scriptedLanguageModel([]);
    for (const recallTokens of [0, 1.5, -3, 2e6])
      expect(() =>
        agent({ name: 'a', description: 'd', model, longTermMemory: { memory, recallTokens } }),
      ).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }) as MemoryError);
  });
});
