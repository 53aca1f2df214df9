import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  corpusArbitrary,
  corpusWords,
  userScope,
  writeCorpus,
} from '../../../test-support/longterm/ranking-corpus.ts';
import { joinedRanking } from '../../../test-support/longterm/sqlite-rank-rigs.ts';
import type { Scope } from '../../core/scope.ts';
import { analyzeText } from '../../longterm/analyze-text.ts';
import { getLongTermRecords } from '../../longterm/long-term-store-v1.ts';
import { prepareChange } from '../../longterm/prepare-record.ts';
import { uniqueTenant } from '../../testing/fixtures.ts';
import type { LongTermTextSearch } from '../sql/dialect-longterm-index.ts';
import { compileSql } from '../sql/sql-fragment.ts';
import { filterSql, liveWhere, scopeTokens } from '../sql/sql-longterm-rows.ts';
import { createSqliteClient } from './sqlite-client.ts';
import { openSqliteStore } from './sqlite-driver.ts';
import { rareTermsFrom } from './sqlite-longterm-matches.ts';
import { rankSqliteLongTerm, rowsOfKindsQuery } from './sqlite-longterm-rank.ts';
import { scopeSize } from './sqlite-longterm-scope-size.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-sqlite-rank-'));
const file = join(dir, 'rank.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Row ids and scores of a ranking (the columns the index read beside them left out). */
const idsAndScores = (rows: readonly { rid: number; score: number }[]) =>
  rows.map(({ rid, score }) => ({ rid, score }));

/**
 * A write of the over-time properties, through the searching handle or another one: more records, or new versions
 * of records already there, or their deletion (their old rows then fail a search's filter).
 */
const writeStep = fc.record({
  kind: fc.constant('write' as const),
  corpus: corpusArbitrary,
  handle: fc.constantFrom<'same' | 'other'>('same', 'other'),
  change: fc.constantFrom('add' as const, 'update' as const, 'delete' as const),
});

/** A value of {@link writeStep}. */
type WriteStep = typeof writeStep extends fc.Arbitrary<infer W> ? W : never;

/**
 * Applies a {@link writeStep} to `records`: an added corpus takes ids of its own (suffixed with `nth`, the step's
 * number), so it adds records and may change earlier ones' scores; an update or a delete changes the first
 * corpus's records of those ids.
 */
async function applyWrite(
  s: WriteStep,
  records: ReturnType<typeof getLongTermRecords>,
  tenant: string,
  nth: number,
): Promise<void> {
  if (s.change === 'add') {
    await writeCorpus(
      records,
      tenant,
      s.corpus.map((r) => ({ ...r, id: `${r.id}-${nth}` })),
    );
    return;
  }
  for (const r of s.corpus) {
    const owner = userScope(tenant, r.user);
    const [current] = await records.getRecords(owner, [r.id]);
    if (!current) continue;
    if (s.change === 'delete') await records.deleteRecord(owner, r.id, new Date());
    else
      await records.updateRecord(
        owner,
        r.id,
        prepareChange({ text: `${current.text} ${r.text}` }, 'test'),
        new Date(),
      );
  }
}

/**
 * The text search of `words` in `scope` with `kinds` as its filter; the kinds also named to the ranking (which
 * then finds their rows from the kind index) unless `sifted` (the rows are sifted by reading them).
 */
function textSearch(
  dialect: ReturnType<typeof createSqliteClient>['dialect'],
  scope: Scope,
  words: readonly string[],
  o: { contextWeight: number; limit: number; kinds?: readonly string[] | undefined; sifted?: boolean },
): LongTermTextSearch {
  const kinds = o.kinds && [...o.kinds];
  return {
    scope,
    terms: [...new Set(analyzeText(words.join(' ')))],
    contextWeight: o.contextWeight,
    where: liveWhere(scope, filterSql(dialect, kinds ? { kinds } : {})),
    ...(kinds && !o.sifted ? { kinds } : {}),
    scopeTokens: scopeTokens(scope),
    limit: o.limit,
  };
}

/** A corpus {@link corpusArbitrary} makes. */
type Corpus = typeof corpusArbitrary extends fc.Arbitrary<infer C> ? C : never;

/** Files the over-time properties made so far (each run plays on a file of its own). */
let played = 0;

/**
 * Plays an over-time property's steps on a file of its own, as tenant `tenant`: the corpus written through another
 * handle, then each write through the searching handle or the other ({@link applyWrite}), each search handed to
 * `search` with the searching handle's client and the file's path.
 */
async function playSteps<S extends { kind: 'search' }>(
  tenant: string,
  corpus: Corpus,
  steps: readonly (S | WriteStep)[],
  search: (s: S, client: ReturnType<typeof createSqliteClient>, path: string) => Promise<void>,
): Promise<void> {
  const path = join(dir, `${tenant}-${played++}.db`);
  const other = await openSqliteStore({ path });
  const db = new DatabaseSync(path);
  const same = await openSqliteStore({ database: db });
  const client = createSqliteClient(db);
  try {
    await writeCorpus(getLongTermRecords(other), tenant, corpus);
    let written = 0;
    for (const s of steps)
      if (s.kind === 'write')
        await applyWrite(s, getLongTermRecords(s.handle === 'same' ? same : other), tenant, written++);
      else await search(s, client, path);
  } finally {
    await client.close(true);
    await same.close();
    await other.close();
  }
}

describe('rankSqliteLongTerm', () => {
  it('breaks a tie cut by the first batch or a chunk by first_rid: a changed record (a later row) still ranks first', async () => {
    const store = await openSqliteStore({ path: file });
    const client = createSqliteClient(new DatabaseSync(file));
    try {
      const tenant = uniqueTenant('tie');
      await writeCorpus(getLongTermRecords(store), tenant, [
        { user: 'u1', id: 'r1', kind: 'fact', text: 'apple river', later: { text: 'apple stone' } },
        { user: 'u1', id: 'r2', kind: 'fact', text: 'apple stone' },
        { user: 'u1', id: 'r3', kind: 'fact', text: 'apple stone' },
      ]);
      const scope = { tenant, user: 'u1' };
      const search: LongTermTextSearch = {
        scope,
        terms: analyzeText('apple'),
        contextWeight: 0.5,
        where: liveWhere(scope),
        scopeTokens: scopeTokens(scope),
        limit: 1,
      };
      const expected = await joinedRanking(client, search);
      // Read one row id at a time too: a tie with the last kept row is read before the search stops.
      for (const firstBatch of [1, 2, 3, 8])
        for (const chunk of [1, 500])
          for (const cutFrom of [0, rareTermsFrom])
            expect(
              idsAndScores(
                await rankSqliteLongTerm(client, search, { smallScope: 0, firstBatch, chunk, cutFrom }),
              ),
            ).toEqual(expected);
    } finally {
      await client.close(true);
      await store.close();
    }
  });

  it('ranks a large scope by the index first (any first batch, any filter) exactly as joining every match did', async () => {
    const store = await openSqliteStore({ path: file });
    const client = createSqliteClient(new DatabaseSync(file));
    try {
      const records = getLongTermRecords(store);
      await fc.assert(
        fc.asyncProperty(
          corpusArbitrary,
          fc.subarray(corpusWords, { minLength: 1 }),
          fc.constantFrom<Scope['user']>(undefined, 'u1'),
          fc.integer({ min: 1, max: 6 }),
          fc.integer({ min: 1, max: 5 }),
          fc.constantFrom(0, 0.5, 1),
          fc.constantFrom(undefined, ['turn'], ['episode'], ['fact', 'turn']),
          fc.constantFrom(0, rareTermsFrom),
          async (corpus, words, user, limit, firstBatch, contextWeight, kinds, cutFrom) => {
            const tenant = uniqueTenant('rank');
            await writeCorpus(records, tenant, corpus);
            const scope: Scope = user === undefined ? { tenant } : { tenant, user };
            const search = textSearch(client.dialect, scope, words, { contextWeight, limit, kinds });
            const expected = await joinedRanking(client, search);
            expect(
              idsAndScores(await rankSqliteLongTerm(client, search, { smallScope: 0, firstBatch, cutFrom })),
            ).toEqual(expected);
          },
        ),
        { numRuns: 60 },
      );
    } finally {
      await client.close(true);
      await store.close();
    }
  });

  it('ranks a tenant alone in its table by its terms alone, exactly as joining every match with the scope did', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        corpusArbitrary,
        fc.subarray(corpusWords, { minLength: 1 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom(0, 0.5),
        fc.constantFrom(undefined, ['turn'], ['fact', 'turn']),
        fc.constantFrom(0, rareTermsFrom),
        async (corpus, words, limit, firstBatch, contextWeight, kinds, cutFrom) => {
          const alone = join(dir, `alone-${run++}.db`);
          const store = await openSqliteStore({ path: alone });
          const client = createSqliteClient(new DatabaseSync(alone));
          try {
            const records = getLongTermRecords(store);
            await writeCorpus(records, 'only', corpus);
            // A record of another tenant that is no longer live leaves the tenant alone.
            await writeCorpus(records, 'other', [
              {
                user: 'u1',
                id: 'gone',
                kind: 'fact',
                text: words.join(' '),
                speaker: 'Bob',
                later: 'delete',
              },
            ]);
            const scope: Scope = { tenant: 'only' };
            const search = textSearch(client.dialect, scope, words, { contextWeight, limit, kinds });
            expect((await scopeSize(client, scope, 0)).whole).toBe(true);
            const expected = await joinedRanking(client, search);
            expect(
              idsAndScores(await rankSqliteLongTerm(client, search, { smallScope: 0, firstBatch, cutFrom })),
            ).toEqual(expected);
          } finally {
            await client.close(true);
            await store.close();
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('ranks the rows of a kind alone, or by bm25() when a term is not plain ASCII, exactly as joining every match did', async () => {
    const store = await openSqliteStore({ path: file });
    const client = createSqliteClient(new DatabaseSync(file));
    try {
      const records = getLongTermRecords(store);
      const tenant = uniqueTenant('known');
      await writeCorpus(records, tenant, [
        { user: 'u1', id: 'e1', kind: 'episode', text: 'привет apple river', speaker: 'Bob' },
        {
          user: 'u1',
          id: 'e2',
          kind: 'episode',
          text: 'apple apple stone',
          context: 'apple',
          speaker: 'Bob',
        },
        { user: 'u1', id: 't1', kind: 'turn', text: 'apple привет', speaker: 'Bob' },
        { user: 'u1', id: 't2', kind: 'turn', text: 'river', speaker: 'Bob' },
      ]);
      const scope: Scope = { tenant, user: 'u1' };
      for (const words of ['apple river', 'привет apple', 'stone']) {
        const search: LongTermTextSearch = {
          scope,
          terms: [...new Set(analyzeText(words))],
          contextWeight: 0.5,
          where: liveWhere(scope, filterSql(client.dialect, { kinds: ['episode'] })),
          kinds: ['episode'],
          scopeTokens: scopeTokens(scope),
          limit: 5,
        };
        const expected = await joinedRanking(client, search);
        expect(expected.length).toBeGreaterThan(0);
        expect(idsAndScores(await rankSqliteLongTerm(client, search, { smallScope: 0 }))).toEqual(expected);
      }
    } finally {
      await client.close(true);
      await store.close();
    }
  });

  it('keeps the scope tokens of a tenant that shares its table', async () => {
    const store = await openSqliteStore({ path: file });
    const client = createSqliteClient(new DatabaseSync(file));
    try {
      const records = getLongTermRecords(store);
      const [a, b] = [uniqueTenant('share'), uniqueTenant('share')];
      for (const tenant of [a, b])
        await writeCorpus(records, tenant, [
          { user: 'u1', id: 'r', kind: 'fact', text: 'apple', speaker: 'Bob' },
        ]);
      expect((await scopeSize(client, { tenant: a }, 0)).whole).toBe(false);
      expect((await scopeSize(client, { tenant: a, user: 'u1' }, 0)).whole).toBe(false);
    } finally {
      await client.close(true);
      await store.close();
    }
  });

  it('ranks a small scope alike whether its document frequencies are counted from its matches or by FTS5', async () => {
    const store = await openSqliteStore({ path: file });
    const client = createSqliteClient(new DatabaseSync(file));
    try {
      const records = getLongTermRecords(store);
      await fc.assert(
        fc.asyncProperty(
          corpusArbitrary,
          fc.subarray([...corpusWords, 'café'], { minLength: 1 }),
          fc.constantFrom<Scope['user']>(undefined, 'u1'),
          fc.integer({ min: 1, max: 12 }),
          fc.constantFrom(0, 0.3, 0.5, 1),
          async (corpus, words, user, limit, contextWeight) => {
            const tenant = uniqueTenant('small');
            await writeCorpus(records, tenant, corpus);
            const scope: Scope = user === undefined ? { tenant } : { tenant, user };
            const search: LongTermTextSearch = {
              scope,
              terms: [...new Set(analyzeText(words.join(' ')))],
              contextWeight,
              where: liveWhere(scope),
              scopeTokens: scopeTokens(scope),
              limit,
            };
            const byFts = await rankSqliteLongTerm(client, search);
            expect(await rankSqliteLongTerm(client, { ...search, filtered: false })).toEqual(byFts);
          },
        ),
        { numRuns: 60 },
      );
    } finally {
      await client.close(true);
      await store.close();
    }
  });
});

describe('rowsOfKindsQuery', () => {
  it('reads the kind index alone (no table row), for a tenant, user or agent scope', async () => {
    const store = await openSqliteStore({ path: join(dir, 'kinds.db') });
    try {
      for (const scope of [
        { tenant: 't' },
        { tenant: 't', user: 'u' },
        { tenant: 't', user: 'u', agent: 'a' },
      ]) {
        const { text, params } = compileSql(rowsOfKindsQuery(scope, ['episode', 'fact']), () => '?');
        const plan = (
          store.database.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...(params as never[])) as {
            detail: string;
          }[]
        )
          .map((r) => r.detail)
          .join('\n');
        expect(plan).toMatch(/USING COVERING INDEX engram_ltm_kind \(tenant=\? AND kind=\?/);
      }
    } finally {
      await store.close();
    }
  });
});

describe('rankSqliteLongTerm in a small scope, asked again', () => {
  it('slices the ranking it computed while nothing was written, and ranks afresh after a write on either handle', async () => {
    const path = join(dir, 'small-again.db');
    const other = await openSqliteStore({ path });
    const db = new DatabaseSync(path);
    const same = await openSqliteStore({ database: db });
    const client = createSqliteClient(db);
    try {
      const tenant = 'small-again';
      const scope: Scope = { tenant, user: 'u1' };
      const search = (limit: number): LongTermTextSearch => ({
        scope,
        terms: ['appl'],
        contextWeight: 0.5,
        where: liveWhere(scope, filterSql(client.dialect, {})),
        filtered: false,
        scopeTokens: scopeTokens(scope),
        limit,
      });
      const add = (store: typeof same, id: string) =>
        writeCorpus(getLongTermRecords(store), tenant, [
          { user: 'u1', id, kind: 'fact', text: 'apple', speaker: 'Bob' },
        ]);
      await add(other, 'a');
      await add(other, 'b');
      expect(await rankSqliteLongTerm(client, search(1))).toHaveLength(1);
      expect(await rankSqliteLongTerm(client, search(5))).toHaveLength(2);
      await add(same, 'c');
      expect(await rankSqliteLongTerm(client, search(5))).toHaveLength(3);
      await add(other, 'd');
      expect(await rankSqliteLongTerm(client, search(5))).toHaveLength(4);
    } finally {
      await client.close(true);
      await same.close();
      await other.close();
    }
  });
});

describe('rankSqliteLongTerm on one handle over time', () => {
  it('reuses the matches (or the small-scope ranking) it just read only while nothing was written: every search equals a fresh one', async () => {
    // Few distinct queries, so consecutive searches often share their terms (as a hybrid search's two legs do).
    const search = fc.record({
      kind: fc.constant('search' as const),
      words: fc.constantFrom(['apple'], ['apple', 'river'], ['stone', 'cloud', 'amber', 'alice']),
      limit: fc.integer({ min: 1, max: 6 }),
      firstBatch: fc.integer({ min: 1, max: 5 }),
      chunk: fc.integer({ min: 1, max: 4 }),
      contextWeight: fc.constantFrom(0, 0.5),
      kinds: fc.constantFrom(undefined, ['turn'], ['episode'], ['fact', 'turn']),
      small: fc.boolean(),
      cutFrom: fc.constantFrom(0, rareTermsFrom),
      user: fc.constantFrom<'u1' | 'u2' | undefined>('u1', 'u2', undefined),
    });
    // A step: a search, or a write through the searching handle or through another one: more records, or new
    // versions of records already there, or their deletion (their old rows then fail the filter).
    const step = fc.oneof({ arbitrary: search, weight: 3 }, { arbitrary: writeStep, weight: 1 });
    await fc.assert(
      fc.asyncProperty(corpusArbitrary, fc.array(step, { minLength: 1, maxLength: 10 }), (corpus, steps) =>
        playSteps('over-time', corpus, steps, async (s, client, path) => {
          const { words, limit, firstBatch, chunk, contextWeight, kinds, small, cutFrom, user } = s;
          const tenant = 'over-time';
          const scope: Scope = user === undefined ? { tenant } : { tenant, user };
          const query = textSearch(client.dialect, scope, words, { contextWeight, limit, kinds });
          // A small scope ranks with its own statistics: against a handle that never searched before.
          const fresh = createSqliteClient(new DatabaseSync(path));
          const expected = small
            ? idsAndScores(await rankSqliteLongTerm(fresh, query, { smallScope: 100_000 }))
            : await joinedRanking(client, query);
          await fresh.close(true);
          expect(
            idsAndScores(
              await rankSqliteLongTerm(client, query, {
                smallScope: small ? 100_000 : 0,
                firstBatch,
                chunk,
                cutFrom,
              }),
            ),
          ).toEqual(expected);
        }),
      ),
      { numRuns: 30 },
    );
  });
});

describe('rankSqliteLongTerm in a large scope, asked for fewer hits then more', () => {
  it('reads a filtered match once while nothing was written: every ranking, columns included, equals a fresh handle’s', async () => {
    // A search asked for `limit` then for more, in one or more steps up to twice as many (hybrid search's
    // `keptHits`), with a kind filter the index does not know of (the rows are sifted by reading them), on one of
    // the tenant's scopes.
    const search = fc.record({
      kind: fc.constant('search' as const),
      words: fc.constantFrom(['apple'], ['apple', 'river'], ['stone', 'cloud', 'amber', 'alice']),
      limit: fc.integer({ min: 1, max: 5 }),
      firstBatch: fc.integer({ min: 1, max: 5 }),
      chunk: fc.integer({ min: 1, max: 4 }),
      kinds: fc.constantFrom(undefined, ['turn'], ['fact', 'episode']),
      user: fc.constantFrom<'u1' | 'u2' | undefined>('u1', 'u2', undefined),
      widenings: fc.constantFrom(1, 2),
    });
    const step = fc.oneof({ arbitrary: search, weight: 3 }, { arbitrary: writeStep, weight: 1 });
    // What a ranking gives its caller: each row's id, score and the columns read with it.
    const shown = (rows: readonly { rid: number; score: number; columns?: Record<string, unknown> }[]) =>
      rows.map(({ rid, score, columns }) => ({ rid, score, columns: { ...columns } }));
    await fc.assert(
      fc.asyncProperty(corpusArbitrary, fc.array(step, { minLength: 1, maxLength: 10 }), (corpus, steps) =>
        playSteps('fewer-then-more', corpus, steps, async (s, client, path) => {
          const { words, limit, firstBatch, chunk, kinds, user, widenings } = s;
          const tenant = 'fewer-then-more';
          const scope: Scope = user === undefined ? { tenant } : { tenant, user };
          const asks =
            widenings === 1 ? [limit, limit * 2] : [limit, limit + Math.ceil(limit / 2), limit * 2];
          for (const asked of asks) {
            const query = textSearch(client.dialect, scope, words, {
              contextWeight: 0.5,
              limit: asked,
              kinds,
              sifted: true,
            });
            const tuning = { smallScope: 0, firstBatch, chunk };
            const fresh = createSqliteClient(new DatabaseSync(path));
            const expected = shown(await rankSqliteLongTerm(fresh, query, tuning));
            await fresh.close(true);
            expect(shown(await rankSqliteLongTerm(client, query, tuning))).toEqual(expected);
          }
        }),
      ),
      { numRuns: 40 },
    );
  });
});
