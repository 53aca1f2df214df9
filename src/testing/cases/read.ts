import { expect } from 'vitest';
import type { MemoryMessage, MessageRole } from '../../core/message.ts';
import { expectMemoryError, makeMessage, makeToolPair, toInputs } from '../fixtures.ts';
import type { StoreCase, StoreCaseContext } from '../store-case.ts';

/** A session `r` with 10 messages (seq 1..10): user/assistant alternating, a tool pair at 5–6, seq 3 and 8 deleted. */
async function tenMessages(t: StoreCaseContext) {
  const s = t.scope();
  await t.store.createSession(s, { id: 'r' });
  const [call, result] = makeToolPair('lookup', { q: 'weather' }, 'sunny');
  const ms: MemoryMessage[] = [
    makeMessage('system', 'sys'),
    makeMessage('user', 'u2'),
    makeMessage('assistant', 'a3'),
    makeMessage('user', 'u4'),
    call,
    result,
    makeMessage('assistant', 'a7'),
    makeMessage('user', 'u8'),
    makeMessage('assistant', 'a9'),
    makeMessage('user', 'u10'),
  ];
  await t.store.append(s, 'r', toInputs(ms));
  await t.store.deleteMessages(s, 'r', [ms[2]!.id, ms[7]!.id]);
  return { s, ms };
}

const seqs = (es: { seq: number }[]) => es.map((e) => e.seq);

/** readRange and getMessages. */
export const readCases: StoreCase[] = [
  {
    name: 'readRange: forward with fromSeq, toSeq and limit',
    async run(t) {
      const { s } = await tenMessages(t);
      const { store } = t;
      expect(seqs(await store.readRange(s, 'r'))).toEqual([1, 2, 4, 5, 6, 7, 9, 10]);
      expect(seqs(await store.readRange(s, 'r', { fromSeq: 3 }))).toEqual([4, 5, 6, 7, 9, 10]);
      expect(seqs(await store.readRange(s, 'r', { toSeq: 5 }))).toEqual([1, 2, 4, 5]);
      expect(seqs(await store.readRange(s, 'r', { fromSeq: 4, toSeq: 8 }))).toEqual([4, 5, 6, 7]);
      expect(seqs(await store.readRange(s, 'r', { limit: 3 }))).toEqual([1, 2, 4]);
      expect(seqs(await store.readRange(s, 'r', { fromSeq: 5, limit: 2, direction: 'forward' }))).toEqual([
        5, 6,
      ]);
      expect(seqs(await store.readRange(s, 'r', { fromSeq: 11 }))).toEqual([]);
      expect(seqs(await store.readRange(s, 'r', { fromSeq: 6, toSeq: 5 }))).toEqual([]);
      expect(seqs(await store.readRange(s, 'r', { limit: 0 }))).toEqual([]);
    },
  },
  {
    name: 'readRange: backward returns the newest `limit` entries, oldest first',
    async run(t) {
      const { s } = await tenMessages(t);
      const { store } = t;
      expect(seqs(await store.readRange(s, 'r', { direction: 'backward', limit: 3 }))).toEqual([7, 9, 10]);
      expect(seqs(await store.readRange(s, 'r', { direction: 'backward', limit: 100 }))).toEqual([
        1, 2, 4, 5, 6, 7, 9, 10,
      ]);
      expect(seqs(await store.readRange(s, 'r', { direction: 'backward', limit: 2, toSeq: 8 }))).toEqual([
        6, 7,
      ]);
      expect(seqs(await store.readRange(s, 'r', { direction: 'backward', limit: 5, fromSeq: 6 }))).toEqual([
        6, 7, 9, 10,
      ]);
      expect(seqs(await store.readRange(s, 'r', { direction: 'backward' }))).toEqual([
        1, 2, 4, 5, 6, 7, 9, 10,
      ]);
    },
  },
  {
    name: 'readRange: roles filter, alone and with a backward limit',
    async run(t) {
      const { s } = await tenMessages(t);
      const { store } = t;
      expect(seqs(await store.readRange(s, 'r', { roles: ['user'] }))).toEqual([2, 4, 10]);
      expect(seqs(await store.readRange(s, 'r', { roles: ['assistant', 'tool'] }))).toEqual([5, 6, 7, 9]);
      expect(seqs(await store.readRange(s, 'r', { roles: ['system'] }))).toEqual([1]);
      expect(
        seqs(await store.readRange(s, 'r', { roles: ['assistant'], direction: 'backward', limit: 2 })),
      ).toEqual([7, 9]);
      expect(seqs(await store.readRange(s, 'r', { roles: ['user'], limit: 2 }))).toEqual([2, 4]);
      expect(seqs(await store.readRange(s, 'r', { roles: [] }))).toEqual([]);
    },
  },
  {
    name: 'readRange: roles must be an array of message roles (INVALID_ARGUMENT naming it); repeats are one role',
    async run(t) {
      const { s } = await tenMessages(t);
      const { store } = t;
      for (const roles of [null, 'user', 5, {}, ['usr'], ['user', 7], [undefined]]) {
        const error = await expectMemoryError(
          store.readRange(s, 'r', { roles: roles as unknown as MessageRole[] }),
          'INVALID_ARGUMENT',
        );
        expect(error.message).toMatch(/roles/);
      }
      // A long list of one role is that role (no SQL variable per entry).
      expect(seqs(await store.readRange(s, 'r', { roles: Array(100_000).fill('user') }))).toEqual([2, 4, 10]);
    },
  },
  {
    name: 'getMessages: by ids in log order, unknown ids skipped',
    async run(t) {
      const { s, ms } = await tenMessages(t);
      const got = await t.store.getMessages(s, 'r', [ms[9]!.id, 'unknown', ms[0]!.id, ms[4]!.id, ms[2]!.id]);
      expect(got.map((e) => e.message.id)).toEqual([ms[0]!.id, ms[4]!.id, ms[9]!.id]);
      expect(seqs(got)).toEqual([1, 5, 10]);
      expect(await t.store.getMessages(s, 'r', [])).toEqual([]);
    },
  },
  {
    name: 'readRange: an empty session reads as empty',
    async run({ store, scope }) {
      const s = scope();
      await store.createSession(s, { id: 'e' });
      expect(await store.readRange(s, 'e')).toEqual([]);
      expect(await store.readRange(s, 'e', { direction: 'backward', limit: 5 })).toEqual([]);
      expect(await store.stats(s, 'e')).toMatchObject({ count: 0, tokens: 0, lastSeq: 0 });
    },
  },
];
