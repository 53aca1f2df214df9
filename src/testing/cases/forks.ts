import { expect } from 'vitest';
import type { MemoryMessage } from '../../core/message.ts';
import type { Scope } from '../../core/scope.ts';
import type { MemoryStoreV1, RangeQuery } from '../../store/memory-store.ts';
import { expectMemoryError, makeMessage, toInputs, withText } from '../fixtures.ts';
import type { StoreCase } from '../store-case.ts';

/** A parent `p` with 5 messages (tokens 1..5) and a fork `f` at seq 3. */
async function forked(store: MemoryStoreV1, s: Scope) {
  await store.createSession(s, { id: 'p' });
  const parent = ['p1', 'p2', 'p3', 'p4', 'p5'].map((t) => makeMessage('user', t));
  await store.append(s, 'p', toInputs(parent, [1, 2, 3, 4, 5]));
  const fork = await store.createSession(s, {
    id: 'f',
    fork: { parentId: 'p', atSeq: 3 },
    metadata: { branch: 1 },
  });
  return { parent, fork };
}

const texts = (es: { message: MemoryMessage }[]) => es.map((e) => e.message.content);
const seqs = (es: { seq: number }[]) => es.map((e) => e.seq);

/**
 * A fork whose own rows reuse ids of its inherited prefix, deleted and live in every reachable combination:
 * parent `p` a..e (seqs 1..5, roles user/assistant alternating, tokens 1..5), fork `f` at 4. In `f`: the
 * inherited b is deleted then re-appended (own b5) and deleted again; e (after the fork point, so free in
 * `f`) is appended (own e6) and deleted; b is appended again with other content (own b7). In `p`, after the
 * fork: a (shared) and e (not shared) are deleted and a is re-appended (p's a6). `f` then sees a1 c3 d4 b7.
 */
async function reusedIds(store: MemoryStoreV1, s: Scope) {
  await store.createSession(s, { id: 'p' });
  const roles = ['user', 'assistant', 'user', 'assistant', 'user'] as const;
  const [a, b, c, d, e] = ['a', 'b', 'c', 'd', 'e'].map((t, i) => makeMessage(roles[i]!, t)) as [
    MemoryMessage,
    MemoryMessage,
    MemoryMessage,
    MemoryMessage,
    MemoryMessage,
  ];
  await store.append(s, 'p', toInputs([a, b, c, d, e], [1, 2, 3, 4, 5]));
  await store.createSession(s, { id: 'f', fork: { parentId: 'p', atSeq: 4 } });
  expect(await store.deleteMessages(s, 'f', [b.id])).toBe(1); // hides the inherited b
  expect(seqs(await store.append(s, 'f', toInputs([b], [20])))).toEqual([5]); // a hidden id is free
  expect(await store.deleteMessages(s, 'f', [b.id])).toBe(1); // the own b5; the inherited b stays hidden
  expect(await store.deleteMessages(s, 'f', [b.id])).toBe(0);
  expect(seqs(await store.append(s, 'f', toInputs([withText(e, 'fork e')], [60])))).toEqual([6]);
  expect(await store.deleteMessages(s, 'f', [e.id])).toBe(1); // own e6; p's e5 was never shared
  expect(seqs(await store.append(s, 'f', toInputs([withText(b, 'fork b')], [70])))).toEqual([7]);
  expect(await store.deleteMessages(s, 'p', [a.id, e.id])).toBe(2); // shared a, unshared e
  expect(seqs(await store.append(s, 'p', toInputs([a], [1])))).toEqual([6]);
  return { a, b, c, d, e };
}

