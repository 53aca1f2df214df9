import { MockEmbeddingModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { tempSqliteStores } from '../../test-support/temp-sqlite-store.ts';
import { createMemoryStore } from '../drivers/memory/index.ts';
import { expectMemoryError } from '../testing/fixtures.ts';
import { createLongTermMemory } from './create-long-term-memory.ts';

const sqlite = tempSqliteStores('unusable-vectors');
/** A model that answers NaN or Infinity for texts naming them, a vector of three finite numbers otherwise. */
const model = () =>
  new MockEmbeddingModelV4({
    provider: 'toy',
    modelId: 'flaky',
    maxEmbeddingsPerCall: 2,
    doEmbed: async ({ values }) => ({
      embeddings: values.map((t) =>
        t.includes('nan')
          ? [Number.NaN, 1, 0]
          : t.includes('inf')
            ? [Number.POSITIVE_INFINITY, 1, 0]
            : [1, 1, 0.5],
      ),
      warnings: [],
    }),
  });

describe('a model that answers a vector that is not finite numbers', () => {
  for (const [name, open] of [
    ['memory', createMemoryStore],
    ['sqlite', sqlite],
  ] as const)
    it(`is a STORE_ERROR naming the model, and its other records are embedded (${name} store)`, async () => {
      const store = open();
      const errors: unknown[] = [];
      const memory = createLongTermMemory({
        store,
        scope: { tenant: 't', user: 'ada' },
        embedding: model(),
        selfFacts: false,
        onError: (error) => errors.push(error),
      });
      const added = await memory.add(['the office moves', 'a nan record', 'the inf record', 'lunch at noon']);
      const flushed = await expectMemoryError(memory.flush(), 'STORE_ERROR');
      expect(flushed.message).toContain('toy:flaky');
      // The records the model embedded are stored; the two it could not stay missing, still found by their words.
      expect(await memory.records.missingEmbeddings(memory.scope, 'toy:flaky', 10)).toEqual([
        added[1]!.id,
        added[2]!.id,
      ]);
      expect((await memory.search('lunch')).map((h) => h.record.text)).toContain('lunch at noon');
      // A query the model cannot embed is the model's failure, not an invalid query.
      const searched = await expectMemoryError(memory.search('nan please'), 'STORE_ERROR');
      expect(searched.message).toContain('toy:flaky');
      if ('close' in store) store.close();
    });

  for (const [name, open] of [
    ['memory', createMemoryStore],
    ['sqlite', sqlite],
  ] as const)
    it(`records the model cannot embed, a batch of them or more, do not stop the ones after them (${name} store)`, async () => {
      const store = open();
      // Batches of 2: the first batches the store lists hold only records the model answers NaN for.
      const memory = createLongTermMemory({
        store,
        scope: { tenant: 't', user: 'ada' },
        embedding: model(),
        selfFacts: false,
        onError: () => undefined,
      });
      const bad = await memory.add(['nan one', 'nan two', 'nan three', 'nan four', 'nan five']);
      await expectMemoryError(memory.flush(), 'STORE_ERROR');
      const good = await memory.add(['the office moves', 'lunch at noon', 'the bus is late']);
      await expectMemoryError(memory.flush(), 'STORE_ERROR');
      const missing = await memory.records.missingEmbeddings(memory.scope, 'toy:flaky', 100);
      expect([...missing].sort()).toEqual(bad.map((r) => r.id).sort());
      expect(missing).not.toEqual(expect.arrayContaining([good[0]!.id]));
      if ('close' in store) store.close();
    });
});
