import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createSimpleMemory, SimpleMemory } from './simple-memory.ts';

describe('SimpleMemory (seed 000)', () => {
  it('tracks initialCount: appended() returns only what was stored after construction', async () => {
    const initial: ModelMessage[] = [
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: [{ type: 'text', text: 'Hi!' }] },
    ];
    const memory = new SimpleMemory(initial);
    expect(memory.initialCount).toBe(2);
    expect(await memory.read()).toEqual(initial);
    expect(await memory.appended()).toEqual([]);
    await memory.store({ role: 'user', content: "What's the weather?" });
    await memory.store([
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'w1', toolName: 'weather', input: { city: 'Tokyo' } }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'w1',
            toolName: 'weather',
            output: { type: 'json', value: { f: 72 } },
          },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: "It's 72°F in Tokyo." }] },
    ]);
    const appended = await memory.appended();
    expect(appended.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect((await memory.read()).length).toBe(6);
    expect(appended.findLast((m) => m.role === 'assistant')?.content).toEqual([
      { type: 'text', text: "It's 72°F in Tokyo." },
    ]);
    expect(memory.initialCount).toBe(2);
  });

  it('starts empty by default', async () => {
    const memory = createSimpleMemory();
    expect(await memory.read()).toEqual([]);
    expect(memory.initialCount).toBe(0);
  });

  it('keeps engram ids and times on conversation, not in read()', async () => {
    const memory = new SimpleMemory([{ role: 'user', content: 'Hello' }]);
    expect(await memory.read()).toEqual([{ role: 'user', content: 'Hello' }]);
    const [stored] = await memory.conversation.read();
    expect(stored).toMatchObject({ role: 'user', content: 'Hello', id: expect.any(String) });
  });

  it('runs durably: a second instance over the same session sees the history as initial', async () => {
    const store = createSqliteStore({ path: ':memory:' });
    const first = new SimpleMemory([{ role: 'user', content: 'Hello' }], { store, sessionId: 'chat' });
    await first.store({ role: 'assistant', content: 'Hi!' });
    const second = new SimpleMemory([{ role: 'user', content: 'ignored: the session has history' }], {
      store,
      sessionId: 'chat',
    });
    expect(await second.read()).toEqual([
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: 'Hi!' },
    ]);
    expect(second.initialCount).toBe(2);
    expect(await second.appended()).toEqual([]);
    await store.close();
  });

  it('an invalid initial message is a typed error on first use, naming the message', async () => {
    const memory = new SimpleMemory([
      { role: 'user', content: 'ok' },
      { role: 'user' } as unknown as ModelMessage,
    ]);
    await expect(memory.read()).rejects.toMatchObject({ code: 'INVALID_MESSAGE' });
    await expect(memory.read()).rejects.toThrow(/messages\[1\]/);
  });
});
