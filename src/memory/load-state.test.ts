import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { arbModelMessage } from '../testing/message-arbitraries.ts';
import { createEstimateTokenCounter } from '../tokens/estimate-token-counter.ts';
import { createConversationMemory } from './conversation-memory.ts';

const counter = createEstimateTokenCounter();
const stores: [string, () => MemoryStoreV1][] = [
  ['memory', () => createMemoryStore()],
  ['sqlite', () => createSqliteStore({ path: ':memory:' })],
];
/** A saved state as it comes back from a file or a database: plain JSON. */
const asJson = async (memory: { saveState(): unknown }) =>
  JSON.parse(JSON.stringify(await memory.saveState()));

describe.each(stores)('ConversationMemory.loadState over %s', (_, open) => {
  it('loading the state the log already holds writes nothing, whatever the messages (property)', async () => {
    const store = open();
    await fc.assert(
      fc.asyncProperty(
        fc.array(arbModelMessage, { minLength: 1, maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 2 }),
        async (messages, deletes) => {
          const memory = createConversationMemory({ store, counter });
          const stored = await memory.append(messages);
          for (const i of deletes) await memory.delete(stored[i % stored.length]!.id);
          const state = await asJson(memory);
          const before = {
            stats: await memory.stats(),
            entries: await memory.entries(),
            session: await store.getSession(memory.scope, memory.sessionId),
          };
          const reopened = createConversationMemory({ store, counter, sessionId: memory.sessionId });
          await reopened.loadState(state);
          expect(await reopened.stats()).toEqual(before.stats);
          expect(await reopened.entries()).toEqual(before.entries);
          expect(await store.getSession(memory.scope, memory.sessionId)).toEqual(before.session);
        },
      ),
      { numRuns: 60 },
    );
    await store.close();
  });

  it('appended() counts from the loaded log; a refused state leaves the log and the baseline', async () => {
    const store = open();
    const source = createConversationMemory({ store, counter });
    await source.store([
      { role: 'user', content: 'q1' },
      { role: 'assistant', content: 'a1' },
    ]);
    const memory = createConversationMemory({ store, counter });
    await memory.store({ role: 'user', content: 'old' });
    expect(await memory.appended()).toHaveLength(1);
    await memory.loadState(await asJson(source));
    expect((await memory.read()).map((m) => m.content)).toEqual(['q1', 'a1']);
    expect(await memory.appended()).toEqual([]);
    await memory.store({ role: 'user', content: 'q2' });
    expect((await memory.appended()).map((m) => m.content)).toEqual(['q2']);
    const bad = {
      messages: [
        { role: 'user', content: 'x', id: 'same' },
        { role: 'user', content: 'y', id: 'same' },
      ],
    };
    await expect(memory.loadState(bad)).rejects.toMatchObject({ code: 'DUPLICATE_MESSAGE_ID' });
    expect((await memory.read()).map((m) => m.content)).toEqual(['q1', 'a1', 'q2']);
    expect((await memory.appended()).map((m) => m.content)).toEqual(['q2']);
    await store.close();
  });

  it('a state holding what JSON would change is refused naming the path, never thrown raw, and the log is kept', async () => {
    const store = open();
    const memory = createConversationMemory({ store, counter, sessionId: 'v' });
    await memory.store({ role: 'user', content: 'kept' });
    const state = (metadata: unknown) => ({
      messages: [
        { role: 'user', content: 'x', id: 'a', createdAt: { $date: '2020-01-01T00:00:00.000Z' }, metadata },
      ],
    });
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    for (const [label, metadata] of [
      ['bigint', { v: 1n }],
      ['NaN', { v: Number.NaN }],
      ['-0', { v: -0 }],
      ['deep', deep],
    ] as const) {
      const error = await Promise.resolve(memory.loadState(state(metadata) as never)).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(MemoryError.isInstance(error), `${label}: ${String(error)}`).toBe(true);
      expect((error as MemoryError).message, label).toMatch(/state\.messages\[0\]\.metadata/);
    }
    expect((await memory.read()).map((m) => m.content)).toEqual(['kept']);
    await store.close();
  });
});
