import fc from 'fast-check';
import { expect } from 'vitest';
import { prepareChange } from '../../longterm/prepare-record.ts';
import type { LongTermCase } from './long-term-case.ts';
import { ids, rec, search } from './long-term-case-helpers.ts';

const day = (d: number) => new Date(Date.UTC(2023, 4, d));

/**
 * The conformance cases of `filter.asOf` (event time): text search, listings and vector search keep exactly the
 * records valid at the time — `validAt` at or before it (without one: `createdAt`, or no start at all for a record
 * with an `invalidAt`), no `invalidAt` or one after it — checked on fixed records and, as a property, against the
 * same condition computed in JavaScript.
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
    name: 'asOf: a record without validAt that had ended when it was added is valid from the beginning of time up to its invalidAt',
    async run(t) {
      const scope = t.scope({ user: 'u' });
      // Added now, true until May 3rd 2023 (long before now): found as of any earlier time, never after.
      await t.records.addRecords(scope, [
        rec({ id: 'until', text: 'works at Acme', invalidAt: day(3) }),
        rec({ id: 'undated', text: 'works at Initech' }),
      ]);
      const found = async (asOf: Date) =>
        ids(await search(t.records, scope, 'works', { filter: { asOf } })).sort();
      expect(await found(new Date(Date.UTC(2019, 0, 1)))).toEqual(['until']);
      expect(await found(new Date(-8.64e15))).toEqual(['until']);
      expect(await found(new Date(day(3).getTime() - 1))).toEqual(['until']);
      expect(await found(day(3))).toEqual([]);
      expect(await found(new Date())).toEqual(['undated']);
      const listed = await t.records.listRecords(scope, { filter: { asOf: day(2) } });
      expect(listed.records.map((r) => r.id)).toEqual(['until']);
      // An update that removes validAt but keeps invalidAt leaves the same unbounded start.
      await t.records.addRecords(scope, [rec({ id: 'moved', text: 'works at Globex', validAt: day(2) })]);
      expect(await found(day(1))).toEqual(['until']);
      const change = prepareChange({ validAt: null, invalidAt: day(10) }, 'test');
      await t.records.updateRecord(scope, 'moved', change, new Date());
      expect(await found(day(1))).toEqual(['moved', 'until']);
      expect(await found(day(10))).toEqual([]);
      // A record ended after it was added (an undated job, left tomorrow) still starts when it was added.
      const added = Date.now();
      await t.records.addRecords(scope, [rec({ id: 'job', text: 'works at Hooli' })]);
      const left = new Date(added + 86_400_000);
      await t.records.updateRecord(scope, 'job', prepareChange({ invalidAt: left }, 'test'), new Date());
      expect(await found(day(1))).toEqual(['moved', 'until']);
      expect(await found(new Date(added + 3_600_000))).toEqual(['job', 'undated']);
      expect(await found(left)).toEqual(['undated']);
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
        rec({ id: 'until', text: 'until', invalidAt: day(3) }),
      ]);
      await t.records.putEmbeddings(scope, [
        { id: 'old', model: 'm', vector: [1, 0] },
        { id: 'new', model: 'm', vector: [0.9, 0.1] },
        { id: 'until', model: 'm', vector: [0.8, 0.2] },
      ]);
      const near = async (asOf: Date) =>
        ids(await t.records.searchVector(scope, { vector: [1, 0], model: 'm', limit: 5, filter: { asOf } }));
      expect(await near(day(2))).toEqual(['old', 'until']);
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
                  const until = records[i]!.invalid === undefined ? undefined : day(records[i]!.invalid! + 1);
                  // No validAt: from createdAt, or from the beginning of time when it had ended by then.
                  const created = s.createdAt.getTime();
                  const from =
                    records[i]!.valid !== undefined
                      ? day(records[i]!.valid! + 1).getTime()
                      : until !== undefined && until.getTime() <= created
                        ? -Infinity
                        : created;
                  return from <= asOf.getTime() && (until === undefined || until.getTime() > asOf.getTime());
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
