import { describe, expect, it, vi } from 'vitest';
import { failingRecords, hookRecords } from '../../test-support/hooked-records.ts';
import { tempSqliteStores } from '../../test-support/temp-sqlite-store.ts';
import { topicEmbeddingModel, topicModelId } from '../../test-support/topic-embedding-model.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { Scope } from '../core/scope.ts';
import { createMemoryStore } from '../drivers/memory/index.ts';
import { getLongTermRecords } from '../longterm/long-term-store-v1.ts';
import { createEstimateTokenCounter } from '../tokens/estimate-token-counter.ts';
import { openEpisodicMemory } from './episodic-memory.ts';

const counter = createEstimateTokenCounter();
const sqlite = tempSqliteStores('episodic');
const scope = { tenant: 't' };
const printer = [
  { role: 'user', content: 'My printer jams on every page.' },
  { role: 'assistant', content: 'Clean the rollers.' },
] as const;

describe('openEpisodicMemory: any episode the log takes can be closed', () => {
  it('an episode with a lone surrogate, a NUL, or a transcript cut inside a surrogate pair closes and is recalled', async () => {
    const store = sqlite();
    const episodic = await openEpisodicMemory({ store, scope, series: 'help', counter });
    const contents = [
      'printer jams \uD800 on every page',
      'router \u0000 password',
      `${'a '.repeat(32_767)}a\u{1F600} volcano`, // the 65,536th code unit is inside the emoji
    ];
    for (const [i, content] of contents.entries()) {
      await episodic.store({ role: 'user', content });
      expect(await episodic.startNewEpisode({ i })).toMatchObject({ index: i + 1, messageCount: 1 });
    }
    expect((await episodic.episodes()).map((e) => e.metadata.i)).toEqual([0, 1, 2]);
    expect((await episodic.recallEpisode('printer jams'))?.info.index).toBe(1);
    expect((await episodic.recallEpisode('router password'))?.info.index).toBe(2);
    store.close();
  });
});

describe('openEpisodicMemory: startNewEpisode metadata', () => {
  it('metadata that is no JSON value is INVALID_ARGUMENT naming startNewEpisode(metadata) and its key; the episode stays open', async () => {
    const store = createMemoryStore();
    const episodic = await openEpisodicMemory({ store, scope, series: 'help', counter });
    await episodic.store({ role: 'user', content: 'My printer jams.' });
    for (const bad of [{ d: new Date(0) }, { d: Number.NaN }, { d: { e: () => 1 } }]) {
      const error = await episodic.startNewEpisode(bad as never).catch((e: unknown) => e);
      expect(MemoryError.hasCode(error, 'INVALID_ARGUMENT')).toBe(true);
      expect((error as Error).message).toMatch(/startNewEpisode\(metadata\)\.d/);
      expect((error as Error).message).not.toMatch(/records\[0\]/);
    }
    expect(await episodic.startNewEpisode({ d: 1 })).toMatchObject({ index: 1, messageCount: 1 });
  });
});

const drivers = [
  ['memory', () => createMemoryStore()],
  ['sqlite', () => sqlite()],
] as const;

describe.each(drivers)('openEpisodicMemory on %s: a failed close can be retried', (_, open) => {
  it('an embedding failure leaves the episode current; the retried close indexes it with its vector', async () => {
    const store = open();
    const topics = topicEmbeddingModel();
    const episodic = await openEpisodicMemory({
      store,
      scope,
      series: 'help',
      counter,
      ranking: { embedding: topics.model },
    });
    await episodic.store([...printer]);
    topics.failNext();
    await expect(episodic.startNewEpisode({ topic: 'printer' })).rejects.toThrow('embedding model down');
    expect(await episodic.episodes()).toEqual([]);
    expect(episodic.current.sessionId).toBe('help/episode-1');
    expect(await episodic.startNewEpisode({ topic: 'printer' })).toMatchObject({ index: 1, messageCount: 2 });
    expect(await getLongTermRecords(store).missingEmbeddings(scope, topicModelId, 10)).toEqual([]);
    // Found by its vector alone ("toner" is no word of it).
    expect((await episodic.recallEpisode('toner'))?.info.index).toBe(1);
    await store.close();
  });

  it('a close whose vector write failed is closed, and its vector is written when the series is next used', async () => {
    const { store, failNext } = failingRecords(open(), 'putEmbeddings');
    const topics = topicEmbeddingModel();
    const ranking = { embedding: topics.model };
    const episodic = await openEpisodicMemory({ store, scope, series: 'help', counter, ranking });
    await episodic.store([...printer]);
    failNext();
    await expect(episodic.startNewEpisode({ topic: 'printer' })).rejects.toThrow('disk full');
    expect(episodic.current.sessionId).toBe('help/episode-2'); // closed with its record
    // Opened again (as after a restart): the episode is closed, and recalled by its vector.
    const reopened = await openEpisodicMemory({ store, scope, series: 'help', counter, ranking });
    expect((await reopened.episodes()).map((e) => e.index)).toEqual([1]);
    expect(reopened.current.sessionId).toBe('help/episode-2');
    expect((await reopened.recallEpisode('toner'))?.info.index).toBe(1);
    expect(await getLongTermRecords(store).missingEmbeddings(scope, topicModelId, 10)).toEqual([]);
    await store.close();
  });
});

