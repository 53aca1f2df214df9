import { InMemoryStore } from '@langchain/langgraph-checkpoint';
import type { JSONValue } from 'ai';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testPostgresUrl } from '../../test-support/reliability/postgres-url.ts';
import { type OpenedStore, reliabilityDrivers } from '../../test-support/reliability/store-drivers.ts';
import { createLongTermMemory } from '../longterm/create-long-term-memory.ts';
import { getLongTermRecords } from '../longterm/long-term-store-v1.ts';
import { createEngramStore, type EngramStoreOptions } from './engram-store.ts';
import { type ItemMetadata, itemKind, itemRecordId, ownerOf, toMetadata } from './store-items.ts';

/** A deterministic embedder: counts of a few topic words, so "cats" is near "kittens" and far from "rockets". */
const topics = [
  ['cat', 'cats', 'kitten', 'kittens', 'feline'],
  ['rocket', 'rockets', 'launch', 'orbit'],
  ['pasta', 'cook', 'recipe', 'dinner'],
];
const embed = async (texts: string[]) =>
  texts.map((t) => {
    const words = t.toLowerCase().match(/[a-z]+/g) ?? [];
    return [...topics.map((topic) => words.filter((w) => topic.includes(w)).length), 0.01];
  });

const drivers = reliabilityDrivers({ postgresUrl: testPostgresUrl(), fast: true }).filter(
  (d) => d.name === 'sqlite' || d.name === 'postgres' || d.name === 'memory',
);

