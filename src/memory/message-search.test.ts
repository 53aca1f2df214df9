import { describe, expect, it } from 'vitest';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { createConversationMemory } from './conversation-memory.ts';

/** A store that counts the log pages it is asked for. */
function counting(store: MemoryStoreV1): { store: MemoryStoreV1; pages: () => number } {
  let pages = 0;
  const wrapped = Object.create(store) as MemoryStoreV1;
  wrapped.readRange = (...args) => {
    pages++;
    return store.readRange(...args);
  };
  return { store: wrapped, pages: () => pages };
}

const texts = [
  'The quick Brown fox',
  'brownie recipe',
  'a brown brown brown dog, very brown',
  'nothing here',
  'Brown again',
];

describe('ConversationMemory.search', () => {
  it('answers from the store index by default, never reading the log: best first, or the same hits oldest first', async () => {
    const { store, pages } = counting(createSqliteStore({ path: ':memory:' }));
    const memory = createConversationMemory({ store, sessionId: 's' });
    await memory.store(texts.map((content) => ({ role: 'user' as const, content })));
    const before = pages();
    const ranked = await memory.search('brown');
    expect(pages()).toBe(before);
    expect(ranked[0]!.content).toBe('a brown brown brown dog, very brown');
    expect(ranked.map((m) => m.content).sort()).toEqual(
      ['Brown again', 'The quick Brown fox', texts[2]].sort(),
    );
    expect((await memory.search('brown', { order: 'log' })).map((m) => m.content)).toEqual([
      'The quick Brown fox',
      texts[2],
      'Brown again',
    ]);
    expect(await memory.search('brown', { limit: 1 })).toEqual([ranked[0]]);
    expect(await memory.search('brown', { limit: Number.POSITIVE_INFINITY })).toEqual(ranked);
    expect(await memory.search('brown', { limit: 0 })).toEqual([]);
    expect(pages()).toBe(before);
    await store.close();
  });

  it("mode 'contains' is seed 001's case-insensitive substring search, oldest first, paged with limit and after", async () => {
    for (const raw of [createSqliteStore({ path: ':memory:' }), createMemoryStore()]) {
      const memory = createConversationMemory({ store: raw, sessionId: 's' });
      await memory.store(texts.map((content) => ({ role: 'user' as const, content })));
      const all = await memory.search('BROWN', { mode: 'contains', limit: Number.POSITIVE_INFINITY });
      expect(all.map((m) => m.content)).toEqual([
        'The quick Brown fox',
        'brownie recipe',
        texts[2],
        'Brown again',
      ]);
      expect((await memory.search('OWN FO', { mode: 'contains' })).map((m) => m.content)).toEqual([
        'The quick Brown fox',
      ]);
      const first = await memory.search('brown', { mode: 'contains', limit: 2 });
      expect(first).toEqual(all.slice(0, 2));
      const next = await memory.search('brown', { mode: 'contains', limit: 2, after: first.at(-1)!.id });
      expect(next).toEqual(all.slice(2, 4));
      expect(await memory.search('brown', { mode: 'contains', after: next.at(-1)!.id })).toEqual([]);
      expect(await memory.search('   ', { mode: 'contains' })).toEqual([]);
      await raw.close();
    }
  });

  it('rejects bad options with INVALID_ARGUMENT and bad text with INVALID_QUERY, before touching the store', async () => {
    const memory = createConversationMemory({ sessionId: 's' });
    await memory.store({ role: 'user', content: 'hello' });
    const bad = [
      null,
      'words',
      { mode: 'fuzzy' },
      { order: 'newest' },
      { mode: 'contains', order: 'relevance' },
      { limit: -1 },
      { limit: 1.5 },
      { limit: Number.NaN },
      { after: 'x' },
      { mode: 'contains', after: 42 },
    ];
    for (const options of bad) {
      const error = await memory.search('hello', options as never).catch((e: unknown) => e);
      expect(MemoryError.hasCode(error, 'INVALID_ARGUMENT'), JSON.stringify(options)).toBe(true);
    }
    const error = await memory
      .search('hello', { mode: 'contains', after: 'msg_gone' })
      .catch((e: unknown) => e);
    expect(MemoryError.hasCode(error, 'INVALID_ARGUMENT')).toBe(true);
    expect(String(error)).toContain('msg_gone');
    expect(
      MemoryError.hasCode(await memory.search(42 as never).catch((e: unknown) => e), 'INVALID_QUERY'),
    ).toBe(true);
  });
});
