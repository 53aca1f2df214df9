import { expect } from 'vitest';
import type { MemoryMessage } from '../../core/message.ts';
import { expectMemoryError, makeMessage, toInputs } from '../fixtures.ts';
import type { StoreCase } from '../store-case.ts';
import { forbiddenIds } from './ids.ts';

/** A Date subclass: the codec would read it back as a plain Date, so it is refused. */
class StampedDate extends Date {
  stamp = 1;
}

/** Edges of the stored-value and id rules that a random property rarely reaches, each pinned on every driver. */
export const valueEdgeCases: StoreCase[] = [
  {
    name: 'values: undefined object members are left out the same way on every driver, before and after a reopen',
    needsReopen: true,
    async run(t) {
      const s = t.scope();
      const value = { a: undefined, b: 1, nested: { c: undefined, d: [{ e: undefined, f: 2 }] } };
      const want = { b: 1, nested: { d: [{ f: 2 }] } };
      await t.store.createSession(s, { id: 'x', metadata: { v: value } });
      await t.store.putState(s, 'k', value);
      await t.store.putArtifact(s, 'x', { id: 'a', kind: 'k', fromSeq: 0, toSeq: 0, data: value });
      for (const reopen of [false, true]) {
        const store = reopen ? await t.reopen() : t.store;
        expect((await store.getSession(s, 'x'))?.metadata).toEqual({ v: want });
        expect(Object.keys(((await store.getSession(s, 'x'))?.metadata.v ?? {}) as object)).toEqual([
          'b',
          'nested',
        ]);
        expect(Object.keys((await store.getState(s, 'k')) as object)).toEqual(['b', 'nested']);
        expect(await store.getState(s, 'k')).toEqual(want);
        expect((await store.listArtifacts(s, 'x'))[0]?.data).toEqual(want);
      }
    },
  },
  {
    name: 'values: a Proxy of a plain object is stored as its plain contents, not refused or thrown raw',
    async run({ store, scope }) {
      const s = scope();
      const proxy = new Proxy({ a: 1, list: [1, 2] }, {});
      await store.createSession(s, { id: 'x', metadata: proxy as never });
      await store.putState(s, 'p', proxy as never);
      await store.putArtifact(s, 'x', { id: 'a', kind: 'k', fromSeq: 0, toSeq: 0, data: proxy as never });
      expect((await store.getSession(s, 'x'))?.metadata).toEqual({ a: 1, list: [1, 2] });
      expect(await store.getState(s, 'p')).toEqual({ a: 1, list: [1, 2] });
      expect((await store.listArtifacts(s, 'x'))[0]?.data).toEqual({ a: 1, list: [1, 2] });
    },
  },
  {
    name: 'values: a Date subclass, or a Date, URL or bytes carrying extra properties, in a message is refused naming the path',
    async run({ store, scope }) {
      const s = scope();
      await store.createSession(s, { id: 'x' });
      const odd: [string, unknown][] = [
        ['subclass', new StampedDate(0)],
        ['extra', Object.assign(new Date(0), { x: 1 })],
        ['url', Object.assign(new URL('https://a.example/'), { x: 1 })],
        ['bytes', Object.assign(new Uint8Array([1]), { x: 1 })],
      ];
      for (const [label, v] of odd) {
        const message = { ...makeMessage('user', label), metadata: { v } } as unknown as MemoryMessage;
        const error = await expectMemoryError(store.append(s, 'x', toInputs([message])), 'INVALID_MESSAGE');
        expect(error.message, label).toContain('metadata.v');
      }
      expect(await store.readRange(s, 'x')).toEqual([]);
      const plain = {
        ...makeMessage('user', 'ok'),
        metadata: { when: new Date(0) },
      } as unknown as MemoryMessage;
      const [entry] = await store.append(s, 'x', toInputs([plain]));
      expect((entry?.message.metadata as { when?: unknown } | undefined)?.when).toEqual(new Date(0));
    },
  },
  {
    name: 'ids: an artifact kind follows the id rule in putArtifact and listArtifacts',
    async run({ store, scope }) {
      const s = scope();
      await store.createSession(s, { id: 'x' });
      for (const kind of forbiddenIds) {
        await expectMemoryError(
          store.putArtifact(s, 'x', { id: 'a', kind, fromSeq: 0, toSeq: 0, data: 1 }),
          'INVALID_ARGUMENT',
        );
        await expectMemoryError(store.listArtifacts(s, 'x', kind), 'INVALID_ARGUMENT');
      }
      expect(await store.listArtifacts(s, 'x')).toEqual([]);
    },
  },
  {
    name: 'read: readRange and listSessions refuse a negative or fractional limit, non-integer sequence numbers and unknown keys',
    async run({ store, scope }) {
      const s = scope();
      await store.createSession(s, { id: 'x' });
      await store.append(s, 'x', toInputs([makeMessage('user', 'a')]));
      for (const query of [{ limit: -1 }, { limit: 1.5 }, { fromSeq: Number.NaN }, { toSeq: 0.5 }]) {
        await expectMemoryError(store.readRange(s, 'x', query), 'INVALID_ARGUMENT');
      }
      await expectMemoryError(
        store.readRange(s, 'x', { direction: 'sideways' as never }),
        'INVALID_ARGUMENT',
      );
      // A misspelt key would otherwise read the whole log.
      for (const query of [{ fromseq: 2 }, { from: 2 }, { max: 1 }])
        await expectMemoryError(store.readRange(s, 'x', query as never), 'INVALID_ARGUMENT');
      for (const options of [{ limit: -1 }, { limit: 0.5 }, { before: new Date(Number.NaN) }]) {
        await expectMemoryError(store.listSessions(s, options), 'INVALID_ARGUMENT');
      }
      // A misspelt key would otherwise list every session at once.
      for (const options of [{ limt: 1 }, { befor: new Date() }]) {
        const error = await expectMemoryError(store.listSessions(s, options as never), 'INVALID_ARGUMENT');
        expect(error.message).toMatch(/listSessions\(options\)\.\w+: not an option/);
      }
      // listArtifacts too: a misspelt `data: false` would read every artifact's data.
      const error = await expectMemoryError(
        store.listArtifacts(s, 'x', undefined, undefined, { dat: false } as never),
        'INVALID_ARGUMENT',
      );
      expect(error.message).toMatch(/listArtifacts\(options\)\.dat: not an option/);
      expect(await store.listSessions(s, { limit: 0 })).toEqual([]);
      expect((await store.readRange(s, 'x', { limit: 0 })).length).toBe(0);
    },
  },
];
