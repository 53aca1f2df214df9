import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { materializingHybridSearch } from '../../test-support/longterm/materializing-hybrid-search.ts';
import {
  type CorpusRecord,
  corpusArbitrary,
  corpusWords,
  userScope,
  writeCorpus,
} from '../../test-support/longterm/ranking-corpus.ts';
import { largeScopeRecords } from '../../test-support/longterm/sqlite-rank-rigs.ts';
import { createTestSchema, type TestDatabase } from '../../test-support/postgres/test-database.ts';
import type { Scope } from '../core/scope.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createPostgresStore } from '../drivers/postgres/postgres-driver.ts';
import { createSqliteClient } from '../drivers/sqlite/sqlite-client.ts';
import { openSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { uniqueTenant } from '../testing/fixtures.ts';
import type { LongTermEmbedder } from './embedder.ts';
import { vectorPicks } from './fuse-rankings.ts';
import { type HybridSearchOptions, hybridSearch } from './hybrid-search.ts';
import type { LongTermFilter } from './long-term-query.ts';
import { getLongTermRecords, type HasLongTermRecords, type LongTermStoreV1 } from './long-term-store-v1.ts';
import { prepareRecord } from './prepare-record.ts';
import { matchesFilter } from './record-filter.ts';

/** A turn record said in `role` (its speaker too). */
const turn = (id: string, text: string, role: string) =>
  prepareRecord({ id, kind: 'turn', text, metadata: { role, speaker: role } }, 'test');

/** A bag-of-words embedder over the corpus words (not a language model: a deterministic vector per text). */
const embedder: LongTermEmbedder = {
  id: 'test:bag-of-words',
  maxChars: 2000,
  batchSize: 16,
  embed: async (texts) =>
    texts.map((t) => {
      const words = t.toLowerCase().split(/\W+/);
      return [...corpusWords.map((w) => words.filter((x) => x === w).length), 0.25];
    }),
};

/** Embeds every live record of the corpus's users (with the bag-of-words embedder unless told). */
async function embedAll(
  records: LongTermStoreV1,
  tenant: string,
  corpus: readonly CorpusRecord[],
  by: LongTermEmbedder = embedder,
) {
  for (const user of new Set(corpus.map((r) => r.user))) {
    const scope = userScope(tenant, user);
    const ids = await records.missingEmbeddings(scope, by.id, 1000);
    const found = await records.getRecords(scope, ids);
    const vectors = await by.embed(found.map((r) => r.text));
    await records.putEmbeddings(
      scope,
      found.map((r, i) => ({ id: r.id, model: by.id, vector: vectors[i] as number[] })),
    );
  }
}

/** A model of random unit vectors: each text's vector seeded by a hash of it (knows nothing of meaning). */
const randomEmbedder: LongTermEmbedder = {
  id: 'test:random',
  maxChars: 2000,
  batchSize: 16,
  embed: async (texts) =>
    texts.map((t) => {
      let seed = [...t].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0, 0x811c9dc5);
      return Array.from({ length: 16 }, () => {
        seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
        return seed / 2 ** 32 - 0.5;
      });
    }),
};

const options = fc.record({
  limit: fc.integer({ min: 1, max: 8 }),
  candidates: fc.integer({ min: 1, max: 12 }),
  dedupe: fc.constantFrom(0, 0.5, 0.9, 1),
  diversity: fc.constantFrom(0, 0, 0.4),
  episodeWeight: fc.constantFrom(0, 0.3, 0.3),
  speakerBoost: fc.constantFrom(0, 0.4, 0.4),
  contextWeight: fc.constantFrom(0, 0.5, 1),
  vectorWeight: fc.constantFrom(0.5, 1, 2),
  fusion: fc.constantFrom('calibrated' as const, 'rrf' as const),
  filter: fc.constantFrom<LongTermFilter | undefined>(
    undefined,
    { kinds: ['turn', 'episode'] },
    { kinds: ['episode'] },
    { session: 's1' },
    { kinds: ['engram.core', 'fact'] },
  ),
  vectors: fc.boolean(),
});

