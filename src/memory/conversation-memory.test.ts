import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createConversationMemory } from './conversation-memory.ts';

const toolTurn = (id: string): ModelMessage[] => [
  {
    role: 'assistant' as const,
    content: [{ type: 'tool-call' as const, toolCallId: id, toolName: 'search', input: { q: id } }],
  },
  {
    role: 'tool' as const,
    content: [
      {
        type: 'tool-result' as const,
        toolCallId: id,
        toolName: 'search',
        output: { type: 'text' as const, value: `result ${id} `.repeat(50) },
      },
    ],
  },
];

describe('ConversationMemory', () => {
  it('assigns ids and times, counts tokens once, and reads back in order', async () => {
    const memory = createConversationMemory();
    const stored = await memory.append([
      { role: 'user', content: 'Hello there' },
      { role: 'assistant', content: 'Hi!' },
    ]);
    expect(stored.map((m) => m.id)).toHaveLength(2);
    expect(stored[0]!.createdAt).toBeInstanceOf(Date);
    expect((await memory.read()).map((m) => m.role)).toEqual(['user', 'assistant']);
    const entries = await memory.entries();
    expect(entries.map((e) => e.seq)).toEqual([1, 2]);
    expect(await memory.tokens()).toBe(entries[0]!.tokens + entries[1]!.tokens);
    expect(entries[0]!.tokens).toBe(memory.counter.count(stored[0]!));
  });

  it('rejects a bad message with a typed error naming the path, storing nothing of the batch', async () => {
    const memory = createConversationMemory();
    await memory.store({ role: 'user', content: 'kept' });
    const bad = [
      { role: 'user', content: 'ok' },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'x' }] },
    ];
    const error = await memory.store(bad as never).catch((e: unknown) => e);
    expect(MemoryError.hasCode(error, 'INVALID_MESSAGE')).toBe(true);
    expect(String((error as Error).message)).toContain('messages[1]');
    expect((await memory.read()).map((m) => m.content)).toEqual(['kept']);
  });

  it('refuses a different message under a stored id, but accepts an identical retry', async () => {
    const memory = createConversationMemory();
    const createdAt = new Date('2026-01-01T00:00:00Z');
    const msg = { id: 'm1', createdAt, role: 'user' as const, content: 'one' };
    await memory.store(msg);
    await memory.store(msg);
    expect(await memory.read()).toHaveLength(1);
    const error = await memory.store({ ...msg, content: 'two' }).catch((e: unknown) => e);
    expect(MemoryError.hasCode(error, 'DUPLICATE_MESSAGE_ID')).toBe(true);
    expect((await memory.get('m1'))?.content).toBe('one');
  });

  it('answers the history queries of seeds 001–003', async () => {
    const memory = createConversationMemory();
    await memory.store({ role: 'system', content: 'You are terse.' });
    await memory.store({ role: 'user', content: 'What is 5 + 3?', metadata: { important: true } } as never);
    await memory.store([...toolTurn('c1')]);
    await memory.store({ role: 'assistant', content: '5 + 3 = 8' });
    expect((await memory.recent(2)).map((m) => m.role)).toEqual(['tool', 'assistant']);
    expect(await memory.byRole('user')).toHaveLength(1);
    expect(await memory.find({ metadata: { important: true } })).toHaveLength(1);
    expect(await memory.find({ roles: ['assistant'], limit: 1 })).toHaveLength(1);
    expect(await memory.find({ since: new Date(Date.now() + 60_000) })).toHaveLength(0);
    expect((await memory.search('5 + 3', { order: 'log' })).map((m) => m.role)).toEqual([
      'user',
      'assistant',
    ]);
    expect((await memory.search('5 + 3', { mode: 'contains' })).map((m) => m.role)).toEqual([
      'user',
      'assistant',
    ]);
    expect(await memory.search('RESULT C1')).toHaveLength(1);
    expect(await memory.deleteAt(-1)).toBe(true);
    expect((await memory.read()).at(-1)?.role).toBe('tool');
    expect(await memory.delete('nope')).toBe(false);
    expect(await memory.clear()).toBe(4);
    expect(await memory.read()).toEqual([]);
    expect((await memory.stats()).lastSeq).toBe(5);
  });

  it('prunes oldest whole units, keeping system messages', async () => {
    const memory = createConversationMemory();
    await memory.store({ role: 'system', content: 'system prompt' });
    for (let i = 0; i < 10; i++) {
      await memory.store({ role: 'user', content: `question ${i}` });
      await memory.store([...toolTurn(`c${i}`)]);
    }
    const removed = await memory.prune(600);
    expect(removed.length).toBeGreaterThan(0);
    const left = await memory.read();
    expect(left[0]!.role).toBe('system');
    expect(await memory.tokens()).toBeLessThanOrEqual(600);
    expect(left[1]!.role).not.toBe('tool');
    for (const m of left) if (m.role === 'tool') expect(left[left.indexOf(m) - 1]!.role).toBe('assistant');
  });

  it('reads the tail backward only as far as needed', async () => {
    const memory = createConversationMemory();
    for (let i = 0; i < 600; i++) await memory.store({ role: 'user', content: `message number ${i}` });
    const tail = await memory.tail({ minTokens: 50 });
    expect(tail.length).toBeLessThan(600);
    expect(tail.at(-1)?.seq).toBe(600);
    expect(tail.reduce((s, e) => s + e.tokens, 0)).toBeGreaterThan(50);
    expect((await memory.tail({ maxMessages: 3 })).map((e) => e.seq)).toEqual([598, 599, 600]);
    // From an older point: what lies before `toSeq`, backward, across pages.
    expect((await memory.tail({ maxMessages: 3, toSeq: 10 })).map((e) => e.seq)).toEqual([8, 9, 10]);
    expect((await memory.tail({ maxMessages: 300, toSeq: 400 })).map((e) => e.seq)).toEqual(
      Array.from({ length: 300 }, (_, i) => 101 + i),
    );
    expect(await memory.tail({ maxMessages: 3, toSeq: 0 })).toEqual([]);
    await expect(memory.tail({ maxMessages: 3, toSeq: 1.5 })).rejects.toThrow(/toSeq must be an integer/);
  });

  it('recentAppends: what this memory appended after a mark, as stored, until it is no longer kept', async () => {
    const store = createMemoryStore();
    const memory = createConversationMemory({ store });
    const other = createConversationMemory({ store, sessionId: memory.sessionId });
    const start = memory.recentAppends();
    expect(start.entries).toEqual([]);
    await memory.store([{ role: 'user', content: 'a' }]);
    await other.store({ role: 'user', content: 'not mine' });
    await memory.store({ role: 'assistant', content: 'b' });
    const since = memory.recentAppends(start.mark);
    expect(since.entries).toEqual(
      await memory
        .entries({ roles: ['user', 'assistant'] })
        .then((es) => es.filter((e) => e.message.content !== 'not mine')),
    );
    expect(since.entries!.map((e) => e.seq)).toEqual([1, 3]);
    expect(memory.recentAppends(since.mark).entries).toEqual([]);
    await memory.store(Array.from({ length: 600 }, (_, i) => ({ role: 'user' as const, content: `m${i}` })));
    expect(memory.recentAppends(since.mark).entries).toBeUndefined();
    const last = memory.recentAppends(since.mark + 350).entries!;
    expect(last.map((e) => e.seq)).toEqual(Array.from({ length: 250 }, (_, i) => 354 + i));
  });

  it('a batch too large to spread into arguments is stored and acknowledged, not refused after its commit', async () => {
    const memory = createConversationMemory({ store: createMemoryStore() });
    const mark = memory.recentAppends().mark;
    const n = 300_000;
    await memory.store(Array.from({ length: n }, (_, i) => ({ role: 'user' as const, content: `${i}` })));
    expect((await memory.stats()).count).toBe(n);
    expect(memory.recentAppends(mark).entries).toBeUndefined();
    expect(memory.recentAppends(mark + n - 2).entries!.map((e) => e.seq)).toEqual([n - 1, n]);
  }, 60_000);

  it('reopens a session by id: history kept, appended() counts from the reopen', async () => {
    const store = createMemoryStore();
    const first = createConversationMemory({ store, sessionId: 's1' });
    await first.store({ role: 'user', content: 'before' });
    const again = createConversationMemory({ store, sessionId: 's1' });
    await again.store({ role: 'user', content: 'after' });
    expect((await again.read()).map((m) => m.content)).toEqual(['before', 'after']);
    expect((await again.appended()).map((m) => m.content)).toEqual(['after']);
  });

  it('saves and loads its state (StateModule)', async () => {
    const a = createConversationMemory();
    await a.store([{ role: 'user', content: 'x' }, ...toolTurn('k')]);
    const state = await a.saveState();
    const b = createConversationMemory();
    await b.store({ role: 'user', content: 'to be replaced' });
    await b.loadState(JSON.parse(JSON.stringify(state)));
    expect(await b.read()).toEqual(await a.read());
    await expect(b.loadState({ nope: true })).rejects.toThrow(/loadState/);
  });

  it('validates arguments with typed errors', async () => {
    const memory = createConversationMemory();
    await expect(memory.recent(-1)).rejects.toThrow(MemoryError);
    await expect(memory.prune(Number.NaN)).rejects.toThrow(/prune/);
    await expect(memory.deleteAt(1.5)).rejects.toThrow(/deleteAt/);
    expect(() => createConversationMemory({ scope: { tenant: '' } })).toThrow(/scope.tenant/);
    // A misspelt field would widen the scope to the whole tenant: refused, naming it.
    const misspelt = { tenant: 'acme', usr: 'ada' } as unknown as { tenant: string };
    expect(() => createConversationMemory({ scope: misspelt })).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(/scope\.usr: not a scope field/),
      }),
    );
    // A misspelt sessionId was ignored: every message went to a new session of its own.
    expect(() => createConversationMemory({ sesionId: 's1' } as never)).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(/createConversationMemory\(options\)\.sesionId: not an option/),
      }),
    );
  });

  it('keeps the call order of un-awaited store() calls, even when the store answers out of order', async () => {
    const real = createMemoryStore();
    // A real store whose appends settle after random delays, as pooled connections do.
    const store = {
      ...real,
      append: async (...args: Parameters<typeof real.append>) => {
        await new Promise((r) => setTimeout(r, Math.random() * 5));
        return real.append(...args);
      },
    };
    const memory = createConversationMemory({ store });
    await Promise.all(Array.from({ length: 50 }, (_, i) => memory.store({ role: 'user', content: `m${i}` })));
    expect((await memory.read()).map((m) => m.content)).toEqual(
      Array.from({ length: 50 }, (_, i) => `m${i}`),
    );
  });

  it('leaves the log untouched when loadState is given a bad state', async () => {
    const memory = createConversationMemory();
    await memory.store({ role: 'user', content: 'precious' });
    const dup = { id: 'same', createdAt: { $date: '2026-01-01T00:00:00.000Z' }, role: 'user', content: 'x' };
    await expect(memory.loadState({ messages: [dup, { ...dup, content: 'y' }] })).rejects.toThrow(
      MemoryError,
    );
    await expect(memory.loadState({ messages: [{ role: 'nobody' }] })).rejects.toThrow(MemoryError);
    expect((await memory.read()).map((m) => m.content)).toEqual(['precious']);
    const small = createMemoryStore({ maxMessageBytes: 2_000 });
    const limited = createConversationMemory({ store: small });
    await limited.store({ role: 'user', content: 'kept' });
    const big = {
      id: 'big',
      createdAt: { $date: '2026-01-01T00:00:00.000Z' },
      role: 'user',
      content: 'z'.repeat(5_000),
    };
    await expect(limited.loadState({ messages: [big] })).rejects.toSatisfy((e) =>
      MemoryError.hasCode(e, 'PAYLOAD_TOO_LARGE'),
    );
    expect((await limited.read()).map((m) => m.content)).toEqual(['kept']);
  });

  it('lets two memories open the same new session at once, and seeds initialMessages only into an empty log', async () => {
    const store = createMemoryStore();
    const system = { role: 'system' as const, content: 'You are helpful' };
    const a = createConversationMemory({ store, sessionId: 'chat-1', initialMessages: [system] });
    const b = createConversationMemory({ store, sessionId: 'chat-1', initialMessages: [system] });
    await Promise.all([
      a.store({ role: 'user', content: 'from a' }),
      b.store({ role: 'user', content: 'from b' }),
    ]);
    const c = createConversationMemory({ store, sessionId: 'chat-1', initialMessages: [system] });
    const contents = (await c.read()).map((m) => m.content);
    expect(contents.filter((x) => x === 'You are helpful')).toHaveLength(1);
    expect(contents.slice(1).sort()).toEqual(['from a', 'from b']);
    expect(await c.appended()).toEqual([]);
  });

  it('retries a failed open on the next call', async () => {
    const real = createMemoryStore();
    let failures = 1;
    const store = {
      ...real,
      getSession: async (...args: Parameters<typeof real.getSession>) => {
        if (failures-- > 0) throw new MemoryError({ code: 'STORE_ERROR', message: 'server down' });
        return real.getSession(...args);
      },
    };
    const memory = createConversationMemory({ store });
    await expect(memory.read()).rejects.toThrow(/server down/);
    expect(await memory.read()).toEqual([]);
  });
});

