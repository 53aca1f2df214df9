import { checkId, isValidId } from '../core/ids.ts';
import type { Scope } from '../core/scope.ts';

/**
 * Component state is owned by an exact scope: the key of a value is (tenant, user, agent, key), where a
 * missing `user` / `agent` means "none" (not "any"). A key `session:<id>:…` also needs the session to be
 * visible to the caller. These helpers implement the rule once for every driver.
 */

/** The longest state key: room for `session:<256-character id>:<component name>`. */
export const maxStateKeyLength = 1024;

/** Throws `INVALID_ARGUMENT` unless `key` is a usable state key: the id rule ({@link checkId}) with up to 1,024 characters. */
export function checkStateKey(key: unknown, component: string): asserts key is string {
  checkId(key, 'state key', component, maxStateKeyLength);
}

/**
 * The session ids a key `session:<id>:<rest>` may name (ids may contain `:`, so every split that gives a
 * valid id), shortest first; empty for keys that are not session state.
 */
export function stateKeySessionIds(key: string): string[] {
  if (!key.startsWith('session:')) return [];
  const ids: string[] = [];
  for (let i = key.indexOf(':', 8); i >= 0; i = key.indexOf(':', i + 1)) {
    const id = key.slice(8, i);
    if (id.length > 256) break;
    if (isValidId(id)) ids.push(id);
  }
  return ids;
}

/** Whether a key is session state (`session:<id>:…`) and so needs a session visible to the caller. */
export function isSessionStateKey(key: string): boolean {
  return stateKeySessionIds(key).length > 0;
}

/** The owner of a state value within its tenant, as one string: `<user>\u0000<agent>` (empty for none). */
export function stateOwnerKey(scope: Scope): string {
  return `${scope.user ?? ''}\u0000${scope.agent ?? ''}`;
}

/** Whether two scopes are the same state owner: same tenant, user and agent (undefined equals undefined only). */
export function sameStateOwner(a: Scope, b: Scope): boolean {
  return a.tenant === b.tenant && a.user === b.user && a.agent === b.agent;
}
