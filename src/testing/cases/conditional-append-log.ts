import { expect } from 'vitest';
import type { Scope } from '../../core/scope.ts';
import { withArtifactsOnAppend } from '../../store/append-riders.ts';
import type { ArtifactInput } from '../../store/append-with-artifacts.ts';
import type { AppendOptions, MemoryStoreV1 } from '../../store/memory-store.ts';
import { expectMemoryError, makeMessage, toInputs } from '../fixtures.ts';
import type { StoreCase } from '../store-case.ts';

/** The texts of a session's live log, oldest first. */
const texts = async (store: MemoryStoreV1, s: Scope, id: string) =>
  (await store.readRange(s, id)).map((e) => e.message.content);

/** Appends `n` user messages `<label> 0`… to session `id`, one append each. */
async function fill(store: MemoryStoreV1, s: Scope, id: string, label: string, n: number) {
  for (let i = 0; i < n; i++) await store.append(s, id, toInputs([makeMessage('user', `${label} ${i}`)]));
}

/**
 * Session `id` deleted and created again by another writer, then filled to `lastSeq` as it was (the ABA of a
 * compare-and-set on `lastSeq` alone); returns the old log's stats, read before.
 */
async function replacedAtSameLastSeq(store: MemoryStoreV1, s: Scope, id: string, n: number) {
  await store.createSession(s, { id });
  await fill(store, s, id, 'old', n);
  const read = await store.stats(s, id);
  await store.deleteSession(s, id);
  await store.createSession(s, { id });
  await fill(store, s, id, 'new', n);
  const now = await store.stats(s, id);
  expect(now.lastSeq).toBe(read.lastSeq);
  expect(now.logId).not.toBe(read.logId);
  return read;
}

