import fc from 'fast-check';
import { expect } from 'vitest';
import type { Scope } from '../../core/scope.ts';
import { analyzeText } from '../../longterm/analyze-text.ts';
import type { LongTermCase } from './long-term-case.ts';
import { ids, rec, rejects, search } from './long-term-case-helpers.ts';

/** The search, isolation, listing, vector, purge, bad-input and property cases of the long-term suite. */
export const queryCases: LongTermCase[] = [
  {
    name: 'search: BM25 ranks text hits above context hits, counts rare terms higher, and honours limit and filters',
    async run(t) {
      const scope = t.scope({ user: 'u' });
      const day = (d: number) => new Date(Date.UTC(2023, 4, d));
      await t.records.addRecords(scope, [
        rec({
          id: 'text',
          text: 'we adopted a puppy named Scout',
          kind: 'turn',
          session: 's1',
          episode: 'e1',
          validAt: day(1),
          metadata: { speaker: 'Andrew' },
        }),
        rec({
          id: 'ctx',
          text: 'that is lovely news',
          context: 'we adopted a puppy',
          kind: 'turn',
          session: 's1',
          episode: 'e1',
          validAt: day(2),
          metadata: { speaker: 'Audrey' },
        }),
        rec({
          id: 'other',
          text: 'my puppy sleeps all day',
          kind: 'fact',
          session: 's2',
          episode: 'e2',
          validAt: day(3),
          metadata: { speaker: 'Andrew' },
        }),
        ...Array.from({ length: 8 }, (_, i) =>
          rec({ id: `filler${i}`, text: `filler text number ${i} about the weather`, session: 's3' }),
        ),
      ]);
      const hits = await search(t.records, scope, 'adopted puppy');
      expect(ids(hits)).toEqual(['text', 'ctx', 'other']);
      expect(hits[0]?.record).toEqual(await t.records.getRecord(scope, 'text'));
      const near = await t.records.putEmbeddings(scope, [{ id: 'ctx', model: 'm', vector: [1, 2] }]);
      expect(near).toBe(1);
      expect(
        (await t.records.searchVector(scope, { vector: [1, 2], model: 'm', limit: 1 }))[0]?.record,
      ).toEqual(await t.records.getRecord(scope, 'ctx'));
      expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
      expect(ids(await search(t.records, scope, 'adopted puppy', { contextWeight: 0 }))).toEqual([
        'text',
        'other',
      ]);
      expect(ids(await search(t.records, scope, 'adopted puppy', { limit: 1 }))).toEqual(['text']);
      expect(ids(await search(t.records, scope, 'puppy', { filter: { kinds: ['fact'] } }))).toEqual([
        'other',
      ]);
      expect(ids(await search(t.records, scope, 'puppy', { filter: { session: 's1' } })).sort()).toEqual([
        'ctx',
        'text',
      ]);
      expect(ids(await search(t.records, scope, 'puppy', { filter: { episodes: ['e2'] } }))).toEqual([
        'other',
      ]);
      expect(
        ids(await search(t.records, scope, 'puppy', { filter: { metadata: { speaker: 'Andrew' } } })).sort(),
      ).toEqual(['other', 'text']);
      expect(
        ids(await search(t.records, scope, 'puppy', { filter: { validFrom: day(2), validTo: day(2) } })),
      ).toEqual(['ctx']);
      expect(await search(t.records, scope, 'zebra')).toEqual([]);
      expect(await t.records.searchText(scope, { terms: [], limit: 5 })).toEqual([]);
    },
  },
  {
    name: 'isolation: look-alike tenants, users and ids see nothing of each other; a tenant-wide search covers its users only',
    async run(t) {
      const base = t.scope();
      const alice = { ...base, user: 'alice' };
      const bob = { ...base, user: 'bob' };
      const aliceAgent = { ...base, user: 'alice', agent: 'helper' };
      const lookAlike = { tenant: `${base.tenant} `, user: 'alice' };
      const other = { tenant: `${base.tenant}x`, user: 'alice' };
      await t.records.addRecords(alice, [rec({ id: 'same', text: 'secret plan alpha' })]);
      await t.records.addRecords(bob, [rec({ id: 'same', text: 'secret plan bravo' })]);
      await t.records.addRecords(aliceAgent, [rec({ id: 'same', text: 'secret plan charlie' })]);
      await t.records.addRecords(lookAlike, [rec({ id: 'same', text: 'secret plan delta' })]);
      await t.records.addRecords(other, [rec({ id: 'same', text: 'secret plan echo' })]);
      expect((await t.records.getRecord(alice, 'same'))?.text).toBe('secret plan alpha');
      expect((await t.records.getRecord(bob, 'same'))?.text).toBe('secret plan bravo');
      expect((await t.records.getRecord(aliceAgent, 'same'))?.text).toBe('secret plan charlie');
      expect(await t.records.getRecord({ tenant: base.tenant }, 'same')).toBeUndefined();
      const texts = async (scope: Scope) => {
        const hits = await search(t.records, scope, 'secret plan');
        const page = await t.records.listRecords(scope);
        const listed = page.records.map((r) => r.text).sort();
        expect(hits.length).toBe(listed.length);
        return listed;
      };
      expect(await texts(alice)).toEqual(['secret plan alpha', 'secret plan charlie']);
      expect(await texts(bob)).toEqual(['secret plan bravo']);
      expect(await texts({ ...base, agent: 'helper' })).toEqual(['secret plan charlie']);
      expect(await texts(base)).toEqual(['secret plan alpha', 'secret plan bravo', 'secret plan charlie']);
      expect(await texts(lookAlike)).toEqual(['secret plan delta']);
      expect(await texts({ tenant: other.tenant })).toEqual(['secret plan echo']);
      await t.records.updateRecord(bob, 'same', { text: 'changed' }, new Date());
      expect((await t.records.getRecord(alice, 'same'))?.version).toBe(1);
      expect(await t.records.purgeRecords(bob)).toBe(1);
      expect((await t.records.getRecord(alice, 'same'))?.text).toBe('secret plan alpha');
      expect(await t.records.history(bob, 'same')).toEqual([]);
    },
  },
  {
    name: 'list: pages in a stable order with a cursor, filtered',
    async run(t) {
      const scope = t.scope({ user: 'u' });
      for (let i = 0; i < 7; i++)
        await t.records.addRecords(scope, [
          rec({ id: `r${i}`, text: `note ${i}`, kind: i % 2 ? 'fact' : 'turn' }),
        ]);
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await t.records.listRecords(scope, { limit: 3, ...(cursor ? { cursor } : {}) });
        seen.push(...page.records.map((r) => r.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual(['r0', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6']);
      const facts = await t.records.listRecords(scope, { filter: { kinds: ['fact'] } });
      expect(facts.records.map((r) => r.id)).toEqual(['r1', 'r3', 'r5']);
      await rejects(t.records.listRecords(scope, { cursor: '!!not a cursor' }), 'INVALID_QUERY');
    },
  },
  {
    name: 'vectors: nearest by cosine among one model, missing ones listed, deleted records dropped',
    async run(t) {
      const scope = t.scope({ user: 'u' });
      await t.records.addRecords(scope, [
        rec({ id: 'x', text: 'east' }),
        rec({ id: 'y', text: 'north' }),
        rec({ id: 'z', text: 'north-east' }),
      ]);
      expect(await t.records.missingEmbeddings(scope, 'm1', 10)).toEqual(['x', 'y', 'z']);
      expect(
        await t.records.putEmbeddings(scope, [
          { id: 'x', model: 'm1', vector: [1, 0] },
          { id: 'y', model: 'm1', vector: [0, 1] },
          { id: 'z', model: 'm1', vector: [0.7, 0.7] },
          { id: 'x', model: 'm2', vector: [0, 0, 1] },
          { id: 'ghost', model: 'm1', vector: [1, 1] },
        ]),
      ).toBe(4);
      expect(await t.records.missingEmbeddings(scope, 'm1', 10)).toEqual([]);
      expect(await t.records.missingEmbeddings(scope, 'm2', 10)).toEqual(['y', 'z']);
      const hits = await t.records.searchVector(scope, { vector: [1, 0.1], model: 'm1', limit: 2 });
      expect(ids(hits)).toEqual(['x', 'z']);
      expect(hits[0]!.score).toBeCloseTo(0.995, 2);
      expect(ids(await t.records.searchVector(scope, { vector: [0, 0, 1], model: 'm2', limit: 5 }))).toEqual([
        'x',
      ]);
      expect(
        await t.records.searchVector(t.scope({ user: 'u' }), { vector: [1, 0], model: 'm1', limit: 5 }),
      ).toEqual([]);
      await t.records.deleteRecord(scope, 'x', new Date());
      expect(ids(await t.records.searchVector(scope, { vector: [1, 0], model: 'm1', limit: 5 }))).toEqual([
        'z',
        'y',
      ]);
    },
  },
  {
    name: 'purge: removes every version of the named records, or all of the scope, for good',
    async run(t) {
      const scope = t.scope({ user: 'u' });
      await t.records.addRecords(scope, [
        rec({ id: 'a', text: 'alpha' }),
        rec({ id: 'b', text: 'bravo' }),
        rec({ id: 'c', text: 'charlie' }),
      ]);
      await t.records.updateRecord(scope, 'a', { text: 'alpha two' }, new Date());
      expect(await t.records.purgeRecords(scope, ['a', 'nope'])).toBe(1);
      expect(await t.records.history(scope, 'a')).toEqual([]);
      expect(ids(await search(t.records, scope, 'alpha'))).toEqual([]);
      expect(await t.records.purgeRecords(scope)).toBe(2);
      expect((await t.records.listRecords(scope)).records).toEqual([]);
    },
  },
  {
    name: 'bad input: typed errors name the field and write nothing',
    async run(t) {
      const scope = t.scope({ user: 'u' });
      await t.records.addRecords(scope, [rec({ id: 'keep', text: 'kept' })]);
      await rejects(
        t.records.searchText(scope, { terms: ['ok', 'not a term'], limit: 5 }),
        'INVALID_QUERY',
        /terms/,
      );
      await rejects(t.records.searchText(scope, { terms: ['ok'], limit: 0 }), 'INVALID_QUERY', /limit/);
      await rejects(
        t.records.searchText(scope, { terms: ['ok'], limit: 5, filter: { color: 'red' } as never }),
        'INVALID_QUERY',
        /filter\.color/,
      );
      await rejects(
        t.records.searchText({ tenant: '' }, { terms: ['ok'], limit: 5 }),
        'INVALID_ARGUMENT',
        /tenant/,
      );
      await rejects(
        t.records.searchVector(scope, { vector: [Number.NaN], model: 'm', limit: 5 }),
        'INVALID_QUERY',
        /vector/,
      );
      await rejects(
        t.records.putEmbeddings(scope, [{ id: 'keep', model: 'm', vector: [] }]),
        'INVALID_ARGUMENT',
        /vector/,
      );
      await rejects(t.records.getRecord(scope, ''), 'INVALID_ARGUMENT');
      await rejects(
        t.records.searchText(scope, { terms: ['ok'], limit: 5, filter: { metadata: { a: { b: 1 } } } }),
        'INVALID_QUERY',
        /metadata\.a/,
      );
      await rejects(t.records.listRecords(scope, { limit: 5000 }), 'INVALID_QUERY', /limit/);
      expect(() => rec({ text: 'x', metadata: { bad: Number.NaN } })).toThrow(/metadata/);
      expect(() => rec({ text: '' })).toThrow(/text/);
      expect(await t.records.history(scope, 'keep')).toHaveLength(1);
    },
  },
  {
    name: 'property: search finds exactly the current records of the scope holding a query term, after random adds, updates and deletes',
    async run(t) {
      const words = ['apple', 'river', 'stone', 'cloud', 'ember'];
      const text = fc
        .array(fc.constantFrom(...words), { minLength: 1, maxLength: 4 })
        .map((w) => w.join(' '));
      const op = fc.oneof(
        fc.record({
          kind: fc.constant('add' as const),
          id: fc.integer({ min: 0, max: 5 }),
          user: fc.constantFrom('p', 'q'),
          text,
        }),
        fc.record({
          kind: fc.constant('update' as const),
          id: fc.integer({ min: 0, max: 5 }),
          user: fc.constantFrom('p', 'q'),
          text,
        }),
        fc.record({
          kind: fc.constant('delete' as const),
          id: fc.integer({ min: 0, max: 5 }),
          user: fc.constantFrom('p', 'q'),
          text,
        }),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(op, { maxLength: 25 }), fc.constantFrom(...words), async (ops, query) => {
          const base = t.scope();
          const model = new Map<string, string>();
          for (const o of ops) {
            const scope = { ...base, user: o.user };
            const key = `${o.user}/${o.id}`;
            if (o.kind === 'add' && !model.has(key)) {
              await t.records.addRecords(scope, [rec({ id: `r${o.id}`, text: o.text })]);
              model.set(key, o.text);
            } else if (o.kind === 'update' && model.has(key)) {
              await t.records.updateRecord(
                scope,
                `r${o.id}`,
                { text: o.text, terms: analyzeText(o.text) },
                new Date(),
              );
              model.set(key, o.text);
            } else if (o.kind === 'delete') {
              expect(await t.records.deleteRecord(scope, `r${o.id}`, new Date())).toBe(model.delete(key));
            }
          }
          for (const user of ['p', 'q']) {
            const expected = [...model]
              .filter(([k, v]) => k.startsWith(`${user}/`) && v.split(' ').includes(query))
              .map(([k]) => `r${k.split('/')[1]}`);
            const got = ids(await search(t.records, { ...base, user }, query));
            expect(got.sort()).toEqual(expected.sort());
          }
        }),
        { numRuns: 25 },
      );
    },
  },
];
