import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { failingRecords } from '../../test-support/hooked-records.ts';
import { tempSqliteStores } from '../../test-support/temp-sqlite-store.ts';
import { topicEmbeddingModel, topicModelId } from '../../test-support/topic-embedding-model.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createMemoryStore } from '../drivers/memory/index.ts';
import type { LongTermEmbedder } from '../longterm/embedder.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { createEstimateTokenCounter } from '../tokens/estimate-token-counter.ts';
import { createRagMemory, type RagMemory } from './rag-memory.ts';

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

const drivers = [
  ['memory', () => createMemoryStore()],
  ['sqlite', () => sqlite()],
] as const;

describe.each(drivers)('createRagMemory on %s: a failed add can be retried', (_, open) => {
  const indexed = async (rag: RagMemory) =>
    (await rag.index.records.listRecords(scope, { filter: { kinds: ['message'] } })).records.length;
  const unembedded = (rag: RagMemory) => rag.index.records.missingEmbeddings(scope, topicModelId, 10);

  it('an embedding failure stores nothing; the retry stores the message once, indexed with its vector', async () => {
    const store = open();
    const topics = topicEmbeddingModel();
    const memory = createConversationMemory({ store, scope, sessionId: 's', counter });
    const rag = createRagMemory({ memory, embedding: topics.model });
    for (const message of [
      { role: 'user', content: 'The staging server is db-7.' },
      { role: 'user', content: 'Lunch is at twelve.', id: 'm-lunch' },
    ] as ModelMessage[]) {
      const before = await memory.read();
      topics.failNext();
      await expect(rag.addWithEmbedding(message)).rejects.toThrow('embedding model down');
      expect(await memory.read()).toEqual(before);
      await rag.addWithEmbedding(message);
    }
    const [staging, lunch] = await memory.read();
    expect((await memory.read()).map((m) => m.content)).toEqual([
      'The staging server is db-7.',
      'Lunch is at twelve.',
    ]);
    expect(lunch?.id).toBe('m-lunch');
    expect(await indexed(rag)).toBe(2);
    expect(await unembedded(rag)).toEqual([]);
    // Found by their vectors alone (no shared word).
    expect((await rag.retrieveRelevant('database', 1)).map((m) => m.id)).toEqual([staging?.id]);
    expect((await rag.retrieveRelevant('food', 1)).map((m) => m.id)).toEqual(['m-lunch']);
    await store.close();
  });

  it('a message a failed index write left in the log is indexed by the retry (same id), stored once', async () => {
    const { store, failNext } = failingRecords(open(), 'addRecords');
    const topics = topicEmbeddingModel();
    const memory = createConversationMemory({ store, scope, sessionId: 's', counter });
    const rag = createRagMemory({ memory, embedding: topics.model });
    const message = { role: 'user', content: 'The staging server is db-7.', id: 'm1' } as ModelMessage;
    failNext();
    await expect(rag.addWithEmbedding(message)).rejects.toThrow('disk full');
    const [stored] = await memory.read();
    expect(stored?.id).toBe('m1'); // the log took it before the index write failed
    const retried = await rag.addWithEmbedding(message);
    expect(retried).toEqual(stored);
    expect(await memory.read()).toHaveLength(1);
    expect(await indexed(rag)).toBe(1);
    expect(await unembedded(rag)).toEqual([]);
    expect((await rag.retrieveRelevant('database')).map((m) => m.id)).toEqual(['m1']);
    // Another message under the id is still refused.
    await expect(
      rag.addWithEmbedding({ role: 'user', content: 'Something else.', id: 'm1' } as ModelMessage),
    ).rejects.toSatisfy((e) => MemoryError.hasCode(e, 'DUPLICATE_MESSAGE_ID'));
    await store.close();
  });

  it('a message a failed index write left in the log (no id to retry by) is indexed when the memory is next used', async () => {
    const { store, failNext } = failingRecords(open(), 'addRecords');
    const topics = topicEmbeddingModel();
    const memory = createConversationMemory({ store, scope, sessionId: 's', counter });
    failNext();
    await expect(
      createRagMemory({ memory, embedding: topics.model }).addWithEmbedding({
        role: 'user',
        content: 'The staging server is db-7.',
      }),
    ).rejects.toThrow('disk full');
    const [stored] = await memory.read();
    // A memory opened again over the log (as after a restart) finds it by its vector.
    const rag = createRagMemory({ memory, embedding: topics.model });
    expect((await rag.retrieveRelevant('database')).map((m) => m.id)).toEqual([stored?.id]);
    expect(await unembedded(rag)).toEqual([]);
    await store.close();
  });

  it('a message stored through the memory directly is indexed by the next add; un-awaited adds keep their order', async () => {
    const store = open();
    const memory = createConversationMemory({ store, scope, sessionId: 's', counter });
    // The first text takes longest to embed.
    const slow: LongTermEmbedder = {
      id: 'test:slow',
      maxChars: 1000,
      batchSize: 8,
      async embed(texts) {
        await new Promise((r) => setTimeout(r, texts[0]?.includes('first') ? 30 : 1));
        return texts.map((t) => [/db-|database/.test(t) ? 1 : 0, 0.05]);
      },
    };
    const rag = createRagMemory({ memory, embedding: slow });
    const [direct] = await memory.append({ role: 'user', content: 'The staging server is db-7.' });
    await Promise.all([
      rag.addWithEmbedding({ role: 'user', content: 'first' }),
      rag.addWithEmbedding({ role: 'user', content: 'second' }),
    ]);
    expect((await memory.read()).map((m) => m.content)).toEqual([
      'The staging server is db-7.',
      'first',
      'second',
    ]);
    expect(await indexed(rag)).toBe(3);
    expect((await rag.retrieveRelevant('database', 1)).map((m) => m.id)).toEqual([direct?.id]);
    await store.close();
  });

  it('an id a delete freed and a new message took is indexed with the new text, not refused after the append', async () => {
    const store = open();
    const memory = createConversationMemory({ store, scope, sessionId: 's', counter });
    const rag = createRagMemory({ memory, embedding: topicEmbeddingModel().model });
    await rag.addWithEmbedding({
      role: 'user',
      content: 'The staging server is db-7.',
      id: 'm1',
    } as ModelMessage);
    await memory.delete('m1');
    await rag.addWithEmbedding({ role: 'user', content: 'Lunch is at twelve.', id: 'm1' } as ModelMessage);
    const page = await rag.index.records.listRecords(scope, { filter: { kinds: ['message'] } });
    expect(page.records.map((r) => r.text)).toEqual(['Lunch is at twelve.']);
    expect(await unembedded(rag)).toEqual([]);
    expect((await rag.retrieveRelevant('food')).map((m) => m.content)).toEqual(['Lunch is at twelve.']);
    await store.close();
  });
});

