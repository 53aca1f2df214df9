import { expect } from 'vitest';
import type { Scope } from '../../core/scope.ts';
import type { HasLongTermRecords, LongTermStoreV1 } from '../../longterm/long-term-store-v1.ts';
import { prepareRecord } from '../../longterm/prepare-record.ts';
import { sessionBound } from '../../longterm/session-bound-records.ts';
import type { DeleteSessionOptions, MemoryStoreV1 } from '../../store/memory-store.ts';
import { expectMemoryError, makeMessage, toInputs } from '../fixtures.ts';
import type { StoreCase } from '../store-case.ts';

/** The store's long-term records, when it carries them. */
const recordsOf = (store: MemoryStoreV1): LongTermStoreV1 | undefined =>
  (store as Partial<HasLongTermRecords>).longTermRecords;

/** A record bound to session `sessionId` (purged with it). */
const bound = (id: string, sessionId: string) =>
  prepareRecord(
    { id, kind: 'note', text: `${id} of ${sessionId}`, metadata: sessionBound(sessionId) },
    'test',
  );

/**
 * A session `id` with two messages, an artifact, a session state key and (on a store with long-term records) a
 * record bound to it; returns what a reader sees of it, to compare after a refused delete.
 */
async function filled(store: MemoryStoreV1, s: Scope, id: string) {
  await store.createSession(s, { id, metadata: { v: 1 } });
  await store.append(
    s,
    id,
    toInputs([makeMessage('user', `${id} one`), makeMessage('assistant', `${id} two`)]),
  );
  await store.putArtifact(s, id, { id: 'sum', kind: 'summary', fromSeq: 1, toSeq: 2, data: { id } });
  await store.putState(s, `session:${id}:Agent`, { id });
  await recordsOf(store)?.addRecords(s, [bound(`wm-${id}`, id)]);
  return snapshot(store, s, id);
}

/** What a reader sees of session `id`: record, log, stats, artifacts, its state and its bound record. */
async function snapshot(store: MemoryStoreV1, s: Scope, id: string) {
  const record = await recordsOf(store)?.getRecord(s, `wm-${id}`);
  return {
    session: await store.getSession(s, id),
    log: await store.readRange(s, id),
    stats: await store.stats(s, id),
    artifacts: (await store.listArtifacts(s, id)).map((a) => a.id),
    state: await store.getState(s, `session:${id}:Agent`),
    bound: record?.text,
  };
}

/** Waits `ms` milliseconds (so the next write's `updatedAt` is later than a time read before it). */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The session's `updatedAt` in ms (it must exist). */
const updatedAtOf = async (store: MemoryStoreV1, s: Scope, id: string): Promise<number> =>
  (await store.getSession(s, id))!.updatedAt.getTime();

/**
 * Conditional session deletes (`DeleteSessionOptions.ifLogId`, `ifUpdatedBefore`): a delete of exactly the session
 * that was read, or of a session not written since a time.
 */
