import { ToolLoopAgent } from 'ai';
import { describe, expect, it } from 'vitest';
import { scriptedLanguageModel } from '../../test-support/scripted-language-model.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { memoryPrepareStep } from './memory-prepare-step.ts';
import { withMemory } from './with-memory.ts';

const refused = (where: RegExp) =>
  expect.objectContaining({
    name: 'MemoryError',
    code: 'INVALID_ARGUMENT',
    component: 'ai-sdk',
    message: expect.stringMatching(where),
  });

describe('withMemory and memoryPrepareStep refuse input they would misread', () => {
  it('a misspelt option key is refused, not dropped', () => {
    const { model } = scriptedLanguageModel([]);
    const memory = createConversationMemory();
    expect(() => withMemory({ model }, { memory, instruction: 'Be brief.' } as never)).toThrow(
      refused(/withMemory\(options\)\.instruction: not an option/),
    );
    expect(() => memoryPrepareStep({ view: memory, storeinput: false } as never)).toThrow(
      refused(/memoryPrepareStep\(options\)\.storeinput: not an option/),
    );
    expect(() => memoryPrepareStep({ view: memory, storeInput: 'no' } as never)).toThrow(
      refused(/storeInput must be a boolean/),
    );
  });

  for (const over of ['settings', 'an existing agent'] as const) {
    it(`over ${over}: a call without prompt or messages, or no call at all, is INVALID_ARGUMENT and stores nothing`, async () => {
      const { model, prompts } = scriptedLanguageModel([{ text: 'hi' }]);
      const memory = createConversationMemory();
      const agent =
        over === 'settings'
          ? withMemory({ model }, { memory })
          : withMemory(new ToolLoopAgent({ model }), { memory });
      for (const call of [
        undefined,
        null,
        {},
        { prompt: 42 },
        { messages: 'hi' },
        { prompt: 'a', messages: [] },
      ]) {
        await expect(agent.generate(call as never)).rejects.toEqual(refused(/withMemory: generate\(call\)/));
        await expect(agent.stream(call as never)).rejects.toEqual(refused(/withMemory: stream\(call\)/));
      }
      expect(prompts).toHaveLength(0);
      expect(await memory.read()).toEqual([]);
      await agent.settled();
    });
  }
});
