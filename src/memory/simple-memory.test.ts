import { describe, expect, it } from 'vitest';
import { SimpleMemory } from './simple-memory.ts';

describe('SimpleMemory (seed 000)', () => {
  it('tracks initialCount: appended() returns only what was stored after construction', async () => {
    const memory = new SimpleMemory([
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: [{ type: 'text', text: 'Hi!' }] },
    ]);
    expect(await memory.initialCount).toBe(2);
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
  });

  it('starts empty by default', async () => {
    const memory = new SimpleMemory();
    expect(await memory.read()).toEqual([]);
    expect(await memory.initialCount).toBe(0);
  });
});
