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

/** Conditional session deletes (`DeleteSessionOptions.ifLogId`): a delete of exactly the session that was read. */
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
      ];
      for (const options of bad) {
        const error = await expectMemoryError(
          store.deleteSession(s, 'c', options as DeleteSessionOptions),
          'INVALID_ARGUMENT',
        );
        expect(error.message).toMatch(/deleteSession|ifLogId|iflogid|extra/);
      }
      // A bad session id is refused as such, not a conflict.
      await expectMemoryError(store.deleteSession(s, '', { ifLogId: logId }), 'INVALID_ARGUMENT');
      expect(await snapshot(store, s, 'c')).toEqual(before);
    },
  },
];