/** The property on one store: the ranked path answers exactly as the materializing pipeline did. */
async function sameAsMaterializing(store: HasLongTermRecords, numRuns: number) {
  const records = getLongTermRecords(store);
  const now = new Date(Date.UTC(2026, 0, 3));
  await fc.assert(
    fc.asyncProperty(
      corpusArbitrary,
      fc.array(fc.constantFrom(...corpusWords, 'alice', 'bob', 'smith', 'my'), {
        minLength: 1,
        maxLength: 4,
      }),
      fc.boolean(),
      options,
      async (corpus, words, wide, o) => {
        const tenant = uniqueTenant('hybrid');
        await writeCorpus(records, tenant, corpus);
        if (o.vectors) await embedAll(records, tenant, corpus);
        const scope: Scope = wide ? { tenant } : { tenant, user: 'u1' };
        const { vectors, filter, ...ranking } = o;
        const search: HybridSearchOptions = {
          ...ranking,
          ...(filter ? { filter } : {}),
          ...(vectors ? { embedder } : {}),
          now: () => now,
        };
        const query = words.join(' ');
        const expected = await materializingHybridSearch(records, scope, query, search);
        expect(await hybridSearch(records, scope, query, search)).toEqual(expected);
      },
    ),
    { numRuns },
  );
}

describe('hybridSearch with a random-vector model', () => {
  it('returns only live records of the scope that match the filter, each once', async () => {
    const store = createMemoryStore();
    const records = getLongTermRecords(store);
    await fc.assert(
      fc.asyncProperty(
        corpusArbitrary,
        fc.array(fc.constantFrom(...corpusWords), { minLength: 1, maxLength: 3 }),
        options,
        async (corpus, words, o) => {
          const tenant = uniqueTenant('hybrid-random');
          await writeCorpus(records, tenant, corpus);
          await embedAll(records, tenant, corpus, randomEmbedder);
          const { vectors: _v, filter, ...ranking } = o;
          const scope = userScope(tenant, 'u1');
          const hits = await hybridSearch(records, scope, words.join(' '), {
            ...ranking,
            ...(filter ? { filter } : {}),
            embedder: randomEmbedder,
          });
          const live = new Map(
            corpus
              .filter((r) => r.user === 'u1' && r.later !== 'delete')
              .map((r) => [r.id, typeof r.later === 'object' ? r.later.text : r.text]),
          );
          expect(new Set(hits.map((h) => h.id)).size).toBe(hits.length);
          expect(hits.length).toBeLessThanOrEqual(o.limit);
          for (const h of hits) {
            expect(live.get(h.id)).toBe(h.record.text);
            if (filter) expect(matchesFilter(h.record, filter)).toBe(true);
          }
        },
      ),
      { numRuns: 80 },
    );
  });
});

const dir = mkdtempSync(join(tmpdir(), 'engram-hybrid-'));
let pg: TestDatabase | undefined;
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await pg?.drop();
});

describe('hybridSearch ranks ids and scores and loads its results, answering as the materializing pipeline', () => {
  it('in memory (a store without rankText: hits carry their records)', async () => {
    await sameAsMaterializing(createMemoryStore(), 150);
  });

  it('on SQLite (rankText, rankVector, loadRanked)', async () => {
    const store = await openSqliteStore({ path: join(dir, 'hybrid.db') });
    try {
      await sameAsMaterializing(store, 100);
    } finally {
      await store.close();
    }
  });

  it('on SQLite with every scope ranked by bm25() from a first batch of 1 to 4 (the large-scope path)', async () => {
    const file = join(dir, 'hybrid-large.db');
    const store = await openSqliteStore({ path: file });
    const base = createSqliteClient(new DatabaseSync(file));
    try {
      for (const firstBatch of [1, 4]) {
        await sameAsMaterializing(largeScopeRecords(base, firstBatch), 40);
      }
    } finally {
      await base.close(true);
      await store.close();
    }
  });

  it('on PostgreSQL (rankText, rankVector, loadRanked)', { timeout: 120_000 }, async () => {
    pg = await createTestSchema('engram_hybrid');
    const store = createPostgresStore({ connectionString: pg.url, schema: pg.name, maxConnections: 2 });
    try {
      await sameAsMaterializing(store, 30);
    } finally {
      await store.close();
    }
  });
});

