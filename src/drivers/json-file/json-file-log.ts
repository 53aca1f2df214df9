import { planAppend } from '../../store/append-plan.ts';
import { checkIdList, checkRangeQuery, checkTokenTotal, prepareInputs } from '../../store/check-inputs.ts';
import type { LogDriverV1 } from '../../store/log-driver.ts';
import { appendRow } from '../../store/log-index.ts';
import { checkLogAppend, liveByIds, logStats, readLog } from '../../store/log-index-reads.ts';
import type { SearchHit } from '../../store/memory-store.ts';
import { planReplace } from '../../store/replace-plan.ts';
import { collectSubstringHits, rankHits, substringNeedle } from '../../store/search-fallback.ts';
import { checkSessionId, visibleToScope } from '../../store/store-helpers.ts';
import { component, type JsonFileContext } from './json-file-context.ts';
import { appendLines, deleteIds, replaceLog } from './log-writes.ts';
import { entryLine } from './session-log.ts';

type LogMethods = Pick<
  LogDriverV1,
  | 'append'
  | 'readRange'
  | 'getMessages'
  | 'stats'
  | 'deleteMessages'
  | 'clearMessages'
  | 'replaceMessages'
  | 'searchMessages'
>;

/**
 * The json-file store's log methods, on the shared log index of each loaded session: an append is one fsynced
 * write of its lines, a delete one of its tombstones, a replace one atomic rewrite of the log file (log-writes.ts);
 * search is the engine's substring scan on the loaded logs.
 */
export function jsonFileLogMethods(c: JsonFileContext, maxMessageBytes: number): LogMethods {
  const limits = { component, maxMessageBytes };
  return {
    append: (scope, sessionId, inputs, options) =>
      c.op(scope, async (t) => {
        checkSessionId(sessionId, component);
        const prepared = prepareInputs(limits, inputs);
        // Operations run one at a time holding the folder's lock: nothing comes between this check and the write.
        checkLogAppend((await c.load(t, scope, sessionId))?.log, options, sessionId, component);
        const data = await c.session(t, scope, sessionId);
        const { added, result, tokens } = planAppend(data.log, prepared, component);
        if (added.length === 0) return result;
        checkTokenTotal(logStats(data.log).tokens, tokens, sessionId, component);
        const now = new Date();
        await appendLines(
          t,
          data,
          added.map((e) => entryLine(e, now)),
        );
        for (const entry of added) appendRow(data.log, entry);
        data.record.updatedAt = now;
        return result;
      }),

    replaceMessages: (scope, sessionId, inputs) =>
      c.op(scope, async (t) => {
        checkSessionId(sessionId, component);
        const prepared = prepareInputs(limits, inputs);
        const data = await c.session(t, scope, sessionId);
        const plan = planReplace(readLog(data.log), prepared, sessionId, component);
        const removed = new Set(plan.remove);
        const { added, result } = planAppend(data.log, plan.rest, component, removed);
        await replaceLog(t, data, removed, added, () => c.all(t));
        return [...plan.kept, ...result];
      }),

    readRange: (scope, sessionId, query = {}) =>
      c.op(scope, async (t) => {
        checkRangeQuery(query, component);
        return readLog((await c.session(t, scope, sessionId)).log, query);
      }),

    getMessages: (scope, sessionId, ids) =>
      c.op(scope, async (t) => {
        const wanted = checkIdList(ids, component);
        return liveByIds((await c.session(t, scope, sessionId)).log, wanted);
      }),

    stats: (scope, sessionId) =>
      c.op(scope, async (t) => logStats((await c.session(t, scope, sessionId)).log)),

    deleteMessages: (scope, sessionId, ids) =>
      c.op(scope, async (t) => {
        const wanted = checkIdList(ids, component);
        return deleteIds(t, await c.session(t, scope, sessionId), wanted, () => c.all(t));
      }),

    clearMessages: (scope, sessionId) =>
      c.op(scope, async (t) => {
        const data = await c.session(t, scope, sessionId);
        const ids = readLog(data.log).map((e) => e.message.id);
        return deleteIds(t, data, ids, () => c.all(t));
      }),

    searchMessages: (scope, query) =>
      c.op(scope, async (t): Promise<SearchHit[]> => {
        const needle = substringNeedle(query, component);
        const candidates =
          query.sessionId !== undefined
            ? [await c.session(t, scope, query.sessionId)]
            : (await c.all(t)).filter((d) => visibleToScope(d.record.scope, scope));
        if (needle === '') return [];
        const hits: SearchHit[] = [];
        for (const data of candidates) collectSubstringHits(data.record, readLog(data.log), needle, hits);
        return rankHits(hits, query.limit ?? 20);
      }),
  };
}
