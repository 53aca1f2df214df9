import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { runChildScript } from '../../test-support/reliability/child-process.ts';
import { reopenableDrivers } from '../../test-support/reliability/reopenable-stores.ts';
import { topicEmbeddingModel, topicModelId } from '../../test-support/topic-embedding-model.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { createEstimateTokenCounter } from '../tokens/estimate-token-counter.ts';
import { openEpisodicMemory } from './episodic-memory.ts';
import { createRagMemory } from './rag-memory.ts';

const counter = createEstimateTokenCounter();
const scope = { tenant: 't' };
const sessionId = 's';
const series = 'help';
const message = { role: 'user', content: 'The staging server is db-7.', id: 'm1' } as ModelMessage;
const sqlite = reopenableDrivers().find((d) => d.name === 'sqlite')!;

/**
 * Runs the child on a fresh database until it stalls at `stallAt` and kills it there (or lets it end, when that
 * write never came before it was done), and gives a store reopened on the database.
 */
async function killed(label: string, pattern: 'rag' | 'episodic', stallAt: 'addRecords' | 'putEmbeddings') {
  const db = await sqlite.setup(label);
  const config = { ...db.child, pattern, stallAt, scope, sessionId, series, message };
  const run = runChildScript('./pattern-index-child.ts', config);
  await run.waitForLine((l) => l === 'stalled' || l === 'done');
  if (run.lines.includes('stalled')) run.child.kill('SIGKILL');
  const exit = await run.exited;
  if (exit.signal !== 'SIGKILL' && exit.code !== 0) throw new Error(`the child failed: ${run.stderr()}`);
  return { db, store: db.open() };
}

describe('memory patterns: SIGKILLed between a log or episode write and its index', () => {
  for (const stallAt of ['addRecords', 'putEmbeddings'] as const)
    it(`rag, killed before ${stallAt}: reopened, the message is found by its vector; the retry stores it once`, async () => {
      const { db, store } = await killed(`rag_${stallAt}`, 'rag', stallAt);
      try {
        const memory = createConversationMemory({ store, scope, sessionId, counter });
        const rag = createRagMemory({ memory, embedding: topicEmbeddingModel().model });
        expect((await memory.read()).map((m) => m.id)).toEqual(['m1']);
        expect((await rag.retrieveRelevant('database')).map((m) => m.id)).toEqual(['m1']);
        expect(await rag.index.records.missingEmbeddings(scope, topicModelId, 10)).toEqual([]);
        // The caller's retry of the call the kill cut off.
        expect((await rag.addWithEmbedding(message)).id).toBe('m1');
        expect(await memory.read()).toHaveLength(1);
        const page = await rag.index.records.listRecords(scope, { filter: { kinds: ['message'] } });
        expect(page.records).toHaveLength(1);
      } finally {
        await store.close();
        await db.done();
      }
    });
  it('episodic, killed before the closed episode’s vector: reopened, the episode is closed and found by its vector', async () => {
    const { db, store } = await killed('episodic_vector', 'episodic', 'putEmbeddings');
    try {
      const episodic = await openEpisodicMemory({
        store,
        scope,
        series,
        counter,
        ranking: { embedding: topicEmbeddingModel().model },
      });
      expect((await episodic.episodes()).map((e) => e.index)).toEqual([1]);
      expect((await episodic.recallEpisode('database'))?.info.index).toBe(1);
      expect(await store.longTermRecords.missingEmbeddings(scope, topicModelId, 10)).toEqual([]);
    } finally {
      await store.close();
      await db.done();
    }
  });
});
