import { MemoryError } from '../core/errors/memory-error.ts';
import { checkId, isValidId, maxIdLength } from '../core/ids.ts';
import type { Scope } from '../core/scope.ts';

/**
 * Sessions and component state are owned by an exact scope: a session is (tenant, user, agent, id) and a state
 * value (tenant, user, agent, key), where a missing `user` / `agent` means "none" (not "any"). A state key
 * `session:<id>:<name>` names exactly one session: the id is everything between `session:` and the key's last
 * `:`. These helpers implement the rules once for every driver.
 */

const prefix = 'session:';

/** The longest state key: room for `session:<256-character id>:<component name>`. */
export const maxStateKeyLength = 1024;

/**
 * Throws `INVALID_ARGUMENT` unless `key` is a usable state key: the id rule ({@link checkId}) with up to 1,024
 * characters, and, for a `session:<id>:<name>` key, a session id that follows the id rule.
 */
export function checkStateKey(key: unknown, component: string): asserts key is string {
  checkId(key, 'state key', component, maxStateKeyLength);
  const id = stateKeySession(key);
  if (id !== undefined) checkId(id, 'the session id of a `session:<id>:<name>` state key', component);
}

/**
 * The session a state key names: for `session:<id>:<name>` the id (everything between `session:` and the last
 * `:`, so `session:chat:1:planner` names `chat:1`), else undefined (a plain key, `session:x` too). Unchecked:
 * call it on keys that passed {@link checkStateKey}.
 */
export function stateKeySession(key: string): string | undefined {
  if (typeof key !== 'string' || !key.startsWith(prefix)) return undefined;
  const last = key.lastIndexOf(':');
  return last < prefix.length ? undefined : key.slice(prefix.length, last);
}

/** The component name of a session's whole component document (see {@link sessionComponentsKey}). */
export const sessionComponentsName = 'engram.components';

/**
 * The state key of a session's component document, seed 002's JsonSession `{ sessionId, components, timestamp }`
 * (what `SessionManager` saves): `session:<id>:engram.components`. The json-file store keeps it as the session's
 * own `<id>.json` file (only the session's owner can reach a session's state).
 */
export function sessionComponentsKey(sessionId: string): string {
  return `session:${sessionId}:${sessionComponentsName}`;
}

/** The prefix an upgrade gives an old state key it cannot keep under its name (see {@link keepsOldStateKey}). */
export const legacyKeyPrefix = 'legacy:';

/**
 * Whether an upgrade keeps a state key written before sessions were keyed by owner (SQL schema 5, json-file
 * layout 1) under its own name. The old code read `session:<id>:<name>` as the session of the shortest prefix
 * `session:<id>:` naming a session (ids may contain `:`), this code reads the id up to the key's last `:`; a
 * session key is kept only when both name the same session, one its owner holds: the shortest prefix id for
 * which `owned(id)` (the key's owner has a session `id`) is exactly the id up to the last `:`. Plain keys
 * (including `session:x`, no second `:`) are always kept. Keys not kept move to `legacy:<key>`, so state is
 * neither lost nor attached to a session it did not belong to (`session:chat:memory:main` with a session `chat`
 * was `chat`'s; read now, it would name `chat:memory`).
 */
export function keepsOldStateKey(key: string, owned: (id: string) => boolean): boolean {
  if (!isOldSessionKey(key)) return true;
  for (let i = key.indexOf(':', prefix.length); i >= 0; i = key.indexOf(':', i + 1)) {
    const id = key.slice(prefix.length, i);
    if (id.length > maxIdLength) return false;
    if (isValidId(id) && owned(id)) return id === stateKeySession(key);
  }
  return false;
}

/** Whether the code before sessions were keyed by owner could read `key` as session state: `session:` and a later `:`. */
export function isOldSessionKey(key: string): boolean {
  return key.startsWith(prefix) && key.includes(':', prefix.length);
}

/** The owner of a session or state value within its tenant, as one string: `<user>\u0000<agent>` (empty for none). */
export function ownerKey(scope: Scope): string {
  if (typeof scope === 'object' && scope !== null) {
    const { user = '', agent = '' } = scope;
    if (typeof user === 'string' && typeof agent === 'string') return `${user}\u0000${agent}`;
  }
  const message = 'ownerKey(scope): scope must be an object whose user and agent, when given, are strings';
  throw new MemoryError({ code: 'INVALID_ARGUMENT', component: 'store', message });
}
