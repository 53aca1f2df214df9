import { describe, expect, it } from 'vitest';
import { tempSqlitePaths } from '../../test-support/temp-sqlite-store.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createMemoryStore } from '../drivers/memory/index.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { getLongTermRecords } from '../longterm/long-term-store-v1.ts';
import { prepareRecord } from '../longterm/prepare-record.ts';
import { createEstimateTokenCounter } from '../tokens/estimate-token-counter.ts';
import { openEpisodicMemory } from './episodic-memory.ts';

const counter = createEstimateTokenCounter();
const scope = { tenant: 't' };
const sqlitePath = tempSqlitePaths('episodic-race');
/** A SQLite file, and a function that opens a new handle (its own connection) on it. */
const sqliteFile = () => {
  const path = sqlitePath();
  return () => createSqliteStore({ path });
};
const stores = [
  ['memory', createMemoryStore],
  ['sqlite', () => sqliteFile()()],
] as const;

describe('openEpisodicMemory: closes and stores that overlap on one handle', () => {
  for (const [name, open] of stores) {
    it(`two closes at once close the episode once; the series numbers on and reopens where it is (${name} store)`, async () => {
      const store = open();
      const episodic = await openEpisodicMemory({ store, scope, series: 's', counter });
      for (const metadata of [
        [{}, {}],
        [{ topic: 'a' }, { topic: 'b' }],
      ] as const) {
        await episodic.store({ role: 'user', content: 'my printer jams' });
        const closes = await Promise.all(metadata.map((m) => episodic.startNewEpisode(m)));
        // The second found the next episode empty, which stays current.
        expect(closes.map((c) => c?.index)).toEqual([(await episodic.episodes()).length, undefined]);
      }
      expect((await episodic.episodes()).map((e) => e.sessionId)).toEqual(['s/episode-1', 's/episode-2']);
      expect(episodic.current.sessionId).toBe('s/episode-3');
      const reopened = await openEpisodicMemory({ store, scope, series: 's', counter });
      expect(reopened.current.sessionId).toBe('s/episode-3');
      await reopened.store({ role: 'user', content: 'the router drops wifi' });
      expect(await reopened.startNewEpisode()).toMatchObject({ index: 3, messageCount: 1 });
      if ('close' in store) await store.close();
    });

    it(`a message stored while a close is under way goes to the next episode, not into the closed one (${name} store)`, async () => {
      const store = open();
      const episodic = await openEpisodicMemory({ store, scope, series: 's', counter });
      await episodic.store({ role: 'user', content: 'my printer jams' });
      const [closed] = await Promise.all([
        episodic.startNewEpisode(),
        episodic.store({ role: 'user', content: 'the router drops wifi' }),
      ]);
      expect(closed).toMatchObject({ index: 1, messageCount: 1 });
      const [first] = await episodic.episodes();
      expect((await episodic.recallEpisode('printer'))?.memory.sessionId).toBe(first?.sessionId);
      expect((await (await episodic.recallEpisode('printer'))?.memory.read())?.length).toBe(1);
      expect((await episodic.current.read()).map((m) => m.content)).toEqual(['the router drops wifi']);
      if ('close' in store) await store.close();
    });
  }
});

describe('openEpisodicMemory: two handles on one series', () => {
  it('sqlite: the handle whose episode another closed first gets CONFLICT and writes the next episode, not stuck', async () => {
    const handle = sqliteFile();
    const [a, b] = [handle(), handle()];
    const ea = await openEpisodicMemory({ store: a, scope, series: 's', counter });
    const eb = await openEpisodicMemory({ store: b, scope, series: 's', counter });
    await ea.store({ role: 'user', content: 'my printer jams' });
    await eb.store({ role: 'user', content: 'the router drops wifi' });
    // a closes episode 1 with both messages; b, which stored into it too, closes it with other metadata.
    expect(await ea.startNewEpisode({ by: 'a' })).toMatchObject({ index: 1, messageCount: 2 });
    const conflict = await eb.startNewEpisode({ by: 'b' }).catch((e: unknown) => e);
    expect(MemoryError.hasCode(conflict, 'CONFLICT'), String(conflict)).toBe(true);
    expect(String(conflict)).toMatch(/episode 1 of series "s" was closed by another writer/);
    expect(eb.current.sessionId).toBe('s/episode-2');
    await eb.store({ role: 'user', content: 'the router drops wifi again' });
    expect(await eb.startNewEpisode({ by: 'b' })).toMatchObject({ index: 2, messageCount: 1 });
    expect((await ea.episodes()).map((e) => e.metadata)).toEqual([{ by: 'a' }, { by: 'b' }]);
    await a.close();
    await b.close();
  });

  it('a series with a gap in its numbering (left by an earlier version) reopens after its newest episode', async () => {
    const store = createMemoryStore();
    const episodic = await openEpisodicMemory({ store, scope, series: 's', counter });
    await episodic.store({ role: 'user', content: 'my printer jams' });
    const closed = await episodic.startNewEpisode();
    // Episode 3 closed while episode 2 never was: what two overlapping closes used to leave.
    const [record] = await getLongTermRecords(store).getRecords(scope, ['episode_s/episode-1']);
    await getLongTermRecords(store).addRecords(scope, [
      prepareRecord(
        {
          id: 'episode_s/episode-3',
          kind: 'episode',
          text: 'the router drops wifi',
          metadata: { ...record?.metadata, index: 3, sessionId: 's/episode-3' },
        },
        'test',
      ),
    ]);
    expect(closed?.index).toBe(1);
    const reopened = await openEpisodicMemory({ store, scope, series: 's', counter });
    expect(reopened.current.sessionId).toBe('s/episode-4');
    await reopened.store({ role: 'user', content: 'the screen flickers' });
    expect(await reopened.startNewEpisode()).toMatchObject({ index: 4 });
  });
});
