import { MockEmbeddingModelV4, MockLanguageModelV3, MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { scriptedLanguageModel } from '../../../test-support/scripted-language-model.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { agent } from './agent.ts';
import type { AgentConfig } from './agent-types.ts';
import { type CreateAgentOptions, createAgent } from './create-agent.ts';

const scope = { tenant: 't' };

/**
 * Models that are no language model (a bug hunt): `agent({ model: 5 })` was made, and each run failed in the AI
 * SDK (UnsupportedModelVersionError, or a raw TypeError for null-like ones and objects without doStream). Now
 * INVALID_ARGUMENT naming model when the agent is made. An AI SDK embedding model is the realistic mix-up. (A null
 * model is refused as every null option is, by checkKnownKeys.)
 */
const wrong: [string, unknown, string][] = [
  ['5', 5, '5'],
  ['a BigInt', 10n, '10n'],
  ['a Symbol', Symbol('m'), 'Symbol\\(m\\)'],
  ['true', true, 'true'],
  ['an array', [], 'an array'],
  ['a function', () => 'gpt-4o', 'a function'],
  ['an empty object', {}, 'an object'],
  ['an object of specificationVersion v1', { specificationVersion: 'v1' }, 'an object'],
  ['an embedding model (v4, doEmbed, no doGenerate)', new MockEmbeddingModelV4(), 'an object'],
  [
    'a v3 object without doStream',
    Object.assign(Object.create(null), { specificationVersion: 'v3', doGenerate: async () => ({}) }),
    'an object',
  ],
  ["''", '', '""'],
];

describe('agent(config) and createAgent(options) check model (hunt)', () => {
  it.each(wrong)('%s: agent() throws INVALID_ARGUMENT naming model, nothing runs', (_, model, shown) => {
    const make = () => agent({ name: 'a', description: 'd', model } as unknown as AgentConfig);
    expect(make).toThrow(
      expect.objectContaining({
        name: 'MemoryError',
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(
          new RegExp(`agent\\(config\\): model must be an AI SDK language model .*, got ${shown}$`),
        ),
      }),
    );
  });

  it.each(wrong)('%s: createAgent() names its own option, with or without maxTokens', (_, model, shown) => {
    for (const extra of [{}, { maxTokens: 8_000 }]) {
      const make = () =>
        createAgent({ model, store: createMemoryStore(), scope, ...extra } as unknown as CreateAgentOptions);
      expect(make).toThrow(
        expect.objectContaining({
          code: 'INVALID_ARGUMENT',
          message: expect.stringMatching(
            new RegExp(`createAgent\\(options\\)\\.model must be an AI SDK language model .*, got ${shown}$`),
          ),
        }),
      );
    }
  });

  it('takes every model the AI SDK resolves: a model id string, LanguageModelV4, V3 and V2 objects', async () => {
    const v2 = Object.assign(new MockLanguageModelV3(), { specificationVersion: 'v2' });
    for (const model of ['openai/gpt-4o', new MockLanguageModelV4(), new MockLanguageModelV3(), v2]) {
      const config = { name: 'a', description: 'd', model } as AgentConfig;
      expect(agent(config).name).toBe('a');
      expect(createAgent({ model, store: createMemoryStore(), scope } as CreateAgentOptions).name).toBe(
        'assistant',
      );
    }
    // And one runs (the check reads doStream; it does not call it).
    const { model } = scriptedLanguageModel([{ text: 'ok' }]);
    const run = agent({ name: 'a', description: 'd', model }).run('Hi', undefined, {
      memory: createConversationMemory(),
    });
    expect((await run.result).text).toBe('ok');
  });
});
