import { describe, expect, it } from 'vitest';
import { tempSqliteStores } from '../../test-support/temp-sqlite-store.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { createEstimateTokenCounter } from '../tokens/estimate-token-counter.ts';
import { createRagMemory } from './rag-memory.ts';

const counter = createEstimateTokenCounter();
const sqlite = tempSqliteStores('rag');
const scope = { tenant: 't' };

describe('createRagMemory: messages the log takes are indexed', () => {
  it('a long text whose index cut falls inside a surrogate pair is indexed (not refused after it was stored)', async () => {
    const store = sqlite();
    const memory = createConversationMemory({ store, scope, sessionId: 's', counter });
    const rag = createRagMemory({ memory });
    // 16,383 characters, then an emoji (two UTF-16 code units) across the 16,384th.
    const content = `${'a'.repeat(16_383)}\u{1F600} staging`;
    const stored = await rag.addWithEmbedding({ role: 'user', content });
    expect(stored.content).toBe(content);
    const [record] = (await rag.index.records.listRecords(scope, { filter: { kinds: ['message'] } })).records;
    expect(record?.text.isWellFormed()).toBe(true);
    store.close();
  });

  it('a message with a lone surrogate or a NUL, which the log takes, is indexed too (its search text made well-formed)', async () => {
    const store = sqlite();
    const memory = createConversationMemory({ store, scope, sessionId: 's', counter });
    const rag = createRagMemory({ memory });
    const lone = await rag.addWithEmbedding({ role: 'user', content: 'staging \uD800 server' });
    const nul = await rag.addWithEmbedding({ role: 'user', content: 'lunch \u0000 noon' });
    expect(lone.content).toBe('staging \uD800 server');
    expect((await rag.retrieveRelevant('staging server')).map((m) => m.id)).toEqual([lone.id]);
    expect((await rag.retrieveRelevant('lunch')).map((m) => m.id)).toEqual([nul.id]);
    store.close();
  });

  it('sessions and message ids that join to the same text are indexed apart', async () => {
    const store = sqlite();
    const open = (sessionId: string) =>
      createRagMemory({ memory: createConversationMemory({ store, scope, sessionId, counter }) });
    const a = open('a_b');
    const b = open('a');
    await a.addWithEmbedding({ role: 'user', content: 'The staging server is db-7.', id: 'c' } as never);
    await b.addWithEmbedding({ role: 'user', content: 'My cat is called Tom.', id: 'b_c' } as never);
    expect((await a.retrieveRelevant('staging server')).map((m) => m.id)).toEqual(['c']);
    expect((await b.retrieveRelevant('cat')).map((m) => m.id)).toEqual(['b_c']);
    store.close();
  });

  it('the longest session id with the longest message id is indexed', async () => {
    const store = sqlite();
    const memory = createConversationMemory({ store, scope, sessionId: 's'.repeat(256), counter });
    const rag = createRagMemory({ memory });
    const id = 'm'.repeat(256);
    await rag.addWithEmbedding({ role: 'user', content: 'Lunch is at noon.', id } as never);
    expect((await rag.retrieveRelevant('lunch')).map((m) => m.id)).toEqual([id]);
    store.close();
  });
});
