import type { HasContentItems } from '../../content/content-store-v1.ts';
import { checkOptions } from '../../core/check-options.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { checkId, createId, isValidId } from '../../core/ids.ts';
import type { LogEntry } from '../../core/message.ts';
import { checkScope, type Scope } from '../../core/scope.ts';
import type { HasLongTermRecords } from '../../longterm/long-term-store-v1.ts';
import { createMemoryLongTermRecords } from '../../longterm/memory-long-term-records.ts';
import { checkJsonValue } from '../../messages/check-json-value.ts';
import { copyJsonValue } from '../../messages/json-value.ts';
import { messageText } from '../../messages/serialize.ts';
import {
  checkIdList,
  checkListOptions,
  checkRangeQuery,
  checkSearchQuery,
  checkTokenTotal,
  type PreparedInput,
  prepareInputs,
} from '../../store/check-inputs.ts';
import { checkArtifact, checkSessionMetadata } from '../../store/check-values.ts';
import { appendRow, linkFork, type SessionLog, unlinkLog } from '../../store/log-index.ts';
import { findLive, liveByIds, logStats, readLog } from '../../store/log-index-reads.ts';
import type { Artifact, LogStats, MemoryStoreV1, SearchHit } from '../../store/memory-store.ts';
import { planReplace } from '../../store/replace-plan.ts';
import { checkStateKey } from '../../store/state-scope.ts';
import { appendEntry, checkSessionId, sessionNotFound, visibleToScope } from '../../store/store-helpers.ts';
import { createJsonFileContentItems } from './content-files.ts';
import { acquireFolderLock, type FolderLock } from './folder-lock.ts';
import { upgradeLayout } from './layout-upgrade.ts';
import { appendLines, deleteIds, materializeForks, replaceLog } from './log-writes.ts';
import { createJsonFileLongTermJournal } from './longterm-journal.ts';
import { cacheKey, entryLine, fromDocument, type SessionData } from './session-log.ts';
import { createStateSlots, type TenantStates } from './state-slots.ts';
import { TenantFiles } from './tenant-files.ts';

const component = 'json-file';

/** Options of {@link createJsonFileStore}. */
export interface JsonFileStoreOptions {
  /** The directory that holds one folder per tenant (created when missing). */
  directory: string;
  /** Largest serialized message accepted, in bytes. @default 16 MiB */
  maxMessageBytes?: number;
}

/** One tenant's cache: loaded sessions (null: known missing), whether the folder was listed, its states. */
export interface TenantCache {
  tenant: string;
  files: TenantFiles;
  /** By `<owner key>\u0000<session id>` (see `cacheKey`). */
  sessions: Map<string, SessionData | null>;
  listed: boolean;
  states: TenantStates | undefined;
}

/**
 * A durable single-process store in plain files (seed 002's JsonSession). One handle at a time owns the
 * directory: its first operation takes `<directory>/_engram.lock` (pid, process start time, nonce; see
 * `acquireFolderLock`), `close()` releases it, and a lock left by a dead process is taken over; while another
 * handle, in this process or another, holds it, every operation throws `STORE_ERROR` and changes nothing. Per tenant folder
 * `<directory>/<encoded tenant>/`, a session's files sit in its owner's folder: the tenant folder for the tenant
 * itself, `_user/<user>/`, `_agent/<agent>/` or `_user/<user>/_agent/<agent>/` below it. There
 * `<encoded session id>.json` is the session document (seed 002's JsonSession)
 * `{ sessionId, components: { <component>: state, …, "engram.session": record, "engram.state": {…}, "engram.artifacts": [...] }, timestamp }`.
 * Its components are exactly what `SessionManager.forSessionId(id).saveSession()` saved (the state key
 * `session:<id>:engram.components`), one per registered StateModule, and `timestamp` is that save's; the
 * `engram.*` components are the driver's own: `engram.session` (the session record), `engram.state` (the
 * session's other state keys `session:<id>:<name>`, as `{ <name>: value }`) and `engram.artifacts`, the last two
 * only when not empty. Every state key is independent of the others (see `withStateValue`). Only the session's
 * owner can reach its state, so no two owners share a document. The document is rewritten atomically (temp
 * file, fsync, rename) on every change but messages; `<encoded session id>.messages.jsonl` is the log, one
 * fsynced line per appended entry or tombstone (`{"op":"delete",...}`; a `replaceMessages` rewrites it
 * atomically); the tenant's `_state.json` holds the state keys that name no session, by owner.
 * `<directory>/_engram.json` marks the layout; an older directory is upgraded on first use (see
 * `upgradeLayout`). Sessions load lazily and stay cached; a torn last log line (a crash mid-write) is ignored.
 * Content items live beside an owner's sessions, in `_content/<encoded space>/` (see `createJsonFileContentItems`).
 */
