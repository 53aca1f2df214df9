import { expect } from 'vitest';
import type { LongTermRecordChange } from '../../longterm/long-term-record.ts';
import { prepareChange } from '../../longterm/prepare-record.ts';
import type { LongTermCase } from './long-term-case.ts';
import { ids, rec, rejects } from './long-term-case-helpers.ts';

const change = (c: LongTermRecordChange) => prepareChange(c, 'test');

/** The conformance cases of a record's embeddings across its versions: they are of the text they were computed from. */
export const longTermEmbeddingCases: LongTermCase[] = [
  {
    name: 'vectors: an update that changes the text drops the record’s embeddings (every model); one that keeps the text keeps them',
    needsVectors: true,
    async run(t) {
      const scope = t.scope({ user: 'u' });
      await t.records.addRecords(scope, [
        rec({ id: 'pet', text: 'about cats' }),
        rec({ id: 'keep', text: 'keep me', context: 'first context' }),
      ]);
      const put = [
        { id: 'pet', model: 'm1', vector: [1, 0] },
        { id: 'pet', model: 'm2', vector: [0, 0, 1] },
        { id: 'keep', model: 'm1', vector: [0, 1] },
      ];
      expect(await t.records.putEmbeddings(scope, put)).toBe(3);
      await t.records.updateRecord(scope, 'pet', change({ text: 'about dogs now' }), new Date());
      // The vectors were of the old text: gone with it, so a catch-up embeds the record again.
      expect(await t.records.missingEmbeddings(scope, 'm1', 10)).toEqual(['pet']);
      expect(await t.records.missingEmbeddings(scope, 'm2', 10)).toEqual(['pet', 'keep']);
      expect(ids(await t.records.searchVector(scope, { vector: [1, 0], model: 'm1', limit: 5 }))).toEqual([
        'keep',
      ]);
      expect(await t.records.searchVector(scope, { vector: [0, 0, 1], model: 'm2', limit: 5 })).toEqual([]);
      // Metadata, context, validity, or the same text again: the text embedded is unchanged, so is its vector.
      const at = new Date();
      await t.records.updateRecord(scope, 'keep', change({ metadata: { topic: 'x' } }), at);
      await t.records.updateRecord(scope, 'keep', change({ context: 'second context', validAt: at }), at);
      await t.records.updateRecord(scope, 'keep', change({ text: 'keep me' }), at);
      expect((await t.records.getRecord(scope, 'keep'))?.version).toBe(4);
      expect(await t.records.missingEmbeddings(scope, 'm1', 10)).toEqual(['pet']);
      const kept = await t.records.searchVector(scope, { vector: [0, 1], model: 'm1', limit: 5 });
      expect(ids(kept)).toEqual(['keep']);
      expect(kept[0]?.score).toBeCloseTo(1, 5);
      // The new text's vector is stored as usual.
      expect(await t.records.putEmbeddings(scope, [{ id: 'pet', model: 'm1', vector: [1, 0] }])).toBe(1);
      expect(ids(await t.records.searchVector(scope, { vector: [1, 0], model: 'm1', limit: 1 }))).toEqual([
        'pet',
      ]);
    },
  },
  {
    name: 'vectors: an embedding naming a version hash is stored only while the record’s current version has it',
    needsVectors: true,
    async run(t) {
      const scope = t.scope({ user: 'u' });
      const [v1] = await t.records.addRecords(scope, [rec({ id: 'pet', text: 'about cats' })]);
      const v2 = await t.records.updateRecord(scope, 'pet', change({ text: 'about dogs' }), new Date());
      expect(v2.hash).not.toBe(v1?.hash);
      // A vector of version 1's text, put late (another writer's version 2 landed first): skipped, not counted.
      const old = { id: 'pet', model: 'm', vector: [1, 0], hash: v1?.hash as string };
      expect(await t.records.putEmbeddings(scope, [old])).toBe(0);
      expect(await t.records.missingEmbeddings(scope, 'm', 10)).toEqual(['pet']);
      expect(await t.records.searchVector(scope, { vector: [1, 0], model: 'm', limit: 5 })).toEqual([]);
      const fresh = { id: 'pet', model: 'm', vector: [0, 1], hash: v2.hash };
      expect(await t.records.putEmbeddings(scope, [fresh, { ...fresh, id: 'ghost' }])).toBe(1);
      // A late one never replaces the current version's vector either.
      expect(await t.records.putEmbeddings(scope, [old])).toBe(0);
      const hits = await t.records.searchVector(scope, { vector: [0, 1], model: 'm', limit: 5 });
      expect(ids(hits)).toEqual(['pet']);
      expect(hits[0]?.score).toBeCloseTo(1, 5);
      // Without a hash, whatever version is current gets it (as before).
      expect(await t.records.putEmbeddings(scope, [{ id: 'pet', model: 'm2', vector: [1, 1] }])).toBe(1);
      await t.records.deleteRecord(scope, 'pet', new Date());
      expect(await t.records.putEmbeddings(scope, [fresh])).toBe(0);
      for (const hash of ['', 7, null])
        await rejects(
          t.records.putEmbeddings(scope, [{ ...fresh, hash } as unknown as typeof fresh]),
          'INVALID_ARGUMENT',
          /embeddings\[0\]\.hash/,
        );
    },
  },
  {
    name: 'vectors: a component a float32 cannot hold is refused (INVALID_ARGUMENT / INVALID_QUERY); nothing is stored',
    needsVectors: true,
    async run(t) {
      const scope = t.scope({ user: 'u' });
      await t.records.addRecords(scope, [
        rec({ id: 'a', text: 'about cats' }),
        rec({ id: 'b', text: 'dogs' }),
      ]);
      expect(await t.records.putEmbeddings(scope, [{ id: 'b', model: 'm', vector: [1, 1] }])).toBe(1);
      for (const x of [1e39, -3.5e38, Number.MAX_VALUE])
        await rejects(
          t.records.putEmbeddings(scope, [{ id: 'a', model: 'm', vector: [x, 1] }]),
          'INVALID_ARGUMENT',
          /embeddings\[0\]\.vector/,
        );
      await rejects(
        t.records.searchVector(scope, { vector: [1e39, 0], model: 'm', limit: 5 }),
        'INVALID_QUERY',
        /query\.vector/,
      );
      expect(await t.records.missingEmbeddings(scope, 'm', 10)).toEqual(['a']);
      const hits = await t.records.searchVector(scope, { vector: [1, 0], model: 'm', limit: 5 });
      expect(ids(hits)).toEqual(['b']);
      // The largest float32 itself is accepted.
      expect(
        await t.records.putEmbeddings(scope, [{ id: 'a', model: 'm', vector: [3.4028234663852886e38, 0] }]),
      ).toBe(1);
      expect(await t.records.missingEmbeddings(scope, 'm', 10)).toEqual([]);
    },
  },
  {
    name: 'missingEmbeddings refuses a model, a limit or a scope of the wrong type (INVALID_ARGUMENT naming it); it clamps a limit that is a number to 0..10,000',
    async run(t) {
      const scope = t.scope({ user: 'u' });
      await t.records.addRecords(scope, [rec({ id: 'a', text: 'one' }), rec({ id: 'b', text: 'two' })]);
      const missing = (s: unknown, model: unknown, limit: unknown) =>
        t.records.missingEmbeddings(s as typeof scope, model as string, limit as number);
      for (const model of [5, undefined, null, '', { id: 'm' }])
        await rejects(missing(scope, model, 10), 'INVALID_ARGUMENT', /model/);
      for (const limit of ['5', Number.NaN, 5n, null, undefined, Symbol('limit'), {}])
        await rejects(missing(scope, 'm', limit), 'INVALID_ARGUMENT', /limit/);
      for (const bad of [null, 'tenant', {}, [scope]])
        await rejects(missing(bad, 'm', 10), 'INVALID_ARGUMENT', /scope/);
      // Numbers out of range or fractional are taken, clamped (a catch-up asks for "as many as fit").
      const both = t.records.vectorSearch ? ['a', 'b'] : [];
      expect(await missing(scope, 'm', -1)).toEqual([]);
      expect(await missing(scope, 'm', 1.5)).toEqual(both.slice(0, 1));
      expect(await missing(scope, 'm', Number.POSITIVE_INFINITY)).toEqual(both);
    },
  },
];
