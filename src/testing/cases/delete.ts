import { expect } from 'vitest';
import { makeMessage, toInputs } from '../fixtures.ts';
import type { StoreCase } from '../store-case.ts';

/** Tombstone deletes and clear. */
export const deleteCases: StoreCase[] = [
  {
    name: 'delete: tombstones keep seq gapless and lastSeq unchanged',
    async run({ store, scope }) {
      const s = scope();
      await store.createSession(s, { id: 'd' });
      const ms = ['one', 'two', 'three', 'four'].map((t) => makeMessage('user', t));
      await store.append(s, 'd', toInputs(ms, [1, 2, 3, 4]));
      expect(await store.deleteMessages(s, 'd', [ms[1]!.id, ms[3]!.id])).toBe(2);
      expect(await store.stats(s, 'd')).toMatchObject({ count: 2, tokens: 4, lastSeq: 4 });
      expect((await store.readRange(s, 'd')).map((e) => e.seq)).toEqual([1, 3]);
      const [next] = await store.append(s, 'd', toInputs([makeMessage('user', 'five')]));
      expect(next?.seq).toBe(5);
    },
  },
  {
    name: 'delete: deleted messages are hidden from every read',
    async run({ store, scope }) {
      const s = scope();
      await store.createSession(s, { id: 'hide' });
      const gone = makeMessage('assistant', 'platypus secret');
      const kept = makeMessage('user', 'platypus public');
      await store.append(s, 'hide', toInputs([kept, gone]));
      await store.deleteMessages(s, 'hide', [gone.id]);
      const ids = (es: { message: { id: string } }[]) => es.map((e) => e.message.id);
      expect(ids(await store.readRange(s, 'hide'))).toEqual([kept.id]);
      expect(ids(await store.readRange(s, 'hide', { direction: 'backward', limit: 1 }))).toEqual([kept.id]);
      expect(ids(await store.readRange(s, 'hide', { roles: ['assistant'] }))).toEqual([]);
      expect(ids(await store.readRange(s, 'hide', { fromSeq: 2 }))).toEqual([]);
      expect(await store.getMessages(s, 'hide', [gone.id])).toEqual([]);
      const hits = await store.searchMessages(s, { text: 'platypus' });
      expect(hits.map((h) => h.entry.message.id)).toEqual([kept.id]);
      expect(await store.searchMessages(s, { text: 'secret' })).toEqual([]);
    },
  },
  {
    name: 'delete: unknown or already deleted ids count 0',
    async run({ store, scope }) {
      const s = scope();
      await store.createSession(s, { id: 'z' });
      const m = makeMessage('user', 'x');
      await store.append(s, 'z', toInputs([m]));
      expect(await store.deleteMessages(s, 'z', ['nope'])).toBe(0);
      expect(await store.deleteMessages(s, 'z', [])).toBe(0);
      expect(await store.deleteMessages(s, 'z', [m.id, m.id])).toBe(1);
      expect(await store.deleteMessages(s, 'z', [m.id])).toBe(0);
      expect(await store.stats(s, 'z')).toMatchObject({ count: 0, tokens: 0, lastSeq: 1 });
    },
  },
  {
    name: 'clear: tombstones every live message and the seq continues',
    async run({ store, scope }) {
      const s = scope();
      await store.createSession(s, { id: 'c' });
      await store.createSession(s, { id: 'other' });
      const ms = ['a', 'b', 'c'].map((t) => makeMessage('user', t));
      await store.append(s, 'c', toInputs(ms, [1, 1, 1]));
      await store.append(s, 'other', toInputs([makeMessage('user', 'stay')]));
      await store.deleteMessages(s, 'c', [ms[0]!.id]);
      expect(await store.clearMessages(s, 'c')).toBe(2);
      expect(await store.clearMessages(s, 'c')).toBe(0);
      expect(await store.stats(s, 'c')).toMatchObject({ count: 0, tokens: 0, lastSeq: 3 });
      expect(await store.readRange(s, 'c')).toEqual([]);
      expect((await store.append(s, 'c', toInputs([makeMessage('user', 'd')])))[0]?.seq).toBe(4);
      expect((await store.stats(s, 'other')).count).toBe(1);
    },
  },
];