export function createJsonFileStore(
  options: JsonFileStoreOptions,
): MemoryStoreV1 & HasContentItems & HasLongTermRecords {
  checkOptions(options, 'createJsonFileStore', 'json-file');
  const maxBytes = options.maxMessageBytes ?? 16 * 1024 * 1024;
  const tenants = new Map<string, TenantCache>();
  let closed = false;
  let queue: Promise<unknown> = Promise.resolve();
  let upgraded = false;
  let lock: FolderLock | undefined;

  /** Runs `fn` alone (operations never interleave), after checking the store and the scope. */
  const op = <T>(scope: Scope, fn: (t: TenantCache) => Promise<T>): Promise<T> => {
    const run = async () => {
      if (closed) throw new MemoryError({ code: 'STORE_CLOSED', component, message: 'store is closed' });
      checkScope(scope, component);
      lock ??= await acquireFolderLock(options.directory, component);
      if (!upgraded) {
        await upgradeLayout(options.directory);
        upgraded = true;
      }
      let t = tenants.get(scope.tenant);
      if (!t) {
        t = {
          tenant: scope.tenant,
          files: new TenantFiles(options.directory, scope.tenant),
          sessions: new Map(),
          listed: false,
          states: undefined,
        };
        tenants.set(scope.tenant, t);
      }
      return fn(t);
    };
    const result = queue.then(run, run);
    queue = result.catch(() => undefined);
    return result;
  };

  /** The session `id` owned by exactly `owner`, loaded once (with its parent, for a fork). */
  const load = async (t: TenantCache, owner: Scope, id: string): Promise<SessionData | undefined> => {
    const key = cacheKey({ scope: owner, id });
    const cached = t.sessions.get(key);
    if (cached !== undefined) return cached ?? undefined;
    const data = await t.files.loadSession({ scope: owner, id });
    if (data?.record.parentId !== undefined) {
      const at = data.record.forkedAtSeq ?? 0;
      const parent = await load(t, data.parentOwner ?? data.record.scope, data.record.parentId);
      // A fork whose log already holds the shared prefix (a crash while its parent was deleted) stands alone.
      const holdsPrefix = (data.log.rows[0]?.entry.seq ?? Number.POSITIVE_INFINITY) <= at;
      if (parent && !holdsPrefix) linkFork(data.log, parent.log, at);
      else {
        data.seqFloor = Math.max(data.seqFloor, at);
        delete data.record.parentId;
        delete data.record.forkedAtSeq;
      }
    }
    // Hides matter to a linked fork only (a materialized fork's log keeps them for a crash before its document).
    if (data && !data.log.parent) data.log.hidden.clear();
    t.sessions.set(key, data ?? null);
    return data;
  };

  /** The session `id` owned by exactly `scope`, or SESSION_NOT_FOUND. */
  const session = async (t: TenantCache, scope: Scope, id: string): Promise<SessionData> => {
    checkSessionId(id, component);
    const data = await load(t, scope, id);
    if (!data) throw sessionNotFound(id, component);
    return data;
  };

  const all = async (t: TenantCache): Promise<SessionData[]> => {
    if (!t.listed) {
      for (const ref of await t.files.sessionRefs()) await load(t, ref.scope, ref.id);
      t.listed = true;
    }
    return [...t.sessions.values()].filter((d): d is SessionData => d !== null);
  };

  const slots = createStateSlots({ load, component });

  const store: MemoryStoreV1 & HasContentItems & HasLongTermRecords = {
    contentItems: createJsonFileContentItems((scope, fn) => op(scope, (t) => fn(t.files.dir))),
    longTermRecords: createMemoryLongTermRecords({
      component,
      isClosed: () => closed,
      journal: createJsonFileLongTermJournal((scope, fn) => op(scope, (t) => fn(t.files.dir))),
    }),
    specificationVersion: 'v1',
    name: 'json-file',
    capabilities: { fullTextSearch: false, vectorSearch: false, multiProcess: false, durable: true },

    createSession: (scope, input = {}) =>
      op(scope, async (t) => {
        const id = input.id ?? createId('ses');
        checkSessionId(id, component);
        checkSessionMetadata(input.metadata ?? {}, component);
        if (await load(t, scope, id)) {
          throw new MemoryError({
            code: 'INVALID_ARGUMENT',
            component,
            message: `session "${id}" already exists`,
          });
        }
        let parent: SessionData | undefined;
        if (input.fork) {
          parent = await session(t, scope, input.fork.parentId);
          const { atSeq } = input.fork;
          if (!Number.isInteger(atSeq) || atSeq < 0 || atSeq > parent.log.lastSeq) {
            throw new MemoryError({
              code: 'INVALID_ARGUMENT',
              component,
              message: `fork.atSeq must be an integer in 0..${parent.log.lastSeq}, got ${atSeq}`,
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
      op(scope, async (t) => {
        if (!isValidId(sessionId)) return undefined;
        const data = await load(t, scope, sessionId);
        return data ? structuredClone(data.record) : undefined;
      }),

    listSessions: (scope, options = {}) =>
      op(scope, async (t) => {
        checkListOptions(options, component);
        const out = (await all(t))
          .map((d) => d.record)
          .filter((r) => visibleToScope(r.scope, scope) && !(options.before && r.createdAt >= options.before))
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
          .map((r) => structuredClone(r));
        return options.limit === undefined ? out : out.slice(0, options.limit);
      }),

    updateSession: (scope, sessionId, metadata) =>
      op(scope, async (t) => {
        const data = await session(t, scope, sessionId);
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

    deleteSession: (scope, sessionId) =>
      op(scope, async (t) => {
        const data = await session(t, scope, sessionId);
        await all(t);
        await materializeForks(t, data);
        await t.files.removeSession(data.record);
        unlinkLog(data.log);
        t.sessions.set(cacheKey(data.record), null);
      }),

    append: (scope, sessionId, inputs) =>
      op(scope, async (t) => {
        checkSessionId(sessionId, component);
        const prepared = prepareInputs({ component, maxMessageBytes: maxBytes }, inputs);
        const data = await session(t, scope, sessionId);
        const { planned, result } = numberInputs(data.log, prepared, new Set());
        if (planned.length === 0) return result;
        let added = 0;
        for (const entry of planned) added += entry.tokens;
        checkTokenTotal(logStats(data.log).tokens, added, sessionId, component);
        const now = new Date();
        await appendLines(t, data, planned.map((e) => entryLine(e, now)).join(''));
        for (const entry of planned) appendRow(data.log, entry);
        data.record.updatedAt = now;
        return result;
      }),

    replaceMessages: (scope, sessionId, inputs) =>
      op(scope, async (t) => {
        checkSessionId(sessionId, component);
        const prepared = prepareInputs({ component, maxMessageBytes: maxBytes }, inputs);
        const data = await session(t, scope, sessionId);
        const plan = planReplace(readLog(data.log), prepared, sessionId, component);
        const removed = new Set(plan.remove);
        const { planned, result } = numberInputs(data.log, plan.rest, removed);
        await replaceLog(t, data, removed, planned, () => all(t));
        return [...plan.kept, ...result];
      }),

    readRange: (scope, sessionId, query = {}) =>
      op(scope, async (t) => {
        checkRangeQuery(query, component);
        return readLog((await session(t, scope, sessionId)).log, query);
      }),

    getMessages: (scope, sessionId, ids) =>
      op(scope, async (t) => {
        const wanted = checkIdList(ids, component);
        return liveByIds((await session(t, scope, sessionId)).log, wanted);
      }),

    stats: (scope, sessionId) =>
      op(scope, async (t): Promise<LogStats> => logStats((await session(t, scope, sessionId)).log)),

    deleteMessages: (scope, sessionId, ids) =>
      op(scope, async (t) => {
        const wanted = checkIdList(ids, component);
        return deleteIds(t, await session(t, scope, sessionId), wanted, () => all(t));
      }),

    clearMessages: (scope, sessionId) =>
      op(scope, async (t) => {
        const data = await session(t, scope, sessionId);
        const ids = readLog(data.log).map((e) => e.message.id);
        return deleteIds(t, data, ids, () => all(t));
      }),

    searchMessages: (scope, query) =>
      op(scope, async (t): Promise<SearchHit[]> => {
        checkSearchQuery(query, component);
        const needle = query.text.toLowerCase().trim();
        const candidates =
          query.sessionId !== undefined
            ? [await session(t, scope, query.sessionId)]
            : (await all(t)).filter((d) => visibleToScope(d.record.scope, scope));
        if (needle === '') return [];
        const hits: SearchHit[] = [];
        for (const data of candidates) {
          for (const entry of readLog(data.log)) {
            const at = messageText(entry.message).toLowerCase().indexOf(needle);
            if (at >= 0) {
              const { id, scope: owner } = data.record;
              hits.push({ sessionId: id, scope: { ...owner }, entry, score: 1 / (1 + at) });
            }
          }
        }
        hits.sort((a, b) => b.score - a.score || b.entry.seq - a.entry.seq);
        return hits.slice(0, query.limit ?? 20);
      }),

    putArtifact: (scope, sessionId, artifact) =>
      op(scope, async (t) => {
        const data = await session(t, scope, sessionId);
        checkArtifact(artifact, component);
        const stored: Artifact = { ...copyJsonValue(artifact), createdAt: new Date() };
        const previous = data.artifacts.get(artifact.id);
        data.artifacts.set(artifact.id, stored);
        try {
          await t.files.saveDocument(data);
        } catch (error) {
          if (previous) data.artifacts.set(artifact.id, previous);
          else data.artifacts.delete(artifact.id);
          throw error;
        }
        return structuredClone(stored);
      }),

    listArtifacts: (scope, sessionId, kind) =>
      op(scope, async (t) => {
        if (kind !== undefined) checkId(kind, 'kind', component);
        return [...(await session(t, scope, sessionId)).artifacts.values()]
          .filter((a) => kind === undefined || a.kind === kind)
          .sort((a, b) => a.toSeq - b.toSeq)
          .map((a) => structuredClone(a));
      }),

    deleteArtifact: (scope, sessionId, artifactId) =>
      op(scope, async (t) => {
        const data = await session(t, scope, sessionId);
        checkId(artifactId, 'artifact id', component);
        const previous = data.artifacts.get(artifactId);
        if (!previous) return false;
        data.artifacts.delete(artifactId);
        try {
          await t.files.saveDocument(data);
        } catch (error) {
          data.artifacts.set(artifactId, previous);
          throw error;
        }
        return true;
      }),

    putState: (scope, key, state) =>
      op(scope, (t) => {
        checkStateKey(key, component);
        checkJsonValue(state, 'state', component);
        return slots.put(t, scope, key, state);
      }),
    getState: (scope, key) =>
      op(scope, (t) => {
        checkStateKey(key, component);
        return slots.get(t, scope, key);
      }),
    deleteState: (scope, key) =>
      op(scope, (t) => {
        checkStateKey(key, component);
        return slots.delete(t, scope, key);
      }),

    async close() {
      await queue;
      closed = true;
      await lock?.release();
      lock = undefined;
    },
  };

  return store;
}

/**
 * What appending `prepared` to `log` yields, as `append` defines it (ids in `free` count as deleted): the new
 * entries, numbered after `lastSeq`, and each input's entry (the live one for an idempotent repeat).
 */
function numberInputs(
  log: SessionLog,
  prepared: readonly PreparedInput[],
  free: ReadonlySet<string>,
): { planned: LogEntry[]; result: LogEntry[] } {
  const seen = new Map<string, LogEntry>();
  const planned: LogEntry[] = [];
  const result: LogEntry[] = [];
  let seq = log.lastSeq;
  for (const { input, json } of prepared) {
    const id = input.message.id;
    const existing = seen.get(id) ?? (free.has(id) ? undefined : findLive(log, id));
    const { entry, isNew } = appendEntry(existing, input, json, seq + 1, component);
    result.push(entry);
    if (!isNew) continue;
    seq++;
    planned.push(entry);
    seen.set(id, entry);
  }
  return { planned, result };
}
