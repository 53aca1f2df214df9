import type { LogEntry } from '../../core/message.ts';
import type { Scope } from '../../core/scope.ts';
import { planAppend } from '../../store/append-plan.ts';
import { checkIdList, checkRangeQuery, checkTokenTotal, prepareInputs } from '../../store/check-inputs.ts';
import type { LogDriverV1 } from '../../store/log-driver.ts';
import { appendRow, applyDeletion, planDeletion } from '../../store/log-index.ts';
import { checkLogAppend, liveByIds, logStats, readLog } from '../../store/log-index-reads.ts';
import type { AppendInput, AppendOptions, RangeQuery } from '../../store/memory-store.ts';
import { planReplace } from '../../store/replace-plan.ts';
import { checkSessionId } from '../../store/store-helpers.ts';
import { detachForks } from './memory-forks.ts';
import { component, findSession, type MemoryTables, sessionKey } from './memory-tables.ts';

type LogMethods = Pick<
  LogDriverV1,
  'append' | 'readRange' | 'getMessages' | 'stats' | 'deleteMessages' | 'clearMessages' | 'replaceMessages'
>;

/**
 * The in-process store's log methods, on the shared log index (log-index.ts): stored entries are deep-frozen
 * copies, handed out without copying; `getMessages`, `clearMessages` and `replaceMessages` are native.
 */
export function memoryLogMethods(t: MemoryTables, maxMessageBytes: number): LogMethods {
  const limits = { component, maxMessageBytes };

  /** Synchronous, so a conditional append's check and its write are one step no other call comes between. */
  const append = (
    scope: Scope,
    sessionId: string,
    inputs: readonly AppendInput[],
    options?: AppendOptions,
  ): LogEntry[] => {
    checkSessionId(sessionId, component);
    const prepared = prepareInputs(limits, inputs);
    checkLogAppend(t.sessions.get(sessionKey(scope, sessionId))?.log, options, sessionId, component);
    const data = findSession(t, scope, sessionId);
    const { added, result, tokens } = planAppend(data.log, prepared, component);
    checkTokenTotal(logStats(data.log).tokens, tokens, sessionId, component);
    for (const entry of added) appendRow(data.log, entry);
    if (added.length > 0) data.record.updatedAt = new Date();
    return result;
  };

  const deleteMessages = (scope: Scope, sessionId: string, ids: readonly string[]): number => {
    checkIdList(ids, component);
    const data = findSession(t, scope, sessionId);
    const deletion = planDeletion(data.log, ids);
    if (deletion.count === 0) return 0;
    // Copy-on-delete: forks that share an entry about to go get their own copy of what they inherit first.
    detachForks(t, data, deletion.fromSeq);
    applyDeletion(data.log, deletion);
    data.record.updatedAt = new Date();
    return deletion.count;
  };

  return {
    append: async (scope, sessionId, inputs, options) => append(scope, sessionId, inputs, options),

    async readRange(scope, sessionId, query: RangeQuery = {}) {
      checkRangeQuery(query, component);
      return readLog(findSession(t, scope, sessionId).log, query);
    },

    async getMessages(scope, sessionId, ids) {
      checkIdList(ids, component);
      return liveByIds(findSession(t, scope, sessionId).log, ids);
    },

    stats: async (scope, sessionId) => logStats(findSession(t, scope, sessionId).log),

    deleteMessages: async (scope, sessionId, ids) => deleteMessages(scope, sessionId, ids),

    async clearMessages(scope, sessionId) {
      const data = findSession(t, scope, sessionId);
      return deleteMessages(
        scope,
        sessionId,
        readLog(data.log).map((e) => e.message.id),
      );
    },

    async replaceMessages(scope, sessionId, inputs: readonly AppendInput[]) {
      checkSessionId(sessionId, component);
      const prepared = prepareInputs(limits, inputs);
      const plan = planReplace(readLog(findSession(t, scope, sessionId).log), prepared, sessionId, component);
      // Everything that can fail was checked above, and both halves run synchronously, so no other call ever
      // sees the log between the tombstones and the appends.
      deleteMessages(scope, sessionId, plan.remove);
      const appended = append(
        scope,
        sessionId,
        plan.rest.map((p) => p.input),
      );
      return [...plan.kept, ...appended];
    },
  };
}
