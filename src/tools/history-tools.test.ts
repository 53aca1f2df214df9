import { describe, expect, it } from 'vitest';
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
});
