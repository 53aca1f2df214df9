import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { type CorpusRecord, writeCorpus } from '../../test-support/longterm/ranking-corpus.ts';
import { largeScopeRecords } from '../../test-support/longterm/sqlite-rank-rigs.ts';
import { createTestSchema } from '../../test-support/postgres/test-database.ts';
import type { Scope } from '../core/scope.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createPostgresStore } from '../drivers/postgres/postgres-driver.ts';
import { createSqliteClient } from '../drivers/sqlite/sqlite-client.ts';
import { openSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { uniqueTenant } from '../testing/fixtures.ts';
import { analyzeText } from './analyze-text.ts';
import { episodeScores, episodeScoresOfRanking } from './episode-leg.ts';
import type { LongTermFilter } from './long-term-query.ts';
import { getLongTermRecords, type HasLongTermRecords } from './long-term-store-v1.ts';
import { rankerOf } from './ranked-retrieval.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-episode-leg-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Few words, so texts repeat and scores tie (at the leg's boundary too). */
const words = ['apple', 'river', 'stone', 'cloud'];
const text = fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));

/**
 * Corpora dense in episode records (half of them, in three episodes or none), large beside the rankings asked
 * (so most rankings end inside the matches), with turns in the same episodes, updates and deletes.
 */
const corpus: fc.Arbitrary<CorpusRecord[]> = fc.uniqueArray(
  fc.record(
    {
      user: fc.constantFrom('u1' as const, 'u2' as const),
      id: fc.integer({ min: 1, max: 60 }).map((i) => `r${i}`),
      kind: fc.constantFrom('turn' as const, 'episode' as const),
      text,
      context: text,
      session: fc.constantFrom('s1', 's2'),
      episode: fc.constantFrom('e1', 'e2', 'e3'),
      speaker: fc.constant('Alice'),
      later: fc.oneof(
        text.map((t) => ({ text: t })),
        fc.constant('delete' as const),
      ),
    },
    { requiredKeys: ['user', 'id', 'kind', 'text', 'speaker'] },
  ),
  { minLength: 10, maxLength: 50, selector: (r) => `${r.user}/${r.id}` },
);

/**
 * On one store, the episode scores read off a text ranking of every kind (when it decides them) are the episode
 * leg's: `episodeScores` of the store's own ranking of the `episode` records, for every episode asked about —
 * scopes wide and narrow, filters with and without a session, small leg limits (so rankings end inside the
 * episodes and ties fall at the leg's boundary), every context weight.
 */
async function sameAsTheLeg(store: HasLongTermRecords, numRuns: number) {
  const records = getLongTermRecords(store);
  let decided = 0;
  await fc.assert(
    fc.asyncProperty(
      corpus,
      fc.array(fc.constantFrom(...words, 'bob'), { minLength: 1, maxLength: 3 }),
      fc.boolean(),
      fc.integer({ min: 1, max: 8 }),
      fc.integer({ min: 1, max: 4 }),
      fc.constantFrom(0, 0.5, 1),
      fc.constantFrom<LongTermFilter>({}, { session: 's1' }),
      fc.subarray(['e1', 'e2', 'e3', 'r1', 'r2', 'r3']),
      async (records_, query, wide, asked, legLimit, contextWeight, filter, episodesAsked) => {
        const tenant = uniqueTenant('epleg');
        await writeCorpus(records, tenant, records_);
        const scope: Scope = wide ? { tenant } : { tenant, user: 'u1' };
        const ranker = rankerOf(records, scope);
        const terms = analyzeText(query.join(' '));
        const ranked = await ranker.text({ terms, limit: asked, filter, contextWeight });
        const derived = episodeScoresOfRanking(ranked, asked, new Set(episodesAsked), legLimit);
        if (derived === undefined) return;
        decided++;
        const leg = episodeScores(
          await ranker.text({
            terms,
            limit: legLimit,
            filter: { ...filter, kinds: ['episode'] },
            contextWeight,
          }),
        );
        for (const ep of episodesAsked) expect([ep, derived.get(ep)]).toEqual([ep, leg.get(ep)]);
      },
    ),
    { numRuns },
  );
  // The generators reach rankings that decide the scores (not only ones that leave them to the leg).
  expect(decided).toBeGreaterThan(numRuns / 5);
}

describe("episode scores read off a text ranking are the episode leg's, on every store", () => {
  it('in memory', async () => {
    await sameAsTheLeg(createMemoryStore(), 200);
  });

  it('on SQLite, each scope small or ranked by bm25() (the large-scope path, first batches of 1 and 4)', async () => {
    const file = join(dir, 'leg.db');
    const store = await openSqliteStore({ path: file });
    const base = createSqliteClient(new DatabaseSync(file));
    try {
      await sameAsTheLeg(store, 60);
      for (const firstBatch of [1, 4]) await sameAsTheLeg(largeScopeRecords(base, firstBatch), 40);
    } finally {
      await base.close(true);
      await store.close();
    }
  });

  it('on PostgreSQL', { timeout: 180_000 }, async () => {
    const pg = await createTestSchema('engram_episode_leg');
    const store = createPostgresStore({ connectionString: pg.url, schema: pg.name, maxConnections: 2 });
    try {
      await sameAsTheLeg(store, 30);
    } finally {
      await store.close();
      await pg.drop();
    }
  });
});
