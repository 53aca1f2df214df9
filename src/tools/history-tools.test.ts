import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import { createHistoryTools } from './history-tools.ts';

type SearchOutput = { matches: number; note?: string; messages: string };

describe('search_history by relevance', () => {
  it('finds the message naming what a description asks for first, with the part around it (SQLite)', async () => {
    const store = createSqliteStore({ path: ':memory:' });
    const memory = createConversationMemory({ store, counter: createTokenCounter() });
    const page = 'configure the service, its deployment and every key before you install. ';
    for (let i = 1; i <= 40; i++) {
      const fact = i === 9 ? 'Internal note: the deployment key for service-9 is K9-1234X. ' : '';
      await memory.store({
        role: 'user',
        content: `${page.repeat(30)}${fact}${page.repeat(i)} service-${i}`,
      });
    }
    const tools = createHistoryTools({ memory });
    const call = (input: { query: string; limit?: number }) =>
      tools.search_history.execute!(input, {
        toolCallId: 't',
        messages: [],
        context: {},
      }) as Promise<SearchOutput>;
    const out = await call({ query: 'the deployment key for service-9', limit: 1 });
    expect(out.matches).toBe(1);
    expect(out.messages).toContain('K9-1234X');
    const some = await call({ query: 'deployment passphrase of service-9', limit: 3 });
    expect(some.note).toMatch(/No message holds every word/);
    expect(some.messages).toContain('K9-1234X');
    expect(await call({ query: '?! …' })).toEqual({
      error: expect.stringMatching(/no word to search for|holds no word/),
    });
    await store.close();
  });

  it('never drops a message the store search finds: each all-words match is listed (limit permitting)', async () => {
    const word = fc.constantFrom('alpha', 'beta', 'gamma', 'service-7', 'key', 'K7-5433X', 'note');
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(word, { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 20 }),
        fc.array(word, { minLength: 1, maxLength: 3 }),
        async (docs, q) => {
          const memory = createConversationMemory({
            store: createMemoryStore(),
            counter: createTokenCounter(),
          });
          for (const d of docs) await memory.store({ role: 'user', content: d.join(' ') });
          const text = q.join(' ');
          const naive = await memory.search(text, { limit: 20 });
          const out = (await createHistoryTools({ memory }).search_history.execute!(
            { query: text, limit: 20 },
            { toolCallId: 't', messages: [], context: {} },
          )) as SearchOutput;
          for (const m of naive) expect(out.messages).toContain(`[${m.id}]`);
        },
      ),
      { numRuns: 30 },
    );
  });
});
