import fc from 'fast-check';
import { expect } from 'vitest';
import type { Scope } from '../../core/scope.ts';
import type { LongTermRecordChange } from '../../longterm/long-term-record.ts';
import type { LongTermStoreV1 } from '../../longterm/long-term-store-v1.ts';
import { prepareChange } from '../../longterm/prepare-record.ts';
import type { LongTermCase } from './long-term-case.ts';
import { ids, rec, rejects, search } from './long-term-case-helpers.ts';

const change = (c: LongTermRecordChange) => prepareChange(c, 'test');

/** The version numbers of a record's history, oldest first. */
const versions = async (records: LongTermStoreV1, scope: Scope, id: string) =>
  (await records.history(scope, id)).map((v) => v.version);

/** Writes `n` updates of record `id` (texts `${word} 1` … `${word} n`). */
async function updates(records: LongTermStoreV1, scope: Scope, id: string, word: string, n: number) {
  for (let i = 1; i <= n; i++)
    await records.updateRecord(scope, id, change({ text: `${word} ${i}` }), new Date());
}

/**
 * The conformance cases of `pruneVersions` (optional: each returns at once on a store without it): the newest
 * versions stay, the current one with its search and vector hits, nothing of another record or owner goes,
 * bad arguments are typed errors, and a model-based property.
 */
