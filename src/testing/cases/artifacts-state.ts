import fc from 'fast-check';
import { expect } from 'vitest';
import { expectMemoryError, sleep } from '../fixtures.ts';
import type { StoreCase } from '../store-case.ts';

/** Artifacts beside the log, and component state. */
export const artifactStateCases: StoreCase[] = [
  {
    name: 'artifacts: put, replace by id, list by kind ordered by toSeq, delete',
    async run({ store, scope }) {
      const s = scope();
      await store.createSession(s, { id: 'art' });
      const put = (id: string, kind: string, fromSeq: number, toSeq: number, data: unknown) =>
        store.putArtifact(s, 'art', { id, kind, fromSeq, toSeq, data: data as never });
      const first = await put('s1', 'summary', 1, 10, { text: 'early', list: [1, null, 'ü'] });
      expect(first).toMatchObject({ id: 's1', kind: 'summary', fromSeq: 1, toSeq: 10 });
      expect(first.createdAt).toBeInstanceOf(Date);
      await put('o1', 'offload', 3, 3, 'stub');
      await put('s2', 'summary', 11, 20, { text: 'later' });
      await put('s0', 'summary', 1, 5, ['oldest']);
      expect((await store.listArtifacts(s, 'art')).map((a) => a.id)).toEqual(['o1', 's0', 's1', 's2']);
      expect((await store.listArtifacts(s, 'art', 'summary')).map((a) => a.id)).toEqual(['s0', 's1', 's2']);
      expect(await store.listArtifacts(s, 'art', 'compaction')).toEqual([]);
      await sleep(2);
      const replaced = await put('s1', 'summary', 1, 25, { text: 'replaced' });
      const summaries = await store.listArtifacts(s, 'art', 'summary');
      expect(summaries.map((a) => a.id)).toEqual(['s0', 's2', 's1']);
      expect(summaries[2]).toEqual(replaced);
      expect(summaries[2]?.data).toEqual({ text: 'replaced' });
      expect(summaries[0]?.data).toEqual(['oldest']);
      expect(await store.deleteArtifact(s, 'art', 's1')).toBe(true);
      expect(await store.deleteArtifact(s, 'art', 's1')).toBe(false);
      expect((await store.listArtifacts(s, 'art')).map((a) => a.id)).toEqual(['o1', 's0', 's2']);
      await store.createSession(s, { id: 'other' });
      expect(await store.listArtifacts(s, 'other')).toEqual([]);
      expect(await store.deleteArtifact(s, 'other', 's0')).toBe(false);
      await expectMemoryError(store.listArtifacts(scope(), 'art'), 'SESSION_NOT_FOUND');
    },
  },
  {
    name: 'artifacts: put with options.createdAt keeps that time (a moved session); a bad one writes nothing',
    needsReopen: true,
    async run({ store, scope, reopen }) {
      const s = scope();
      await store.createSession(s, { id: 'moved' });
      const at = new Date('2021-03-04T05:06:07.089Z');
      const artifact = { id: 'a1', kind: 'summary', fromSeq: 1, toSeq: 0, data: { text: 'old' } };
      const put = await store.putArtifact(s, 'moved', artifact, { createdAt: at });
      expect(put.createdAt).toEqual(at);
      expect((await store.listArtifacts(s, 'moved'))[0]?.createdAt).toEqual(at);
      const now = await store.putArtifact(s, 'moved', { ...artifact, id: 'a2' }, {});
      expect(now.createdAt.getTime()).toBeGreaterThan(at.getTime());
      for (const bad of [new Date(Number.NaN), '2021-03-04T05:06:07.089Z', 1614834367089, null])
        await expectMemoryError(
          store.putArtifact(s, 'moved', { ...artifact, id: 'bad' }, { createdAt: bad as never }),
          'INVALID_ARGUMENT',
        );
      await expectMemoryError(
        store.putArtifact(s, 'moved', { ...artifact, id: 'bad' }, { createdAT: at } as never),
        'INVALID_ARGUMENT',
      );
      expect((await store.listArtifacts(s, 'moved')).map((a) => a.id).sort()).toEqual(['a1', 'a2']);
      const reopened = await reopen();
      const listed = await reopened.listArtifacts(s, 'moved');
      expect(listed.find((a) => a.id === 'a1')?.createdAt).toEqual(at);
    },
  },
  {
    name: 'artifacts: a listing without data names what the full listing names, in its order (data null or whole)',
    async run({ store, scope }) {
      const op = fc.oneof(
        fc.record({
          kind: fc.constant('put' as const),
          id: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
          of: fc.constantFrom('summary', 'engram.assembly'),
          seq: fc.nat(20),
          data: fc.oneof(
            fc.constant(null),
            fc.string({ maxLength: 8 }),
            fc.dictionary(fc.string({ maxLength: 3 }), fc.nat()),
          ),
        }),
        fc.record({ kind: fc.constant('delete' as const), id: fc.constantFrom('a', 'b', 'c', 'd', 'e') }),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
          const s = scope();
          await store.createSession(s, { id: 'heads' });
          for (const o of ops)
            if (o.kind === 'put')
              await store.putArtifact(s, 'heads', {
                id: o.id,
                kind: o.of,
                fromSeq: o.seq,
                toSeq: o.seq,
                data: o.data,
              });
            else await store.deleteArtifact(s, 'heads', o.id);
          for (const kind of [undefined, 'summary', 'engram.assembly']) {
            const whole = await store.listArtifacts(s, 'heads', kind);
            const heads = await store.listArtifacts(s, 'heads', kind, undefined, { data: false });
            const head = (a: (typeof whole)[number]) => ({
              id: a.id,
              kind: a.kind,
              fromSeq: a.fromSeq,
              toSeq: a.toSeq,
              at: a.createdAt.getTime(),
            });
            expect(heads.map(head)).toEqual(whole.map(head));
            heads.forEach((a, i) => {
              if (a.data !== null) expect(a.data).toEqual(whole[i]?.data);
            });
            expect(await store.listArtifacts(s, 'heads', kind, undefined, { data: true })).toEqual(whole);
          }
        }),
        { numRuns: 12 },
      );
      const s = scope();
      await store.createSession(s, { id: 'bad' });
      for (const bad of [null, 'no', [], { data: 'no' }, { data: 0 }])
        await expectMemoryError(
          store.listArtifacts(s, 'bad', undefined, undefined, bad as never),
          'INVALID_ARGUMENT',
        );
    },
  },
  {
    name: 'state: put, get, overwrite and delete per tenant',
    async run({ store, scope }) {
      const s = scope();
      const other = scope();
      expect(await store.getState(s, 'ConversationMemory')).toBeUndefined();
      const value = { messages: [{ a: 1 }], flag: false, text: 'ünïcødé 🧠 \u0000', n: 1.5, none: null };
      await store.putState(s, 'ConversationMemory', value);
      await store.createSession(s, { id: 'x' });
      await store.putState(s, 'session:x:Agent', 'plain string');
      expect(await store.getState(s, 'ConversationMemory')).toEqual(value);
      expect(await store.getState(s, 'session:x:Agent')).toBe('plain string');
      expect(await store.getState({ ...s, user: 'someone' }, 'ConversationMemory')).toBeUndefined();
      expect(await store.getState(other, 'ConversationMemory')).toBeUndefined();
      await store.putState(other, 'ConversationMemory', [1, 2, 3]);
      await store.putState(s, 'ConversationMemory', { replaced: true });
      expect(await store.getState(s, 'ConversationMemory')).toEqual({ replaced: true });
      expect(await store.getState(other, 'ConversationMemory')).toEqual([1, 2, 3]);
      await store.deleteState(s, 'ConversationMemory');
      await store.deleteState(s, 'never-written');
      expect(await store.getState(s, 'ConversationMemory')).toBeUndefined();
      expect(await store.getState(other, 'ConversationMemory')).toEqual([1, 2, 3]);
      expect(await store.getState(s, 'session:x:Agent')).toBe('plain string');
    },
  },
  {
    name: 'state: scoped by user and agent within a tenant; session state needs a session of the exact owner',
    async run({ store, scope }) {
      const { tenant } = scope();
      const org = { tenant };
      const alice = { tenant, user: 'alice' };
      const bob = { tenant, user: 'bob' };
      const aliceBot = { tenant, user: 'alice', agent: 'bot' };
      const bot = { tenant, agent: 'bot' };
      // Plain keys: one value per exact scope; a missing user / agent means "none", not "any".
      await store.putState(alice, 'Prefs', { theme: 'dark' });
      for (const other of [org, bob, aliceBot, bot, scope({ user: 'alice' })]) {
        expect(await store.getState(other, 'Prefs')).toBeUndefined();
      }
      await store.putState(bob, 'Prefs', { theme: 'light' });
      await store.putState(org, 'Prefs', 'org default');
      await store.putState(aliceBot, 'Prefs', 'bot of alice');
      await store.putState(bot, 'Prefs', 'bot of the tenant');
      expect(await store.getState(alice, 'Prefs')).toEqual({ theme: 'dark' });
      expect(await store.getState(bob, 'Prefs')).toEqual({ theme: 'light' });
      expect(await store.getState(org, 'Prefs')).toBe('org default');
      expect(await store.getState(aliceBot, 'Prefs')).toBe('bot of alice');
      expect(await store.getState(bot, 'Prefs')).toBe('bot of the tenant');
      await store.deleteState(bob, 'Prefs');
      expect(await store.getState(bob, 'Prefs')).toBeUndefined();
      expect(await store.getState(alice, 'Prefs')).toEqual({ theme: 'dark' });
      expect(await store.getState(org, 'Prefs')).toBe('org default');

      // Session keys: the session must be owned by exactly the caller (else absent; put throws SESSION_NOT_FOUND).
      await store.createSession(alice, { id: 'alice-chat' });
      const key = 'session:alice-chat:ConversationMemory';
      await store.putState(alice, key, { log: 'my password is hunter2' });
      expect(await store.getState(alice, key)).toEqual({ log: 'my password is hunter2' });
      for (const other of [org, bob, aliceBot, bot, scope({ user: 'alice' })]) {
        expect(await store.getState(other, key)).toBeUndefined();
        await expectMemoryError(store.putState(other, key, 'overwritten'), 'SESSION_NOT_FOUND');
        await store.deleteState(other, key);
      }
      await expectMemoryError(store.putState(alice, 'session:missing:Agent', 1), 'SESSION_NOT_FOUND');
      expect(await store.getState(alice, 'session:missing:Agent')).toBeUndefined();
      await store.deleteState(alice, 'session:missing:Agent');
      expect(await store.getState(alice, key)).toEqual({ log: 'my password is hunter2' });
      // The tenant's own session of the same id has its own state under the same key.
      await store.createSession(org, { id: 'alice-chat' });
      await store.putState(org, key, 'org note');
      expect(await store.getState(org, key)).toBe('org note');
      expect(await store.getState(alice, key)).toEqual({ log: 'my password is hunter2' });
      // Deleting the session removes its owner's state under its keys, and nothing of the other owner.
      await store.deleteSession(alice, 'alice-chat');
      expect(await store.getState(alice, key)).toBeUndefined();
      expect(await store.getState(org, key)).toBe('org note');
      await store.createSession(alice, { id: 'alice-chat' });
      expect(await store.getState(alice, key)).toBeUndefined();
      await store.deleteSession(alice, 'alice-chat');
      await expectMemoryError(store.putState(alice, key, 'x'), 'SESSION_NOT_FOUND');
      await expectMemoryError(store.putState(alice, '', 1), 'INVALID_ARGUMENT');
      await expectMemoryError(store.getState(alice, 'a\u0000b'), 'INVALID_ARGUMENT');
    },
  },
];
