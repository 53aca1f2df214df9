/**
 * An update whose new text cannot be embedded (the model is down) is still an update: the version is committed
 * when the embedding is tried, so `update` resolves with it, the error goes to `onError`, and the record's vector
 * is made by the next catch-up. Rejecting would tell the caller a committed write failed (its retry with
 * `expectedVersion` would then meet `CONFLICT` from its own write).
 */
import { describe, expect, it } from 'vitest';
import { afterCatchUp } from '../../test-support/reliability/longterm-write-checks.ts';
import { reopenableDrivers } from '../../test-support/reliability/reopenable-stores.ts';
import { topicEmbeddingModel, topicModelId } from '../../test-support/topic-embedding-model.ts';
import { createLongTermMemory } from './create-long-term-memory.ts';

const scope = { tenant: 't', user: 'u' };
const sqlite = reopenableDrivers().find((d) => d.name === 'sqlite')!;

describe('long-term update with the embedding model down', () => {
  it('sqlite: resolves with the committed version, reports the error, and the catch-up embeds the new text', async () => {
    const db = await sqlite.setup('ltm_update_embed');
    const store = db.open();
    try {
      const topics = topicEmbeddingModel();
      const errors: unknown[] = [];
      const memory = createLongTermMemory({
        store,
        scope,
        embedding: topics.model,
        onError: (e) => errors.push(e),
      });
      const [added] = await memory.add({ id: 'r1', text: 'We eat lunch at noon.' });
      await memory.flush();
      topics.failNext(1);
      const updated = await memory.update(added!.id, {
        text: 'The printer is out of toner.',
        expectedVersion: 1,
      });
      expect(updated).toMatchObject({ version: 2, text: 'The printer is out of toner.' });
      expect(String(errors[0])).toContain('embedding model down');
      expect(await memory.records.missingEmbeddings(scope, topicModelId, 10)).toEqual(['r1']);
      const caught = await afterCatchUp(memory, [0, 0, 1, 0.05], 1);
      expect(caught.missing).toEqual([]);
      expect(caught.near.map((r) => r.text)).toEqual(['The printer is out of toner.']);
    } finally {
      await store.close();
      await db.done();
    }
  });
});
