import type { Scope } from '../core/scope.ts';
import type { OpenedStore } from './open-store.ts';

const sameOwner = (a: Scope, b: Scope) => a.tenant === b.tenant && a.user === b.user && a.agent === b.agent;

/** The content spaces `scope` owns items in, by name: `[space]` when one is given, else every one it has. */
export async function contentSpaces(store: OpenedStore, scope: Scope, space?: string): Promise<string[]> {
  if (space !== undefined) return [space];
  const owners = await store.experimental_inventory.owners({ newestSessions: 0 });
  return owners.find((o) => sameOwner(o.scope, scope))?.content.map((c) => c.space) ?? [];
}
