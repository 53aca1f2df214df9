import { describe, expect, it } from 'vitest';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { expectMemoryError } from '../testing/fixtures.ts';
import { createEstimateTokenCounter } from '../tokens/estimate-token-counter.ts';
import { createHierarchicalMemory } from './hierarchical-memory.ts';

const counter = createEstimateTokenCounter();

describe('createHierarchicalMemory: its components are checked when it is made, not on first use', () => {
  it('a missing or method-less memory is INVALID_ARGUMENT naming createHierarchicalMemory and memory', async () => {
    for (const memory of [undefined, null, 'log', {}, { read: async () => [] }]) {
      const error = await expectMemoryError(
        () => createHierarchicalMemory({ memory } as never),
        'INVALID_ARGUMENT',
      );
      expect(error.message).toContain('createHierarchicalMemory(options).memory');
    }
  });

  it('a longTerm without record() and search() is INVALID_ARGUMENT naming longTerm', async () => {
    const memory = createConversationMemory({ counter });
    const error = await expectMemoryError(
      () => createHierarchicalMemory({ memory, longTerm: {} } as never),
      'INVALID_ARGUMENT',
    );
    expect(error.message).toContain('createHierarchicalMemory(options).longTerm');
  });

  it('a conversation memory is taken as before', async () => {
    const memory = createConversationMemory({ counter });
    const levels = createHierarchicalMemory({ memory });
    await levels.addMessageWithImportance({ role: 'user', content: 'My name is Ana.' }, 0.9);
    expect((await levels.getContextForLlm()).map((m) => m.content)).toEqual(['My name is Ana.']);
  });
});

describe('createHierarchicalMemory: bad input is a typed error', () => {
  it('a message that is not an object is INVALID_MESSAGE, not a raw TypeError; nothing is stored', async () => {
    const memory = createConversationMemory({ counter });
    const levels = createHierarchicalMemory({ memory });
    for (const message of [null, undefined, 'hello', 5])
      await expectMemoryError(
        () => levels.addMessageWithImportance(message as never, 0.5),
        'INVALID_MESSAGE',
      );
    expect(await memory.read()).toEqual([]);
  });

  it('an importanceThreshold that is not a number from 0 to 1 is INVALID_ARGUMENT (a numeric string too)', async () => {
    const memory = createConversationMemory({ counter });
    for (const importanceThreshold of ['0.5', Number.NaN, -0.1, 1.5, true]) {
      const error = await expectMemoryError(
        () => createHierarchicalMemory({ memory, importanceThreshold } as never),
        'INVALID_ARGUMENT',
      );
      expect(error.message).toContain('importanceThreshold');
    }
  });
});
