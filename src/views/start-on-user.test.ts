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
import { createContentStore } from '../content/create-content-store.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { checkStartsOnUser, referenceWindow, withSmallPages } from '../testing/view-invariants.ts';
import { createCitationMemory } from './citation-memory.ts';
import { SlidingWindowMemory, TokenWindowMemory } from './memory-classes.ts';
import { createSlidingWindowMemory } from './sliding-window-memory.ts';
import { startOnUser } from './start-on-user.ts';
import { createTokenWindowMemory } from './token-window-memory.ts';

describe('startOnUser: a budget’s newest units start with a user message', () => {
  it('keeps a selection a user message leads, or one with no user message before it', () => {
    expect(startOnUser(['user', 'assistant'], [5, 5], 10, 3)).toEqual({ drop: 0, opener: false });
    expect(startOnUser(['assistant', 'user'], [5, 5], 10, undefined)).toEqual({ drop: 0, opener: false });
    expect(startOnUser([], [], 10, 3)).toEqual({ drop: 0, opener: false });
  });

  it('puts the opener first, leaving out the oldest units until it fits', () => {
    expect(startOnUser(['assistant', 'assistant'], [4, 4], 10, 2)).toEqual({ drop: 0, opener: true });
    expect(startOnUser(['assistant', 'assistant', 'assistant'], [3, 3, 3], 10, 2)).toEqual({
      drop: 1,
      opener: true,
    });
  });

  it('stops at a user message when it comes before the opener fits: the newest history kept is the longer', () => {
    expect(startOnUser(['assistant', 'user', 'assistant'], [4, 3, 3], 10, 5)).toEqual({
      drop: 1,
      opener: false,
    });
    // The opener fits once the first unit is out, before the user message would lead: it goes first.
    expect(startOnUser(['assistant', 'assistant', 'user'], [4, 3, 3], 10, 4)).toEqual({
      drop: 1,
      opener: true,
    });
  });

  it('leaves the selection as it is when the opener does not fit beside even the newest unit', () => {
    expect(startOnUser(['assistant', 'assistant'], [4, 6], 10, 5)).toEqual({ drop: 0, opener: false });
  });
});

/** One user message, then `steps` tool steps of an agent run, then its answer: the longest turn there is. */
function agentRun(steps: number) {
  const out = [system('rules'), user('research the fjords')];
  for (let i = 0; i < steps; i++) out.push(call(`c${i}`), result(`c${i}`, `page ${i} `.repeat(20)));
  out.push(say('here is what I found'));
  return out;
}

