import { checkId } from '../core/ids.ts';
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
  if (!key.startsWith(prefix)) return undefined;
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

/** The owner of a session or state value within its tenant, as one string: `<user>\u0000<agent>` (empty for none). */
export function ownerKey(scope: Scope): string {
  return `${scope.user ?? ''}\u0000${scope.agent ?? ''}`;
}
