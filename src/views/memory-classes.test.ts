import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { call, result, say, system, user } from '../../test-support/view-helpers.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import type { LogBackedMemory } from '../memory/log-backed-memory.ts';
import { createSimpleMemory, SimpleMemory } from '../memory/simple-memory.ts';
import { toModelMessages } from '../messages/to-model-message.ts';
import { arbConversation } from '../testing/conversation-arbitrary.ts';
import { checkPairs } from '../testing/view-invariants.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import {
  SlidingWindowMemory,
  SummarizingMemory,
  type SummarizingMemoryOptions,
  TokenWindowMemory,
} from './memory-classes.ts';
import { createSlidingWindowMemory } from './sliding-window-memory.ts';
import { createTokenWindowMemory } from './token-window-memory.ts';

const counter = createTokenCounter();
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const sqlitePath = () => {
  const dir = mkdtempSync(join(tmpdir(), 'engram-classes-'));
  dirs.push(dir);
  return join(dir, 'memory.db');
};

/** A conversation split into what the constructor gets and what is stored afterwards. */
const arbSplit = fc
  .tuple(arbConversation(), fc.nat(60))
  .map(([messages, n]) => ({ initial: messages.slice(0, n), rest: messages.slice(n) }));

/** Stores `rest` one message at a time, as seed 000's agent loop does. */
async function storeAll(memory: LogBackedMemory, rest: readonly ModelMessage[]) {
  for (const m of rest) await memory.store(m);
}

