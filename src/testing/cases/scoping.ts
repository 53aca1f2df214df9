import fc from 'fast-check';
import { expect } from 'vitest';
import type { Scope } from '../../core/scope.ts';
import type { MemoryStoreV1 } from '../../store/memory-store.ts';
import { expectMemoryError, makeMessage, toInputs } from '../fixtures.ts';
import type { StoreCase } from '../store-case.ts';

/** Session ids that share a prefix with `chat`, or contain the `:` that separates a state key's parts. */
export const lookAlikeSessionIds: readonly string[] = [
  'chat',
  'chat:1',
  'chat:a1',
  'chat::1',
  'chat:10',
  'ch',
];

/** Owner scopes of one tenant whose users look alike (`u1`, `u10`), plus the tenant and agent scopes. */
export function lookAlikeOwners(tenant: string): Scope[] {
  return [
    { tenant },
    { tenant, user: 'u1' },
    { tenant, user: 'u10' },
    { tenant, user: 'u1', agent: 'bot' },
    { tenant, agent: 'bot' },
  ];
}

const label = (s: Scope) => `${s.user ?? '-'}/${s.agent ?? '-'}`;
const stateKey = (id: string) => `session:${id}:planner`;

/** Every owner creates every look-alike session, with one message, one artifact and state under it. */
async function populate(store: MemoryStoreV1, owners: readonly Scope[]): Promise<void> {
  for (const owner of owners) {
    for (const id of lookAlikeSessionIds) {
      const mark = `${label(owner)} ${id}`;
      await store.createSession(owner, { id, metadata: { mark } });
      await store.append(owner, id, toInputs([makeMessage('user', `kiwi ${mark}`)]));
      await store.putArtifact(owner, id, { id: 'sum', kind: 'summary', fromSeq: 1, toSeq: 1, data: mark });
      await store.putState(owner, stateKey(id), mark);
    }
    await store.putState(owner, 'session:chat', `plain ${label(owner)}`);
    await store.putState(owner, 'Prefs', `prefs ${label(owner)}`);
  }
}

/** Asserts that `owner` still sees exactly its own `id`: record, message, artifact and state. */
async function expectIntact(store: MemoryStoreV1, owner: Scope, id: string): Promise<void> {
  const mark = `${label(owner)} ${id}`;
  expect((await store.getSession(owner, id))?.metadata, mark).toEqual({ mark });
  expect(
    (await store.readRange(owner, id)).map((e) => e.message.content),
    mark,
  ).toEqual([`kiwi ${mark}`]);
  expect(
    (await store.listArtifacts(owner, id)).map((a) => a.data),
    mark,
  ).toEqual([mark]);
  expect(await store.getState(owner, stateKey(id)), mark).toBe(mark);
}

/**
 * A session is identified by its owner scope (tenant, user, agent: a missing user or agent means "none") and
 * its id, and component state keyed `session:<id>:<name>` names its session exactly (the id is everything
 * between `session:` and the last `:`).
 */