describe('hybridSearch: a question about the user', () => {
  it("ranks the user's own turns and self facts above what others said as well, on every store", async () => {
    const file = join(dir, 'from-user.db');
    const schema = await createTestSchema('engram_from_user');
    const postgres = createPostgresStore({
      connectionString: schema.url,
      schema: schema.name,
      maxConnections: 2,
    });
    // PostgreSQL reads metadata as an object, SQLite as JSON text, the memory store from the records.
    for (const store of [createMemoryStore(), await openSqliteStore({ path: file }), postgres]) {
      const records = getLongTermRecords(store);
      const tenant = uniqueTenant('from-user');
      const scope = userScope(tenant, 'u1');
      await records.addRecords(scope, [
        // The assistant's turn is shorter, so BM25 alone ranks it first.
        turn('a', 'assistant: a greyhound named Scout', 'assistant'),
        turn('u', 'user: we have a greyhound, she is named Scout', 'user'),
        prepareRecord(
          {
            id: 'f',
            kind: 'fact',
            // Longer than the assistant's turn, so only the boost ranks it above that turn.
            text: "The user's pet is a greyhound called Scout, a rescue from the track.",
            metadata: { selfFact: 'user.pet' },
          },
          'test',
        ),
      ]);
      const ids = async (q: string) => (await hybridSearch(records, scope, q, { limit: 3 })).map((h) => h.id);
      const asked = await ids('what breed is my greyhound?');
      expect(asked.indexOf('u')).toBeLessThan(asked.indexOf('a'));
      expect(asked.indexOf('f')).toBeLessThan(asked.indexOf('a'));
      // About someone else: the words alone decide.
      const other = await ids('which greyhound did Ann get?');
      expect(other.indexOf('a')).toBeLessThan(other.indexOf('u'));
      expect(other.indexOf('a')).toBeLessThan(other.indexOf('f'));
      await store.close();
    }
    await schema.drop();
  });
});

