import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../drivers/memory/index.ts';
import type { LongTermEmbedder } from '../longterm/embedder.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { expectMemoryError } from '../testing/fixtures.ts';
import { createEstimateTokenCounter } from '../tokens/estimate-token-counter.ts';
import { openEpisodicMemory } from './episodic-memory.ts';
import { createHierarchicalMemory } from './hierarchical-memory.ts';
import { createRagMemory } from './rag-memory.ts';
import { createSharedMemoryPool } from './shared-memory-pool.ts';

const counter = createEstimateTokenCounter();
const scope = { tenant: 't' };
const embedder: LongTermEmbedder = {
  id: 'toy',
  batchSize: 8,
  maxChars: 500,
  embed: async (texts) => texts.map(() => [1, 0]),
};
/** Every option of `RankingOptions`, each with a valid value. */
const ranking = {
  contextWeight: 0.5,
  candidates: 50,
  fusion: 'rrf',
  rrfK: 60,
  vectorWeight: 1,
  episodeWeight: 0.3,
  dedupe: 0.9,
  speakerBoost: 0.4,
  diversity: 0,
  now: () => new Date(),
} as const;

/** Expects `INVALID_ARGUMENT` whose message names `factory` and `key`. */
async function refused(call: () => unknown, factory: string, key: string) {
  const error = await expectMemoryError(call, 'INVALID_ARGUMENT');
  expect(error.message).toContain(factory);
  expect(error.message).toContain(key);
}

describe('pattern factories refuse a misspelt option instead of falling back to its default', () => {
  it('createSharedMemoryPool: `scop` is refused (the pool would be the default tenant), and nothing is stored', async () => {
    const store = createMemoryStore();
    await refused(
      () => createSharedMemoryPool({ store, pool: 'p', scop: scope } as never),
      'createSharedMemoryPool',
      'scop',
    );
    // Every declared option is still taken.
    const pool = createSharedMemoryPool({ store, scope, pool: 'p', counter });
    await pool.shareInsight('a', 'hello');
    expect(await pool.sharedContext()).toHaveLength(1);
    expect(await createSharedMemoryPool({ store, pool: 'p' }).sharedContext()).toEqual([]);
  });

  it('createRagMemory: `embeding` is refused (retrieval would be full text alone); every ranking option is taken', async () => {
    const memory = createConversationMemory({ counter });
    await refused(
      () => createRagMemory({ memory, embeding: embedder } as never),
      'createRagMemory',
      'embeding',
    );
    await refused(() => createRagMemory({ memory, fuson: 'rrf' } as never), 'createRagMemory', 'fuson');
    const rag = createRagMemory({ memory, embedding: embedder, ...ranking });
    await rag.addWithEmbedding({ role: 'user', content: 'The staging server is db-7.' });
    expect(await rag.retrieveRelevant('staging server')).toHaveLength(1);
  });

  it('openEpisodicMemory: a misspelt option or ranking option is refused; every declared one is taken', async () => {
    const store = createMemoryStore();
    await refused(
      () => openEpisodicMemory({ store, series: 's', previewChar: 10 } as never),
      'openEpisodicMemory',
      'previewChar',
    );
    await refused(
      () => openEpisodicMemory({ store, series: 's', ranking: { embeding: embedder } } as never),
      'openEpisodicMemory',
      'embeding',
    );
    await refused(
      () => openEpisodicMemory({ store, series: 's', ranking: { candidate: 5 } } as never),
      'openEpisodicMemory',
      'candidate',
    );
    await refused(
      () => openEpisodicMemory({ store, series: 's', ranking: 5 } as never),
      'openEpisodicMemory',
      'ranking',
    );
    const episodic = await openEpisodicMemory({
      store,
      scope,
      series: 's',
      counter,
      previewChars: 10,
      ranking: { ...ranking, embedding: embedder },
    });
    await episodic.store({ role: 'user', content: 'My printer jams.' });
    await episodic.startNewEpisode();
    expect((await episodic.recallEpisode('printer'))?.info.index).toBe(1);
  });

  it('createHierarchicalMemory: `workinglimit` is refused (working memory would keep 50); every declared option is taken', async () => {
    const memory = createConversationMemory({ counter });
    await refused(
      () => createHierarchicalMemory({ memory, workinglimit: 2 } as never),
      'createHierarchicalMemory',
      'workinglimit',
    );
    const levels = createHierarchicalMemory({
      memory,
      importanceThreshold: 0.5,
      workingLimit: 2,
      moveCount: 1,
      longTerm: undefined,
    });
    for (const content of ['a', 'b', 'c'])
      await levels.addMessageWithImportance({ role: 'user', content }, 0);
    expect((await levels.levels()).working).toHaveLength(2);
  });
});

describe('pattern factories refuse a wrong-typed option that reads as false, instead of running at its default', () => {
  // Each factory read `options.x ? … : default`: a falsy counter or embedding (0, '', false, NaN) was dropped without
  // a word (a NaN embedding dimension read from the environment: retrieval by full text alone), and createRagMemory
  // never checked episodeWeight (its index sets its own), so `episodeWeight: 'high'` was taken.
  const falsy = [0, '', false, Number.NaN];
  it('createSharedMemoryPool and openEpisodicMemory: a falsy counter is INVALID_ARGUMENT naming counter', async () => {
    for (const bad of falsy) {
      await refused(
        () => createSharedMemoryPool({ pool: 'p', counter: bad } as never),
        'createSharedMemoryPool',
        'counter',
      );
      await refused(
        () => openEpisodicMemory({ series: 's', counter: bad } as never),
        'openEpisodicMemory',
        'counter',
      );
    }
  });

  it('createRagMemory: a falsy embedding or an episodeWeight that is no number is INVALID_ARGUMENT naming it', async () => {
    const memory = createConversationMemory({ counter });
    for (const bad of falsy)
      await refused(
        () => createRagMemory({ memory, embedding: bad } as never),
        'createRagMemory',
        'embedding',
      );
    for (const bad of ['high', Number.NaN, {}])
      await refused(
        () => createRagMemory({ memory, episodeWeight: bad } as never),
        'createRagMemory',
        'episodeWeight',
      );
  });

  it('createRagMemory and openEpisodicMemory: a ranking weight outside the range its doc gives is INVALID_ARGUMENT naming it', async () => {
    // Before, a negative dedupe or episodeWeight ran as 0, and a dedupe above 1 or a speaker boost below -1 was taken.
    const memory = createConversationMemory({ counter });
    for (const [key, bad] of [
      ['dedupe', -0.5],
      ['dedupe', 2],
      ['episodeWeight', -1],
      ['speakerBoost', -2],
    ] as const) {
      await refused(
        () => createRagMemory({ memory, [key]: bad }),
        'createRagMemory',
        `createRagMemory(options).${key} must be a finite number`,
      );
      await refused(
        () => openEpisodicMemory({ series: 's', ranking: { [key]: bad } }),
        'openEpisodicMemory',
        `openEpisodicMemory(options).ranking.${key} must be a finite number`,
      );
    }
  });
});