export const scopingCases: StoreCase[] = [
  {
    name: 'scoping: deleteSession removes only its own session state, never a look-alike id or owner',
    async run({ store, scope }) {
      const { tenant } = scope();
      const u1 = { tenant, user: 'u1' };
      const u10 = { tenant, user: 'u10' };
      // Distinct ids across owners, so this case does not depend on per-owner ids.
      const mine = ['chat', 'chat:1', 'chat:a1', 'chat::1'];
      for (const id of mine) {
        await store.createSession(u1, { id });
        await store.putState(u1, stateKey(id), id);
      }
      await store.createSession(u10, { id: 'chat:10' });
      await store.putState(u10, stateKey('chat:10'), 'u10');
      await store.putState(u1, 'session:chat', 'plain key');
      await store.putState(u1, 'Global', 'kept');
      await store.deleteSession(u1, 'chat');
      expect(await store.getState(u1, stateKey('chat'))).toBeUndefined();
      for (const id of mine.slice(1)) expect(await store.getState(u1, stateKey(id)), id).toBe(id);
      expect(await store.getState(u10, stateKey('chat:10'))).toBe('u10');
      expect(await store.getState(u1, 'session:chat')).toBe('plain key');
      expect(await store.getState(u1, 'Global')).toBe('kept');
      // A re-created `chat` starts without state.
      await store.createSession(u1, { id: 'chat' });
      expect(await store.getState(u1, stateKey('chat'))).toBeUndefined();
    },
  },
  {
    name: 'scoping: deleting any one session removes exactly its own state (property over look-alike ids and owners)',
    async run({ store, scope }) {
      // Ids over `c`, `h`, `1` and `:` collide as prefixes and around the `:` that ends a state key's id.
      const id = fc.stringMatching(/^[ch1:]{1,5}$/);
      const owner = fc.constantFrom<(string | undefined)[]>(undefined, 'u1', 'u10', 'u1:');
      const sessions = fc.uniqueArray(fc.record({ user: owner, id }), {
        minLength: 1,
        maxLength: 6,
        selector: (x) => `${x.user}|${x.id}`,
      });
      await fc.assert(
        fc.asyncProperty(sessions, fc.nat(), async (list, pick) => {
          const { tenant } = scope();
          const as = (user: string | undefined): Scope =>
            user === undefined ? { tenant } : { tenant, user };
          for (const x of list) await store.createSession(as(x.user), { id: x.id });
          for (const x of list) await store.putState(as(x.user), stateKey(x.id), `${x.user}|${x.id}`);
          const gone = list[pick % list.length]!;
          await store.deleteSession(as(gone.user), gone.id);
          for (const x of list) {
            const want = x === gone ? undefined : `${x.user}|${x.id}`;
            expect(await store.getState(as(x.user), stateKey(x.id)), `${x.user}|${x.id}`).toBe(want);
          }
          await expectMemoryError(store.putState(as(gone.user), stateKey(gone.id), 'x'), 'SESSION_NOT_FOUND');
        }),
        { numRuns: 12 },
      );
    },
  },
  {
    name: 'scoping: a state key names its session by the last `:`; a bad session id in it is INVALID_ARGUMENT',
    async run({ store, scope }) {
      const s = scope({ user: 'u1' });
      await store.createSession(s, { id: 'chat' });
      await store.createSession(s, { id: 'chat:1' });
      await store.putState(s, 'session:chat:1:planner', 'of chat:1');
      await store.putState(s, 'session:chat:planner', 'of chat');
      await store.deleteSession(s, 'chat:1');
      expect(await store.getState(s, 'session:chat:1:planner')).toBeUndefined();
      await expectMemoryError(store.putState(s, 'session:chat:1:planner', 'x'), 'SESSION_NOT_FOUND');
      expect(await store.getState(s, 'session:chat:planner')).toBe('of chat');
      await expectMemoryError(store.putState(s, 'session::planner', 1), 'INVALID_ARGUMENT');
      await expectMemoryError(store.getState(s, `session:${'x'.repeat(257)}:planner`), 'INVALID_ARGUMENT');
      // `session:<id>` without a name is a plain key.
      await store.putState(s, 'session:nowhere', 'plain');
      expect(await store.getState(s, 'session:nowhere')).toBe('plain');
    },
  },
  {
    name: 'scoping: owners of one tenant each have their own session under one id, and see only their own',
    async run({ store, scope }) {
      const { tenant } = scope();
      const owners = lookAlikeOwners(tenant);
      await populate(store, owners);
      for (const owner of owners) {
        for (const id of lookAlikeSessionIds) await expectIntact(store, owner, id);
        await expectMemoryError(store.createSession(owner, { id: 'chat' }), 'INVALID_ARGUMENT');
        expect(await store.getState(owner, 'session:chat')).toBe(`plain ${label(owner)}`);
        const only = await store.searchMessages(owner, { text: 'kiwi', sessionId: 'chat', limit: 100 });
        expect(only.map((h) => [h.sessionId, h.scope, h.entry.message.content])).toEqual([
          ['chat', owner, `kiwi ${label(owner)} chat`],
        ]);
      }
      // A user still lists (and searches) its agents' sessions, each record naming its owner.
      const u1 = owners[1]!;
      const listed = (await store.listSessions(u1)).map((r) => `${label(r.scope)} ${r.id}`);
      const u1Owned = owners.filter((o) => o.user === 'u1');
      const expected = u1Owned.flatMap((o) => lookAlikeSessionIds.map((id) => `${label(o)} ${id}`));
      expect(listed.sort()).toEqual(expected.sort());
      const hits = await store.searchMessages(u1, { text: 'kiwi', limit: 100 });
      for (const h of hits) expect(h.entry.message.content).toBe(`kiwi ${label(h.scope)} ${h.sessionId}`);
      expect(hits.map((h) => `${label(h.scope)} ${h.sessionId}`).sort()).toEqual(expected.sort());
      expect(await store.listSessions({ tenant })).toHaveLength(owners.length * lookAlikeSessionIds.length);
    },
  },
  {
    name: 'scoping: deleting one owner\u2019s session leaves every other owner\u2019s same-id session whole',
    async run({ store, scope }) {
      const { tenant } = scope();
      const owners = lookAlikeOwners(tenant);
      await populate(store, owners);
      const u1 = owners[1]!;
      await store.clearMessages(u1, 'chat:1');
      await store.deleteArtifact(u1, 'chat:a1', 'sum');
      await store.deleteState(u1, stateKey('chat::1'));
      await store.deleteSession(u1, 'chat');
      expect(await store.getSession(u1, 'chat')).toBeUndefined();
      expect(await store.getState(u1, stateKey('chat'))).toBeUndefined();
      expect(await store.readRange(u1, 'chat:1')).toEqual([]);
      expect(await store.listArtifacts(u1, 'chat:a1')).toEqual([]);
      expect(await store.getState(u1, stateKey('chat::1'))).toBeUndefined();
      for (const id of ['chat:10', 'ch']) await expectIntact(store, u1, id);
      for (const owner of owners) {
        if (owner === u1) continue;
        for (const id of lookAlikeSessionIds) await expectIntact(store, owner, id);
      }
      // u1 can create `chat` again; it starts empty.
      await store.createSession(u1, { id: 'chat' });
      expect(await store.readRange(u1, 'chat')).toEqual([]);
      expect(await store.listArtifacts(u1, 'chat')).toEqual([]);
    },
  },
  {
    name: 'scoping: a session another owner holds neither blocks nor reveals its id',
    async run({ store, scope }) {
      const { tenant } = scope();
      const u1 = { tenant, user: 'u1' };
      const u2 = { tenant, user: 'u2' };
      const org = { tenant };
      await store.createSession(u1, { id: 'secret', metadata: { owner: 'u1' } });
      await store.append(u1, 'secret', toInputs([makeMessage('user', 'classified')]));
      // Neither another user nor the tenant-wide scope addresses u1's session by id.
      for (const other of [u2, org, { tenant, user: 'u1', agent: 'bot' }]) {
        expect(await store.getSession(other, 'secret')).toBeUndefined();
        const existing = await expectMemoryError(store.readRange(other, 'secret'), 'SESSION_NOT_FOUND');
        const missing = await expectMemoryError(store.readRange(other, 'nowhere'), 'SESSION_NOT_FOUND');
        expect(existing.message.replace('secret', 'X')).toBe(missing.message.replace('nowhere', 'X'));
        await expectMemoryError(
          store.createSession(other, { fork: { parentId: 'secret', atSeq: 1 } }),
          'SESSION_NOT_FOUND',
        );
        await expectMemoryError(store.putState(other, 'session:secret:x', 1), 'SESSION_NOT_FOUND');
        expect(await store.getState(other, 'session:secret:x')).toBeUndefined();
        await expectMemoryError(store.deleteSession(other, 'secret'), 'SESSION_NOT_FOUND');
      }
      // Creating the same id elsewhere succeeds, and makes an empty session of its own.
      const theirs = await store.createSession(u2, { id: 'secret', metadata: { owner: 'u2' } });
      expect(theirs.scope).toEqual(u2);
      expect(await store.readRange(u2, 'secret')).toEqual([]);
      expect((await store.createSession(org, { id: 'secret' })).scope).toEqual(org);
      expect((await store.getSession(u1, 'secret'))?.metadata).toEqual({ owner: 'u1' });
      expect((await store.stats(u1, 'secret')).count).toBe(1);
      // The tenant-wide scope lists all three; each record names its owner.
      const listed = await store.listSessions(org);
      expect(listed.map((r) => label(r.scope)).sort()).toEqual(['-/-', 'u1/-', 'u2/-']);
    },
  },
  {
    name: 'scoping: after a reopen every owner lists and reads its own look-alike and awkward ids',
    needsReopen: true,
    async run(t) {
      const { tenant } = t.scope();
      const owners = lookAlikeOwners(tenant);
      await populate(t.store, owners);
      const awkward = ['A', '_state', 'S%_:\\\'"', '../x', 'a.b'];
      for (const id of awkward) await t.store.createSession(owners[1]!, { id });
      const store = await t.reopen();
      for (const owner of owners) {
        for (const id of lookAlikeSessionIds) await expectIntact(store, owner, id);
      }
      const listed = (await store.listSessions({ tenant })).map((r) => `${label(r.scope)} ${r.id}`);
      const expected = owners.flatMap((o) => lookAlikeSessionIds.map((id) => `${label(o)} ${id}`));
      expected.push(...awkward.map((id) => `u1/- ${id}`));
      expect(listed.sort()).toEqual(expected.sort());
      for (const id of awkward) expect((await store.getSession(owners[1]!, id))?.id).toBe(id);
    },
  },
  {
    name: 'scoping: forks and copy-on-delete stay within the owner when owners share ids',
    async run({ store, scope }) {
      const { tenant } = scope();
      const u1 = { tenant, user: 'u1' };
      const u10 = { tenant, user: 'u10' };
      for (const owner of [u1, u10]) {
        await store.createSession(owner, { id: 'chat' });
        const who = label(owner);
        await store.append(owner, 'chat', toInputs([1, 2, 3].map((n) => makeMessage('user', `${who} ${n}`))));
        const fork = await store.createSession(owner, { id: 'chat:1', fork: { parentId: 'chat', atSeq: 2 } });
        expect(fork).toMatchObject({ parentId: 'chat', forkedAtSeq: 2, scope: owner });
        await store.append(owner, 'chat:1', toInputs([makeMessage('user', `${who} fork`)]));
      }
      const texts = async (s: Scope, id: string) =>
        (await store.readRange(s, id)).map((e) => e.message.content);
      expect(await texts(u1, 'chat:1')).toEqual(['u1/- 1', 'u1/- 2', 'u1/- fork']);
      expect(await texts(u10, 'chat:1')).toEqual(['u10/- 1', 'u10/- 2', 'u10/- fork']);
      // Deleting a shared message, then the parent, of u10 keeps u10's fork whole and leaves u1 untouched.
      const [first] = await store.readRange(u10, 'chat', { limit: 1 });
      expect(await store.deleteMessages(u10, 'chat', [first!.message.id])).toBe(1);
      await store.deleteSession(u10, 'chat');
      expect(await texts(u10, 'chat:1')).toEqual(['u10/- 1', 'u10/- 2', 'u10/- fork']);
      expect(await store.stats(u10, 'chat:1')).toMatchObject({ count: 3, lastSeq: 3 });
      expect(await texts(u1, 'chat')).toEqual(['u1/- 1', 'u1/- 2', 'u1/- 3']);
      expect(await texts(u1, 'chat:1')).toEqual(['u1/- 1', 'u1/- 2', 'u1/- fork']);
      // u1's fork still reads through its parent: a later change to the parent's shared prefix is copied first.
      const [u1First] = await store.readRange(u1, 'chat', { limit: 1 });
      await store.deleteMessages(u1, 'chat', [u1First!.message.id]);
      expect(await texts(u1, 'chat')).toEqual(['u1/- 2', 'u1/- 3']);
      expect(await texts(u1, 'chat:1')).toEqual(['u1/- 1', 'u1/- 2', 'u1/- fork']);
    },
  },
];
