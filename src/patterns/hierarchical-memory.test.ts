import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { tempSqliteStores } from '../../test-support/temp-sqlite-store.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { groupMessages } from '../messages/units.ts';
import { expectMemoryError } from '../testing/fixtures.ts';
import { createEstimateTokenCounter } from '../tokens/estimate-token-counter.ts';
import { createHierarchicalMemory } from './hierarchical-memory.ts';

const counter = createEstimateTokenCounter();
const sqlite = tempSqliteStores('hierarchical');

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

  it('a message whose metadata is not an object is INVALID_MESSAGE naming metadata; nothing is stored', async () => {
    // The importance was merged into it: 'str' was stored as { 0: 's', 1: 't', 2: 'r', importance }, and a number,
    // null or a Date was dropped for { importance }, where the log refuses each.
    const memory = createConversationMemory({ store: sqlite(), counter });
    const levels = createHierarchicalMemory({ memory });
    for (const metadata of ['str', [1, 2], 5, null, new Date(0)]) {
      const error = await expectMemoryError(
        () => levels.addMessageWithImportance({ role: 'user', content: 'x', metadata } as never, 0.5),
        'INVALID_MESSAGE',
      );
      expect(error.message).toContain('metadata');
    }
    expect(await memory.read()).toEqual([]);
    await levels.addMessageWithImportance({ role: 'user', content: 'x', metadata: { a: 1 } } as never, 0.5);
    expect((await memory.read())[0]!.metadata).toEqual({ a: 1, importance: 0.5 });
  });

  it('a bad workingLimit, moveCount or importance names the factory or method, the option and the value', async () => {
    const memory = createConversationMemory({ counter });
    for (const [options, named] of [
      [{ workingLimit: 0 }, 'createHierarchicalMemory(options).workingLimit'],
      [{ workingLimit: '50' }, 'createHierarchicalMemory(options).workingLimit'],
      [{ workingLimit: 10, moveCount: 11 }, 'createHierarchicalMemory(options).moveCount'],
    ] as const) {
      const error = await expectMemoryError(
        () => createHierarchicalMemory({ memory, ...options } as never),
        'INVALID_ARGUMENT',
      );
      expect(error.message).toContain(named);
    }
    const levels = createHierarchicalMemory({ memory });
    const error = await expectMemoryError(
      () => levels.addMessageWithImportance({ role: 'user', content: 'x' }, 2),
      'INVALID_ARGUMENT',
    );
    expect(error.message).toContain('addMessageWithImportance(message, importance): importance');
    expect(error.message).toContain('got 2');
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

describe('createHierarchicalMemory: core memory keeps an important message with the rest of its tool unit', () => {
  const callOf = (id: string): ModelMessage => ({
    role: 'assistant',
    content: [{ type: 'tool-call', toolCallId: id, toolName: 'lookup', input: {} }],
  });
  const resultOf = (id: string): ModelMessage => ({
    role: 'tool',
    content: [
      { type: 'tool-result', toolCallId: id, toolName: 'lookup', output: { type: 'text', value: 'ok' } },
    ],
  });
  const complete = (list: readonly ModelMessage[]) =>
    groupMessages(list).every((u) => u.pending.size === 0 && u.kind !== 'orphan');

  it('in working memory as in episodic memory: no call without its result, no result without its call', async () => {
    // A working-memory message was put in core alone: an important call left its result out of core (and an
    // important result its call), where an episodic one brought its whole unit, as the factory's doc says.
    for (const [callImportance, resultImportance] of [
      [0.9, 0.1],
      [0.1, 0.9],
    ]) {
      const memory = createConversationMemory({ counter });
      const levels = createHierarchicalMemory({ memory, workingLimit: 4, moveCount: 2 });
      for (const text of ['u1', 'u2', 'u3'])
        await levels.addMessageWithImportance({ role: 'user', content: text }, 0.1);
      const call = await levels.addMessageWithImportance(callOf('c1'), callImportance!);
      const result = await levels.addMessageWithImportance(resultOf('c1'), resultImportance!);
      const { core, working } = await levels.levels();
      expect(working.map((m) => m.id)).toContain(call.id);
      expect(core.map((m) => m.id)).toEqual([call.id, result.id]);
      expect(complete(core)).toBe(true);
      expect((await levels.getContextForLlm()).map((m) => m.id)).toEqual(working.map((m) => m.id));
    }
  });
});
