/**
 * `search(query, { knownAt })` on a memory of a wide scope (a tenant's, whose search also finds the records of
 * its users and agents): each hit's earlier version must come from the history of the record the hit is, in the
 * scope that owns it. Before, it was read in the search's scope: a user's record changed after `t` was dropped
 * (its history is empty in the tenant's scope), or, when the tenant held a record of the same id, replaced by that
 * record's version. On every built-in store (in-process, SQLite, json-file, libSQL, PostgreSQL).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { momentBetween } from '../../test-support/longterm/moment-between.ts';
import { wideAndNarrowScopes } from '../../test-support/longterm/wide-scopes.ts';
import { createTestSchema } from '../../test-support/postgres/test-database.ts';
import type { Scope } from '../core/scope.ts';
import { createJsonFileStore } from '../drivers/json-file/json-file-driver.ts';
import { createLibsqlStore } from '../drivers/libsql/libsql-store.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createPostgresStore } from '../drivers/postgres/postgres-driver.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createLongTermMemory } from './create-long-term-memory.ts';
import { knownAt } from './known-at.ts';
import type { LongTermSearchResult } from './long-term-memory.ts';
import type { HasLongTermRecords } from './long-term-store-v1.ts';
import { createMemoryLongTermRecords } from './memory-long-term-records.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const done of cleanups.splice(0).reverse()) await done();
});
/** A new directory, removed after the test. */
const directory = () => {
  const dir = mkdtempSync(join(tmpdir(), 'engram-knownat-owner-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
};
/** A store closed after the test. */
const closing = <S extends { close(): Promise<void> }>(store: S) => {
  cleanups.push(() => store.close());
  return store;
};
const stores: [string, () => Promise<HasLongTermRecords>][] = [
  ['memory', async () => closing(createMemoryStore())],
  ['sqlite', async () => closing(createSqliteStore({ path: join(directory(), 'k.db') }))],
  ['json-file', async () => closing(createJsonFileStore({ directory: join(directory(), 'json') }))],
  ['libsql', async () => closing(createLibsqlStore({ url: `file:${join(directory(), 'l.db')}` }))],
  [
    'postgres',
    async () => {
      const pg = await createTestSchema('engram_known_at_owner');
      cleanups.push(() => pg.drop());
      return closing(createPostgresStore({ connectionString: pg.url, schema: pg.name, maxConnections: 2 }));
    },
  ],
];
/** A wide memory and a narrower one inside it (a tenant and one of its users, a user and one of her agents) on one store. */
const memoriesOn = (store: HasLongTermRecords, wide: Scope, narrow: Scope) => ({
  wide: createLongTermMemory({ store, scope: wide }),
  narrow: createLongTermMemory({ store, scope: narrow }),
});
const texts = (hits: readonly LongTermSearchResult[]) => hits.map((h) => h.record.text).sort();

describe.each(stores)('knownAt over a wide scope (%s store)', (_name, open) => {
  it.each(wideAndNarrowScopes)(
    "a narrower scope's record changed since t is found as it was then, not dropped (%o over %o)",
    async (wideScope, narrowScope) => {
      const { wide, narrow } = memoriesOn(await open(), wideScope, narrowScope);
      await narrow.add({ id: 'home', text: 'Ada lives in Paris' });
      const t = await momentBetween();
      await narrow.update('home', 'Ada lives in Lyon');
      // The wide search finds the narrower scope's record (its current version).
      expect(texts(await wide.search('lives'))).toEqual(['Ada lives in Lyon']);
      const then = await wide.search('lives', { knownAt: t });
      expect(then.map((h) => [h.record.id, h.record.version, h.record.text])).toEqual([
        ['home', 1, 'Ada lives in Paris'],
      ]);
    },
  );

  it.each(wideAndNarrowScopes)(
    "a narrower scope's record is not swapped with the wide scope's record of the same id (%o over %o)",
    async (wideScope, narrowScope) => {
      const { wide, narrow } = memoriesOn(await open(), wideScope, narrowScope);
      await wide.add({ id: 'home', text: 'The team lives in Berlin' });
      await narrow.add({ id: 'home', text: 'Ada lives in Paris' });
      const t = await momentBetween();
      await narrow.update('home', 'Ada lives in Lyon');
      expect(texts(await wide.search('lives'))).toEqual(['Ada lives in Lyon', 'The team lives in Berlin']);
      expect(texts(await wide.search('lives', { knownAt: t }))).toEqual([
        'Ada lives in Paris',
        'The team lives in Berlin',
      ]);
    },
  );

  it("a narrower scope's record added after t is left out; the wide scope's own record changed since is read as it was", async () => {
    const [wideScope, narrowScope] = wideAndNarrowScopes[0]!;
    const { wide, narrow } = memoriesOn(await open(), wideScope, narrowScope);
    await wide.add({ id: 'home', text: 'The team lives in Berlin' });
    const t = await momentBetween();
    await wide.update('home', 'The team lives in Bonn');
    await narrow.add({ id: 'home', text: 'Ada lives in Paris' });
    expect(texts(await wide.search('lives', { knownAt: t }))).toEqual(['The team lives in Berlin']);
  });
});

describe('knownAt on a store without historyOf', () => {
  it("reads history in the search's scope only when it is the hit's record: a user's hit is left out, never swapped", async () => {
    const { historyOf: _left, ...records } = createMemoryLongTermRecords();
    const tenant = createLongTermMemory({ store: { longTermRecords: records }, scope: { tenant: 't' } });
    const ada = createLongTermMemory({
      store: { longTermRecords: records },
      scope: { tenant: 't', user: 'ada' },
    });
    await tenant.add({ id: 'home', text: 'The team lives in Berlin' });
    await ada.add({ id: 'home', text: 'Ada lives in Paris' });
    const t = await momentBetween();
    await ada.update('home', 'Ada lives in Lyon');
    await tenant.update('home', 'The team lives in Bonn');
    const then = await knownAt(records, { tenant: 't' }, await tenant.search('lives'), t);
    expect(texts(then)).toEqual(['The team lives in Berlin']);
  });

  it('historyOf refuses what names no version (INVALID_ARGUMENT)', async () => {
    const records = createMemoryLongTermRecords();
    const historyOf = records.historyOf?.bind(records);
    expect(historyOf).toBeDefined();
    await expect(historyOf?.({ tenant: 't' }, null as never)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    await expect(
      historyOf?.({ tenant: 't' }, {
        id: 'a',
        version: 1,
        hash: 'h',
        createdAt: new Date(Number.NaN),
      } as never),
    ).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('found.createdAt'),
    });
  });
});
