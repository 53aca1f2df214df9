import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMinimalLongTermDriver } from '../../test-support/minimal-long-term-driver.ts';
import { analyzeText } from './analyze-text.ts';
import { createLongTermRecords } from './create-long-term-records.ts';
import type { LongTermFilter } from './long-term-query.ts';
import type { LongTermRecord } from './long-term-record.ts';
import { createMemoryLongTermRecords } from './memory-long-term-records.ts';
import { prepareChange, prepareRecord } from './prepare-record.ts';

const words = ['apple', 'river', 'stone', 'cloud', 'ember', 'garden', 'puppy', 'lantern'];
const text = fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 8 }).map((w) => w.join(' '));
const user = fc.constantFrom('p', 'q');
const op = fc.oneof(
  fc.record({
    kind: fc.constant('add' as const),
    id: fc.integer({ min: 0, max: 9 }),
    user,
    text,
    context: fc.option(text, { nil: undefined }),
    recordKind: fc.constantFrom('fact', 'turn'),
  }),
  fc.record({
    kind: fc.constant('update' as const),
    id: fc.integer({ min: 0, max: 9 }),
    user,
    text: fc.option(text, { nil: undefined }),
    context: fc.option(fc.option(text, { nil: null }), { nil: undefined }),
  }),
  fc.record({ kind: fc.constant('delete' as const), id: fc.integer({ min: 0, max: 9 }), user }),
);
const query = fc.record({
  terms: fc.uniqueArray(fc.constantFrom(...words, 'zebra'), { minLength: 1, maxLength: 4 }),
  limit: fc.integer({ min: 1, max: 25 }),
  contextWeight: fc.option(fc.constantFrom(0, 0.25, 0.5, 1), { nil: undefined }),
  filter: fc.option(fc.constantFrom<LongTermFilter>({ kinds: ['fact'] }, { kinds: ['turn'] }), {
    nil: undefined,
  }),
  user: fc.option(user, { nil: undefined }),
});

// The two stores write at their own clock: compare records without their transaction times.
const untimed = (r: LongTermRecord | undefined) => r && { ...r, createdAt: 0, recordedAt: 0 };

describe('searchText fallback (BM25 over listRecords) against the in-process store', () => {
  it('ranks the same ids with the same scores (within 1e-9) for random corpora and queries', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { minLength: 10, maxLength: 60, size: 'max' }),
        fc.array(query, { minLength: 1, maxLength: 4 }),
        async (ops, queries) => {
          const tenant = `t${run++}`;
          const stores = [
            createMemoryLongTermRecords(),
            createLongTermRecords(createMinimalLongTermDriver()),
          ];
          for (const o of ops) {
            const scope = { tenant, user: o.user };
            const id = `r${o.id}`;
            for (const store of stores) {
              if (o.kind === 'add') {
                const record = prepareRecord(
                  {
                    id,
                    text: o.text,
                    kind: o.recordKind,
                    ...(o.context === undefined ? {} : { context: o.context }),
                  },
                  'test',
                );
                await store.addRecords(scope, [record]).catch(() => undefined); // a different record under a taken id
              } else if (o.kind === 'update') {
                const change = prepareChange(
                  {
                    ...(o.text === undefined ? {} : { text: o.text }),
                    ...(o.context === undefined ? {} : { context: o.context }),
                  },
                  'test',
                );
                if (await store.getRecord(scope, id)) await store.updateRecord(scope, id, change, new Date());
              } else {
                await store.deleteRecord(scope, id, new Date());
              }
            }
          }
          for (const q of queries) {
            const scope = { tenant, ...(q.user === undefined ? {} : { user: q.user }) };
            const textQuery = {
              terms: q.terms.flatMap((t) => analyzeText(t)),
              limit: q.limit,
              ...(q.contextWeight === undefined ? {} : { contextWeight: q.contextWeight }),
              ...(q.filter === undefined ? {} : { filter: q.filter }),
            };
            const [builtIn, fallback] = await Promise.all(stores.map((s) => s.searchText(scope, textQuery)));
            expect(fallback?.map((h) => h.id)).toEqual(builtIn?.map((h) => h.id));
            fallback?.forEach((h, i) => {
              expect(Math.abs(h.score - (builtIn?.[i]?.score ?? Number.NaN))).toBeLessThan(1e-9);
              expect(untimed(h.record)).toEqual(untimed(builtIn?.[i]?.record));
            });
          }
        },
      ),
      { numRuns: 150, seed: 22_001 },
    );
  });
});