describe('createRagMemory: a memory retrieves from its own scope’s index', () => {
  it('another scope’s message of the same session and id neither answers for nor crowds out the memory’s own', async () => {
    const store = sqlite();
    const open = (scope: { tenant: string; user?: string }) =>
      createRagMemory({ memory: createConversationMemory({ store, scope, sessionId: 'chat', counter }) });
    const ada = open({ tenant: 't', user: 'ada' });
    const team = open({ tenant: 't' });
    // Ids a client makes up, so the same in both chats.
    await ada.addWithEmbedding({ role: 'user', content: 'My password hint is mango.', id: 'm1' } as never);
    await ada.addWithEmbedding({ role: 'user', content: 'Mango lassi for lunch.', id: 'm2' } as never);
    await team.addWithEmbedding({ role: 'user', content: 'Team lunch: mango smoothies.', id: 'm1' } as never);
    // Ada's words are not the team's: her "password hint" finds nothing of the team's, and her "mango"
    // messages take no place of the team's own.
    expect(await team.retrieveRelevant('password hint')).toEqual([]);
    expect((await team.retrieveRelevant('mango lunch', 1)).map((m) => m.content)).toEqual([
      'Team lunch: mango smoothies.',
    ]);
    store.close();
  });
});

describe('createRagMemory: the index of a deleted session', () => {
  for (const [name, open] of [
    ['memory', () => createMemoryStore()],
    ['sqlite', () => sqlite()],
  ] as const)
    it(`${name}: a new session of the same id finds none of the old messages`, async () => {
      const store = open();
      const scope = { tenant: 't', user: 'ada' };
      const rag = () =>
        createRagMemory({ memory: createConversationMemory({ store, scope, sessionId: 'chat', counter }) });
      const old = rag();
      await old.addWithEmbedding({ role: 'user', content: 'My password hint is mango.' });
      await old.addWithEmbedding({ role: 'user', content: 'Lunch is at noon.' });
      await store.deleteSession(scope, 'chat');
      await store.createSession(scope, { id: 'chat' });
      const fresh = rag();
      await fresh.addWithEmbedding({ role: 'user', content: 'Lunch is at one now.' });
      expect(await fresh.retrieveRelevant('password hint')).toEqual([]);
      expect(await fresh.index.search('password hint mango', { filter: { session: 'chat' } })).toEqual([]);
      const texts = (await fresh.index.records.listRecords(scope, { filter: { kinds: ['message'] } }))
        .records;
      expect(texts.map((r) => r.text)).toEqual(['Lunch is at one now.']);
      await store.close();
    });
});

describe('createRagMemory: retrieveRelevant after a delete', () => {
  for (const [name, open] of [
    ['memory', () => createMemoryStore()],
    ['sqlite', () => sqlite()],
  ] as const)
    it(`${name}: a deleted message takes no place of the k: the next most relevant ones are returned`, async () => {
      // The search asked for k records and dropped those whose message was deleted: with the best match deleted,
      // retrieveRelevant(query, 1) answered [] though another stored message matched.
      const store = open();
      const memory = createConversationMemory({ store, scope, sessionId: 's', counter });
      const rag = createRagMemory({ memory });
      const best = await rag.addWithEmbedding({
        role: 'user',
        content: 'Staging staging: the staging server is db-7.',
      });
      const next = await rag.addWithEmbedding({ role: 'user', content: 'The staging server was db-3.' });
      await rag.addWithEmbedding({ role: 'user', content: 'Lunch is at noon.' });
      expect((await rag.retrieveRelevant('staging', 1)).map((m) => m.id)).toEqual([best.id]);
      await memory.delete(best.id);
      expect((await rag.retrieveRelevant('staging', 1)).map((m) => m.id)).toEqual([next.id]);
      expect((await rag.retrieveRelevant('staging', 5)).map((m) => m.id)).toEqual([next.id]);
      // More deleted than k, past the first page of hits.
      const many = [];
      for (let i = 0; i < 30; i++)
        many.push(
          await rag.addWithEmbedding({
            role: 'user',
            content: `Staging note ${i}: staging staging staging.`,
          }),
        );
      for (const m of many) await memory.delete(m.id);
      expect((await rag.retrieveRelevant('staging', 1)).map((m) => m.id)).toEqual([next.id]);
      await store.close();
    });
});