/** Conditional appends on the session's log (`AppendOptions.ifLogId`): no append into a log the caller did not read. */
export const conditionalAppendLogCases: StoreCase[] = [
  {
    name: 'conditional append: ifLogId equal to the logId appends, alone or with ifLastSeq; appends and deletes keep it',
    async run({ store, scope }) {
      const s = scope();
      await store.createSession(s, { id: 'c' });
      const { logId } = await store.stats(s, 'c');
      const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((t) => makeMessage('user', t));
      expect((await store.append(s, 'c', toInputs([a!]), { ifLogId: logId })).map((e) => e.seq)).toEqual([1]);
      const two = await store.append(s, 'c', toInputs([b!, c!]), { ifLogId: logId, ifLastSeq: 1 });
      expect(two.map((e) => e.seq)).toEqual([2, 3]);
      await store.deleteMessages(s, 'c', [b!.id]);
      await store.updateSession(s, 'c', { v: 2 });
      expect((await store.append(s, 'c', toInputs([d!]), { ifLogId: logId }))[0]?.seq).toBe(4);
      // ifLastSeq still decides with it: an equal logId does not pass a stale lastSeq.
      const late = makeMessage('user', 'late');
      await expectMemoryError(
        store.append(s, 'c', toInputs([late]), { ifLogId: logId, ifLastSeq: 3 }),
        'CONFLICT',
      );
      // A re-append of what is stored and an empty batch: the usual no-op under an equal logId.
      expect((await store.append(s, 'c', toInputs([d!]), { ifLogId: logId }))[0]?.seq).toBe(4);
      expect(await store.append(s, 'c', [], { ifLogId: logId, ifLastSeq: 4 })).toEqual([]);
      expect(await store.stats(s, 'c')).toMatchObject({ lastSeq: 4, count: 3, logId });
      expect(await texts(store, s, 'c')).toEqual(['a', 'c', 'd']);
    },
  },
  {
    name: 'conditional append: a session deleted, created again and refilled to the same lastSeq is CONFLICT with ifLogId (ifLastSeq alone cannot tell)',
    async run({ store, scope }) {
      const s = scope();
      const read = await replacedAtSameLastSeq(store, s, 'c', 2);
      const before = await store.readRange(s, 'c');
      const statsBefore = await store.stats(s, 'c');
      const stale = makeMessage('user', 'from the old log');
      for (const options of [{ ifLogId: read.logId }, { ifLogId: read.logId, ifLastSeq: read.lastSeq }]) {
        const error = await expectMemoryError(store.append(s, 'c', toInputs([stale]), options), 'CONFLICT');
        expect(error.message).toContain('"c"');
        // An empty batch and a re-append of what the new log holds are refused the same way.
        await expectMemoryError(store.append(s, 'c', [], options), 'CONFLICT');
        await expectMemoryError(store.append(s, 'c', toInputs([before[0]!.message]), options), 'CONFLICT');
      }
      expect(await store.readRange(s, 'c')).toEqual(before);
      expect(await store.stats(s, 'c')).toEqual(statsBefore);
      // The documented limit of ifLastSeq alone: the new log is at the lastSeq read, so the append is accepted.
      await store.append(s, 'c', toInputs([stale]), { ifLastSeq: read.lastSeq });
      expect(await texts(store, s, 'c')).toEqual(['new 0', 'new 1', 'from the old log']);
    },
  },
  {
    name: 'conditional append: an unknown, other owner’s or parent’s logId, or a missing session, is CONFLICT with ifLogId',
    async run({ store, scope }) {
      const s = scope({ user: 'u1' });
      const u2 = { ...s, user: 'u2' };
      await store.createSession(s, { id: 'c' });
      await fill(store, s, 'c', 'mine', 2);
      await store.createSession(u2, { id: 'c' });
      await fill(store, u2, 'c', 'theirs', 2);
      await store.createSession(s, { id: 'f', fork: { parentId: 'c', atSeq: 1 } });
      const mine = (await store.stats(s, 'c')).logId;
      const theirs = (await store.stats(u2, 'c')).logId;
      const fresh = makeMessage('user', 'fresh');
      for (const ifLogId of ['log-unknown', theirs, 'c'])
        await expectMemoryError(store.append(s, 'c', toInputs([fresh]), { ifLogId }), 'CONFLICT');
      // A fork is its own log: its parent's logId is not its own.
      await expectMemoryError(store.append(s, 'f', toInputs([fresh]), { ifLogId: mine }), 'CONFLICT');
      // A missing session: CONFLICT with ifLogId (the log read is gone, as a conditional delete says)...
      const error = await expectMemoryError(
        store.append(s, 'gone', toInputs([fresh]), { ifLogId: mine }),
        'CONFLICT',
      );
      expect(error.message).toContain('"gone"');
      await expectMemoryError(
        store.append(u2, 'f', toInputs([fresh]), { ifLogId: mine, ifLastSeq: 1 }),
        'CONFLICT',
      );
      // ...and SESSION_NOT_FOUND without it, as before.
      await expectMemoryError(
        store.append(s, 'gone', toInputs([fresh]), { ifLastSeq: 0 }),
        'SESSION_NOT_FOUND',
      );
      expect(await texts(store, s, 'c')).toEqual(['mine 0', 'mine 1']);
      expect(await texts(store, u2, 'c')).toEqual(['theirs 0', 'theirs 1']);
      expect(await texts(store, s, 'f')).toEqual(['mine 0']);
      expect(await store.getSession(s, 'gone')).toBeUndefined();
      const own = (await store.stats(s, 'f')).logId;
      await store.append(s, 'f', toInputs([fresh]), { ifLogId: own });
      expect(await texts(store, s, 'f')).toEqual(['mine 0', 'fresh']);
    },
  },
  {
    name: 'conditional append: appends with a logId racing a delete, re-creation and refill never land in the new log',
    async run({ store, scope }) {
      const s = scope();
      await store.createSession(s, { id: 'r' });
      for (let round = 0; round < 8; round++) {
        await fill(store, s, 'r', `old ${round}`, 1);
        const read = await store.stats(s, 'r');
        // One append conditional on the read starts at each step of the replacement and runs beside the next one.
        const stale: Promise<unknown>[] = [];
        const start = () => {
          const append = store.append(
            s,
            'r',
            toInputs([makeMessage('user', `stale ${round}.${stale.length}`)]),
            { ifLogId: read.logId, ifLastSeq: read.lastSeq },
          );
          // Handled at once (its refusal may come before allSettled below looks: not an unhandled rejection).
          append.catch(() => undefined);
          stale.push(append);
        };
        start();
        await store.deleteSession(s, 'r');
        start();
        await store.createSession(s, { id: 'r' });
        start();
        await fill(store, s, 'r', `new ${round}`, read.lastSeq);
        start(); // the new log is at the lastSeq read: only ifLogId refuses this one
        const outcomes = await Promise.allSettled(stale);
        for (const o of outcomes)
          if (o.status === 'rejected') expect((o.reason as { code?: unknown }).code).toBe('CONFLICT');
        expect(outcomes.at(-1)?.status).toBe('rejected');
        // Whatever was accepted went into the old log, deleted with it.
        expect((await texts(store, s, 'r')).filter((t) => String(t).startsWith('stale'))).toEqual([]);
        expect((await store.stats(s, 'r')).lastSeq).toBe(read.lastSeq);
      }
    },
  },
  {
    name: 'conditional append: artifacts riding on an append with a stale logId are not written',
    async run({ store, scope, skip }) {
      if (!('appendWithArtifacts' in store)) return skip('the store has no appendWithArtifacts');
      const s = scope();
      const read = await replacedAtSameLastSeq(store, s, 'r', 1);
      const target = {
        scope: s,
        sessionId: 'r',
        putArtifact: (a: ArtifactInput) => store.putArtifact(s, 'r', a),
      };
      const note: ArtifactInput = { id: 'lost', kind: 'note', fromSeq: 1, toSeq: 1, data: {} };
      const stale = () =>
        store.append(s, 'r', toInputs([makeMessage('user', 'stale')]), { ifLogId: read.logId });
      await expectMemoryError(withArtifactsOnAppend(target, [note], stale), 'CONFLICT');
      expect(await store.listArtifacts(s, 'r')).toEqual([]);
      expect(await texts(store, s, 'r')).toEqual(['new 0']);
    },
  },
  {
    name: 'conditional append: a bad ifLogId is INVALID_ARGUMENT and stores nothing',
    async run({ store, scope }) {
      const s = scope();
      await store.createSession(s, { id: 'c' });
      await store.append(s, 'c', toInputs([makeMessage('user', 'a')]));
      const { logId } = await store.stats(s, 'c');
      const bad: unknown[] = [
        { ifLogId: '' },
        { ifLogId: 5 },
        { ifLogId: null },
        { ifLogId: [logId] },
        { ifLogId: 'a\u0000b' },
        { ifLogId: 'x'.repeat(257) },
        { ifLogId: '\ud800' },
        { iflogid: logId },
        { ifLogId: logId, ifLastSeq: -1 },
        { ifLogId: logId, extra: true },
      ];
      for (const options of bad) {
        const error = await expectMemoryError(
          store.append(s, 'c', toInputs([makeMessage('user', 'x')]), options as AppendOptions),
          'INVALID_ARGUMENT',
        );
        expect(error.message).toMatch(/append|ifLogId|iflogid|ifLastSeq|extra/);
      }
      // Refused before the session is looked up: a bad ifLogId for a missing session is INVALID_ARGUMENT too.
      await expectMemoryError(store.append(s, 'gone', [], { ifLogId: '' }), 'INVALID_ARGUMENT');
      expect(await store.stats(s, 'c')).toMatchObject({ lastSeq: 1, count: 1, logId });
    },
  },
];