describe('budgeted views start the prompt with the user', () => {
  it('inside a long agent run the token window sends the task first, reading only the newest part and one lookup', async () => {
    const { store, reads } = createCountingStore();
    const memory = createConversationMemory({ store });
    await memory.append(agentRun(3_000)); // 6,003 messages, one user message among them
    const view = createTokenWindowMemory({ conversation: memory, maxTokens: 2_000 });
    const out = await view.read();
    expect(texts(out).slice(0, 2)).toEqual(['rules', 'research the fjords']);
    expect(texts(out).at(-1)).toBe('here is what I found');
    // The held part is what the budget needs; the task is one query for the newest user message before it.
    expect(reads.reduce((n, r) => n + r.entries, 0)).toBeLessThan(400);
    expect(reads.filter((r) => r.query?.roles?.includes('user'))).toEqual([
      { query: expect.objectContaining({ roles: ['user'], limit: 1 }), entries: 1 },
    ]);
    checkStartsOnUser(await memory.entries(), out);
    // The assembly says why the task is there, and what was left out after it.
    const assembly = view.lastAssembly()!;
    expect(assembly.items[1]).toMatchObject({ why: expect.stringMatching(/opened the turn/) });
    expect(view.lastStats()).toMatchObject({ messages: out.length, droppedMessages: 6_003 - out.length });
    // A read after a new step finds the task again without reading the log (it is remembered).
    await view.store([call('late'), result('late')]);
    reads.length = 0;
    expect(texts(await view.read())[1]).toBe('research the fjords');
    expect(reads.filter((r) => r.query?.roles?.includes('user'))).toEqual([]);
  });

  it("startOn: 'any' sends the newest units whatever role leads them", async () => {
    const memory = await memoryWith(agentRun(50));
    const view = createTokenWindowMemory({ conversation: memory, maxTokens: 600, startOn: 'any' });
    const out = await view.read();
    expect(out.filter((m) => m.role !== 'system')[0]!.role).toBe('assistant');
    const sliding = createSlidingWindowMemory({ conversation: memory, windowSize: 5, startOn: 'any' });
    expect((await sliding.read()).map((m) => m.role)).toEqual(['system', 'assistant', 'tool', 'assistant']);
  });

  it('the budgeted citation view sends the task first too, and the rest as a whole-log read cites it', async () => {
    const memory = await memoryWith(agentRun(200));
    const content = createContentStore();
    const policy = { default: { offload: 'always' as const } };
    const view = createCitationMemory({ conversation: memory, content, policy, maxTokens: 1_500 });
    const out = await view.read();
    await view.idle();
    const whole = await createCitationMemory({ conversation: memory, content, policy }).read();
    expect(texts(out).slice(0, 2)).toEqual(['rules', 'research the fjords']);
    expect(out.slice(2)).toEqual(whole.slice(whole.length - out.length + 2));
    checkStartsOnUser(await memory.entries(), out);
    const parts = view.lastAssembly()!.items;
    expect(parts[1]).toMatchObject({ why: expect.stringMatching(/opened the turn/) });
    expect(view.lastStats()!.tokens).toBeLessThanOrEqual(1_500);
    const any = createCitationMemory({
      conversation: memory,
      content,
      policy,
      maxTokens: 1_500,
      startOn: 'any',
    });
    expect((await any.read()).filter((m) => m.role !== 'system')[0]!.role).toBe('assistant');
    await any.idle();
  });

  it('seed 000’s SlidingWindowMemory keeps the seed’s newest messages unless asked to start on the user', async () => {
    const chat = [user('q1'), say('a1'), user('q2'), say('a2'), user('q3'), say('a3')];
    expect(texts(await new SlidingWindowMemory(chat, 3).read())).toEqual(['a2', 'q3', 'a3']);
    expect(texts(await new SlidingWindowMemory(chat, 3, { startOn: 'user' }).read())).toEqual(['q3', 'a3']);
    expect(texts(await new TokenWindowMemory(chat, 10_000).read())).toHaveLength(6);
  });

  it('rejects a startOn or overflow it does not know, naming the option', () => {
    const conversation = createConversationMemory();
    const content = createContentStore();
    const bad = [
      () => createTokenWindowMemory({ conversation, maxTokens: 100, startOn: 'human' as never }),
      () => createSlidingWindowMemory({ conversation, windowSize: 5, startOn: 1 as never }),
      () => createCitationMemory({ conversation, content, maxTokens: 100, startOn: null as never }),
      () => new SlidingWindowMemory([], 5, { startOn: 'assistant' as never }),
      () => createTokenWindowMemory({ conversation, maxTokens: 100, overflow: 'eror' as never }),
    ];
    for (const make of bad) {
      expect(make).toThrow(MemoryError);
      expect(make).toThrow(
        /(startOn must be 'user' or 'any'|overflow must be 'truncate' or 'error'), got |startOn must not be null/,
      );
      expect(make).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', component: 'views' }));
    }
  });
});

describe('budgeted views start on the user: edges a review found', () => {
  it('token window: an oversized newest unit sent after its opener reports no unit dropped', async () => {
    const memory = await memoryWith([
      user('fetch it'),
      call('f1'),
      result('f1', 'lorem ipsum '.repeat(3000)),
    ]);
    const view = createTokenWindowMemory({ conversation: memory, maxTokens: 500 });
    const out = await view.read();
    expect(texts(out)[0]).toBe('fetch it'); // every message of the log is sent (the result cut)
    expect(view.lastStats()).toMatchObject({ truncated: true, droppedMessages: 0 });
    expect(view.lastStats()!.droppedUnits).toBe(0); // the opener is sent, not left out
  });

  it('token window: a tool unit just under the budget gets its opener, as one just over it does', async () => {
    const starts: string[] = [];
    for (const words of [80, 90]) {
      // stored tokens: user 10, call 11, result 86 (80 words) or 96 (90 words)
      const memory = await memoryWith([
        user('fetch the page for me please'),
        call('f1'),
        result('f1', 'word '.repeat(words)),
      ]);
      const out = await createTokenWindowMemory({ conversation: memory, maxTokens: 100 }).read();
      starts.push(out[0]!.role);
    }
    // 90 words: over the budget, cut beside the opener. 80 words: fits alone but not beside the opener, so it is
    // cut to fit beside it too (before, the opener was dropped and the prompt started with the assistant).
    expect(starts).toEqual(['user', 'user']);
  });

  it('token window: a late tool result gives the full-log selection whatever the page size', async () => {
    const big = (t: string) => say(`${t} `.repeat(60));
    // call A's result comes after q2: one atomic unit [call A, w, x, q2, b, result A] in the whole log.
    const log = [user('q1'), call('A'), big('w'), big('x'), user('q2'), say('b'), result('A'), say('c')];
    const memory = await memoryWith(log);
    const entries = await memory.entries();
    const ref = referenceWindow(
      entries,
      () => 30,
      (items) => items.reduce((n, e) => n + e.tokens, 0),
    );
    for (const pageSize of [100, 2]) {
      const view = createTokenWindowMemory({ conversation: withSmallPages(memory, pageSize), maxTokens: 30 });
      // Page 2 gave [q2, b, c] before: b sent out of its unit, the held part starting inside it (held more now).
      expect((await view.read()).map((m) => m.id)).toEqual(ref.ids);
    }
  });
});