export const longTermPruneCases: LongTermCase[] = [
  {
    name: 'pruneVersions: keeps exactly the newest `keep` versions, the current one readable and found',
    async run(t) {
      const prune = t.records.pruneVersions?.bind(t.records);
      if (!prune) return; // optional: a store without it keeps every version
      const scope = t.scope({ user: 'u' });
      await t.records.addRecords(scope, [rec({ id: 'a', text: 'alpha 0' })]);
      await updates(t.records, scope, 'a', 'alpha', 5); // versions 1..6
      const before = await t.records.history(scope, 'a');
      expect(await prune(scope, 'a', 10)).toBe(0);
      expect(await prune(scope, 'a', 6)).toBe(0);
      expect(await prune(scope, 'a', 3)).toBe(3);
      expect(await t.records.history(scope, 'a')).toEqual(before.slice(3));
      expect(await prune(scope, 'a', 3)).toBe(0);
      const current = await t.records.getRecord(scope, 'a');
      expect(current).toMatchObject({ version: 6, text: 'alpha 5' });
      expect(ids(await search(t.records, scope, 'alpha'))).toEqual(['a']);
      // keep 1: the current version alone; the next update writes version 7 over it as usual.
      expect(await prune(scope, 'a', 1)).toBe(2);
      expect(await t.records.history(scope, 'a')).toEqual([current]);
      const next = await t.records.updateRecord(
        scope,
        'a',
        change({ text: 'alpha 6', expectedVersion: 6 }),
        new Date(),
      );
      expect(next.version).toBe(7);
      expect(await versions(t.records, scope, 'a')).toEqual([6, 7]);
      // A purge still counts the record whose version 1 is gone.
      expect(await t.records.purgeRecords(scope, ['a'])).toBe(1);
    },
  },
  {
    name: 'pruneVersions: a deleted record keeps its DELETE version; other ids and owners are untouched',
    async run(t) {
      const prune = t.records.pruneVersions?.bind(t.records);
      if (!prune) return;
      const scope = t.scope({ user: 'u', agent: 'x' });
      const sibling = { ...scope, agent: 'y' };
      const wider = { tenant: scope.tenant };
      for (const s of [scope, sibling, wider]) {
        await t.records.addRecords(s, [rec({ id: 'a', text: 'alpha' }), rec({ id: 'b', text: 'bravo' })]);
        await updates(t.records, s, 'a', 'alpha', 3);
        await updates(t.records, s, 'b', 'bravo', 3);
      }
      expect(await prune(scope, 'a', 2)).toBe(2);
      expect(await prune(scope, 'nope', 1)).toBe(0);
      expect(await versions(t.records, scope, 'a')).toEqual([3, 4]);
      for (const [s, id] of [
        [scope, 'b'],
        [sibling, 'a'],
        [sibling, 'b'],
        [wider, 'a'],
      ] as const)
        expect(await versions(t.records, s, id)).toEqual([1, 2, 3, 4]);
      // A scope is exact here as everywhere a record is addressed: the tenant alone prunes only its own record.
      expect(await prune(wider, 'a', 1)).toBe(3);
      expect(await versions(t.records, scope, 'a')).toEqual([3, 4]);
      await t.records.deleteRecord(scope, 'b', new Date());
      expect(await prune(scope, 'b', 1)).toBe(4);
      expect((await t.records.history(scope, 'b')).map((v) => [v.version, v.event])).toEqual([[5, 'DELETE']]);
      expect(await t.records.getRecord(scope, 'b')).toBeUndefined();
      // Added again: the next version of the record, as after any delete.
      const [again] = await t.records.addRecords(scope, [rec({ id: 'b', text: 'bravo again' })]);
      expect(again?.version).toBe(6);
      expect(ids(await search(t.records, scope, 'bravo'))).toEqual(['b']);
    },
  },
  {
    name: 'pruneVersions: bad arguments are typed errors and prune nothing',
    async run(t) {
      const prune = t.records.pruneVersions?.bind(t.records);
      if (!prune) return;
      const scope = t.scope({ user: 'u' });
      await t.records.addRecords(scope, [rec({ id: 'a', text: 'alpha' })]);
      await updates(t.records, scope, 'a', 'alpha', 2);
      for (const keep of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '2', undefined])
        await rejects(prune(scope, 'a', keep as number), 'INVALID_ARGUMENT', /keep/);
      await rejects(prune(scope, '', 1), 'INVALID_ARGUMENT', /id/);
      await rejects(prune(scope, 42 as unknown as string, 1), 'INVALID_ARGUMENT', /id/);
      await rejects(prune({ tenant: '' }, 'a', 1), 'INVALID_ARGUMENT');
      expect(await versions(t.records, scope, 'a')).toEqual([1, 2, 3]);
    },
  },
  {
    name: 'pruneVersions: the record keeps its embeddings and vector hits, and its listing place',
    needsVectors: true,
    async run(t) {
      const prune = t.records.pruneVersions?.bind(t.records);
      if (!prune) return;
      const scope = t.scope({ user: 'u' });
      await t.records.addRecords(scope, [rec({ id: 'a', text: 'alpha' }), rec({ id: 'b', text: 'bravo' })]);
      await updates(t.records, scope, 'a', 'alpha', 3);
      await t.records.putEmbeddings(scope, [
        { id: 'a', model: 'm', vector: [1, 0] },
        { id: 'b', model: 'm', vector: [0, 1] },
      ]);
      // A change that keeps the text keeps the vector: after it, the vector is older than the newest version.
      await t.records.updateRecord(scope, 'a', change({ metadata: { n: 1 } }), new Date());
      expect(await prune(scope, 'a', 1)).toBe(4);
      expect(await t.records.missingEmbeddings(scope, 'm', 10)).toEqual([]);
      expect(ids(await t.records.searchVector(scope, { vector: [1, 0], model: 'm', limit: 1 }))).toEqual([
        'a',
      ]);
      expect(ids((await t.records.listRecords(scope)).records)).toEqual(['a', 'b']);
    },
  },
  {
    name: 'pruneVersions: the pruned history, listing order and embeddings read back the same after a reopen',
    needsReopen: true,
    async run(t) {
      const prune = t.records.pruneVersions?.bind(t.records);
      if (!prune) return;
      const scope = t.scope({ user: 'u' });
      await t.records.addRecords(scope, [rec({ id: 'a', text: 'alpha' }), rec({ id: 'b', text: 'bravo' })]);
      await updates(t.records, scope, 'a', 'alpha', 2);
      if (t.records.vectorSearch)
        await t.records.putEmbeddings(scope, [{ id: 'a', model: 'm', vector: [1, 0] }]);
      await t.records.updateRecord(scope, 'a', change({ metadata: { n: 1 } }), new Date());
      expect(await prune(scope, 'a', 2)).toBe(2);
      const history = await t.records.history(scope, 'a');
      const again = await t.reopen();
      expect(await again.history(scope, 'a')).toEqual(history);
      expect(ids((await again.listRecords(scope)).records)).toEqual(['a', 'b']);
      expect(ids(await search(again, scope, 'alpha'))).toEqual(['a']);
      if (again.vectorSearch) expect(await again.missingEmbeddings(scope, 'm', 10)).toEqual(['b']);
    },
  },
  {
    name: 'property: after random updates, deletes, re-adds and prunes, history is the newest versions a model keeps',
    async run(t) {
      const prune = t.records.pruneVersions?.bind(t.records);
      if (!prune) return;
      const op = fc.oneof(
        {
          weight: 4,
          arbitrary: fc.record({ kind: fc.constant('update' as const), id: fc.integer({ min: 0, max: 1 }) }),
        },
        {
          weight: 1,
          arbitrary: fc.record({ kind: fc.constant('delete' as const), id: fc.integer({ min: 0, max: 1 }) }),
        },
        {
          weight: 1,
          arbitrary: fc.record({ kind: fc.constant('add' as const), id: fc.integer({ min: 0, max: 1 }) }),
        },
        {
          weight: 2,
          arbitrary: fc.record({
            kind: fc.constant('prune' as const),
            id: fc.integer({ min: 0, max: 1 }),
            keep: fc.integer({ min: 1, max: 4 }),
          }),
        },
      );
      await fc.assert(
        fc.asyncProperty(fc.array(op, { maxLength: 30 }), async (ops) => {
          const scope = t.scope({ user: 'u' });
          // Per record: its versions' numbers, oldest first, and whether the newest is live.
          const model = new Map<number, { versions: number[]; live: boolean }>();
          for (const o of ops) {
            const id = `r${o.id}`;
            const m = model.get(o.id);
            const next = (m?.versions.at(-1) ?? 0) + 1;
            if (o.kind === 'add' && !m?.live) {
              await t.records.addRecords(scope, [rec({ id, text: `text ${next}` })]);
              model.set(o.id, { versions: [...(m?.versions ?? []), next], live: true });
            } else if (o.kind === 'update' && m?.live) {
              await t.records.updateRecord(scope, id, change({ text: `text ${next}` }), new Date());
              m.versions.push(next);
            } else if (o.kind === 'delete') {
              expect(await t.records.deleteRecord(scope, id, new Date())).toBe(m?.live ?? false);
              if (m?.live) model.set(o.id, { versions: [...m.versions, next], live: false });
            } else if (o.kind === 'prune') {
              const gone = Math.max(0, (m?.versions.length ?? 0) - o.keep);
              expect(await prune(scope, id, o.keep)).toBe(gone);
              if (m) m.versions = m.versions.slice(gone);
            }
          }
          for (const [n, m] of model) {
            expect(await versions(t.records, scope, `r${n}`)).toEqual(m.versions);
            expect((await t.records.getRecord(scope, `r${n}`))?.version).toBe(
              m.live ? m.versions.at(-1) : undefined,
            );
          }
        }),
        { numRuns: 20 },
      );
    },
  },
];
