import { expect } from 'vitest';
import type { Scope } from '../../core/scope.ts';
import { expectMemoryError, makeMessage, toInputs, uniqueTenant } from '../fixtures.ts';
import { trickScopes } from '../scope-tricks.ts';
import type { StoreCase } from '../store-case.ts';

/** Tenant pairs whose ids look alike to naive prefix, LIKE-pattern, path or quoting code. */
export function lookAlikeTenants(): [string, string][] {
  const base = uniqueTenant('-');
  return [
    [`${base}acme`, `${base}acme-corp`],
    [`${base}a%`, `${base}ab`],
    [`${base}a_c`, `${base}abc`],
    [`${base}x:y`, `${base}x`],
    [`${base}q\\`, `${base}q\\\\`],
    [`${base}it's`, `${base}it"s`],
    [`${base}dot.`, `${base}dot%2E`],
    [`${base}A`, `${base}a`],
    [`${base}../up`, `${base}..%2Fup`],
  ];
}

/** Session ids full of characters that break paths, LIKE patterns and quoting. */
export const awkwardSessionIds: readonly string[] = [
  's%_:\\\'"',
  'S%_:\\\'"',
  '../../etc',
  'a.b',
  'a%2Eb',
  '_state',
];

/** Nothing of one tenant is visible to another, through any method. */
export const isolationCases: StoreCase[] = [
  {
    name: 'isolation: look-alike tenants and awkward ids see nothing of each other',
    async run({ store }) {
      for (const [ta, tb] of lookAlikeTenants()) {
        const a: Scope = { tenant: ta };
        const b: Scope = { tenant: tb };
        const byTenant = new Map<string, string[]>();
        for (const sc of [a, b]) {
          const ids: string[] = [];
          for (const sid of awkwardSessionIds) {
            await store.createSession(sc, { id: sid, metadata: { owner: sc.tenant } });
            const m = makeMessage('user', `kumquat from ${sc.tenant} in ${sid}`);
            await store.append(sc, sid, toInputs([m]));
            await store.putArtifact(sc, sid, {
              id: 'sum',
              kind: 'summary',
              fromSeq: 1,
              toSeq: 1,
              data: sc.tenant,
            });
            ids.push(m.id);
          }
          await store.putState(sc, 'shared-key', { owner: sc.tenant });
          byTenant.set(sc.tenant, ids);
        }
        for (const [me, them] of [
          [a, b],
          [b, a],
        ] as const) {
          const mine = byTenant.get(me.tenant)!;
          const theirs = byTenant.get(them.tenant)!;
          const listed = await store.listSessions(me);
          expect(listed.map((r) => r.id).sort()).toEqual([...awkwardSessionIds].sort());
          for (const r of listed) expect(r.metadata).toEqual({ owner: me.tenant });
          for (const sid of awkwardSessionIds) {
            expect((await store.getSession(me, sid))?.metadata).toEqual({ owner: me.tenant });
            const entries = await store.readRange(me, sid);
            expect(entries.map((e) => e.message.content)).toEqual([`kumquat from ${me.tenant} in ${sid}`]);
            expect(await store.getMessages(me, sid, theirs)).toEqual([]);
            expect((await store.listArtifacts(me, sid)).map((x) => x.data)).toEqual([me.tenant]);
          }
          const hits = await store.searchMessages(me, { text: 'kumquat', limit: 100 });
          expect(hits.map((h) => h.entry.message.id).sort()).toEqual([...mine].sort());
          expect(await store.getState(me, 'shared-key')).toEqual({ owner: me.tenant });
        }
        // Destructive calls in one tenant leave the other untouched.
        await store.clearMessages(a, awkwardSessionIds[0]!);
        await store.deleteSession(a, awkwardSessionIds[1]!);
        await store.deleteState(a, 'shared-key');
        await store.deleteArtifact(a, awkwardSessionIds[2]!, 'sum');
        expect((await store.stats(b, awkwardSessionIds[0]!)).count).toBe(1);
        expect(await store.getSession(b, awkwardSessionIds[1]!)).toBeDefined();
        expect(await store.getState(b, 'shared-key')).toEqual({ owner: b.tenant });
        expect(await store.listArtifacts(b, awkwardSessionIds[2]!)).toHaveLength(1);
        await expectMemoryError(store.readRange(a, awkwardSessionIds[1]!), 'SESSION_NOT_FOUND');
      }
    },
  },
  {
    name: 'isolation: a scope with an inherited or getter field is INVALID_ARGUMENT, and nothing is written',
    async run({ store, scope }) {
      const { tenant } = scope();
      const u1: Scope = { tenant, user: 'u1' };
      await store.createSession(u1, { id: 'mine' });
      await store.append(u1, 'mine', toInputs([makeMessage('user', 'kiwi of u1')]));
      for (const trick of trickScopes(tenant)) {
        await expectMemoryError(store.createSession(trick, { id: 'trick' }), 'INVALID_ARGUMENT');
        await expectMemoryError(store.listSessions(trick), 'INVALID_ARGUMENT');
        await expectMemoryError(store.readRange(trick, 'mine'), 'INVALID_ARGUMENT');
        await expectMemoryError(store.searchMessages(trick, { text: 'kiwi' }), 'INVALID_ARGUMENT');
        await expectMemoryError(store.putState(trick, 'k', 1), 'INVALID_ARGUMENT');
        await expectMemoryError(store.deleteSession(trick, 'mine'), 'INVALID_ARGUMENT');
      }
      expect((await store.listSessions({ tenant })).map((r) => [r.id, r.scope])).toEqual([['mine', u1]]);
      expect((await store.readRange(u1, 'mine')).map((e) => e.message.content)).toEqual(['kiwi of u1']);
      expect(await store.getState({ tenant }, 'k')).toBeUndefined();
      expect(await store.getState(u1, 'k')).toBeUndefined();
    },
  },
];