describe('hybridSearch: the vector leg of a question about the user', () => {
  /** Texts about mornings lie near the question; the assistant's reply nearest. */
  const morning: LongTermEmbedder = {
    id: 'test:morning',
    maxChars: 2000,
    batchSize: 16,
    embed: async (texts) =>
      texts.map((t) =>
        t.includes('morning')
          ? [1, 0]
          : t.includes('espresso')
            ? [0.9, 0.1]
            : t.includes('kettle')
              ? [0.7, 0.3]
              : [0, 1],
      ),
  };

  it("ranks the user's own words only, and every record when the question is about someone else", async () => {
    for (const store of [createMemoryStore(), await openSqliteStore({ path: join(dir, 'user-picks.db') })]) {
      const records = getLongTermRecords(store);
      const scope = userScope(uniqueTenant('user-picks'), 'u1');
      await records.addRecords(scope, [
        // Twenty turns the words find fill the pool's head ...
        ...Array.from({ length: 20 }, (_, i) => turn(`w${i}`, `drink number ${i} of the list`, 'user')),
        // ... and two that share no word with either question: the assistant's reply lies nearer to them.
        turn('a', 'assistant: an espresso is a fine start', 'assistant'),
        turn('u', 'user: the kettle goes on first thing, green tea always', 'user'),
      ]);
      await embedAll(records, scope.tenant, [{ user: 'u1' } as CorpusRecord], morning);
      const ids = async (q: string) =>
        (await hybridSearch(records, scope, q, { limit: 22, embedder: morning })).map((h) => h.id);
      // About the user: the vector leg ranks the user's own words, so the user's statement takes the first pick, just
      // below the best fifteen; the assistant's reply, which no word finds, is not among the results.
      const mine = await ids('what do I drink in the morning?');
      expect(mine.indexOf('u')).toBe(15);
      expect(mine).not.toContain('a');
      // About someone else, the nearest hit takes it.
      const theirs = await ids('what does Ann drink in the morning?');
      expect(theirs.indexOf('a')).toBe(15);
      await store.close();
    }
  });

  /** Texts `m0`…`m11` lie nearer the question the lower their number. */
  const graded: LongTermEmbedder = {
    id: 'test:graded',
    maxChars: 2000,
    batchSize: 16,
    embed: async (texts) =>
      texts.map((t) => {
        if (t.includes('morning')) return [1, 0];
        const n = /\bm(\d+)\b/.exec(t);
        return n ? [1, 0.1 * (Number(n[1]) + 1)] : [0, 1];
      }),
  };

  it(`keeps ${vectorPicks.aboutUser} of the vector leg's picks for a question about the user, ${vectorPicks.count} for one about someone else`, async () => {
    for (const store of [createMemoryStore(), await openSqliteStore({ path: join(dir, 'user-ten.db') })]) {
      const records = getLongTermRecords(store);
      const scope = userScope(uniqueTenant('user-ten'), 'u1');
      await records.addRecords(scope, [
        ...Array.from({ length: 20 }, (_, i) => turn(`w${i}`, `drink number ${i} of the list`, 'user')),
        // Twelve of the user's turns no word of either question finds, graded by the vector leg.
        ...Array.from({ length: 12 }, (_, i) => turn(`m${i}`, `user: m${i} kettle`, 'user')),
      ]);
      await embedAll(records, scope.tenant, [{ user: 'u1' } as CorpusRecord], graded);
      const ids = async (q: string) =>
        (await hybridSearch(records, scope, q, { limit: 32, embedder: graded })).map((h) => h.id);
      const picked = (found: string[]) => found.slice(15, 15 + vectorPicks.aboutUser);
      const mine = await ids('what do I drink in the morning?');
      expect(picked(mine)).toEqual(Array.from({ length: vectorPicks.aboutUser }, (_, i) => `m${i}`));
      const theirs = await ids('what does Ann drink in the morning?');
      expect(theirs.slice(15, 15 + vectorPicks.count)).toEqual(['m0', 'm1', 'm2']);
      expect(theirs[15 + vectorPicks.count]).toMatch(/^w/);
      await store.close();
    }
  });
});

describe('hybridSearch: speakerBoost', () => {
  it('multiplies by 1 + boost the lexical score of the turns of a speaker the query names: a negative boost lowers them', async () => {
    const store = createMemoryStore();
    const records = getLongTermRecords(store);
    const scope = userScope(uniqueTenant('speaker-boost'), 'u1');
    await records.addRecords(scope, [
      // Alice's turn is shorter, so the words alone rank it first.
      turn('a', 'a greyhound named Scout', 'alice'),
      turn('b', 'we have a greyhound, she is named Scout', 'bob'),
    ]);
    const ids = async (speakerBoost: number) =>
      (
        await hybridSearch(records, scope, 'which greyhound did alice mention?', {
          limit: 2,
          speakerBoost,
          dedupe: 0,
        })
      ).map((h) => h.id);
    expect(await ids(0)).toEqual(['a', 'b']);
    expect(await ids(0.4)).toEqual(['a', 'b']);
    // Before, any boost below 0 was taken as 0 (Alice's turn stayed first): -0.5 halves her turn's score.
    expect(await ids(-0.5)).toEqual(['b', 'a']);
    expect(await ids(-1)).toEqual(['b', 'a']);
    await store.close();
  });
});
