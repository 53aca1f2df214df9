import type { Scope } from '../core/scope.ts';
import type { SessionRecord } from './memory-store.ts';

/** What the session listings page through (`listAllSessions`, `listSessionPage`): a store's or a log driver's `listSessions`. */
export interface SessionLister {
  /** Sessions newest first, at most `limit`, created before `before` (exclusive). */
  listSessions(scope: Scope, options?: { limit?: number; before?: Date }): Promise<SessionRecord[]>;
}
