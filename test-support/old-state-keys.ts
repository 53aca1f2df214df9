import fc from 'fast-check';
import { expect } from 'vitest';
import { isValidId } from '../src/core/ids.ts';
import type { Scope } from '../src/core/scope.ts';
import type { MemoryStoreV1 } from '../src/store/memory-store.ts';
import { keepsOldStateKey, legacyKeyPrefix } from '../src/store/state-scope.ts';

/**
 * One tenant's sessions and state as stores before sessions were keyed by owner kept them (SQL schema 5,
 * json-file layout 1): session ids unique in the tenant, state rows by owner. `user: ''` is the tenant itself.
 */
export interface OldTenant {
  tenant: string;
  sessions: { user: string; id: string }[];
  rows: { user: string; key: string; value: string }[];
}

const users = ['', 'u1', 'u2'] as const;
/** Ids with `:` that are prefixes of each other: `a`, `a:b`, `a:b:a`, … */
const arbId = fc.stringMatching(/^[ab](:[ab]){0,2}$/);
const arbName = fc.constantFrom('n', 'm', 'engram.components', 'engram.x', '');
const arbSessions = fc.uniqueArray(fc.record({ user: fc.constantFrom(...users), id: arbId }), {
  selector: (s) => s.id,
  maxLength: 5,
});
/** A row: mostly on a session of the tenant (often its owner's), with a name that may hold `:`. */
const arbRow = (sessions: OldTenant['sessions']) => {
  const onSession = sessions.length === 0 ? [] : [fc.constantFrom(...sessions)];
  const target = fc.oneof(...onSession, fc.record({ user: fc.constantFrom(...users), id: arbId }));
  const session = fc
    .tuple(
      target,
      fc.constantFrom(...users),
      fc.nat(3),
      fc.oneof(
        { weight: 3, arbitrary: fc.constant('') },
        { weight: 1, arbitrary: arbId.map((id) => `:${id}`) },
      ),
      arbName,
    )
    .map(([t, other, pick, more, name]) => ({
      user: pick === 0 ? other : t.user,
      key: `session:${t.id}${more}:${name}`,
    }));
  const plain = fc.record({
    user: fc.constantFrom(...users),
    key: fc.constantFrom('session:a', 'session::x', 'session:c:n', 'plain'),
  });
  return fc.oneof({ weight: 8, arbitrary: session }, { weight: 1, arbitrary: plain });
};
const arbOldTenant = arbSessions.chain((sessions) =>
  fc.record({
    sessions: fc.constant(sessions),
    rows: fc.uniqueArray(arbRow(sessions), {
      selector: (r) => `${r.user}\u0000${r.key}`,
      minLength: 1,
      maxLength: 10,
    }),
  }),
);

/** `count` random old tenants (each with a tenant name of its own), reproducible from `seed`. */
export function oldTenants(count: number, seed: number): OldTenant[] {
  return fc.sample(arbOldTenant, { numRuns: count, seed }).map((t, i) => ({
    tenant: `old-${i}`,
    sessions: t.sessions,
    rows: t.rows.map((r, j) => ({ ...r, value: `value ${j} of ${r.user || 'the tenant'}` })),
  }));
}

/** The scope of an old row or session's user within its tenant. */
export const oldScope = (tenant: string, user: string): Scope => (user ? { tenant, user } : { tenant });

/**
 * Checks an upgraded old tenant: each row reads back under its key where `keepsOldStateKey` keeps it, else under
 * `legacy:<key>` of the same owner; then, with every session deleted and every session a key could name created
 * anew, no row shows up under a session key, and the legacy keys are still there.
 */
export async function expectUpgradedState(store: MemoryStoreV1, old: OldTenant): Promise<void> {
  const label = (key: string) => `${JSON.stringify(old)}: ${key}`;
  const owned = (user: string) => (id: string) => old.sessions.some((s) => s.user === user && s.id === id);
  const kept = old.rows.filter((r) => keepsOldStateKey(r.key, owned(r.user)));
  const moved = old.rows.filter((r) => !kept.includes(r));
  for (const r of kept)
    expect(await store.getState(oldScope(old.tenant, r.user), r.key), label(r.key)).toBe(r.value);
  const expectMoved = async () => {
    for (const r of moved) {
      const scope = oldScope(old.tenant, r.user);
      expect(await store.getState(scope, `${legacyKeyPrefix}${r.key}`), label(r.key)).toBe(r.value);
      if (readable(r.key)) expect(await store.getState(scope, r.key), label(r.key)).toBeUndefined();
    }
  };
  await expectMoved();
  for (const s of old.sessions) await store.deleteSession(oldScope(old.tenant, s.user), s.id);
  for (const user of users) {
    for (const id of new Set(old.rows.flatMap((r) => sessionIdsIn(r.key)))) {
      await store.createSession(oldScope(old.tenant, user), { id });
    }
  }
  for (const r of old.rows.filter((r) => r.key.startsWith('session:') && readable(r.key))) {
    const value = await store.getState(oldScope(old.tenant, r.user), r.key);
    if (r.key.split(':').length > 2) expect(value, label(r.key)).toBeUndefined();
  }
  await expectMoved();
}

/** Whether today's stores accept `key` (`session::x` names an empty session id). */
const readable = (key: string) => !key.startsWith('session::');

/** Every valid session id a key `session:…` could name, under either reading. */
function sessionIdsIn(key: string): string[] {
  if (!key.startsWith('session:')) return [];
  const ids: string[] = [];
  for (let i = key.indexOf(':', 8); i >= 0; i = key.indexOf(':', i + 1)) ids.push(key.slice(8, i));
  return ids.filter((id) => isValidId(id));
}