describe("seed 000's memory classes return exactly what was stored", () => {
  it('every class, when nothing has to be left out: read() equals the messages, appended() the stored ones', async () => {
    await fc.assert(
      fc.asyncProperty(arbSplit, async ({ initial, rest }) => {
        const all = [...initial, ...rest];
        const memories: LogBackedMemory[] = [
          new SimpleMemory(initial, { counter }),
          new SlidingWindowMemory(initial, 10_000, { counter }),
          new TokenWindowMemory(initial, 10_000_000, { counter }),
          new SummarizingMemory(initial, {
            maxMessages: 10_000,
            summarizer: () => Promise.reject(new Error('not expected')),
            counter,
          }),
        ];
        for (const memory of memories) {
          expect(memory.initialCount).toBe(initial.length);
          await storeAll(memory, rest);
          expect(await memory.read()).toEqual(all);
          expect(await memory.appended()).toEqual(rest);
          expect(memory.initialCount).toBe(initial.length);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('the window classes read through the same views as the factories, minus engram fields', async () => {
    await fc.assert(
      fc.asyncProperty(
        arbSplit,
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 50, max: 3000 }),
        async ({ initial, rest }, windowSize, maxTokens) => {
          const sliding = new SlidingWindowMemory(initial, windowSize, { counter });
          const tokens = new TokenWindowMemory(initial, maxTokens, { counter, overflow: 'error' });
          await storeAll(sliding, rest);
          await storeAll(tokens, rest);
          const slidingOut = await sliding.read();
          expect(slidingOut).toEqual(
            toModelMessages(
              await createSlidingWindowMemory({
                conversation: sliding.conversation,
                windowSize,
                startOn: 'any', // the seed class's rule
              }).read(),
            ),
          );
          checkPairs(slidingOut);
          const factory = createTokenWindowMemory({
            conversation: tokens.conversation,
            maxTokens,
            overflow: 'error',
          });
          const expected = await factory.read().then(toModelMessages, (e: unknown) => e);
          const actual = await tokens.read().catch((e: unknown) => e);
          if (expected instanceof MemoryError) expect(actual).toMatchObject({ code: expected.code });
          else {
            expect(actual).toEqual(expected);
            checkPairs(actual as ModelMessage[]);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('bad constructor input', () => {
  it('messages that are not an array are a typed error naming the class', () => {
    for (const make of [
      (m: ModelMessage[]) => new SimpleMemory(m),
      (m: ModelMessage[]) => new SlidingWindowMemory(m, 3),
      (m: ModelMessage[]) => new TokenWindowMemory(m, 100),
    ]) {
      for (const messages of [null, 'hello', { role: 'user', content: 'x' }]) {
        expect(() => make(messages as unknown as ModelMessage[])).toThrow(MemoryError);
      }
    }
    expect(() => new SlidingWindowMemory(null as unknown as ModelMessage[])).toThrow(
      /SlidingWindowMemory: messages must be an array/,
    );
  });

  it('a misspelt option is a typed error naming the class and the key, not its default', () => {
    const summarizer = async () => 'summary';
    const misspelt: [() => unknown, RegExp][] = [
      // The scope fell back to the whole default tenant.
      [() => new SimpleMemory([], { scop: { tenant: 't' } } as never), /new SimpleMemory\(options\)\.scop:/],
      [
        () => createSimpleMemory([], { scop: { tenant: 't' } } as never),
        /createSimpleMemory\(options\)\.scop:/,
      ],
      // The constructor's messages replaced these without a word.
      [() => new SimpleMemory([], { initialMessages: [] } as never), /\.initialMessages: not an option/],
      [
        () => new SlidingWindowMemory([], 3, { starton: 'user' } as never),
        /SlidingWindowMemory\(options\)\.starton:/,
      ],
      [
        () => new TokenWindowMemory([], 100, { reserveToken: 50 } as never),
        /TokenWindowMemory\(options\)\.reserveToken:/,
      ],
      [
        () => new SummarizingMemory([], { summarizer, maxMessage: 4 } as never),
        /SummarizingMemory\(options\)\.maxMessage:/,
      ],
    ];
    for (const [make, message] of misspelt)
      expect(make).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(message) }),
      );
    expect(
      new TokenWindowMemory([], 100, { reserveTokens: 50, startOn: 'user', sessionId: 's' }),
    ).toBeDefined();
  });

  it('a bad window size or budget is a typed error', () => {
    expect(() => new SlidingWindowMemory([], 0)).toThrow(MemoryError);
    expect(() => new SlidingWindowMemory([], 2.5)).toThrow(/windowSize/);
    expect(() => new TokenWindowMemory([], Number.NaN)).toThrow(/maxTokens/);
  });
});

describe('SlidingWindowMemory', () => {
  it('holds a few fewer messages rather than start on a tool result cut from its call', async () => {
    const memory = new SlidingWindowMemory(
      [system('s'), user('q'), call('a', 'b'), result('a'), result('b')],
      3,
    );
    // The newest unit (call + 2 results) does not fit beside the system message: it is shown whole anyway.
    expect(await memory.read()).toEqual([system('s'), call('a', 'b'), result('a'), result('b')]);
    await memory.store(user('next'));
    // The seed's slice(-3) would be [result a, result b, next]: tool results without their call (a provider 400).
    expect(await memory.read()).toEqual([system('s'), user('next')]);
  });

  it('defaults windowSize to 30, as the seed does', async () => {
    const messages = Array.from({ length: 40 }, (_, i) => user(`m${i}`));
    expect(await new SlidingWindowMemory(messages).read()).toEqual(messages.slice(-30));
  });
});

describe('TokenWindowMemory', () => {
  it('keeps the newest whole units within maxTokens - reserveTokens', async () => {
    const messages = Array.from({ length: 50 }, (_, i) => user(`message number ${i} with a few words`));
    const memory = new TokenWindowMemory(messages, 120, { counter, reserveTokens: 20 });
    const out = await memory.read();
    expect(out).toEqual(messages.slice(-out.length));
    expect(memory.view.lastStats()!.tokens).toBeLessThanOrEqual(100);
    expect(out.length).toBeGreaterThan(0);
  });

  it('rejects a bad budget with a typed error', () => {
    expect(() => new TokenWindowMemory([], 0)).toThrow(MemoryError);
  });
});

describe('SummarizingMemory', () => {
  const turns = (from: number, n: number) =>
    Array.from({ length: n }, (_, i) => (i % 2 === 0 ? user(`u${from + i}`) : say(`a${from + i}`)));

  it('summarizes incrementally: never on a read of an unchanged log, each message once, the previous summary first', async () => {
    const calls: ModelMessage[][] = [];
    const memory = new SummarizingMemory(turns(0, 10), {
      maxMessages: 8,
      summarizer: async (messages) => {
        calls.push(messages);
        return `summary ${calls.length}`;
      },
    });
    const first = await memory.read();
    expect(calls).toHaveLength(1);
    expect(first[0]).toEqual({ role: 'user', content: '[Summary of earlier conversation: summary 1]' });
    expect(first.length).toBeLessThanOrEqual(8);
    for (let i = 0; i < 5; i++) expect(await memory.read()).toEqual(first); // seed 000 summarizes on each of these
    expect(calls).toHaveLength(1);

    for (const m of turns(10, 20)) {
      await memory.store(m);
      expect((await memory.read()).length).toBeLessThanOrEqual(8);
    }
    expect(calls.length).toBeLessThanOrEqual(6); // 20 new messages, 4 verbatim kept per summary
    const summarized = calls.flatMap((c, i) => (i === 0 ? c : c.slice(1)));
    const texts = summarized.map((m) => JSON.stringify(m.content));
    expect(new Set(texts).size).toBe(texts.length); // each message summarized once
    for (const [i, c] of calls.entries()) {
      if (i > 0)
        expect(c[0]).toEqual({ role: 'user', content: `[Summary of earlier conversation: summary ${i}]` });
    }
  });

  it('a durable session reopened by a new instance reuses the stored summary and sets initialCount from the log', async () => {
    const path = sqlitePath();
    let calls = 0;
    const summarizer = async () => `summary ${++calls}`;
    const store = createSqliteStore({ path });
    const before = new SummarizingMemory(turns(0, 30), {
      maxMessages: 10,
      summarizer,
      store,
      sessionId: 'chat',
    });
    const seen = await before.read();
    expect(calls).toBe(1);
    await store.close();

    const reopened = createSqliteStore({ path });
    const after = new SummarizingMemory([], {
      maxMessages: 10,
      summarizer,
      store: reopened,
      sessionId: 'chat',
    });
    expect(await after.read()).toEqual(seen);
    expect(calls).toBe(1);
    expect(after.initialCount).toBe(30);
    expect(await after.appended()).toEqual([]);
    await after.store(user('more'));
    expect(await after.appended()).toEqual([user('more')]);
    await reopened.close();
  });

  it('rejects missing options and a summarizer that is not a function with a typed error', () => {
    const bad = [undefined, {}, { summarizer: 'llm' }] as unknown as SummarizingMemoryOptions[];
    for (const options of bad) {
      expect(() => new SummarizingMemory([], options)).toThrow(/options\.summarizer must be a function/);
      expect(() => new SummarizingMemory([], options)).toThrow(MemoryError);
    }
  });

  it('a failing summarizer is a typed SUMMARIZER_ERROR and the log is kept', async () => {
    const memory = new SummarizingMemory(turns(0, 30), {
      summarizer: () => Promise.reject(new Error('model down')),
    });
    await expect(memory.read()).rejects.toMatchObject({ code: 'SUMMARIZER_ERROR' });
    expect(await memory.conversation.read()).toHaveLength(30);
  });
});
