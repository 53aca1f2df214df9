import { expect } from 'vitest';
import type { HasLongTermRecords } from '../../longterm/long-term-store-v1.ts';
import { prepareChange, prepareRecord } from '../../longterm/prepare-record.ts';
import { sessionBound } from '../../longterm/session-bound-records.ts';
import { expectMemoryError, makeMessage, sleep, toInputs } from '../fixtures.ts';
import type { StoreCase } from '../store-case.ts';

/** Contract shape and session lifecycle. */
export const sessionCases: StoreCase[] = [
  {
    name: 'contract: specificationVersion, name and capabilities',
    async run({ store }) {
      expect(store.specificationVersion).toBe('v1');
      expect(typeof store.name).toBe('string');
      expect(store.name.length).toBeGreaterThan(0);
      for (const key of ['fullTextSearch', 'vectorSearch', 'multiProcess', 'durable'] as const) {
        expect(typeof store.capabilities[key], key).toBe('boolean');
      }
    },
  },
  {
    name: 'sessions: create then get returns the same record',
    async run({ store, scope }) {
      const s = scope({ user: 'u1', agent: 'a1' });
      const created = await store.createSession(s, {
        id: 'conv-1',
        metadata: { title: 'hi', n: 1, tags: ['x'] },
      });
      expect(created.id).toBe('conv-1');
      expect(created.scope).toEqual(s);
      expect(created.metadata).toEqual({ title: 'hi', n: 1, tags: ['x'] });
      expect(created.createdAt).toBeInstanceOf(Date);
      expect(created.updatedAt).toBeInstanceOf(Date);
      expect(created.parentId).toBeUndefined();
      expect(await store.getSession(s, 'conv-1')).toEqual(created);
      // Only the exact owner addresses it by id; the tenant-wide scope lists it.
      expect(await store.getSession({ tenant: s.tenant }, 'conv-1')).toBeUndefined();
      expect(await store.listSessions({ tenant: s.tenant })).toEqual([created]);
      expect(await store.getSession(s, 'conv-2')).toBeUndefined();
    },
  },
  {
    name: 'sessions: an id is generated when missing',
    async run({ store, scope }) {
      const s = scope();
      const a = await store.createSession(s);
      const b = await store.createSession(s);
      expect(typeof a.id).toBe('string');
      expect(a.id).not.toBe(b.id);
      expect(a.metadata).toEqual({});
      expect((await store.getSession(s, a.id))?.id).toBe(a.id);
    },
  },
  {
    name: 'sessions: a duplicate id in the same owner scope throws INVALID_ARGUMENT',
    async run({ store, scope }) {
      const s = scope();
      await store.createSession(s, { id: 'dup', metadata: { v: 1 } });
      await expectMemoryError(store.createSession(s, { id: 'dup' }), 'INVALID_ARGUMENT');
      const other = { ...s, user: 'other' };
      await store.createSession(other, { id: 'dup', metadata: { v: 2 } });
      await expectMemoryError(store.createSession(other, { id: 'dup' }), 'INVALID_ARGUMENT');
      expect((await store.getSession(s, 'dup'))?.metadata).toEqual({ v: 1 });
      expect((await store.getSession(other, 'dup'))?.metadata).toEqual({ v: 2 });
      expect((await store.createSession(scope(), { id: 'dup' })).id).toBe('dup');
    },
  },
  {
    name: 'sessions: invalid ids and scopes throw INVALID_ARGUMENT',
    async run({ store, scope }) {
      const s = scope();
      await expectMemoryError(store.createSession(s, { id: '' }), 'INVALID_ARGUMENT');
      await expectMemoryError(store.createSession(s, { id: 'a\u0000b' }), 'INVALID_ARGUMENT');
      await expectMemoryError(store.createSession(s, { id: 'x'.repeat(257) }), 'INVALID_ARGUMENT');
      await expectMemoryError(store.createSession({ tenant: '' }), 'INVALID_ARGUMENT');
      await expectMemoryError(store.listSessions({ tenant: 'a\u0000b' }), 'INVALID_ARGUMENT');
      await expectMemoryError(store.createSession({ tenant: s.tenant, user: '' }), 'INVALID_ARGUMENT');
      expect(await store.listSessions(s)).toEqual([]);
    },
  },
  {
    name: 'sessions: list is newest first with limit and before',
    async run({ store, scope }) {
      const s = scope();
      const a = await store.createSession(s, { id: 's10' });
      await sleep(5);
      const b = await store.createSession(s, { id: 's2' });
      await sleep(5);
      const c = await store.createSession(s, { id: 's1' });
      const ids = (list: { id: string }[]) => list.map((r) => r.id);
      expect(ids(await store.listSessions(s))).toEqual([c.id, b.id, a.id]);
      expect(ids(await store.listSessions(s, { limit: 2 }))).toEqual([c.id, b.id]);
      expect(ids(await store.listSessions(s, { before: b.createdAt }))).toEqual([a.id]);
      expect(ids(await store.listSessions(s, { before: c.createdAt, limit: 1 }))).toEqual([b.id]);
      expect(await store.listSessions(scope())).toEqual([]);
    },
  },
  {
    name: 'sessions: list is narrowed by scope.user and scope.agent; access by id needs the exact owner',
    async run({ store, scope }) {
      const { tenant } = scope();
      await store.createSession({ tenant, user: 'u1' }, { id: 'u1-plain' });
      await store.createSession({ tenant, user: 'u2' }, { id: 'u2-plain' });
      await store.createSession({ tenant, user: 'u1', agent: 'x' }, { id: 'u1-x' });
      await store.createSession({ tenant, agent: 'x' }, { id: 'x-only' });
      const ids = async (sc: Parameters<typeof store.listSessions>[0]) =>
        (await store.listSessions(sc)).map((r) => r.id).sort();
      expect(await ids({ tenant })).toEqual(['u1-plain', 'u1-x', 'u2-plain', 'x-only']);
      expect(await ids({ tenant, user: 'u1' })).toEqual(['u1-plain', 'u1-x']);
      expect(await ids({ tenant, agent: 'x' })).toEqual(['u1-x', 'x-only']);
      expect(await ids({ tenant, user: 'u1', agent: 'x' })).toEqual(['u1-x']);
      expect(await ids({ tenant, user: 'nobody' })).toEqual([]);
      expect(await store.getSession({ tenant, user: 'u2' }, 'u1-plain')).toBeUndefined();
      const u2 = { tenant, user: 'u2' };
      await expectMemoryError(
        store.append(u2, 'u1-plain', toInputs([makeMessage('user', 'x')])),
        'SESSION_NOT_FOUND',
      );
      await expectMemoryError(store.readRange(u2, 'u1-plain'), 'SESSION_NOT_FOUND');
      await expectMemoryError(store.deleteSession(u2, 'u1-plain'), 'SESSION_NOT_FOUND');
      expect(await store.getSession({ tenant }, 'u1-plain')).toBeUndefined();
      expect(await store.getSession({ tenant, user: 'u1', agent: 'x' }, 'u1-plain')).toBeUndefined();
      expect(await store.getSession({ tenant, user: 'u1' }, 'u1-plain')).toBeDefined();
      expect(await store.getSession({ tenant, user: 'u1', agent: 'x' }, 'u1-x')).toBeDefined();
    },
  },
  {
    name: 'sessions: updateSession replaces metadata and bumps updatedAt',
    async run({ store, scope }) {
      const s = scope();
      const created = await store.createSession(s, { id: 'm', metadata: { a: 1, b: { c: [1, 2] } } });
      await sleep(5);
      const updated = await store.updateSession(s, 'm', { z: 'ünïcødé 🧠', nested: { ok: true, nil: null } });
      expect(updated.metadata).toEqual({ z: 'ünïcødé 🧠', nested: { ok: true, nil: null } });
      expect(updated.createdAt.getTime()).toBe(created.createdAt.getTime());
      expect(updated.updatedAt.getTime()).toBeGreaterThan(created.updatedAt.getTime());
      expect(await store.getSession(s, 'm')).toEqual(updated);
    },
  },
  {
    name: 'sessions: unknown session throws SESSION_NOT_FOUND from every session method',
    async run({ store, scope }) {
      const s = scope();
      const id = 'missing';
      const msg = toInputs([makeMessage('user', 'hello')]);
      expect(await store.getSession(s, id)).toBeUndefined();
      const calls: [string, () => Promise<unknown>][] = [
        ['updateSession', () => store.updateSession(s, id, {})],
        ['deleteSession', () => store.deleteSession(s, id)],
        ['append', () => store.append(s, id, msg)],
        ['readRange', () => store.readRange(s, id)],
        ['getMessages', () => store.getMessages(s, id, ['x'])],
        ['stats', () => store.stats(s, id)],
        ['deleteMessages', () => store.deleteMessages(s, id, ['x'])],
        ['clearMessages', () => store.clearMessages(s, id)],
        ['searchMessages', () => store.searchMessages(s, { text: 'hello', sessionId: id })],
        [
          'putArtifact',
          () => store.putArtifact(s, id, { id: 'a', kind: 'k', fromSeq: 1, toSeq: 1, data: null }),
        ],
        ['listArtifacts', () => store.listArtifacts(s, id)],
        ['deleteArtifact', () => store.deleteArtifact(s, id, 'a')],
        ['fork', () => store.createSession(s, { fork: { parentId: id, atSeq: 0 } })],
      ];
      for (const [label, call] of calls) {
        const error = await expectMemoryError(call, 'SESSION_NOT_FOUND');
        expect(error.message, label).toContain('[engram]');
      }
    },
  },
  {
    name: "sessions: another tenant's session is reported exactly like a missing one",
    async run({ store, scope }) {
      const owner = scope();
      await store.createSession(owner, { id: 'secret' });
      await store.append(owner, 'secret', toInputs([makeMessage('user', 'classified')]));
      const intruder = scope();
      expect(await store.getSession(intruder, 'secret')).toBeUndefined();
      const existing = await expectMemoryError(store.readRange(intruder, 'secret'), 'SESSION_NOT_FOUND');
      const missing = await expectMemoryError(store.readRange(intruder, 'nowhere'), 'SESSION_NOT_FOUND');
      expect(existing.message.replace('secret', 'X')).toBe(missing.message.replace('nowhere', 'X'));
      await expectMemoryError(store.stats(intruder, 'secret'), 'SESSION_NOT_FOUND');
      await expectMemoryError(store.updateSession(intruder, 'secret', { x: 1 }), 'SESSION_NOT_FOUND');
      await expectMemoryError(store.deleteSession(intruder, 'secret'), 'SESSION_NOT_FOUND');
      await expectMemoryError(store.clearMessages(intruder, 'secret'), 'SESSION_NOT_FOUND');
      await expectMemoryError(
        store.createSession(intruder, { fork: { parentId: 'secret', atSeq: 1 } }),
        'SESSION_NOT_FOUND',
      );
      expect((await store.stats(owner, 'secret')).count).toBe(1);
      expect((await store.getSession(owner, 'secret'))?.metadata).toEqual({});
    },
  },
  {
    name: 'sessions: deleteSession removes its messages and artifacts',
    async run({ store, scope }) {
      const s = scope();
      await store.createSession(s, { id: 'gone' });
      await store.createSession(s, { id: 'kept' });
      await store.append(
        s,
        'gone',
        toInputs([makeMessage('user', 'zebra one'), makeMessage('user', 'zebra two')]),
      );
      await store.append(s, 'kept', toInputs([makeMessage('user', 'zebra three')]));
      await store.putArtifact(s, 'gone', { id: 'sum', kind: 'summary', fromSeq: 1, toSeq: 2, data: 'x' });
      await store.deleteSession(s, 'gone');
      expect(await store.getSession(s, 'gone')).toBeUndefined();
      await expectMemoryError(store.readRange(s, 'gone'), 'SESSION_NOT_FOUND');
      expect((await store.listSessions(s)).map((r) => r.id)).toEqual(['kept']);
      const hits = await store.searchMessages(s, { text: 'zebra' });
      expect(hits.map((h) => h.sessionId)).toEqual(['kept']);
      await store.createSession(s, { id: 'gone' });
      expect(await store.readRange(s, 'gone')).toEqual([]);
      expect(await store.stats(s, 'gone')).toMatchObject({ count: 0, tokens: 0, lastSeq: 0 });
      expect(await store.listArtifacts(s, 'gone')).toEqual([]);
    },
  },
  {
    name: 'sessions: deleteSession removes state keyed `session:<id>:…` and no other',
    async run({ store, scope }) {
      const s = scope();
      await store.createSession(s, { id: 'x' });
      await store.createSession(s, { id: 'x2' });
      await store.putState(s, 'session:x:Agent', { interrupted: false });
      await store.putState(s, 'session:x2:Agent', 'kept');
      await store.putState(s, 'Global', 'kept');
      await store.deleteSession(s, 'x');
      expect(await store.getState(s, 'session:x:Agent')).toBeUndefined();
      expect(await store.getState(s, 'session:x2:Agent')).toBe('kept');
      expect(await store.getState(s, 'Global')).toBe('kept');
      // A new session under the id starts with no state (nothing read before belongs to it).
      await store.createSession(s, { id: 'x' });
      expect(await store.getState(s, 'session:x:Agent')).toBeUndefined();
    },
  },
  {
    name: 'sessions: deleteSession purges the long-term records bound to it, and no other',
    async run({ store, scope, skip }) {
      const records = (store as Partial<HasLongTermRecords>).longTermRecords;
      if (!records) return skip('the store carries no longTermRecords');
      const s = scope({ user: 'u1' });
      const u2 = { ...s, user: 'u2' };
      const wide = { tenant: s.tenant };
      const bound = (id: string, sessionId: string) =>
        prepareRecord(
          { id, kind: 'note', text: `${id} of ${sessionId}`, metadata: sessionBound(sessionId) },
          'test',
        );
      for (const owner of [s, u2, wide]) await store.createSession(owner, { id: 'chat' });
      await store.createSession(s, { id: 'chat:2' });
      await records.addRecords(s, [
        bound('wm', 'chat'),
        bound('cursor', 'chat'),
        bound('next', 'chat:2'),
        // Learned from the session, not bound to it: the user's long-term memory stays.
        prepareRecord(
          { id: 'fact', text: 'Ada likes tea', session: 'chat', provenance: { session: 'chat' } },
          'test',
        ),
        prepareRecord(
          { id: 'look-alike', text: 'x', metadata: { session: 'chat', 'engram.session': ['chat'] } },
          'test',
        ),
      ]);
      await records.updateRecord(s, 'wm', prepareChange({ text: 'wm v2' }, 'test'), new Date());
      // Bound in an older version only: deleted before the session (a RAG index entry removed, a replace that
      // crashed between its delete and its add), or its newer version dropped the binding. Any bound version
      // binds the record: none of its versions may outlive the session.
      await records.addRecords(s, [bound('deleted', 'chat'), bound('unbound', 'chat')]);
      await records.deleteRecord(s, 'deleted', new Date());
      await records.updateRecord(s, 'unbound', prepareChange({ metadata: {} }, 'test'), new Date());
      // Bound to `chat` once, to `chat:2` now: the record is chat:2's and stays with every version.
      await records.addRecords(s, [bound('moved', 'chat')]);
      await records.updateRecord(
        s,
        'moved',
        prepareChange({ metadata: sessionBound('chat:2') }, 'test'),
        new Date(),
      );
      await records.addRecords(u2, [bound('wm', 'chat'), bound('deleted', 'chat')]);
      await records.deleteRecord(u2, 'deleted', new Date());
      // The tenant's own record under an id a user's bound record has: the tenant's is not bound, so it stays.
      await records.addRecords(wide, [prepareRecord({ id: 'cursor', text: 'the tenant’s' }, 'test')]);
      await store.deleteSession(s, 'chat');
      await store.createSession(s, { id: 'chat' });
      for (const id of ['wm', 'cursor', 'deleted', 'unbound']) {
        expect(await records.getRecord(s, id)).toBeUndefined();
        expect(await records.history(s, id), id).toEqual([]);
      }
      expect((await records.getRecords(s, ['next', 'fact', 'look-alike', 'moved'])).map((r) => r.id)).toEqual(
        ['next', 'fact', 'look-alike', 'moved'],
      );
      expect(await records.history(s, 'moved')).toHaveLength(2);
      // Another owner's records bound to its own `chat`, live or deleted, stay with every version.
      expect((await records.getRecord(u2, 'wm'))?.text).toBe('wm of chat');
      expect((await records.history(u2, 'deleted')).map((r) => r.event)).toEqual(['ADD', 'DELETE']);
      // A wide scope deletes its own session: its users' records bound to their own `chat` stay.
      await store.deleteSession(wide, 'chat');
      expect((await records.getRecord(u2, 'wm'))?.text).toBe('wm of chat');
      expect((await records.history(u2, 'deleted')).map((r) => r.event)).toEqual(['ADD', 'DELETE']);
      expect((await records.getRecord(wide, 'cursor'))?.text).toBe('the tenant’s');
      // A refused delete (no such session) purges nothing.
      await records.addRecords(s, [bound('early', 'later')]);
      await expectMemoryError(store.deleteSession(s, 'later'), 'SESSION_NOT_FOUND');
      expect(await records.getRecord(s, 'early')).toBeDefined();
      // Deleting the session it moved to takes it, every version.
      await store.deleteSession(s, 'chat:2');
      expect(await records.history(s, 'moved')).toEqual([]);
    },
  },
];