/** Checks what `f` and `p` of {@link reusedIds} see, through every read. */
async function checkReusedIds(
  store: MemoryStoreV1,
  s: Scope,
  m: Record<'a' | 'b' | 'c' | 'd' | 'e', MemoryMessage>,
) {
  const all = [m.a.id, m.b.id, m.c.id, m.d.id, m.e.id, 'missing'];
  const read = async (q: RangeQuery) => texts(await store.readRange(s, 'f', q));
  expect(await read({})).toEqual(['a', 'c', 'd', 'fork b']);
  expect(seqs(await store.readRange(s, 'f'))).toEqual([1, 3, 4, 7]);
  expect(await read({ direction: 'backward', limit: 2 })).toEqual(['d', 'fork b']);
  expect(await read({ direction: 'backward', limit: 3, roles: ['assistant'] })).toEqual(['d', 'fork b']);
  expect(await read({ roles: ['user'] })).toEqual(['a', 'c']);
  expect(await read({ fromSeq: 2, toSeq: 6 })).toEqual(['c', 'd']);
  expect(await read({ fromSeq: 4, limit: 1 })).toEqual(['d']);
  expect(await read({ toSeq: 5, direction: 'backward', limit: 2 })).toEqual(['c', 'd']);
  expect(await read({ fromSeq: 5, toSeq: 6 })).toEqual([]);
  expect(seqs(await store.getMessages(s, 'f', all))).toEqual([1, 3, 4, 7]);
  expect(await store.getMessages(s, 'f', [m.e.id, m.b.id])).toEqual(
    await store.readRange(s, 'f', { fromSeq: 7 }),
  );
  expect(await store.stats(s, 'f')).toMatchObject({ count: 4, tokens: 78, lastSeq: 7 });
  // Live ids are taken (identical re-append is idempotent, other content a duplicate); deleted ones are free.
  expect(seqs(await store.append(s, 'f', toInputs([m.a, withText(m.b, 'fork b')], [1, 70])))).toEqual([1, 7]);
  await expectMemoryError(store.append(s, 'f', toInputs([withText(m.a, 'x')])), 'DUPLICATE_MESSAGE_ID');
  await expectMemoryError(store.append(s, 'f', toInputs([m.b])), 'DUPLICATE_MESSAGE_ID');
  expect(texts(await store.readRange(s, 'p'))).toEqual(['b', 'c', 'd', 'a']);
  expect(seqs(await store.getMessages(s, 'p', all))).toEqual([2, 3, 4, 6]);
  expect(await store.stats(s, 'p')).toMatchObject({ count: 4, tokens: 10, lastSeq: 6 });
}

