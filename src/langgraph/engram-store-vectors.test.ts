import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failingRecords, hookRecords } from '../../test-support/hooked-records.ts';
import { testPostgresUrl } from '../../test-support/reliability/postgres-url.ts';
import { type OpenedStore, reliabilityDrivers } from '../../test-support/reliability/store-drivers.ts';
import { createEngramStore } from './engram-store.ts';

/** A deterministic embedder: one dimension per topic word, so "cats" and "dogs" are orthogonal. */
const topics = ['cat', 'dog', 'rocket'];
const embed = async (texts: string[]) =>
  texts.map((t) => {
    const words = t.toLowerCase().match(/[a-z]+/g) ?? [];
    return [...topics.map((topic) => words.filter((w) => w.startsWith(topic)).length), 0.01];
  });

/** The keys of hits ranked as near the query (cosine above 0.5; the topics are orthogonal, so near means same). */
const ranked = (hits: readonly { key: string; score?: number }[]) =>
  hits.filter((h) => (h.score ?? 0) > 0.5).map((h) => h.key);

/**
 * An item's vector is of the text it was computed from: a put that changes the text and stored no vector of the
 * new one (it failed after writing the item, or a racing put's came later) never ranks the new text by the old.
 */
for (const driver of reliabilityDrivers({ postgresUrl: testPostgresUrl(), fast: true }))
  describe.skipIf(driver.missing !== undefined)(`createEngramStore vectors on ${driver.name}`, () => {
    let opened: OpenedStore;
    let tenant = 0;
    beforeAll(async () => {
      opened = await driver.open();
    });
    afterAll(() => opened.dispose());

    it('a put whose embedding failed after its write leaves no vector of the old text on the item', async () => {
      const failing = failingRecords(opened.store, 'putEmbeddings');
      const s = createEngramStore({ store: failing.store, scope: { tenant: `t${tenant++}` }, embed });
      await s.put(['ns'], 'pet', { text: 'about cats' });
      expect(ranked(await s.search(['ns'], { query: 'cat' }))).toEqual(['pet']);
      failing.failNext();
      await expect(s.put(['ns'], 'pet', { text: 'about dogs now' })).rejects.toThrow(/disk full/);
      expect((await s.get(['ns'], 'pet'))?.value).toEqual({ text: 'about dogs now' });
      // The item may still be listed (unscored, after ranked ones), never ranked by the cats vector.
      expect(ranked(await s.search(['ns'], { query: 'cat' }))).toEqual([]);
      // A put of the same text again embeds it: the dogs query ranks it.
      await s.put(['ns'], 'pet', { text: 'about dogs now' });
      expect(ranked(await s.search(['ns'], { query: 'dog' }))).toEqual(['pet']);
      expect(ranked(await s.search(['ns'], { query: 'cat' }))).toEqual([]);
    });

    it('a put whose embedding lands after a racing put of the key stores no vector onto the later text', async () => {
      const scope = { tenant: `t${tenant++}` };
      const b = createEngramStore({ store: opened.store, scope, embed });
      let armed = true;
      // A's vector reaches the store only after B's put (its version and its vector) has finished.
      const late = hookRecords(opened.store, ['putEmbeddings'], async () => {
        if (!armed) return;
        armed = false;
        await b.put(['ns'], 'pet', { text: 'about rockets' });
      });
      const a = createEngramStore({ store: late, scope, embed });
      await a.put(['ns'], 'pet', { text: 'about cats' });
      expect(armed).toBe(false);
      expect((await a.get(['ns'], 'pet'))?.value).toEqual({ text: 'about rockets' });
      expect(ranked(await a.search(['ns'], { query: 'cat' }))).toEqual([]);
      expect(ranked(await a.search(['ns'], { query: 'rocket' }))).toEqual(['pet']);
    });
  });