describe('ConversationMemory clock', () => {
  it("stamps a message stored without createdAt with the clock's time, and keeps a given one", async () => {
    const at = new Date(Date.UTC(2024, 4, 8, 9, 30));
    const memory = createConversationMemory({ clock: { now: () => new Date(at) } });
    const given = new Date(Date.UTC(2020, 0, 1));
    const [first, second] = await memory.store([
      { role: 'user', content: 'hello' },
      { role: 'assistant', content: 'hi', createdAt: given } as ModelMessage,
    ]);
    expect(first?.createdAt).toEqual(at);
    expect(second?.createdAt).toEqual(given);
    expect((await memory.read()).map((m) => m.createdAt)).toEqual([at, given]);
  });

  it('refuses a clock that is not an object with now(), naming it', () => {
    for (const clock of [null, 1, 'now', {}, { now: 1 }, () => new Date()])
      expect(() => createConversationMemory({ clock: clock as unknown as { now(): Date } })).toThrow(
        /clock (must be an object with a now\(\) method|must not be null)/,
      );
    try {
      createConversationMemory({ clock: {} as unknown as { now(): Date } });
    } catch (error) {
      expect(MemoryError.hasCode(error, 'INVALID_ARGUMENT')).toBe(true);
    }
  });

  it('stores nothing when the clock gives an invalid time: the message is refused whole', async () => {
    const memory = createConversationMemory({ clock: { now: () => new Date(Number.NaN) } });
    await expect(memory.store({ role: 'user', content: 'x' })).rejects.toThrow(/createdAt/);
    expect(await memory.read()).toEqual([]);
  });
});
