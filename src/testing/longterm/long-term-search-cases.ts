import fc from 'fast-check';
import { expect } from 'vitest';
import { analyzeText } from '../../longterm/analyze-text.ts';
import { analyzeTextBeforeNfkdFix } from './analyze-text-before-nfkd-fix.ts';
import type { LongTermCase } from './long-term-case.ts';
import { ids, rec, rejects, search } from './long-term-case-helpers.ts';

/** A record found by its context only, with every optional field set. */
const contextRecord = () =>
  rec({
    id: 'ctx',
    text: 'that is lovely news',
    context: 'we adopted a puppy',
    kind: 'turn',
    session: 's1',
    episode: 'e1',
    validAt: new Date(Date.UTC(2023, 4, 2)),
    metadata: { speaker: 'Audrey' },
  });

/**
 * The conformance cases of search: BM25 ranking and filters, vectors (marked `needsVectors`, skipped for a
 * store without vector search), the capability flag, and a model-based property of text search.
 */
export const longTermSearchCases: LongTermCase[] = [
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
        contextRecord(),
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
    name: 'vectors: nearest by cosine among one model, missing ones listed, deleted records dropped',
    needsVectors: true,
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
    name: 'vectors: missingEmbeddings lists the records the scope owns, not its users’ or agents’ (putEmbeddings skips those)',
    needsVectors: true,
    async run(t) {
      const tenant = t.scope();
      const ada = { ...tenant, user: 'ada' };
      const bot = { ...ada, agent: 'bot' };
      // The users' and agents' records are older: a listing of the tenant's would put them first.
      await t.records.addRecords(ada, [
        rec({ id: 'a1', text: 'ada one' }),
        rec({ id: 'a2', text: 'ada two' }),
      ]);
      await t.records.addRecords(bot, [rec({ id: 'b1', text: 'bot one' })]);
      await t.records.addRecords(tenant, [rec({ id: 't1', text: 'tenant one' })]);
      expect(await t.records.missingEmbeddings(tenant, 'm', 2)).toEqual(['t1']);
      expect(await t.records.missingEmbeddings(ada, 'm', 10)).toEqual(['a1', 'a2']);
      expect(await t.records.missingEmbeddings(bot, 'm', 10)).toEqual(['b1']);
      expect(await t.records.putEmbeddings(tenant, [{ id: 't1', model: 'm', vector: [1, 0] }])).toBe(1);
      expect(await t.records.missingEmbeddings(tenant, 'm', 10)).toEqual([]);
      expect(await t.records.missingEmbeddings(ada, 'm', 10)).toEqual(['a1', 'a2']);
    },
  },
  {
    name: 'vectors: a hit carries the current record, every field as getRecord reads it',
    needsVectors: true,
    async run(t) {
      const scope = t.scope({ user: 'u' });
      await t.records.addRecords(scope, [contextRecord()]);
      const near = await t.records.putEmbeddings(scope, [{ id: 'ctx', model: 'm', vector: [1, 2] }]);
      expect(near).toBe(1);
      expect(
        (await t.records.searchVector(scope, { vector: [1, 2], model: 'm', limit: 1 }))[0]?.record,
      ).toEqual(await t.records.getRecord(scope, 'ctx'));
    },
  },
  {
    name: 'search: a query term with capitals is not an analysed term: INVALID_QUERY on every store (FTS5 folded case, the others compared exactly)',
    async run(t) {
      const scope = t.scope({ user: 'u' });
      await t.records.addRecords(scope, [rec({ id: 'tel', text: '℡ TEL tel Apple' })]);
      for (const term of ['TEL', 'Appl', 'ǅ', 'ΣΑΣ'])
        await rejects(
          t.records.searchText(scope, { terms: [term], limit: 5 }),
          'INVALID_QUERY',
          /lower case/,
        );
      expect(ids(await t.records.searchText(scope, { terms: ['tel', 'appl'], limit: 5 }))).toEqual(['tel']);
    },
  },
  {
    name: 'capabilities: vectorSearch is a boolean; without it putEmbeddings and searchVector refuse with INVALID_QUERY and no embedding is missing',
    async run(t) {
      expect(typeof t.records.vectorSearch).toBe('boolean');
      if (t.records.vectorSearch) return;
      const scope = t.scope({ user: 'u' });
      await t.records.addRecords(scope, [rec({ id: 'x', text: 'east' })]);
      await rejects(
        t.records.putEmbeddings(scope, [{ id: 'x', model: 'm', vector: [1, 0] }]),
        'INVALID_QUERY',
        /vector search/,
      );
      await rejects(
        t.records.searchVector(scope, { vector: [1, 0], model: 'm', limit: 5 }),
        'INVALID_QUERY',
        /vector search/,
      );
      expect(await t.records.missingEmbeddings(scope, 'm', 10)).toEqual([]);
    },
  },
  {
    name: 'property: search finds exactly the current records of the scope holding a query term, after random adds, updates and deletes (compatibility characters and capitals included, terms written by the analyser before its NFKD fix included)',
    async run(t) {
      // Words and their compatibility and capital forms ('℡' is 'TEL' is 'tel'; 'ℐ' and '🄰' are the stopwords
      // 'I' and 'A'): every store must find a record by any form of a word it holds, and by no stopword.
      const words = [
        'apple',
        'river',
        'stone',
        'cloud',
        'ember',
        'ＡＰＰＬＥ',
        'River',
        '℡',
        'TEL',
        'tel',
        'Ⅻ',
        'xii',
        '㎒',
        'MHz',
        'ℐ',
        'I',
        '🄰',
        '𝐒𝐭𝐨𝐧𝐞',
      ];
      /** The terms of a text as a store must match them: its lower-case compatibility decomposition's. */
      const meant = (text: string) => analyzeText(text.normalize('NFKD').toLowerCase());
      const text = fc
        .array(fc.constantFrom(...words), { minLength: 1, maxLength: 4 })
        .map((w) => w.join(' '));
      const op = fc.oneof(
        fc.record({
          kind: fc.constant('add' as const),
          id: fc.integer({ min: 0, max: 5 }),
          user: fc.constantFrom('p', 'q'),
          text,
          oldTerms: fc.boolean(),
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
              const record = rec({ id: `r${o.id}`, text: o.text });
              // A record an older version wrote: its terms as the analyser before the NFKD fix made them.
              if (o.oldTerms) record.terms = analyzeTextBeforeNfkdFix(o.text);
              await t.records.addRecords(scope, [record]);
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
              .filter(([k, v]) => k.startsWith(`${user}/`) && meant(v).some((w) => meant(query).includes(w)))
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
