import { describeValue } from '../../core/errors/describe-value.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { createId, isValidId } from '../../core/ids.ts';
import { copyJsonValue } from '../../messages/json-value.ts';
import {
  checkDeleteCondition,
  checkDeleteSessionOptions,
  checkListOptions,
} from '../../store/check-inputs.ts';
import { checkSessionMetadata } from '../../store/check-values.ts';
import type { LogDriverV1 } from '../../store/log-driver.ts';
import { linkFork, unlinkLog } from '../../store/log-index.ts';
import { checkSessionId, sessionExists, visibleToScope } from '../../store/store-helpers.ts';
import { component, type JsonFileContext } from './json-file-context.ts';
import { materializeForks } from './log-writes.ts';
import { cacheKey, fromDocument, type SessionData } from './session-log.ts';

/** The json-file store's session methods: a session's record lives in its document (`engram.session`). */
export function jsonFileSessionMethods(
  c: JsonFileContext,
): Pick<LogDriverV1, 'createSession' | 'getSession' | 'listSessions' | 'updateSession' | 'deleteSession'> {
  return {
    createSession: (scope, input = {}) =>
      c.op(scope, async (t) => {
        const id = input.id ?? createId('ses');
        checkSessionId(id, component);
        checkSessionMetadata(input.metadata ?? {}, component);
        if (await c.load(t, scope, id)) throw sessionExists(id, component);
        let parent: SessionData | undefined;
        if (input.fork) {
          parent = await c.session(t, scope, input.fork.parentId);
          const { atSeq } = input.fork;
          if (!Number.isInteger(atSeq) || atSeq < 0 || atSeq > parent.log.lastSeq) {
            throw new MemoryError({
              code: 'INVALID_ARGUMENT',
              component,
              message: `fork.atSeq must be an integer in 0..${parent.log.lastSeq}, got ${describeValue(atSeq)}`,
            });
          }
        }
        const now = new Date();
        const data = fromDocument({
          sessionId: id,
          timestamp: now.toISOString(),
          components: {
            'engram.session': {
              id,
              scope: { ...scope },
              metadata: copyJsonValue(input.metadata ?? {}),
              createdAt: now.toISOString(),
              updatedAt: now.toISOString(),
              ...(input.fork ? { parentId: input.fork.parentId, forkedAtSeq: input.fork.atSeq } : {}),
            },
          },
        });
        await t.files.removeSession(data.record); // a stale log left by a crash during deleteSession
        await t.files.saveDocument(data);
        if (parent && input.fork) linkFork(data.log, parent.log, input.fork.atSeq);
        t.sessions.set(cacheKey(data.record), data);
        return structuredClone(data.record);
      }),

    getSession: (scope, sessionId) =>
      c.op(scope, async (t) => {
        if (!isValidId(sessionId)) return undefined;
        const data = await c.load(t, scope, sessionId);
        return data ? structuredClone(data.record) : undefined;
      }),

    listSessions: (scope, options = {}) =>
      c.op(scope, async (t) => {
        checkListOptions(options, component);
        const out = (await c.all(t))
          .map((d) => d.record)
          .filter((r) => visibleToScope(r.scope, scope) && !(options.before && r.createdAt >= options.before))
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
          .map((r) => structuredClone(r));
        return options.limit === undefined ? out : out.slice(0, options.limit);
      }),

    updateSession: (scope, sessionId, metadata) =>
      c.op(scope, async (t) => {
        const data = await c.session(t, scope, sessionId);
        checkSessionMetadata(metadata, component);
        const previous = data.record;
        data.record = { ...previous, metadata: copyJsonValue(metadata), updatedAt: new Date() };
        try {
          await t.files.saveDocument(data);
        } catch (error) {
          data.record = previous;
          throw error;
        }
        return structuredClone(data.record);
      }),

    deleteSession: (scope, sessionId, options) =>
      c.op(scope, async (t) => {
        const condition = checkDeleteSessionOptions(options, component);
        checkSessionId(sessionId, component);
        // Operations run one at a time holding the folder's lock: nothing comes between this check and the delete.
        if (condition !== undefined) {
          const found = await c.load(t, scope, sessionId);
          checkDeleteCondition(
            found && { logId: found.log.logId, updatedAt: found.record.updatedAt },
            condition,
            sessionId,
            component,
          );
        }
        const data = await c.session(t, scope, sessionId);
        await c.all(t);
        await materializeForks(t, data);
        await t.files.removeSession(data.record);
        unlinkLog(data.log);
        t.sessions.set(cacheKey(data.record), null);
      }),
  };
}
