import { describe, expect, it } from 'vitest';
import { createContentStore } from '../content/create-content-store.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createLongTermMemory } from '../longterm/create-long-term-memory.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { createCoreMemory } from '../working/core-memory.ts';
import { createWorkingMemory } from '../working/working-memory.ts';
import {
  createContentTools,
  createContextReloadTool,
  createCoreMemoryTools,
  createHistoryTools,
  createLongTermTools,
  createWorkingMemoryTool,
} from './index.ts';

const store = createMemoryStore();
const content = createContentStore();
const memory = createConversationMemory({ store, scope: { tenant: 't' } });
const longTerm = createLongTermMemory({ store, scope: { tenant: 't' } });
const working = createWorkingMemory({ scope: { tenant: 't' } });
const core = createCoreMemory({ scope: { tenant: 't' }, blocks: [{ label: 'persona', limit: 200 }] });
const call = { toolCallId: 'c1', messages: [], context: {} };

/** Each factory with options naming what is wrong in them: the option that must appear in the error. */
const bad: [string, () => unknown][] = [
  ['content', () => createContentTools({ content: undefined } as never)],
  ['content', () => createContentTools({ content: {} } as never)],
  ['maxOutputChars', () => createContentTools({ content, maxOutputChars: -5 })],
  ['maxOutputChars', () => createContentTools({ content, maxOutputChars: '100' as never })],
  ['maxOutputChar', () => createContentTools({ content, maxOutputChar: 100 } as never)],
  ['memory', () => createHistoryTools({ memory: undefined } as never)],
  ['maxRange', () => createHistoryTools({ memory, maxRange: 0 })],
  ['maxRange', () => createHistoryTools({ memory, maxRange: 1.5 })],
  ['maxOutputChars', () => createHistoryTools({ memory, maxOutputChars: Number.NaN })],
  ['memory', () => createLongTermTools({ memory: undefined } as never)],
  ['limit', () => createLongTermTools({ memory: longTerm, limit: 0 })],
  ['limit', () => createLongTermTools({ memory: longTerm, limit: 1000 })],
  ['maxOutputChars', () => createLongTermTools({ memory: longTerm, maxOutputChars: -1 })],
  ['session', () => createLongTermTools({ memory: longTerm, session: 5 as never })],
  // No check: the factory took any memory, and every call of its tools then threw a raw TypeError.
  ['memory', () => createCoreMemoryTools({ memory: undefined } as never)],
  ['memory', () => createCoreMemoryTools({ memory: { append: async () => ({}) } } as never)],
  // A key beside `memory` was ignored: a `labels` list did not restrict the blocks the tools edit.
  ['labels', () => createCoreMemoryTools({ memory: core, labels: ['persona'] } as never)],
  ['mode', () => createWorkingMemoryTool({ memory: working, mode: 'markdown' } as never)],
  ['reload', () => createContextReloadTool(undefined as never)],
  ['reload', () => createContextReloadTool({} as never)],
];

describe('tool factories: options', () => {
  it('refuse a missing component, a misspelt option and an out-of-range number, naming the option', () => {
    for (const [where, make] of bad)
      expect(make, where).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringContaining(where) }),
      );
  });

  it('take good options and make working tools', async () => {
    const tools = createLongTermTools({ memory: longTerm, limit: 20, maxOutputChars: 1, session: 's1' });
    expect(await tools.retrieve_from_memory.execute!({ keywords: ['tea'] }, call)).toEqual({
      memories: 'No memories match these keywords.',
    });
    const history = createHistoryTools({ memory, maxRange: 1, maxOutputChars: 10 });
    expect(await history.get_messages.execute!({ from: 1, to: 1 }, call)).toEqual({
      lastSeq: 0,
      count: 0,
      messages: '',
    });
    expect(() => createContentTools({ content, maxOutputChars: 1 })).not.toThrow();
  });
});