for (const driver of drivers)
  describe.skipIf(driver.missing !== undefined)(`createEngramStore on ${driver.name}`, () => {
    let opened: OpenedStore;
    let store: OpenedStore['store'];
    let tenant = 0;
    const make = (options: Partial<EngramStoreOptions> = {}) =>
      createEngramStore({ store, scope: { tenant: `t${tenant}` }, ...options });
    beforeAll(async () => {
      opened = await driver.open();
      store = opened.store;
    });
    afterAll(() => opened.dispose());
    afterEach(() => {
      tenant++;
      vi.useRealTimers();
    });

    it('gets, puts (keeping createdAt), deletes', async () => {
      const s = make();
      expect(await s.get(['users', 'u1'], 'profile')).toBeNull();
      await s.put(['users', 'u1'], 'profile', { name: 'Ada', langs: ['en', 'fr'] });
      const first = await s.get(['users', 'u1'], 'profile');
      expect(first).toMatchObject({
        namespace: ['users', 'u1'],
        key: 'profile',
        value: { name: 'Ada', langs: ['en', 'fr'] },
      });
      await new Promise((r) => setTimeout(r, 5));
      await s.put(['users', 'u1'], 'profile', { name: 'Ada L.' });
      const second = await s.get(['users', 'u1'], 'profile');
      expect(second?.value).toEqual({ name: 'Ada L.' });
      expect(second?.createdAt).toEqual(first?.createdAt);
      expect(second!.updatedAt.getTime()).toBeGreaterThan(first!.updatedAt.getTime());
      await s.delete(['users', 'u1'], 'profile');
      expect(await s.get(['users', 'u1'], 'profile')).toBeNull();
      await s.put(['users', 'u1'], 'profile', { name: 'again' });
      expect((await s.get(['users', 'u1'], 'profile'))?.value).toEqual({ name: 'again' });
    });

    it('searches a namespace prefix with filters, newest first, with limit and offset', async () => {
      const s = make();
      for (const [i, [ns, key, value]] of [
        [['docs', 'a'], 'd1', { kind: 'note', score: 3, tags: ['x'] }],
        [['docs', 'a', 'deep'], 'd2', { kind: 'note', score: 7 }],
        [['docs', 'b'], 'd3', { kind: 'todo', score: 5 }],
        [['docsx'], 'd4', { kind: 'note', score: 9 }],
      ].entries()) {
        await s.put(ns as string[], key as string, value as Record<string, unknown>);
        if (i < 3) await new Promise((r) => setTimeout(r, 3));
      }
      const keys = async (prefix: string[], options = {}) =>
        (await s.search(prefix, options)).map((i) => i.key);
      expect(await keys(['docs'])).toEqual(['d3', 'd2', 'd1']);
      expect(await keys(['docs', 'a'])).toEqual(['d2', 'd1']);
      expect(await keys([])).toEqual(['d4', 'd3', 'd2', 'd1']);
      expect(await keys(['docs'], { filter: { kind: 'note' } })).toEqual(['d2', 'd1']);
      expect(await keys(['docs'], { filter: { score: { $gte: 5 } } })).toEqual(['d3', 'd2']);
      expect(await keys(['docs'], { filter: { kind: { $in: ['todo'] }, score: { $lt: 6 } } })).toEqual([
        'd3',
      ]);
      expect(await keys(['docs'], { filter: { tags: ['x'] } })).toEqual(['d1']);
      expect(await keys(['docs'], { limit: 1, offset: 1 })).toEqual(['d2']);
    });

    it('ranks a query semantically with an embedder (scores, best first), by BM25 without one', async () => {
      const s = make({ embed, dims: 4 });
      await s.put(['mem'], 'a', { text: 'The kittens chased a feline toy' });
      await s.put(['mem'], 'b', { text: 'The rocket launch reached orbit' });
      await s.put(['mem'], 'c', { text: 'A pasta recipe for dinner' });
      await s.put(['mem'], 'd', { text: 'unindexed cats' }, false);
      const hits = await s.search(['mem'], { query: 'cats and kittens', limit: 4 });
      expect(hits.map((h) => h.key)).toHaveLength(4);
      expect(hits[0]?.key).toBe('a');
      expect(hits[3]?.key).toBe('d');
      expect(hits[0]?.score).toBeGreaterThan(0.9);
      expect(hits.find((h) => h.key === 'd')?.score).toBeUndefined();
      expect(hits.filter((h) => h.score !== undefined).map((h) => h.score)).toEqual(
        hits
          .filter((h) => h.score !== undefined)
          .map((h) => h.score!)
          .sort((x, y) => y - x),
      );

      const plain = createEngramStore({ store, scope: { tenant: `t${tenant}-bm25` } });
      await plain.put(['mem'], 'a', { text: 'The kittens chased a feline toy' });
      await plain.put(['mem'], 'b', { text: 'The rocket launch reached orbit' });
      const bm25 = await plain.search(['mem'], { query: 'rocket orbit' });
      expect(bm25.map((h) => [h.key, h.score !== undefined])).toEqual([
        ['b', true],
        ['a', false],
      ]);
    });

    it('lists namespaces by prefix, suffix, wildcard and depth, with limit and offset', async () => {
      const s = make();
      for (const ns of [['a', 'x', '1'], ['a', 'y', '1'], ['a', 'y', '2'], ['b', 'x', '1'], ['b']])
        await s.put(ns, 'k', { v: 1 });
      expect(await s.listNamespaces()).toEqual([
        ['a', 'x', '1'],
        ['a', 'y', '1'],
        ['a', 'y', '2'],
        ['b'],
        ['b', 'x', '1'],
      ]);
      expect(await s.listNamespaces({ prefix: ['a'] })).toEqual([
        ['a', 'x', '1'],
        ['a', 'y', '1'],
        ['a', 'y', '2'],
      ]);
      expect(await s.listNamespaces({ suffix: ['x', '1'] })).toEqual([
        ['a', 'x', '1'],
        ['b', 'x', '1'],
      ]);
      expect(await s.listNamespaces({ prefix: ['*', 'y'] })).toEqual([
        ['a', 'y', '1'],
        ['a', 'y', '2'],
      ]);
      expect(await s.listNamespaces({ maxDepth: 2 })).toEqual([['a', 'x'], ['a', 'y'], ['b'], ['b', 'x']]);
      expect(await s.listNamespaces({ limit: 2, offset: 1 })).toEqual([
        ['a', 'y', '1'],
        ['a', 'y', '2'],
      ]);
    });

    it('TTL: items expire after their last write or read, become invisible, and are swept', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const t0 = Date.now();
      const s = make({ ttl: { defaultTtl: 1 } });
      await s.put(['cache'], 'read', { v: 1 });
      await s.put(['cache'], 'unread', { v: 2 });
      await s.put(['cache'], 'forever', { v: 3 }, undefined, { ttl: null });
      vi.setSystemTime(t0 + 40_000);
      expect(await s.get(['cache'], 'read')).not.toBeNull(); // refreshes: lives to t0 + 100 s
      vi.setSystemTime(t0 + 80_000);
      expect((await s.search(['cache'])).map((i) => i.key).sort()).toEqual(['forever', 'read']);
      vi.setSystemTime(t0 + 200_000);
      expect(await s.get(['cache'], 'read')).toBeNull();
      expect(await s.listNamespaces()).toEqual([['cache']]);
      expect(await s.sweep()).toBe(2);
      expect((await s.search(['cache'])).map((i) => i.key)).toEqual(['forever']);

      const noRefresh = make({ ttl: { defaultTtl: 1, refreshOnRead: false } });
      vi.setSystemTime(t0);
      await noRefresh.put(['c'], 'k', { v: 1 });
      vi.setSystemTime(t0 + 50_000);
      expect(await noRefresh.get(['c'], 'k')).not.toBeNull();
      vi.setSystemTime(t0 + 70_000);
      expect(await noRefresh.get(['c'], 'k')).toBeNull();
      // A write restarts the clock.
      await noRefresh.put(['c'], 'k', { v: 2 });
      vi.setSystemTime(t0 + 120_000);
      expect((await noRefresh.get(['c'], 'k'))?.value).toEqual({ v: 2 });
    });

    it('keeps scopes apart: another user, agent or tenant never sees an item, nor does the whole tenant', async () => {
      const t = `iso${tenant}`;
      const scopes = [
        { tenant: t },
        { tenant: t, user: 'u1' },
        { tenant: t, user: 'u2' },
        { tenant: t, user: 'u1', agent: 'a' },
        { tenant: `${t}-other` },
      ];
      const stores = scopes.map((scope) => createEngramStore({ store, scope }));
      for (const [i, s] of stores.entries()) await s.put(['shared'], 'k', { owner: i });
      for (const [i, s] of stores.entries()) {
        expect((await s.get(['shared'], 'k'))?.value).toEqual({ owner: i });
        expect((await s.search([])).map((item) => item.value)).toEqual([{ owner: i }]);
        expect(await s.search(['shared'], { query: 'owner' })).toHaveLength(1);
        expect(await s.listNamespaces()).toEqual([['shared']]);
      }
      await stores[1]!.delete(['shared'], 'k');
      expect((await stores[3]!.get(['shared'], 'k'))?.value).toEqual({ owner: 3 });
    });

    it("ownership is the store's, not metadata's: a user's record claiming the tenant as owner is never the tenant's item", async () => {
      const t = `forge${tenant}`;
      const user = { tenant: t, user: 'u1' };
      const tenantStore = createEngramStore({ store, scope: { tenant: t }, embed });
      const userStore = createEngramStore({ store, scope: user, embed });
      await tenantStore.put(['shared'], 'own', { v: 'tenant' });
      await userStore.put(['mine'], 'k', { v: 'user' });
      // Records written in the user's scope (as any code with a long-term memory of the user may) whose metadata
      // names the tenant as the owner: one under a namespace of its own, one at the id of the tenant's live item
      // and one of a namespace of its own, both expired (a sweep must not count or remove them).
      const forged = (namespace: string[], key: string, extra: Record<string, JSONValue> = {}) => ({
        id: itemRecordId(namespace, key),
        kind: itemKind,
        text: 'forged secret cats kittens',
        metadata: toMetadata({
          owner: ownerOf({ tenant: t }),
          namespace,
          key,
          value: { v: 'forged' },
          created: 1,
          updated: Date.now() + 60_000,
          ...extra,
        } as ItemMetadata),
      });
      await createLongTermMemory({ store, scope: user }).add([
        forged(['leak'], 'secret'),
        forged(['shared'], 'own', { ttl: 1, expires: 2 }),
        forged(['gone'], 'old', { ttl: 1, expires: 2 }),
      ]);
      const raw = getLongTermRecords(store);
      const userRecord = async (ns: string[], key: string) =>
        (await raw.getRecord(user, itemRecordId(ns, key)))?.text;
      const values = async (prefix: string[], options = {}) =>
        (await tenantStore.search(prefix, options)).map((i) => [i.key, i.value]);
      expect(await values([])).toEqual([['own', { v: 'tenant' }]]);
      expect(await values([], { query: 'forged secret cats' })).toEqual([['own', { v: 'tenant' }]]);
      expect(
        await createEngramStore({ store, scope: { tenant: t } })
          .search([], { query: 'forged secret' })
          .then((items) => items.map((i) => i.key)),
      ).toEqual(['own']);
      expect(await tenantStore.listNamespaces()).toEqual([['shared']]);
      expect(await tenantStore.get(['leak'], 'secret')).toBeNull();
      expect(await tenantStore.sweep()).toBe(0);
      expect((await tenantStore.get(['shared'], 'own'))?.value).toEqual({ v: 'tenant' });
      // A tenant put and delete of the key the forged record holds act on the tenant's own item only.
      await tenantStore.put(['leak'], 'secret', { v: 'tenant' });
      expect(await values(['leak'])).toEqual([['secret', { v: 'tenant' }]]);
      expect(await userRecord(['leak'], 'secret')).toBe('forged secret cats kittens');
      await tenantStore.delete(['leak'], 'secret');
      expect(await tenantStore.get(['leak'], 'secret')).toBeNull();
      expect(await values(['leak'])).toEqual([]);
      expect(await userRecord(['leak'], 'secret')).toBe('forged secret cats kittens');
      // The user's own items are as they were.
      expect((await userStore.search([])).map((i) => [i.key, i.value])).toEqual([['k', { v: 'user' }]]);
    });

    it('a search without a query finds the newest items even when forged records claim to be newer', async () => {
      const t = `claims${tenant}`;
      const tenantStore = createEngramStore({ store, scope: { tenant: t } });
      vi.useFakeTimers({ toFake: ['Date'] });
      const t0 = Date.now();
      for (let i = 0; i <= 100; i++) {
        vi.setSystemTime(t0 + i);
        await tenantStore.put(['ns'], `k${i}`, { i });
      }
      // 100 records in a user's scope naming the tenant, each at the id of one of the tenant's older items and
      // claiming an update time in the future: a search reads them in the tenant's scope, which gives those older
      // items, and must still read on to the tenant's newest item.
      await createLongTermMemory({ store, scope: { tenant: t, user: 'u1' } }).add(
        Array.from({ length: 100 }, (_, i) => ({
          id: itemRecordId(['ns'], `k${i}`),
          kind: itemKind,
          text: 'forged',
          metadata: toMetadata({
            owner: ownerOf({ tenant: t }),
            namespace: ['ns'],
            key: `k${i}`,
            value: { forged: true },
            created: 1,
            updated: Date.now() + 3_600_000 + i,
          }),
        })),
      );
      expect((await tenantStore.search(['ns'], { limit: 2 })).map((i) => i.value)).toEqual([
        { i: 100 },
        { i: 99 },
      ]);
      expect(await tenantStore.search(['ns'], { limit: 200 })).toHaveLength(101);
    }, 30_000);
  });

