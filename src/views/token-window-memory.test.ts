import { describe, expect, it } from 'vitest';
import {
  call,
  createCountingStore,
  memoryWith,
  result,
  say,
  system,
  texts,
  user,
} from '../../test-support/view-helpers.ts';
import { ContextOverflowError } from '../core/errors/context-overflow-error.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { withSmallPages } from '../testing/view-invariants.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import type { TokenCounter } from '../tokens/token-counter.ts';
import { createTokenWindowMemory } from './token-window-memory.ts';

const counter = createTokenCounter({ encoding: 'o200k_base' });
const cost = (m: Parameters<TokenCounter['count']>[0]) => counter.count(m);
const sum = (ms: Parameters<TokenCounter['count']>[0][]) => ms.reduce((n, m) => n + cost(m), 0);

describe('createTokenWindowMemory', () => {
  it('keeps system messages and the newest whole units that fit, oldest dropped first', async () => {
    const log = [
      system('be brief'),
      user('q1'),
      call('c1'),
      result('c1', 'x '.repeat(50)),
      say('a1'),
      user('q2'),
      say('a2'),
    ];
    const memory = await memoryWith(log);
    const budget = sum([log[0]!, ...log.slice(4)]) + 2; // the call unit does not fit
    const view = createTokenWindowMemory({ conversation: memory, maxTokens: budget + 10, reserveTokens: 10 });
    const out = await view.read();
    // a1 fits, but a prompt may not start with the assistant and q1 does not fit beside it: from q2 on.
    expect(texts(out)).toEqual(['be brief', 'q2', 'a2']);
    expect(view.lastStats()).toMatchObject({
      tokens: sum(out),
      messages: 3,
      droppedMessages: 4,
      truncated: false,
      budget,
    });
    expect(view.lastStats()!.droppedUnits).toBeGreaterThanOrEqual(2);
  });

  it('starts the prompt with the user: the message that opened the turn goes first when it fits', async () => {
    const log = [
      system('be brief'),
      user('q1'),
      call('c1'),
      result('c1', 'x '.repeat(50)),
      call('c2'),
      result('c2', 'y '.repeat(5)),
      say('a1'),
    ];
    const memory = await memoryWith(log);
    // Room for the system message, q1 and the turn's last step and answer, not for the big first step.
    const budget = sum([log[0]!, log[1]!, ...log.slice(4)]);
    const view = createTokenWindowMemory({ conversation: memory, maxTokens: budget });
    const out = await view.read();
    expect(texts(out)).toEqual(['be brief', 'q1', 'tool-call:c2', 'y y y y y ', 'a1']);
    expect(view.lastStats()).toMatchObject({ tokens: sum(out), messages: 5, droppedMessages: 2 });
    // One token less: q1 no longer fits beside both, so the older of them (the second step) is left out too.
    const tight = createTokenWindowMemory({ conversation: memory, maxTokens: budget - 1 });
    expect(texts(await tight.read())).toEqual(['be brief', 'q1', 'a1']);
    // Too little for q1 beside even the answer: the answer alone, as the budget allows (no user message to start on).
    const least = createTokenWindowMemory({ conversation: memory, maxTokens: sum([log[0]!, log[6]!]) });
    expect(texts(await least.read())).toEqual(['be brief', 'a1']);
  });

  it('never re-tokenizes stored messages', async () => {
    let counted = 0;
    const spy: TokenCounter = {
      ...counter,
      count: (m) => {
        counted++;
        return counter.count(m);
      },
      countText: counter.countText,
    };
    const memory = createConversationMemory({ counter: spy });
    await memory.append([system('s'), user('hello there'), say('hi'), user('more')]);
    const view = createTokenWindowMemory({ conversation: memory, maxTokens: 20 });
    counted = 0;
    await view.read();
    await view.read();
    expect(counted).toBe(0);
  });

  it('throws ContextOverflowError when system messages alone exceed the budget', async () => {
    const memory = await memoryWith([system('word '.repeat(100)), user('q')]);
    const view = createTokenWindowMemory({ conversation: memory, maxTokens: 50 });
    const error = await view.read().catch((e) => e);
    expect(error).toBeInstanceOf(ContextOverflowError);
    expect(error.code).toBe('CONTEXT_OVERFLOW');
    expect(error.message).toMatch(/^\[engram\] \[views\] system messages exceed/);
  });

  it('truncates the tool results of an oversized newest unit, with a marker naming the full message', async () => {
    const big = 'lorem ipsum dolor sit amet '.repeat(2000);
    const memory = await memoryWith([
      user('old question'),
      say('old answer'),
      user('fetch it'),
      call('f1'),
      result('f1', big),
    ]);
    const view = createTokenWindowMemory({ conversation: memory, maxTokens: 500 });
    const out = await view.read();
    // The turn's user message first (the prompt starts with the user), the unit cut to what it leaves.
    expect(out.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
    expect(texts(out)[0]).toBe('fetch it');
    const [, , tool] = out;
    const value = (tool!.content as { output: { value: string } }[])[0]!.output.value;
    expect(value).toMatch(
      /\[engram: truncated [\d,]+ of 54,000 characters; full result in message msg_\w+\]$/,
    );
    expect(value).toContain(tool!.id);
    expect(sum(out)).toBeLessThanOrEqual(500);
    expect(view.lastStats()).toMatchObject({ truncated: true, tokens: sum(out), messages: 3 });
    expect(view.lastAssembly()!.items[0]).toMatchObject({ why: expect.stringMatching(/opened the turn/) });
    // The log keeps the full result.
    const stored = await memory.get(tool!.id);
    expect((stored!.content as { output: { value: string } }[])[0]!.output.value).toBe(big);
    // It cuts no more than needed: a little more text would not fit.
    expect(sum(out)).toBeGreaterThan(500 - 30);
    // startOn: 'any' cuts the unit to the whole budget and sends it alone.
    const any = await createTokenWindowMemory({
      conversation: memory,
      maxTokens: 500,
      startOn: 'any',
    }).read();
    expect(any.map((m) => m.role)).toEqual(['assistant', 'tool']);
  });

  it("throws with overflow: 'error', and when truncation cannot help", async () => {
    const memory = await memoryWith([user('q'), call('f1'), result('f1', 'data '.repeat(3000))]);
    await expect(
      createTokenWindowMemory({ conversation: memory, maxTokens: 300, overflow: 'error' }).read(),
    ).rejects.toBeInstanceOf(ContextOverflowError);
    const huge = await memoryWith([user('word '.repeat(1000))]);
    await expect(
      createTokenWindowMemory({ conversation: huge, maxTokens: 300 }).read(),
    ).rejects.toMatchObject({
      code: 'CONTEXT_OVERFLOW',
      budgetTokens: 300,
    });
  });

  it('never returns a unit cut at the head of a partial tail (reasoning kept with its turn)', async () => {
    const reasoning = {
      role: 'assistant' as const,
      content: [{ type: 'reasoning' as const, text: 'think '.repeat(40) }],
    };
    const memory = await memoryWith([user('q'), reasoning, call('f1'), result('f1', 'data '.repeat(300))]);
    for (const pageSize of [1, 2, 3]) {
      const out = await createTokenWindowMemory({
        conversation: withSmallPages(memory, pageSize),
        maxTokens: 150,
      }).read();
      expect(out.map((m) => m.role)).toEqual(['user', 'assistant', 'assistant', 'tool']);
    }
  });

  it('keeps a trailing in-flight call', async () => {
    const memory = await memoryWith([user('q1'), say('a1'), user('q2'), call('c9')]);
    const out = await createTokenWindowMemory({ conversation: memory, maxTokens: 1000 }).read();
    expect(texts(out)).toEqual(['q1', 'a1', 'q2', 'tool-call:c9']);
  });

  it('reads in proportion to the window over a 10,000-message session', async () => {
    const { store, reads } = createCountingStore();
    const memory = createConversationMemory({ store });
    const batch = [system('rules')];
    for (let i = 0; i < 10_000; i++)
      batch.push(i % 2 ? say(`answer number ${i}`) : user(`question number ${i}`));
    await memory.append(batch);
    const view = createTokenWindowMemory({ conversation: memory, maxTokens: 2000 });
    await view.read();
    reads.length = 0;
    const started = performance.now();
    const turns = 50;
    for (let i = 0; i < turns; i++) {
      await view.store(user(`turn ${i}`));
      const out = await view.read();
      expect(sum(out)).toBeLessThanOrEqual(2000);
    }
    const perTurn = (performance.now() - started) / turns;
    const entriesPerTurn = reads.reduce((n, r) => n + r.entries, 0) / turns;
    expect(entriesPerTurn).toBeLessThan(600); // the window holds ~200 messages; the log 10,000
    expect(perTurn).toBeLessThan(20);
  });

  it('keeps what it read: a read after appends (by any writer) fetches only them, an unchanged log nothing', async () => {
    const { store, reads } = createCountingStore();
    const memory = createConversationMemory({ store });
    const other = createConversationMemory({ store, sessionId: memory.sessionId });
    await memory.append([system('rules'), ...Array.from({ length: 400 }, (_, i) => user(`old ${i}`))]);
    const view = createTokenWindowMemory({ conversation: memory, maxTokens: 500 });
    const first = await view.read();
    const fetched = () => reads.splice(0).reduce((n, r) => n + r.entries, 0);
    expect(fetched()).toBeGreaterThan(50);
    await view.read();
    expect(fetched()).toBe(0);
    await memory.store(user('mine'));
    await other.store([user('theirs'), system('more rules')]);
    const next = await view.read();
    expect(fetched()).toBe(3);
    expect(texts(next).slice(-3)).toEqual(['mine', 'theirs', 'more rules']);
    expect(texts(next)[0]).toBe('rules');
    expect(next.length).toBeLessThanOrEqual(first.length + 3);
    // What the view's own memory stored (an agent loop's turn) is not even read back: it keeps the stored entries.
    await memory.store([user('turn'), say('reply')]);
    await memory.store(user('next'));
    expect(texts(await view.read()).slice(-3)).toEqual(['turn', 'reply', 'next']);
    expect(fetched()).toBe(0);
    // Anything but appends (here a delete by the other writer) makes it read the newest part again.
    await other.delete(next.at(-2)!.id);
    const after = texts(await view.read());
    expect(after).not.toContain('theirs');
    expect(after.slice(-3)).toEqual(['turn', 'reply', 'next']);
    expect(fetched()).toBeGreaterThan(50);
  });

  it('delegates store() and appended()', async () => {
    const memory = await memoryWith([user('old')]);
    const view = createTokenWindowMemory({ conversation: memory, maxTokens: 100 });
    await view.store(user('new'));
    expect(texts(await view.appended())).toEqual(['new']);
    expect(view.lastStats()).toBeUndefined();
  });

  it('rejects bad options', async () => {
    const memory = await memoryWith([]);
    expect(() => createTokenWindowMemory({ conversation: memory, maxTokens: 0 })).toThrow(MemoryError);
    expect(() =>
      createTokenWindowMemory({ conversation: memory, maxTokens: 100, reserveTokens: 100 }),
    ).toThrow(/maxTokens - reserveTokens/);
    expect(() =>
      createTokenWindowMemory({ conversation: memory, maxTokens: 100, reserveTokens: -1 }),
    ).toThrow(/reserveTokens/);
  });
});
