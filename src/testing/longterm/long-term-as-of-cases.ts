import fc from 'fast-check';
import { expect } from 'vitest';
import type { LongTermCase } from './long-term-case.ts';
import { ids, rec, search } from './long-term-case-helpers.ts';

const day = (d: number) => new Date(Date.UTC(2023, 4, d));

/**
 * The conformance cases of `filter.asOf` (event time): text search, listings and vector search keep exactly the
 * records valid at the time — `validAt` (else `createdAt`) at or before it, no `invalidAt` or one after it —
 * checked on fixed records and, as a property, against the same condition computed in JavaScript.
 */
export const longTermAsOfCases: LongTermCase[] = [
  {
    name: 'asOf: search and listings keep the records valid at the time (validAt, else createdAt; invalidAt exclusive)',
    async run(t) {
      const scope = t.scope({ user: 'u' });
      await t.records.addRecords(scope, [
        rec({ id: 'always', text: 'lives in Paris', validAt: day(1) }),
        rec({ id: 'ended', text: 'lives in Lyon', validAt: day(1), invalidAt: day(3) }),
        rec({ id: 'later', text: 'lives in Nice', validAt: day(5) }),
        rec({ id: 'undated', text: 'lives in Metz' }),
      ]);
      const [undated] = await t.records.getRecords(scope, ['undated']);
      const created = undated!.createdAt.getTime();
      const found = async (asOf: Date) =>
        ids(await search(t.records, scope, 'lives', { filter: { asOf } })).sort();
      expect(await found(day(2))).toEqual(['always', 'ended']);
      expect(await found(day(3))).toEqual(['always']);
      expect(await found(day(5))).toEqual(['always', 'later']);
      // The undated record counts from when it was added (after May 2023).
      expect(await found(new Date(created - 1))).toEqual(['always', 'later']);
      expect(await found(new Date(created))).toEqual(['always', 'later', 'undated']);
      const listed = await t.records.listRecords(scope, { filter: { asOf: day(2) } });
      expect(listed.records.map((r) => r.id).sort()).toEqual(['always', 'ended']);
      const both = await search(t.records, scope, 'lives', { filter: { asOf: day(2), validFrom: day(1) } });
      expect(ids(both).sort()).toEqual(['always', 'ended']);
    },
  },
  {
    name: 'asOf: vector search keeps the records valid at the time',
    needsVectors: true,
    async run(t) {
      const scope = t.scope({ user: 'u' });
      await t.records.addRecords(scope, [
        rec({ id: 'old', text: 'old', validAt: day(1), invalidAt: day(4) }),
        rec({ id: 'new', text: 'new', validAt: day(4) }),
      ]);
      await t.records.putEmbeddings(scope, [
        { id: 'old', model: 'm', vector: [1, 0] },
        { id: 'new', model: 'm', vector: [0.9, 0.1] },
      ]);
      const near = async (asOf: Date) =>
        ids(await t.records.searchVector(scope, { vector: [1, 0], model: 'm', limit: 5, filter: { asOf } }));
      expect(await near(day(2))).toEqual(['old']);
      expect(await near(day(4))).toEqual(['new']);
    },
  },
  {
    name: 'property: asOf keeps exactly the records a direct computation says were valid at the time',
    async run(t) {
      const when = fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined });
      // A validity ends no earlier than it starts (prepareRecord refuses one that does): two times in order.
      const record = fc
        .record({ valid: when, invalid: when })
        .map(({ valid, invalid }) =>
          valid !== undefined && invalid !== undefined && invalid < valid
            ? { valid: invalid, invalid: valid }
            : { valid, invalid },
        );
      await fc.assert(
        fc.asyncProperty(
          fc.array(record, { minLength: 1, maxLength: 12 }),
          fc.array(fc.integer({ min: -1, max: 22 }), { minLength: 1, maxLength: 4 }),
          async (records, times) => {
            const scope = t.scope({ user: 'p' });
            const stored = await t.records.addRecords(
              scope,
              records.map((r, i) =>
                rec({
                  id: `r${i}`,
                  text: `shared word ${i}`,
                  ...(r.valid === undefined ? {} : { validAt: day(r.valid + 1) }),
                  ...(r.invalid === undefined ? {} : { invalidAt: day(r.invalid + 1) }),
                }),
              ),
            );
            for (const time of times) {
              const asOf = day(time + 1);
              const expected = stored
                .filter((s, i) => {
                  const from = records[i]!.valid === undefined ? s.createdAt : day(records[i]!.valid! + 1);
                  const until = records[i]!.invalid === undefined ? undefined : day(records[i]!.invalid! + 1);
                  return (
                    from.getTime() <= asOf.getTime() &&
                    (until === undefined || until.getTime() > asOf.getTime())
                  );
                })
                .map((s) => s.id)
                .sort();
              const listed = await t.records.listRecords(scope, { filter: { asOf }, limit: 100 });
              expect(listed.records.map((r) => r.id).sort()).toEqual(expected);
              expect(ids(await search(t.records, scope, 'shared', { filter: { asOf } })).sort()).toEqual(
                expected,
              );
            }
          },
        ),
        { numRuns: 20 },
      );
    },
  },
];
