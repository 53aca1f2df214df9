import { createId } from '../../core/ids.ts';
import { copyJsonValue } from '../../messages/json-value.ts';
import {
  checkDeleteCondition,
  checkDeleteSessionOptions,
  checkListOptions,
} from '../../store/check-inputs.ts';
import { checkSessionMetadata } from '../../store/check-values.ts';
import type { LogDriverV1 } from '../../store/log-driver.ts';
import { createSessionLog, linkFork, unlinkLog } from '../../store/log-index.ts';
import type { CreateSessionInput, SessionRecord } from '../../store/memory-store.ts';
import { stateKeySession } from '../../store/state-scope.ts';
import { checkSessionId, sessionExists, visibleToScope } from '../../store/store-helpers.ts';
import { detachForks, forkParent } from './memory-forks.ts';
import { component, findSession, type MemoryTables, sessionKey } from './memory-tables.ts';

/** The in-process store's session methods (records are handed out as copies). */
export function memorySessionMethods(
  t: MemoryTables,
): Pick<LogDriverV1, 'createSession' | 'getSession' | 'listSessions' | 'updateSession' | 'deleteSession'> {
  return {
    async createSession(scope, input: CreateSessionInput = {}) {
      const id = input.id ?? createId('ses');
      checkSessionId(id, component);
      checkSessionMetadata(input.metadata ?? {}, component);
      if (t.sessions.has(sessionKey(scope, id))) throw sessionExists(id, component);
      const parent = input.fork ? forkParent(t, scope, input.fork) : undefined;
      const now = new Date();
      const record: SessionRecord = {
        id,
        scope: { ...scope },
        metadata: copyJsonValue(input.metadata ?? {}),
        createdAt: now,
        updatedAt: now,
        ...(input.fork ? { parentId: input.fork.parentId, forkedAtSeq: input.fork.atSeq } : {}),
      };
      const log = createSessionLog(id);
      if (parent && input.fork) linkFork(log, parent.log, input.fork.atSeq);
      t.sessions.set(sessionKey(scope, id), { record, log, artifacts: new Map() });
      return structuredClone(record);
    },

    async getSession(scope, sessionId) {
      // A string that breaks the id rule names no session (undefined, as in every driver); another type is refused.
      if (typeof sessionId !== 'string') checkSessionId(sessionId, component);
      const data = t.sessions.get(sessionKey(scope, sessionId));
      return data ? structuredClone(data.record) : undefined;
    },

    async listSessions(scope, options = {}) {
      checkListOptions(options, component);
      const out: SessionRecord[] = [];
      for (const data of t.sessions.values()) {
        const r = data.record;
        if (!visibleToScope(r.scope, scope)) continue;
        if (options.before && r.createdAt >= options.before) continue;
        out.push(structuredClone(r));
      }
      out.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
      return options.limit === undefined ? out : out.slice(0, options.limit);
    },

    async updateSession(scope, sessionId, metadata) {
      const data = findSession(t, scope, sessionId);
      checkSessionMetadata(metadata, component);
      data.record.metadata = copyJsonValue(metadata);
      data.record.updatedAt = new Date();
      return structuredClone(data.record);
    },

    async deleteSession(scope, sessionId, options) {
      const condition = checkDeleteSessionOptions(options, component);
      checkSessionId(sessionId, component);
      // Synchronous from here: a conditional delete's check and the delete are one step no other call comes between.
      const found = t.sessions.get(sessionKey(scope, sessionId));
      checkDeleteCondition(
        found && { logId: found.log.logId, updatedAt: found.record.updatedAt },
        condition,
        sessionId,
        component,
      );
      const data = findSession(t, scope, sessionId);
      // Forks keep what they share: materialize the inherited prefix into each child before removing the parent.
      detachForks(t, data, 0);
      unlinkLog(data.log);
      t.sessions.delete(sessionKey(scope, sessionId));
      // Its state: the owner's keys that name exactly this session (no other owner can write any).
      const mine = sessionKey(scope, '');
      for (const [k, v] of [...t.states])
        if (k.startsWith(mine) && stateKeySession(v.key) === data.record.id) t.states.delete(k);
    },
  };
}
