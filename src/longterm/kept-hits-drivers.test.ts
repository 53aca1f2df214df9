import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusArbitrary, corpusWords, writeCorpus } from '../../test-support/longterm/ranking-corpus.ts';
import { largeScopeRecords } from '../../test-support/longterm/sqlite-rank-rigs.ts';
import { createTestSchema } from '../../test-support/postgres/test-database.ts';
import type { Scope } from '../core/scope.ts';
import { createJsonFileStore } from '../drivers/json-file/json-file-driver.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createPostgresStore } from '../drivers/postgres/postgres-driver.ts';
import { createSqliteClient } from '../drivers/sqlite/sqlite-client.ts';
import { openSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { uniqueTenant } from '../testing/fixtures.ts';
import { analyzeText } from './analyze-text.ts';
import type { LongTermFilter } from './long-term-query.ts';
import type { RankedCandidate } from './long-term-ranked.ts';
import { getLongTermRecords, type HasLongTermRecords } from './long-term-store-v1.ts';
import { keptHits, rankerOf } from './ranked-retrieval.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-kept-hits-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const shown = (hits: readonly RankedCandidate[]) => hits.map(({ id, score, ref }) => ({ id, score, ref }));

/**
 * On one store, `keptHits` over its text ranking (asked for the count, then for more in proportion to what is
 * missing) answers what hybrid search's text leg answered before it: one ranking of twice the count (at most
 * 1,000), filtered by hybrid search's `keep`, cut to the count.
 */
async function sameAsTwiceTheCount(store: HasLongTermRecords, numRuns: number) {
  const records = getLongTermRecords(store);
  await fc.assert(
    fc.asyncProperty(
      corpusArbitrary,
      fc.array(fc.constantFrom(...corpusWords, 'alice', 'bob'), { minLength: 1, maxLength: 4 }),
      fc.boolean(),
      fc.integer({ min: 1, max: 8 }),
      fc.constantFrom(0, 0.5, 1),
      fc.constantFrom<LongTermFilter>({}, { kinds: ['episode', 'turn'] }, { kinds: ['engram.core', 'fact'] }),
      async (corpus, words, wide, count, contextWeight, filter) => {
        const tenant = uniqueTenant('kept');
        await writeCorpus(records, tenant, corpus);
        const scope: Scope = wide ? { tenant } : { tenant, user: 'u1' };
        const ranker = rankerOf(records, scope);
        const terms = analyzeText(words.join(' '));
        const rank = (limit: number) => ranker.text({ terms, limit, filter, contextWeight });
        const keep = (h: RankedCandidate) =>
          ((filter.kinds?.includes('episode') ?? false) || h.kind !== 'episode') &&
          (!h.kind.startsWith('engram.') || (filter.kinds?.includes(h.kind) ?? false));
        const before = (await rank(Math.min(1000, count * 2))).filter(keep).slice(0, count);
        expect(shown(await keptHits(rank, keep, count))).toEqual(shown(before));
      },
    ),
    { numRuns },
  );
}

describe('keptHits over each store answers as one ranking of twice the count did (ties included)', () => {
  it('in memory', async () => {
    await sameAsTwiceTheCount(createMemoryStore(), 150);
  });

  it('in JSON files', async () => {
    const store = createJsonFileStore({ directory: join(dir, 'json') });
    try {
      await sameAsTwiceTheCount(store, 60);
    } finally {
      await store.close();
    }
  });

  it('on SQLite, each scope small or ranked by bm25() (the large-scope path, first batches of 1 and 4)', async () => {
    const file = join(dir, 'kept.db');
    const store = await openSqliteStore({ path: file });
    const base = createSqliteClient(new DatabaseSync(file));
    try {
      await sameAsTwiceTheCount(store, 100);
      for (const firstBatch of [1, 4]) {
        await sameAsTwiceTheCount(largeScopeRecords(base, firstBatch), 60);
      }
    } finally {
      await base.close(true);
      await store.close();
    }
  });

  it('on PostgreSQL', { timeout: 180_000 }, async () => {
    const pg = await createTestSchema('engram_kept_hits');
    const store = createPostgresStore({ connectionString: pg.url, schema: pg.name, maxConnections: 2 });
    try {
      await sameAsTwiceTheCount(store, 60);
    } finally {
      await store.close();
      await pg.drop();
    }
  });
});
