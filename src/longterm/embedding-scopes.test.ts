import { describe, expect, it } from 'vitest';
import { tempSqliteStores } from '../../test-support/temp-sqlite-store.ts';
import { createMemoryStore } from '../drivers/memory/index.ts';
import { createLongTermMemory } from './create-long-term-memory.ts';
import type { LongTermEmbedder } from './embedder.ts';

const sqlite = tempSqliteStores('embedding-scopes');
const embedder: LongTermEmbedder = {
  id: 'test:words',
  maxChars: 1000,
  batchSize: 8,
  embed: async (texts) => texts.map((t) => [t.includes('office') ? 1 : 0, t.includes('note') ? 1 : 0, 0.1]),
};

describe("a wide scope's memory embeds its own records", () => {
  for (const [name, open] of [
    ['memory', createMemoryStore],
    ['sqlite', sqlite],
  ] as const)
    it(`whatever its users hold unembedded (${name} store)`, async () => {
      const store = open();
      // Ada's memory embeds nothing: her 20 records stay without vectors, and are older than the tenant's.
      const ada = createLongTermMemory({ store, scope: { tenant: 't', user: 'ada' }, selfFacts: false });
      for (let i = 0; i < 20; i++) await ada.add(`ada note ${i}`);
      const tenant = createLongTermMemory({
        store,
        scope: { tenant: 't' },
        embedding: embedder,
        selfFacts: false,
      });
      const [own] = await tenant.add('the office moves to Leeds');
      await tenant.flush();
      const hits = await tenant.records.searchVector(tenant.scope, {
        vector: [1, 0, 0],
        model: embedder.id,
        limit: 5,
      });
      expect(hits.map((h) => h.id)).toEqual([own!.id]);
      expect(await tenant.records.missingEmbeddings(tenant.scope, embedder.id, 10)).toEqual([]);
      if ('close' in store) store.close();
    });
});