describe('createEngramStore against LangGraph’s InMemoryStore (property)', () => {
  const memory = reliabilityDrivers({ fast: true }).find((d) => d.name === 'memory')!;
  const op = fc.oneof(
    fc.record({ kind: fc.constant('put' as const), ns: fc.nat(3), key: fc.nat(3), v: fc.nat(5) }),
    fc.record({ kind: fc.constant('delete' as const), ns: fc.nat(3), key: fc.nat(3) }),
    fc.record({ kind: fc.constant('get' as const), ns: fc.nat(3), key: fc.nat(3) }),
    fc.record({ kind: fc.constant('search' as const), prefix: fc.nat(4), v: fc.option(fc.nat(5)) }),
    fc.record({ kind: fc.constant('namespaces' as const), depth: fc.option(fc.integer({ min: 1, max: 3 })) }),
  );
  const namespaces = [['a'], ['a', 'b'], ['a', 'b', 'c'], ['d']];
  const prefixes = [[], ['a'], ['a', 'b'], ['d'], ['x']];
  const sortKey = (x: { namespace: string[]; key: string }) => `${x.namespace.join('/')}#${x.key}`;
  const plain = (items: { namespace: string[]; key: string; value: unknown }[]) =>
    items
      .map(({ namespace, key, value }) => ({ namespace, key, value }))
      .sort((x, y) => (sortKey(x) < sortKey(y) ? -1 : 1));

  it('gets, searches and lists the same items and namespaces', async () => {
    const opened = await memory.open();
    let n = 0;
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(op, { maxLength: 30 }), async (ops) => {
          const ours = createEngramStore({ store: opened.store, scope: { tenant: `p${++n}` } });
          const oracle = new InMemoryStore();
          for (const o of ops) {
            if (o.kind === 'put') {
              for (const s of [ours, oracle])
                await s.put(namespaces[o.ns]!, `k${o.key}`, { v: o.v, tag: `t${o.v % 2}` });
            } else if (o.kind === 'delete') {
              for (const s of [ours, oracle]) await s.delete(namespaces[o.ns]!, `k${o.key}`);
            } else if (o.kind === 'get') {
              const [a, b] = await Promise.all(
                [ours, oracle].map((s) => s.get(namespaces[o.ns]!, `k${o.key}`)),
              );
              expect(a && plain([a])).toEqual(b && plain([b]));
            } else if (o.kind === 'search') {
              const options = { limit: 100, ...(o.v !== null ? { filter: { tag: `t${o.v % 2}` } } : {}) };
              const [a, b] = await Promise.all(
                [ours, oracle].map((s) => s.search(prefixes[o.prefix]!, options)),
              );
              expect(plain(a!)).toEqual(plain(b!));
            } else {
              const options = o.depth !== null ? { maxDepth: o.depth } : {};
              const [a, b] = await Promise.all([ours, oracle].map((s) => s.listNamespaces(options)));
              // InMemoryStore keeps listing a namespace whose items were all deleted; engram lists items' namespaces.
              const held = new Set(
                (await oracle.search([], { limit: 1000 })).map((i) =>
                  i.namespace.slice(0, o.depth ?? undefined).join('/'),
                ),
              );
              const listed = b!.map((x) => x.join('/')).filter((x) => held.has(x));
              expect(new Set(a!.map((x) => x.join('/')))).toEqual(new Set(listed));
            }
          }
        }),
        { numRuns: 60 },
      );
    } finally {
      await opened.dispose();
    }
  });
});