export const conditionalDeleteCases: StoreCase[] = [
  {
    name: 'conditional delete: ifLogId equal to the logId deletes as a plain delete does (forks, state, bound records)',
    async run({ store, scope }) {
      const s = scope();
      await filled(store, s, 'p');
      await store.createSession(s, { id: 'f', fork: { parentId: 'p', atSeq: 2 } });
      await store.append(s, 'f', toInputs([makeMessage('user', 'fork own')]));
      const forkLog = await store.readRange(s, 'f');
      const { logId } = await store.stats(s, 'p');
      await store.deleteSession(s, 'p', { ifLogId: logId });
      expect(await store.getSession(s, 'p')).toBeUndefined();
      expect(await store.getState(s, 'session:p:Agent')).toBeUndefined();
      const records = recordsOf(store);
      if (records) expect(await records.history(s, 'wm-p')).toEqual([]);
      // The fork keeps its whole history and stops naming its parent.
      expect(await store.readRange(s, 'f')).toEqual(forkLog);
      expect((await store.getSession(s, 'f'))?.parentId).toBeUndefined();
      // A session created again under the id is a new log, empty.
      await store.createSession(s, { id: 'p' });
      expect(await store.stats(s, 'p')).toMatchObject({ count: 0, lastSeq: 0 });
      expect((await store.stats(s, 'p')).logId).not.toBe(logId);
      // Unset or an empty options object: a plain delete.
      await store.deleteSession(s, 'p', {});
      await store.createSession(s, { id: 'p' });
      await store.deleteSession(s, 'p', { ifLogId: undefined });
      expect(await store.getSession(s, 'p')).toBeUndefined();
      // Appends, message deletes and metadata updates keep the logId: the condition still holds after them.
      await filled(store, s, 'q');
      const q = (await store.stats(s, 'q')).logId;
      const [first] = await store.readRange(s, 'q', { limit: 1 });
      await store.deleteMessages(s, 'q', [first!.message.id]);
      await store.append(s, 'q', toInputs([makeMessage('user', 'later')]));
      await store.updateSession(s, 'q', { v: 2 });
      await store.deleteSession(s, 'q', { ifLogId: q });
      expect(await store.getSession(s, 'q')).toBeUndefined();
    },
  },
  {
    name: 'conditional delete: a stale, unknown or other owner’s logId, or a missing session, is CONFLICT and changes nothing',
    async run({ store, scope }) {
      const s = scope({ user: 'u1' });
      const u2 = { ...s, user: 'u2' };
      await filled(store, s, 'c');
      const stale = (await store.stats(s, 'c')).logId;
      await store.deleteSession(s, 'c');
      const before = await filled(store, s, 'c'); // deleted and created again: a new logId
      const theirs = await filled(store, u2, 'c');
      const fork = await store.createSession(s, { id: 'f', fork: { parentId: 'c', atSeq: 1 } });
      for (const ifLogId of [stale, 'log-unknown', theirs.stats.logId, 'c']) {
        const error = await expectMemoryError(store.deleteSession(s, 'c', { ifLogId }), 'CONFLICT');
        expect(error.message).toContain('"c"');
        expect(await snapshot(store, s, 'c')).toEqual(before);
      }
      expect(await snapshot(store, u2, 'c')).toEqual(theirs);
      expect(await store.getSession(s, 'f')).toEqual(fork);
      // A missing session: CONFLICT (not SESSION_NOT_FOUND), and the records bound to its id stay.
      await recordsOf(store)?.addRecords(s, [bound('early', 'later')]);
      await expectMemoryError(store.deleteSession(s, 'later', { ifLogId: stale }), 'CONFLICT');
      const records = recordsOf(store);
      if (records) expect((await records.getRecord(s, 'early'))?.text).toBe('early of later');
      // A fork is its own log: its parent's logId does not delete it.
      await expectMemoryError(store.deleteSession(s, 'f', { ifLogId: before.stats.logId }), 'CONFLICT');
      expect(await store.getSession(s, 'f')).toEqual(fork);
      await store.deleteSession(s, 'c', { ifLogId: before.stats.logId });
      expect(await store.getSession(s, 'c')).toBeUndefined();
    },
  },
  {
    name: 'conditional delete: of concurrent replacements (delete with one ifLogId, then create) exactly one wins',
    async run({ store, scope }) {
      const s = scope();
      await filled(store, s, 'race');
      const { logId } = await store.stats(s, 'race');
      const contenders = Array.from({ length: 8 }, (_, i) => i);
      const outcomes = await Promise.allSettled(
        contenders.map(async (i) => {
          await store.deleteSession(s, 'race', { ifLogId: logId });
          await store.createSession(s, { id: 'race', metadata: { winner: i } });
          await store.append(s, 'race', toInputs([makeMessage('user', `written by ${i}`)]));
        }),
      );
      const won = outcomes.flatMap((o, i) => (o.status === 'fulfilled' ? [i] : []));
      expect(won).toHaveLength(1);
      for (const o of outcomes)
        if (o.status === 'rejected') expect((o.reason as { code?: unknown }).code).toBe('CONFLICT');
      expect((await store.getSession(s, 'race'))?.metadata).toEqual({ winner: won[0] });
      const log = await store.readRange(s, 'race');
      expect(log.map((e) => e.message.content)).toEqual([`written by ${won[0]}`]);
      expect(await store.listArtifacts(s, 'race')).toEqual([]);
    },
  },
  {
    name: 'conditional delete: ifUpdatedBefore deletes a session last written before it; one written at or after it is CONFLICT and kept',
    async run({ store, scope }) {
      const s = scope();
      const before = await filled(store, s, 'old');
      const at = await updatedAtOf(store, s, 'old');
      // At its updatedAt exactly, or before it: not deleted.
      for (const t of [at, at - 1, 0]) {
        const error = await expectMemoryError(
          store.deleteSession(s, 'old', { ifUpdatedBefore: new Date(t) }),
          'CONFLICT',
        );
        expect(error.message).toContain('"old"');
        expect(await snapshot(store, s, 'old')).toEqual(before);
      }
      // Each write after a cutoff keeps the session from a delete with that cutoff: an append, a message delete, a
      // metadata update.
      const writes: ((id: string) => Promise<unknown>)[] = [
        (id) => store.append(s, id, toInputs([makeMessage('user', 'late')])),
        async (id) => {
          const [first] = await store.readRange(s, id, { limit: 1 });
          return store.deleteMessages(s, id, [first!.message.id]);
        },
        (id) => store.updateSession(s, id, { v: 2 }),
      ];
      for (const [i, write] of writes.entries()) {
        const id = `w${i}`;
        await filled(store, s, id);
        const cutoff = new Date((await updatedAtOf(store, s, id)) + 1);
        await pause(5);
        await write(id);
        const kept = await snapshot(store, s, id);
        await expectMemoryError(store.deleteSession(s, id, { ifUpdatedBefore: cutoff }), 'CONFLICT');
        expect(await snapshot(store, s, id)).toEqual(kept);
      }
      // A missing session: CONFLICT, not SESSION_NOT_FOUND.
      await expectMemoryError(store.deleteSession(s, 'never', { ifUpdatedBefore: new Date() }), 'CONFLICT');
      // Both conditions: each must hold.
      const { logId } = before.stats;
      const after = new Date(at + 1);
      await expectMemoryError(
        store.deleteSession(s, 'old', { ifLogId: 'log-other', ifUpdatedBefore: after }),
        'CONFLICT',
      );
      await expectMemoryError(
        store.deleteSession(s, 'old', { ifLogId: logId, ifUpdatedBefore: new Date(at) }),
        'CONFLICT',
      );
      expect(await snapshot(store, s, 'old')).toEqual(before);
      await store.deleteSession(s, 'old', { ifLogId: logId, ifUpdatedBefore: after });
      expect(await store.getSession(s, 'old')).toBeUndefined();
      if (recordsOf(store)) expect(await recordsOf(store)!.history(s, 'wm-old')).toEqual([]);
      await filled(store, s, 'plain');
      await store.deleteSession(s, 'plain', { ifUpdatedBefore: new Date(Date.now() + 60_000) });
      expect(await store.getSession(s, 'plain')).toBeUndefined();
    },
  },
  {
    name: 'conditional delete: an ifUpdatedBefore delete racing appends never loses an acknowledged append',
    async run({ store, scope }) {
      const s = scope();
      const ids = Array.from({ length: 6 }, (_, i) => `r${i}`);
      for (const id of ids) await filled(store, s, id);
      await pause(5);
      const cutoff = new Date();
      await pause(5);
      const outcomes = await Promise.all(
        ids.map(async (id) => {
          const [deleted, appended] = await Promise.allSettled([
            store.deleteSession(s, id, { ifUpdatedBefore: cutoff }),
            store.append(s, id, toInputs([makeMessage('user', `kept ${id}`)])),
          ]);
          return { id, deleted, appended };
        }),
      );
      for (const { id, deleted, appended } of outcomes) {
        // Exactly one wins: the delete (the append then finds no session) or the append (the delete is refused).
        expect([deleted.status, appended.status].sort()).toEqual(['fulfilled', 'rejected']);
        if (appended.status === 'fulfilled') {
          expect((deleted as PromiseRejectedResult).reason).toMatchObject({ code: 'CONFLICT' });
          const log = await store.readRange(s, id);
          expect(log.at(-1)?.message.content).toBe(`kept ${id}`);
        } else {
          expect(appended.reason).toMatchObject({ code: 'SESSION_NOT_FOUND' });
          expect(await store.getSession(s, id)).toBeUndefined();
        }
      }
    },
  },
  {
    name: 'conditional delete: bad options are INVALID_ARGUMENT and delete nothing',
    async run({ store, scope }) {
      const s = scope();
      const before = await filled(store, s, 'c');
      const { logId } = before.stats;
      const bad: unknown[] = [
        null,
        'ifLogId',
        1,
        [logId],
        true,
        { ifLogId: '' },
        { ifLogId: 5 },
        { ifLogId: null },
        { ifLogId: 'a\u0000b' },
        { ifLogId: 'x'.repeat(257) },
        { iflogid: logId },
        { ifLogId: logId, extra: true },
        { ifUpdatedBefore: null },
        { ifUpdatedBefore: 0 },
        { ifUpdatedBefore: '2026-01-01' },
        { ifUpdatedBefore: new Date(Number.NaN) },
        { ifUpdatedBefore: { getTime: () => 0 } },
        { ifupdatedbefore: new Date() },
      ];
      for (const options of bad) {
        const error = await expectMemoryError(
          store.deleteSession(s, 'c', options as DeleteSessionOptions),
          'INVALID_ARGUMENT',
        );
        expect(error.message).toMatch(/deleteSession|ifLogId|iflogid|ifUpdatedBefore|ifupdatedbefore|extra/);
      }
      // A bad session id is refused as such, not a conflict.
      await expectMemoryError(store.deleteSession(s, '', { ifLogId: logId }), 'INVALID_ARGUMENT');
      expect(await snapshot(store, s, 'c')).toEqual(before);
    },
  },
];
