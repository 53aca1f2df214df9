import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { checkPairs } from '../../testing/view-invariants.ts';
import { createEstimateTokenCounter } from '../../tokens/estimate-token-counter.ts';
import { createObservationalMemory } from './observational-memory.ts';

const counter = createEstimateTokenCounter();
const turn = (i: number): ModelMessage[] => [
  { role: 'user', content: `Question ${i}: tell me about topic number ${i} in some detail please.` },
  {
    role: 'assistant',
    content: `Answer ${i}. Topic ${i} is interesting for several reasons that I will explain.`,
  },
];
const toolPair = (i: number): ModelMessage[] => [
  {
    role: 'assistant',
    content: [{ type: 'tool-call', toolCallId: `c${i}`, toolName: 'lookup', input: { i } }],
  },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: `c${i}`,
        toolName: 'lookup',
        output: { type: 'text', value: 'x'.repeat(200) },
      },
    ],
  },
];
const contiguous = (arts: { fromSeq: number; toSeq: number }[]) => {
  const sorted = [...arts].sort((a, b) => a.fromSeq - b.fromSeq);
  sorted.forEach((a, i) => {
    expect(a.fromSeq).toBe(i === 0 ? 1 : (sorted[i - 1]?.toSeq ?? 0) + 1);
    expect(a.toSeq).toBeGreaterThanOrEqual(a.fromSeq);
  });
};

describe('createObservationalMemory', () => {
  it('observes whole units that left the recent window into dated observations; the rest stays verbatim', async () => {
    const memory = createConversationMemory({ counter });
    for (let i = 0; i < 30; i++) await memory.store([...turn(i), ...(i % 5 === 0 ? toolPair(i) : [])]);
    const view = createObservationalMemory({ conversation: memory, recentTokens: 200, background: false });
    const before = await view.read();
    expect(before).toHaveLength((await memory.read()).length); // nothing observed yet: everything verbatim
    expect(view.lastStats()?.pendingTokens).toBeGreaterThan(0);
    const ranges = await view.consolidate();
    expect(ranges).toBeGreaterThan(0);
    const arts = await view.observations();
    contiguous(arts);
    const out = await view.read();
    checkPairs(out);
    expect(out[0]?.role).toBe('user');
    expect(String(out[0]?.content)).toMatch(/^<observations>\n/);
    expect(String(out[0]?.content)).toMatch(/user: Question 0: tell me about topic number 0/);
    expect(String(out[0]?.content)).toContain('tool lookup returned 200 characters');
    const stats = view.lastStats()!;
    expect(stats.pendingTokens).toBe(0);
    expect(stats.messageTokens).toBeLessThanOrEqual(200);
    expect(out.at(-1)?.content).toBe(
      'Answer 29. Topic 29 is interesting for several reasons that I will explain.',
    );
    expect(await view.consolidate()).toBe(0); // nothing left
  });

  it('is append-only in front of the model until a reflection, which is recorded', async () => {
    const memory = createConversationMemory({ counter });
    const view = createObservationalMemory({
      conversation: memory,
      recentTokens: 100,
      observationTokens: 100_000,
      background: false,
    });
    for (let i = 0; i < 10; i++) await memory.store(turn(i));
    await view.consolidate();
    const first = String((await view.read())[0]?.content).replace(/\n<\/observations>$/, '');
    for (let i = 10; i < 20; i++) await memory.store(turn(i));
    await view.consolidate();
    const second = String((await view.read())[0]?.content);
    expect(second.startsWith(first)).toBe(true);

    const small = createObservationalMemory({
      conversation: memory,
      recentTokens: 100,
      observationTokens: 60,
      background: false,
    });
    for (let i = 20; i < 40; i++) await memory.store(turn(i));
    await small.consolidate();
    const reflections = await memory.listArtifacts('reflection');
    expect(reflections.length).toBeGreaterThan(0);
    expect(String((await small.read())[0]?.content)).toContain('older observations condensed away');
  });

  it('read() consolidates in the background, off the request path', async () => {
    const memory = createConversationMemory({ counter });
    for (let i = 0; i < 12; i++) await memory.store(turn(i));
    const view = createObservationalMemory({ conversation: memory, recentTokens: 100 });
    const first = await view.read();
    expect(first).toHaveLength(24); // returned before any observation
    await view.idle();
    expect((await view.observations()).length).toBeGreaterThan(0);
    expect((await view.read()).length).toBeLessThan(24);
  });

  it('concurrent consolidations of one view (background and explicit) observe each sequence number once', async () => {
    const memory = createConversationMemory({ counter });
    let calls = 0;
    const view = createObservationalMemory({
      conversation: memory,
      recentTokens: 100,
      background: true,
      observer: {
        async observe(entries) {
          calls++;
          await new Promise((r) => setTimeout(r, 5));
          return entries.map((e) => `- seq ${e.seq}`).join('\n');
        },
      },
    });
    for (let i = 0; i < 10; i++) await memory.store(turn(i));
    await view.read(); // starts one in the background
    const explicit = view.consolidate();
    for (let i = 10; i < 20; i++) await memory.store(turn(i));
    await Promise.all([explicit, view.consolidate(), view.idle()]);
    const arts = await view.observations();
    contiguous(arts);
    const block = String((await view.read())[0]?.content);
    for (let seq = 1; seq <= (arts.at(-1)?.toSeq ?? 0); seq++)
      expect(block.split('\n').filter((l) => l === `- seq ${seq}`)).toHaveLength(1);
    expect(calls).toBe(arts.length);
  });

  it('rejects bad options with typed errors', () => {
    const memory = createConversationMemory({ counter });
    expect(() => createObservationalMemory({ conversation: memory, recentTokens: 0 })).toThrow(
      /recentTokens/,
    );
  });
});
