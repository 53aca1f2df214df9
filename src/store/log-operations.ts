import type { LogEntry } from '../core/message.ts';
import type { Scope } from '../core/scope.ts';
import { checkIdList, type InputLimits, type PreparedInput, prepareInputs } from './check-inputs.ts';
import { detachForks, firstGone, readForkLink, unlinkSession, withForkLink } from './fork-links.ts';
import type { LogDriverV1 } from './log-driver.ts';
import { clearByDelete, getMessagesByRead } from './log-fallbacks.ts';
import type { AppendInput, SearchHit, SearchQuery, SessionRecord } from './memory-store.ts';
import { replaceByPlan } from './replace-fallback.ts';
import { searchByScan } from './search-fallback.ts';
import { checkSessionId } from './store-helpers.ts';

/**
 * The `MemoryStoreV1` methods `createLogStore` does not simply delegate, written once against any driver `d`
 * (the driver itself, or the one a `transaction` hands over): each uses `d`'s native method when it has one,
 * else its fallback, and, on a driver without native forks, keeps the fork links the engine owns (see
 * fork-links.ts) as the built-in drivers report them: a fork stops naming its parent when the parent deletes
 * an entry the fork shared (at or before its fork point), or is deleted.
 */
export interface LogOperations {
  /** A record as users see it (with its fork link). */
  record(d: LogDriverV1, record: SessionRecord): Promise<SessionRecord>;
  /** `MemoryStoreV1.deleteSession`. */
  deleteSession(d: LogDriverV1, scope: Scope, sessionId: string): Promise<void>;
  /** `MemoryStoreV1.getMessages`. */
  getMessages(d: LogDriverV1, scope: Scope, sessionId: string, ids: readonly string[]): Promise<LogEntry[]>;
  /** `MemoryStoreV1.deleteMessages`. */
  deleteMessages(d: LogDriverV1, scope: Scope, sessionId: string, ids: readonly string[]): Promise<number>;
  /** `MemoryStoreV1.clearMessages`. */
  clearMessages(d: LogDriverV1, scope: Scope, sessionId: string): Promise<number>;
  /** `MemoryStoreV1.replaceMessages`. */
  replaceMessages(
    d: LogDriverV1,
    scope: Scope,
    sessionId: string,
    inputs: readonly AppendInput[],
  ): Promise<LogEntry[]>;
  /** `MemoryStoreV1.searchMessages`. */
  searchMessages(d: LogDriverV1, scope: Scope, query: SearchQuery): Promise<SearchHit[]>;
}

/** The operations for a driver: `copyForks` when the engine owns the fork links (no `nativeForks`). */
export function createLogOperations(copyForks: boolean, limits: InputLimits): LogOperations {
  const { component } = limits;
  const getMessages = (d: LogDriverV1, scope: Scope, sessionId: string, ids: readonly string[]) =>
    d.getMessages ? d.getMessages(scope, sessionId, ids) : getMessagesByRead(d, scope, sessionId, ids);
  const clear = (d: LogDriverV1, scope: Scope, sessionId: string) =>
    d.clearMessages ? d.clearMessages(scope, sessionId) : clearByDelete(d, scope, sessionId);
  const replace = (
    d: LogDriverV1,
    scope: Scope,
    sessionId: string,
    inputs: readonly AppendInput[],
    prepared?: PreparedInput[],
  ) => {
    if (d.replaceMessages) return d.replaceMessages(scope, sessionId, inputs);
    checkSessionId(sessionId, component);
    return replaceByPlan(d, scope, sessionId, prepared ?? prepareInputs(limits, inputs));
  };
  /** The fork link of a session whose entries may go: undefined when no fork shares any. */
  const linkWithForks = async (d: LogDriverV1, scope: Scope, sessionId: string) => {
    if (!copyForks) return undefined;
    checkSessionId(sessionId, component);
    const link = await readForkLink(d, scope, sessionId, component);
    return link.forks.length > 0 ? link : undefined;
  };

  return {
    record: (d, record) => (copyForks ? withForkLink(d, record, component) : Promise.resolve(record)),

    async deleteSession(d, scope, sessionId) {
      if (copyForks) {
        checkSessionId(sessionId, component);
        await unlinkSession(d, scope, sessionId, component);
      }
      await d.deleteSession(scope, sessionId);
    },

    getMessages,

    async deleteMessages(d, scope, sessionId, ids) {
      if (copyForks) checkIdList(ids, component);
      const link = await linkWithForks(d, scope, sessionId);
      if (!link) return d.deleteMessages(scope, sessionId, ids);
      const going = await getMessages(d, scope, sessionId, ids);
      const count = await d.deleteMessages(scope, sessionId, ids);
      if (going[0]) await detachForks(d, scope, sessionId, link, going[0].seq, component);
      return count;
    },

    async clearMessages(d, scope, sessionId) {
      const link = await linkWithForks(d, scope, sessionId);
      if (!link) return clear(d, scope, sessionId);
      const [first] = await d.readRange(scope, sessionId, { limit: 1 });
      const count = await clear(d, scope, sessionId);
      if (first && count > 0) await detachForks(d, scope, sessionId, link, first.seq, component);
      return count;
    },

    async replaceMessages(d, scope, sessionId, inputs) {
      if (!copyForks) return replace(d, scope, sessionId, inputs);
      checkSessionId(sessionId, component);
      // Bad inputs are refused before the session lookup, as the built-in drivers do.
      const prepared = prepareInputs(limits, inputs);
      const link = await linkWithForks(d, scope, sessionId);
      if (!link) return replace(d, scope, sessionId, inputs, prepared);
      const before = await d.readRange(scope, sessionId);
      const after = await replace(d, scope, sessionId, inputs, prepared);
      const gone = firstGone(before, after);
      if (gone !== undefined) await detachForks(d, scope, sessionId, link, gone, component);
      return after;
    },

    searchMessages: (d, scope, query) =>
      d.searchMessages ? d.searchMessages(scope, query) : searchByScan(d, scope, query),
  };
}