describe('openEpisodicMemory: a close costs what it writes', () => {
  it('closes after a whole close skip the scan for records without a vector; a failed vector write brings it back', async () => {
    let scans = 0;
    const failing = failingRecords(sqlite(), 'putEmbeddings');
    const store = hookRecords(failing.store, ['missingEmbeddings'], () => {
      scans++;
    });
    const ranking = { embedding: topicEmbeddingModel().model };
    const episodic = await openEpisodicMemory({ store, scope, series: 'help', counter, ranking });
    for (let i = 0; i < 20; i++) {
      await episodic.store([...printer]);
      await episodic.startNewEpisode({ topic: `printer ${i}` });
    }
    // One check at the first close (before, one at every close: a scan of the scope's records each time).
    expect(scans).toBe(1);
    await episodic.store([...printer]);
    failing.failNext();
    await expect(episodic.startNewEpisode({ topic: 'printer' })).rejects.toThrow('disk full');
    expect(scans).toBe(1);
    // The next close checks again (a scan that finds the left-out vector and writes it, then one that finds none).
    await episodic.store([...printer]);
    await episodic.startNewEpisode({ topic: 'printer' });
    expect(scans).toBe(3);
    expect(await getLongTermRecords(failing.store).missingEmbeddings(scope, topicModelId, 10)).toEqual([]);
    for (let i = 0; i < 5; i++) {
      await episodic.store([...printer]);
      await episodic.startNewEpisode({ topic: 'printer' });
    }
    expect(scans).toBe(3);
    expect(await episodic.episodes()).toHaveLength(27);
    await store.close();
  });

  it('of two overlapping closes, the one whose vector write fails brings the check back though the other ends after it', async () => {
    let scans = 0;
    let puts = 0;
    let releaseFirst = () => {};
    const firstHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    const store = hookRecords(createMemoryStore(), ['missingEmbeddings', 'putEmbeddings'], async (method) => {
      if (method === 'missingEmbeddings') scans++;
      else if (++puts === 2)
        await firstHeld; // the first close's vector write waits
      else if (puts === 3)
        throw new MemoryError({ code: 'STORE_ERROR', component: 'test', message: 'disk full' });
    });
    const ranking = { embedding: topicEmbeddingModel().model };
    const episodic = await openEpisodicMemory({ store, scope, series: 'help', counter, ranking });
    await episodic.store([...printer]);
    await episodic.startNewEpisode({ topic: 'first' }); // puts 1, one scan
    await episodic.store([...printer]);
    const a = episodic.startNewEpisode({ topic: 'a' }); // put 2 waits
    await vi.waitFor(() => expect(puts).toBe(2));
    await episodic.store([...printer]);
    await expect(episodic.startNewEpisode({ topic: 'b' })).rejects.toThrow('disk full'); // put 3 fails
    releaseFirst();
    await a;
    const before = scans;
    await episodic.store([...printer]);
    await episodic.startNewEpisode({ topic: 'c' });
    expect(scans).toBeGreaterThan(before);
    expect(await getLongTermRecords(store).missingEmbeddings(scope, topicModelId, 10)).toEqual([]);
  });
});

describe('openEpisodicMemory: a series is its scope’s own', () => {
  for (const [name, open] of [
    ['memory', createMemoryStore],
    ['sqlite', sqlite],
  ] as const)
    it(`the tenant’s or a user’s series of the same name neither lists, recalls nor numbers after another scope’s episodes (${name} store)`, async () => {
      const store = open();
      const ada: Scope = { tenant: 't', user: 'ada' };
      const adaAgent: Scope = { tenant: 't', user: 'ada', agent: 'bot' };
      const tenant: Scope = { tenant: 't' };
      for (const [scope, text] of [
        [ada, 'ada asks about her diabetes medication'],
        [adaAgent, 'the bot noted ada insulin dose'],
      ] as const) {
        const episodic = await openEpisodicMemory({ store, scope, series: 'help', counter });
        await episodic.store({ role: 'user', content: text });
        expect(await episodic.startNewEpisode()).toMatchObject({ index: 1 });
      }
      const wider = await openEpisodicMemory({ store, scope: tenant, series: 'help', counter });
      expect(await wider.episodes()).toEqual([]);
      expect(await wider.summarizeEpisodes()).toEqual([]);
      expect(await wider.recallEpisode('diabetes insulin')).toBeUndefined();
      expect(wider.current.sessionId).toBe('help/episode-1');
      await wider.store({ role: 'user', content: 'the tenant asks about diabetes too' });
      expect(await wider.startNewEpisode()).toMatchObject({ index: 1 });
      expect((await wider.recallEpisode('diabetes'))?.info.summary).toContain('the tenant asks');
      // Ada's series holds her one episode, not her agent's, and recalls her own.
      const own = await openEpisodicMemory({ store, scope: ada, series: 'help', counter });
      expect((await own.summarizeEpisodes()).map((s) => s.split('\n')[1])).toEqual([
        'Started: ada asks about her diabetes medication',
      ]);
      expect(own.current.sessionId).toBe('help/episode-2');
      expect(await own.recallEpisode('insulin dose')).toBeUndefined();
      expect((await own.recallEpisode('diabetes'))?.info.sessionId).toBe('help/episode-1');
      if ('close' in store) store.close();
    });
});

describe('openEpisodicMemory: bad input is refused, not stored', () => {
  it('metadata that is not an object is INVALID_ARGUMENT and the episode stays current; so is a bad previewChars', async () => {
    const episodic = await openEpisodicMemory({ store: createMemoryStore(), scope, series: 's', counter });
    await episodic.store({ role: 'user', content: 'my printer jams' });
    for (const metadata of ['x', [1], 5, null])
      await expect(episodic.startNewEpisode(metadata as never)).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(/startNewEpisode\(metadata\)/),
      });
    expect(await episodic.episodes()).toEqual([]);
    expect(await episodic.startNewEpisode()).toMatchObject({ index: 1, metadata: {} });
    for (const previewChars of [-5, 1.5, 'x'])
      await expect(
        openEpisodicMemory({ store: createMemoryStore(), series: 's', previewChars: previewChars as never }),
      ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/previewChars/) });
  });
});