/** Forked sessions: shared prefix, own continuation, independent deletes. */
export const forkCases: StoreCase[] = [
  {
    name: "forks: a fork sees the parent's entries up to atSeq plus its own, seqs continue at atSeq+1",
    async run({ store, scope }) {
      const s = scope();
      const { fork } = await forked(store, s);
      expect(fork).toMatchObject({ id: 'f', parentId: 'p', forkedAtSeq: 3, metadata: { branch: 1 } });
      expect(await store.getSession(s, 'f')).toEqual(fork);
      expect(texts(await store.readRange(s, 'f'))).toEqual(['p1', 'p2', 'p3']);
      expect(await store.stats(s, 'f')).toMatchObject({ count: 3, tokens: 6, lastSeq: 3 });
      const own = await store.append(
        s,
        'f',
        toInputs([makeMessage('user', 'f4'), makeMessage('user', 'f5')], [10, 20]),
      );
      expect(seqs(own)).toEqual([4, 5]);
      expect(texts(await store.readRange(s, 'f'))).toEqual(['p1', 'p2', 'p3', 'f4', 'f5']);
      expect(seqs(await store.readRange(s, 'f'))).toEqual([1, 2, 3, 4, 5]);
      expect(texts(await store.readRange(s, 'f', { direction: 'backward', limit: 3 }))).toEqual([
        'p3',
        'f4',
        'f5',
      ]);
      expect(texts(await store.readRange(s, 'f', { fromSeq: 2, toSeq: 4 }))).toEqual(['p2', 'p3', 'f4']);
      expect(await store.stats(s, 'f')).toMatchObject({ count: 5, tokens: 36, lastSeq: 5 });
      expect(texts(await store.readRange(s, 'p'))).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
      expect(await store.stats(s, 'p')).toMatchObject({ count: 5, tokens: 15, lastSeq: 5 });
    },
  },
  {
    name: "forks: the parent's later messages are not visible in the fork, nor the fork's in the parent",
    async run({ store, scope }) {
      const s = scope();
      const { parent } = await forked(store, s);
      await store.append(s, 'p', toInputs([makeMessage('user', 'p6')]));
      await store.append(s, 'f', toInputs([makeMessage('user', 'f4')]));
      expect(texts(await store.readRange(s, 'f'))).toEqual(['p1', 'p2', 'p3', 'f4']);
      expect(texts(await store.readRange(s, 'p'))).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6']);
      expect(await store.getMessages(s, 'f', [parent[3]!.id, parent[0]!.id])).toHaveLength(1);
      // The parent's p4 id is free in the fork; p1's is taken (identical re-append is idempotent).
      const [p4] = await store.append(s, 'f', toInputs([withText(parent[3]!, 'fork p4')]));
      expect(p4?.seq).toBe(5);
      const [p1] = await store.append(s, 'f', toInputs([parent[0]!], [1]));
      expect(p1?.seq).toBe(1);
      await expectMemoryError(
        store.append(s, 'f', toInputs([withText(parent[0]!, 'changed')])),
        'DUPLICATE_MESSAGE_ID',
      );
      expect(await store.searchMessages(s, { text: 'f4', sessionId: 'p' })).toEqual([]);
      const inherited = await store.searchMessages(s, { text: 'p2', sessionId: 'f' });
      expect(inherited.map((h) => [h.sessionId, h.entry.seq])).toEqual([['f', 2]]);
      expect(await store.searchMessages(s, { text: 'p5', sessionId: 'f' })).toEqual([]);
    },
  },
  {
    name: 'forks: deleting an inherited message in the fork hides it only in the fork',
    async run({ store, scope }) {
      const s = scope();
      const { parent } = await forked(store, s);
      expect(await store.deleteMessages(s, 'f', [parent[1]!.id])).toBe(1);
      expect(await store.deleteMessages(s, 'f', [parent[1]!.id, parent[4]!.id])).toBe(0);
      expect(texts(await store.readRange(s, 'f'))).toEqual(['p1', 'p3']);
      expect(await store.stats(s, 'f')).toMatchObject({ count: 2, tokens: 4, lastSeq: 3 });
      expect(texts(await store.readRange(s, 'p'))).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
      expect((await store.stats(s, 'p')).count).toBe(5);
      // Re-appending the hidden id in the fork stores it anew.
      const [back] = await store.append(s, 'f', toInputs([parent[1]!]));
      expect(back?.seq).toBe(4);
      expect(await store.clearMessages(s, 'f')).toBe(3);
      expect(await store.readRange(s, 'f')).toEqual([]);
      expect((await store.stats(s, 'p')).count).toBe(5);
    },
  },
  {
    name: "forks: deleting the parent keeps the fork's full history",
    async run({ store, scope }) {
      const s = scope();
      const { parent } = await forked(store, s);
      await store.append(s, 'f', toInputs([makeMessage('user', 'f4')], [4]));
      await store.deleteMessages(s, 'f', [parent[0]!.id]);
      const before = await store.readRange(s, 'f');
      await store.deleteSession(s, 'p');
      expect(await store.getSession(s, 'p')).toBeUndefined();
      expect(await store.readRange(s, 'f')).toEqual(before);
      expect(texts(before)).toEqual(['p2', 'p3', 'f4']);
      expect(await store.stats(s, 'f')).toMatchObject({ count: 3, tokens: 9, lastSeq: 4 });
      expect((await store.append(s, 'f', toInputs([makeMessage('user', 'f5')])))[0]?.seq).toBe(5);
      expect((await store.getMessages(s, 'f', [parent[2]!.id]))[0]?.seq).toBe(3);
      expect(await store.getSession(s, 'f')).toBeDefined();
    },
  },
  {
    name: "forks: the parent's deletes, clear and re-appends after the fork do not change what the fork sees",
    async run({ store, scope }) {
      const s = scope();
      const { parent } = await forked(store, s);
      await store.append(s, 'f', toInputs([makeMessage('user', 'f4')], [10]));
      expect(await store.deleteMessages(s, 'f', [parent[0]!.id])).toBe(1); // the fork's own hide, kept
      const before = await store.readRange(s, 'f');
      expect(texts(before)).toEqual(['p2', 'p3', 'f4']);
      const check = async () => {
        expect(await store.readRange(s, 'f')).toEqual(before);
        expect(texts(await store.readRange(s, 'f', { direction: 'backward', limit: 2 }))).toEqual([
          'p3',
          'f4',
        ]);
        expect(texts(await store.readRange(s, 'f', { fromSeq: 2, toSeq: 3 }))).toEqual(['p2', 'p3']);
        expect(await store.stats(s, 'f')).toMatchObject({ count: 3, tokens: 15, lastSeq: 4 });
        expect((await store.getMessages(s, 'f', [parent[1]!.id]))[0]?.seq).toBe(2);
        const hits = await store.searchMessages(s, { text: 'p2', sessionId: 'f' });
        expect(hits.map((h) => [h.sessionId, h.entry.seq])).toEqual([['f', 2]]);
        expect(await store.searchMessages(s, { text: 'p1', sessionId: 'f' })).toEqual([]);
      };
      // A shared message deleted in the parent.
      expect(await store.deleteMessages(s, 'p', [parent[1]!.id])).toBe(1);
      expect(texts(await store.readRange(s, 'p'))).toEqual(['p1', 'p3', 'p4', 'p5']);
      await check();
      // The parent cleared, then written again (a re-appended id is a new entry in the parent only).
      expect(await store.clearMessages(s, 'p')).toBe(4);
      expect(await store.stats(s, 'p')).toMatchObject({ count: 0, tokens: 0, lastSeq: 5 });
      await check();
      const [again] = await store.append(s, 'p', toInputs([parent[2]!, makeMessage('user', 'p7')], [3, 7]));
      expect(again?.seq).toBe(6);
      expect(texts(await store.readRange(s, 'p'))).toEqual(['p3', 'p7']);
      await check();
      // The fork still works as before: it hides, appends and re-appends on its own.
      expect(await store.deleteMessages(s, 'f', [parent[2]!.id])).toBe(1);
      expect(texts(await store.readRange(s, 'f'))).toEqual(['p2', 'f4']);
      expect(await store.stats(s, 'f')).toMatchObject({ count: 2, tokens: 12, lastSeq: 4 });
      expect(texts(await store.readRange(s, 'p'))).toEqual(['p3', 'p7']);
      expect((await store.append(s, 'f', toInputs([makeMessage('user', 'f5')])))[0]?.seq).toBe(5);
    },
  },
  {
    name: "forks: a parent's deletes after the fork point, or a fork at 0, leave the fork linked and unchanged",
    async run({ store, scope }) {
      const s = scope();
      const { parent, fork } = await forked(store, s);
      await store.createSession(s, { id: 'zero', fork: { parentId: 'p', atSeq: 0 } });
      expect(await store.deleteMessages(s, 'p', [parent[3]!.id, parent[4]!.id])).toBe(2);
      expect(await store.getSession(s, 'f')).toEqual(fork);
      expect(texts(await store.readRange(s, 'f'))).toEqual(['p1', 'p2', 'p3']);
      expect(await store.stats(s, 'f')).toMatchObject({ count: 3, tokens: 6, lastSeq: 3 });
      expect(await store.clearMessages(s, 'p')).toBe(3);
      expect(await store.readRange(s, 'zero')).toEqual([]);
      expect(await store.stats(s, 'zero')).toMatchObject({ count: 0, tokens: 0, lastSeq: 0 });
    },
  },
  {
    name: "forks: a middle fork's deletes do not change its own forks; an ancestor's deletes reach no descendant",
    async run({ store, scope }) {
      const s = scope();
      const { parent } = await forked(store, s);
      await store.append(s, 'f', toInputs([makeMessage('user', 'f4'), makeMessage('user', 'f5')], [10, 20]));
      await store.createSession(s, { id: 'g', fork: { parentId: 'f', atSeq: 4 } });
      await store.append(s, 'g', toInputs([makeMessage('user', 'g5')], [100]));
      expect(await store.deleteMessages(s, 'g', [parent[2]!.id])).toBe(1);
      const expected = ['p1', 'p2', 'f4', 'g5'];
      expect(texts(await store.readRange(s, 'g'))).toEqual(expected);
      expect(await store.stats(s, 'g')).toMatchObject({ count: 4, tokens: 113, lastSeq: 5 });
      // The middle fork hides an inherited message and deletes its own f4: g keeps both.
      expect(await store.deleteMessages(s, 'f', [parent[0]!.id, 'missing'])).toBe(1);
      const own = (await store.readRange(s, 'f')).find((e) => e.message.content === 'f4')!;
      expect(await store.deleteMessages(s, 'f', [own.message.id])).toBe(1);
      expect(texts(await store.readRange(s, 'f'))).toEqual(['p2', 'p3', 'f5']);
      expect(texts(await store.readRange(s, 'g'))).toEqual(expected);
      // The root is cleared and deleted: f and g keep what they had.
      await store.clearMessages(s, 'p');
      await store.deleteSession(s, 'p');
      expect(texts(await store.readRange(s, 'f'))).toEqual(['p2', 'p3', 'f5']);
      expect(texts(await store.readRange(s, 'g'))).toEqual(expected);
      expect(await store.stats(s, 'g')).toMatchObject({ count: 4, tokens: 113, lastSeq: 5 });
      expect(await store.stats(s, 'f')).toMatchObject({ count: 3, tokens: 25, lastSeq: 5 });
      const hits = await store.searchMessages(s, { text: 'p1', sessionId: 'g' });
      expect(hits.map((h) => [h.sessionId, h.entry.seq])).toEqual([['g', 1]]);
    },
  },
  {
    name: 'forks: a fork of a fork, and a fork at 0',
    async run({ store, scope }) {
      const s = scope();
      await forked(store, s);
      await store.append(s, 'f', toInputs([makeMessage('user', 'f4'), makeMessage('user', 'f5')]));
      await store.createSession(s, { id: 'g', fork: { parentId: 'f', atSeq: 4 } });
      await store.append(s, 'g', toInputs([makeMessage('user', 'g5')]));
      expect(texts(await store.readRange(s, 'g'))).toEqual(['p1', 'p2', 'p3', 'f4', 'g5']);
      await store.createSession(s, { id: 'zero', fork: { parentId: 'p', atSeq: 0 } });
      expect(await store.readRange(s, 'zero')).toEqual([]);
      expect((await store.append(s, 'zero', toInputs([makeMessage('user', 'z')])))[0]?.seq).toBe(1);
      await store.deleteSession(s, 'f');
      expect(texts(await store.readRange(s, 'g'))).toEqual(['p1', 'p2', 'p3', 'f4', 'g5']);
    },
  },
  {
    name: 'forks: own rows under inherited ids, deleted and live, read the same through every call',
    async run({ store, scope }) {
      const s = scope();
      const m = await reusedIds(store, s);
      await checkReusedIds(store, s, m);
      // A fork of the fork hides an inherited id (a, from p through f) and an own one of f (b7), re-appends b.
      await store.createSession(s, { id: 'g', fork: { parentId: 'f', atSeq: 7 } });
      expect(await store.deleteMessages(s, 'g', [m.a.id, m.b.id, m.e.id])).toBe(2);
      expect(seqs(await store.append(s, 'g', toInputs([m.b], [80])))).toEqual([8]);
      const g = ['c', 'd', 'b'];
      expect(texts(await store.readRange(s, 'g'))).toEqual(g);
      expect(await store.stats(s, 'g')).toMatchObject({ count: 3, tokens: 87, lastSeq: 8 });
      await checkReusedIds(store, s, m);
      // The root goes, then the middle fork: each descendant keeps exactly what it saw.
      await store.deleteSession(s, 'p');
      expect(texts(await store.readRange(s, 'f'))).toEqual(['a', 'c', 'd', 'fork b']);
      expect(await store.stats(s, 'f')).toMatchObject({ count: 4, tokens: 78, lastSeq: 7 });
      await store.deleteSession(s, 'f');
      expect(texts(await store.readRange(s, 'g'))).toEqual(g);
      expect(
        texts(await store.readRange(s, 'g', { direction: 'backward', limit: 1, roles: ['user'] })),
      ).toEqual(['c']);
      expect(seqs(await store.getMessages(s, 'g', [m.a.id, m.b.id, m.c.id, m.d.id]))).toEqual([3, 4, 8]);
      expect(await store.stats(s, 'g')).toMatchObject({ count: 3, tokens: 87, lastSeq: 8 });
      expect(await store.deleteMessages(s, 'g', [m.a.id, m.b.id, m.c.id, m.d.id, m.e.id])).toBe(3);
      expect(await store.readRange(s, 'g')).toEqual([]);
      expect(await store.stats(s, 'g')).toMatchObject({ count: 0, tokens: 0, lastSeq: 8 });
    },
  },
  {
    name: 'forks: own rows under inherited ids read the same after a reopen',
    needsReopen: true,
    async run({ scope, reopen }) {
      const s = scope();
      const m = await reusedIds(await reopen(), s);
      await checkReusedIds(await reopen(), s, m);
    },
  },
  {
    name: 'forks: atSeq out of range throws INVALID_ARGUMENT',
    async run({ store, scope }) {
      const s = scope();
      await forked(store, s);
      for (const atSeq of [-1, 6, 1.5, Number.NaN]) {
        await expectMemoryError(
          store.createSession(s, { id: `bad${atSeq}`, fork: { parentId: 'p', atSeq } }),
          'INVALID_ARGUMENT',
        );
      }
      expect((await store.listSessions(s)).map((r) => r.id).sort()).toEqual(['f', 'p']);
    },
  },
];
