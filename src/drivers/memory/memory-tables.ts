import type { JSONValue } from 'ai';
import type { Scope } from '../../core/scope.ts';
import type { Artifact, SessionRecord } from '../../store/memory-store.ts';
import type { SessionLog } from '../../store/session-log.ts';
import { ownerKey } from '../../store/state-scope.ts';
import { checkSessionId, sessionNotFound } from '../../store/store-helpers.ts';

/** The error component of the in-process store. */
export const component = 'memory';

/** One session of the in-process store. */
export interface MemorySession {
  /** Its record (a fork's names its parent while linked). */
  record: SessionRecord;
  /** The log (own rows, fork link, counts): see log-index.ts. */
  log: SessionLog;
  /** Its artifacts by id. */
  artifacts: Map<string, Artifact>;
}

/** Everything the in-process store holds. */
export interface MemoryTables {
  /** Sessions by `tenant \u0000 user \u0000 agent \u0000 id` (exact owner; see {@link sessionKey}). */
  sessions: Map<string, MemorySession>;
  /** Component state by `tenant \u0000 user \u0000 agent \u0000 key` (exact owner; see state-scope.ts). */
  states: Map<string, { tenant: string; key: string; value: JSONValue }>;
}

/** The map key of the session `id` (or the state key `id`) owned by exactly `scope`. */
export function sessionKey(scope: Scope, id: string): string {
  return `${scope.tenant}\u0000${ownerKey(scope)}\u0000${id}`;
}

/** The session `id` owned by exactly `scope`; `INVALID_ARGUMENT` for a bad id, else `SESSION_NOT_FOUND`. */
export function findSession(t: MemoryTables, scope: Scope, id: string): MemorySession {
  checkSessionId(id, component);
  const data = t.sessions.get(sessionKey(scope, id));
  if (!data) throw sessionNotFound(id, component);
  return data;
}
