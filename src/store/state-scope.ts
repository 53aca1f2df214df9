import { MemoryError } from '../core/errors/memory-error.ts';
import { isValidId } from '../core/ids.ts';
import type { Scope } from '../core/scope.ts';

/**
 * Sessions and component state are owned by an exact scope: a session is (tenant, user, agent, id) and a state
 * value (tenant, user, agent, key), where a missing `user` / `agent` means "none" (not "any"). A state key
 * `session:<id>:<name>` names exactly one session: the id is everything between `session:` and the key's last
 * `:`. These helpers implement the rules once for every driver.
 */

const prefix = 'session:';

/**
 * Throws `INVALID_ARGUMENT` unless `key` is a usable state key: a non-empty string without NUL or lone
 * surrogates, whose session id (when it is a `session:<id>:<name>` key) is a valid id.
 */
export function checkStateKey(key: unknown, component: string): asserts key is string {
  if (typeof key !== 'string' || key === '' || !key.isWellFormed() || key.includes('\u0000')) {
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component,
      message: 'state key must be a non-empty string without NUL or lone surrogates',
    });
  }
  const id = stateKeySession(key);
  if (id !== undefined && !isValidId(id)) {
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component,
      message:
        'state key `session:<id>:<name>` needs a session id of 1 to 256 characters (the id is what lies between `session:` and the last `:`)',
    });
  }
}

/**
 * The session a state key names: for `session:<id>:<name>` the id (everything between `session:` and the last
 * `:`, so `session:chat:1:planner` names `chat:1`), else undefined (a plain key, `session:x` too). Unchecked:
 * call it on keys that passed {@link checkStateKey}.
 */
export function stateKeySession(key: string): string | undefined {
  if (!key.startsWith(prefix)) return undefined;
  const last = key.lastIndexOf(':');
  return last < prefix.length ? undefined : key.slice(prefix.length, last);
}

/** The owner of a session or state value within its tenant, as one string: `<user>\u0000<agent>` (empty for none). */
export function ownerKey(scope: Scope): string {
  return `${scope.user ?? ''}\u0000${scope.agent ?? ''}`;
}

/** Whether two scopes are the same owner: same tenant, user and agent (undefined equals undefined only). */
export function sameOwner(a: Scope, b: Scope): boolean {
  return a.tenant === b.tenant && a.user === b.user && a.agent === b.agent;
}
