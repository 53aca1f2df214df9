import type { JSONValue } from 'ai';
import type { HasContentItems } from '../../content/content-store-v1.ts';
import { createMemoryContentItems } from '../../content/memory-content-items.ts';
import { checkOptions } from '../../core/check-options.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { checkId, createId } from '../../core/ids.ts';
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
  prepareInputs,
} from '../../store/check-inputs.ts';
import { checkArtifact, checkSessionMetadata } from '../../store/check-values.ts';
import {
  appendRow,
  applyDeletion,
  createSessionLog,
  detachFork,
  forksSharing,
  linkFork,
  planDeletion,
  type SessionLog,
  unlinkLog,
} from '../../store/log-index.ts';
import { findLive, liveByIds, logStats, readLog } from '../../store/log-index-reads.ts';
import type {
  AppendInput,
  Artifact,
  CreateSessionInput,
  LogStats,
  MemoryStoreV1,
  RangeQuery,
  SearchHit,
  SearchQuery,
  SessionRecord,
} from '../../store/memory-store.ts';
import { planReplace } from '../../store/replace-plan.ts';
import { checkStateKey, ownerKey, stateKeySession } from '../../store/state-scope.ts';
import { appendEntry, checkSessionId, sessionNotFound, visibleToScope } from '../../store/store-helpers.ts';

interface SessionData {
  record: SessionRecord;
  /** The log (own rows, fork link, counts): see log-index.ts. */
  log: SessionLog;
  artifacts: Map<string, Artifact>;
}

/** Options of the in-process store. */
export interface MemoryDriverOptions {
  /** Largest serialized message accepted, in bytes. @default 16 MiB */
  maxMessageBytes?: number;
}

/**
 * The in-process store: the default for `SimpleMemory` and `ConversationMemory`. Not durable, one process.
 * Stored messages are deep-frozen copies, handed out without copying.
 */
export function createMemoryStore(
  options: MemoryDriverOptions = {},
): MemoryStoreV1 & HasContentItems & HasLongTermRecords {
  checkOptions(options, 'createMemoryStore', 'memory');
  const maxBytes = options.maxMessageBytes ?? 16 * 1024 * 1024;
  const sessions = new Map<string, SessionData>(); // key: tenant \u0000 user \u0000 agent \u0000 id (exact owner)
  /** Component state by `tenant \u0000 user \u0000 agent \u0000 key` (exact scope; see state-scope.ts). */
  const states = new Map<string, { tenant: string; key: string; value: JSONValue }>();
  let closed = false;

  /** The map key of the session `id` owned by exactly `scope` (a fork has its parent's owner). */
  const key = (scope: Scope, id: string) => `${scope.tenant}\u0000${ownerKey(scope)}\u0000${id}`;
  const guard = (scope: Scope) => {
    if (closed)
      throw new MemoryError({ code: 'STORE_CLOSED', component: 'memory', message: 'store is closed' });
    checkScope(scope, 'memory');
  };
  const session = (scope: Scope, id: string): SessionData => {
    guard(scope);
    checkSessionId(id, 'memory');
    const data = sessions.get(key(scope, id));
    if (!data) throw sessionNotFound(id, 'memory');
    return data;
  };

  /** The state map key of a value owned by exactly `scope`. */
  const stateSlot = (scope: Scope, stateKey: string) =>
    `${scope.tenant}\u0000${ownerKey(scope)}\u0000${stateKey}`;
  /** Checks a state key; false when it names a session (`session:<id>:<name>`) the scope does not own. */
  const stateAllowed = (scope: Scope, stateKey: string) => {
    guard(scope);
    checkStateKey(stateKey, 'memory');
    const id = stateKeySession(stateKey);
    return id === undefined || sessions.has(key(scope, id));
  };

  /**
   * Copy-on-delete: detaches every direct fork of `parent` forked at or after `fromSeq` (it shares an entry
   * about to go): it keeps its own copy of what it inherits and becomes a root.
   */
  const detachForks = (parent: SessionData, fromSeq: number) => {
    for (const fork of forksSharing(parent.log, fromSeq)) {
      detachFork(fork);
      const child = sessions.get(key(parent.record.scope, fork.id))!.record;
      delete child.parentId;
      delete child.forkedAtSeq;
    }
  };

  const store: MemoryStoreV1 & HasContentItems & HasLongTermRecords = {
    contentItems: createMemoryContentItems({ component: 'memory', isClosed: () => closed }),
    longTermRecords: createMemoryLongTermRecords({ component: 'memory', isClosed: () => closed }),
    specificationVersion: 'v1',
    name: 'memory',
    capabilities: { fullTextSearch: false, vectorSearch: false, multiProcess: false, durable: false },

    async createSession(scope, input: CreateSessionInput = {}) {
      guard(scope);
      const id = input.id ?? createId('ses');
      checkSessionId(id, 'memory');
      checkSessionMetadata(input.metadata ?? {}, 'memory');
      if (sessions.has(key(scope, id))) {
        throw new MemoryError({
          code: 'INVALID_ARGUMENT',
          component: 'memory',
          message: `session "${id}" already exists`,
        });
      }
      let forkedAtSeq: number | undefined;
      let parent: SessionData | undefined;
      if (input.fork) {
        parent = session(scope, input.fork.parentId);
        if (
          !Number.isInteger(input.fork.atSeq) ||
          input.fork.atSeq < 0 ||
          input.fork.atSeq > parent.log.lastSeq
        ) {
          throw new MemoryError({
            code: 'INVALID_ARGUMENT',
            component: 'memory',
            message: `fork.atSeq must be an integer in 0..${parent.log.lastSeq}, got ${input.fork.atSeq}`,
          });
        }
        forkedAtSeq = input.fork.atSeq;
      }
      const now = new Date();
      const record: SessionRecord = {
        id,
        scope: { ...scope },
        metadata: copyJsonValue(input.metadata ?? {}),
        createdAt: now,
        updatedAt: now,
        ...(input.fork ? { parentId: input.fork.parentId, forkedAtSeq } : {}),
      };
      const log = createSessionLog(id);
      if (parent && forkedAtSeq !== undefined) linkFork(log, parent.log, forkedAtSeq);
      sessions.set(key(scope, id), { record, log, artifacts: new Map() });
      return structuredClone(record);
    },

    async getSession(scope, sessionId) {
      guard(scope);
      // A string that breaks the id rule names no session (undefined, as in every driver); another type is refused.
      if (typeof sessionId !== 'string') checkSessionId(sessionId, 'memory');
      const data = sessions.get(key(scope, sessionId));
      return data ? structuredClone(data.record) : undefined;
    },

    async listSessions(scope, options = {}) {
      guard(scope);
      checkListOptions(options, 'memory');
      const out: SessionRecord[] = [];
      for (const data of sessions.values()) {
        const r = data.record;
        if (r.scope.tenant !== scope.tenant || !visibleToScope(r.scope, scope)) continue;
        if (options.before && r.createdAt >= options.before) continue;
        out.push(structuredClone(r));
      }
      out.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
      return options.limit === undefined ? out : out.slice(0, options.limit);
    },

    async updateSession(scope, sessionId, metadata) {
      const data = session(scope, sessionId);
      checkSessionMetadata(metadata, 'memory');
      data.record.metadata = copyJsonValue(metadata);
      data.record.updatedAt = new Date();
      return structuredClone(data.record);
    },

    async deleteSession(scope, sessionId) {
      const data = session(scope, sessionId);
      // Forks keep what they share: materialize the inherited prefix into each child before removing the parent.
      detachForks(data, 0);
      unlinkLog(data.log);
      sessions.delete(key(scope, sessionId));
      // Its state: the owner's keys that name exactly this session (no other owner can write any).
      const mine = stateSlot(scope, '');
      for (const [k, v] of [...states])
        if (k.startsWith(mine) && stateKeySession(v.key) === data.record.id) states.delete(k);
    },

    async append(scope, sessionId, inputs: readonly AppendInput[]) {
      guard(scope);
      checkSessionId(sessionId, 'memory');
      const prepared = prepareInputs({ component: 'memory', maxMessageBytes: maxBytes }, inputs);
      const data = session(scope, sessionId);
      const seen = new Map<string, LogEntry>();
      const planned: LogEntry[] = [];
      const result: LogEntry[] = [];
      let seq = data.log.lastSeq;
      for (const { input, json } of prepared) {
        const pending = seen.get(input.message.id);
        const existing = pending ?? findLive(data.log, input.message.id);
        const { entry, isNew } = appendEntry(existing, input, json, seq + 1, 'memory');
        if (!isNew) {
          result.push(entry);
          continue;
        }
        seq++;
        planned.push(entry);
        seen.set(input.message.id, entry);
        result.push(entry);
      }
      let added = 0;
      for (const entry of planned) added += entry.tokens;
      checkTokenTotal(logStats(data.log).tokens, added, sessionId, 'memory');
      for (const entry of planned) appendRow(data.log, entry);
      if (planned.length > 0) data.record.updatedAt = new Date();
      return result;
    },

    async readRange(scope, sessionId, query: RangeQuery = {}) {
      checkRangeQuery(query, 'memory');
      return readLog(session(scope, sessionId).log, query);
    },

    async getMessages(scope, sessionId, ids) {
      checkIdList(ids, 'memory');
      return liveByIds(session(scope, sessionId).log, ids);
    },

    async stats(scope, sessionId): Promise<LogStats> {
      return logStats(session(scope, sessionId).log);
    },

    async deleteMessages(scope, sessionId, ids) {
      checkIdList(ids, 'memory');
      const data = session(scope, sessionId);
      const deletion = planDeletion(data.log, ids);
      if (deletion.count === 0) return 0;
      // Copy-on-delete: forks that share an entry about to go get their own copy of what they inherit first.
      detachForks(data, deletion.fromSeq);
      applyDeletion(data.log, deletion);
      data.record.updatedAt = new Date();
      return deletion.count;
    },

    async clearMessages(scope, sessionId) {
      const data = session(scope, sessionId);
      return store.deleteMessages(
        scope,
        sessionId,
        readLog(data.log).map((e) => e.message.id),
      );
    },

    async replaceMessages(scope, sessionId, inputs) {
      guard(scope);
      checkSessionId(sessionId, 'memory');
      const prepared = prepareInputs({ component: 'memory', maxMessageBytes: maxBytes }, inputs);
      const plan = planReplace(readLog(session(scope, sessionId).log), prepared, sessionId, 'memory');
      // Everything that can fail was checked above, and both halves run synchronously (no await between
      // them), so no other call ever sees the log between the tombstones and the appends.
      const removing = store.deleteMessages(scope, sessionId, plan.remove);
      const appending = store.append(
        scope,
        sessionId,
        plan.rest.map((p) => p.input),
      );
      await removing;
      return [...plan.kept, ...(await appending)];
    },

    async searchMessages(scope, query: SearchQuery): Promise<SearchHit[]> {
      guard(scope);
      checkSearchQuery(query, 'memory');
      const needle = query.text.toLowerCase().trim();
      const limit = query.limit ?? 20;
      const hits: SearchHit[] = [];
      const candidates =
        query.sessionId !== undefined
          ? [session(scope, query.sessionId)]
          : [...sessions.values()].filter(
              (d) => visibleToScope(d.record.scope, scope) && d.record.scope.tenant === scope.tenant,
            );
      if (needle === '') return [];
      for (const data of candidates) {
        for (const entry of readLog(data.log)) {
          const text = messageText(entry.message).toLowerCase();
          const at = text.indexOf(needle);
          if (at >= 0) {
            const { id, scope: owner } = data.record;
            hits.push({ sessionId: id, scope: { ...owner }, entry, score: 1 / (1 + at) });
          }
        }
      }
      hits.sort((a, b) => b.score - a.score || b.entry.seq - a.entry.seq);
      return hits.slice(0, limit);
    },

    async putArtifact(scope, sessionId, artifact) {
      const data = session(scope, sessionId);
      checkArtifact(artifact, 'memory');
      const stored: Artifact = { ...copyJsonValue(artifact), createdAt: new Date() };
      data.artifacts.set(artifact.id, stored);
      return structuredClone(stored);
    },

    async listArtifacts(scope, sessionId, kind) {
      if (kind !== undefined) checkId(kind, 'kind', 'memory');
      const data = session(scope, sessionId);
      return [...data.artifacts.values()]
        .filter((a) => kind === undefined || a.kind === kind)
        .sort((a, b) => a.toSeq - b.toSeq)
        .map((a) => structuredClone(a));
    },

    async deleteArtifact(scope, sessionId, artifactId) {
      const data = session(scope, sessionId);
      checkId(artifactId, 'artifact id', 'memory');
      return data.artifacts.delete(artifactId);
    },

    async putState(scope, stateKey, state) {
      guard(scope);
      checkStateKey(stateKey, 'memory');
      checkJsonValue(state, 'state', 'memory');
      if (!stateAllowed(scope, stateKey)) throw sessionNotFound(stateKeySession(stateKey)!, 'memory');
      states.set(stateSlot(scope, stateKey), {
        tenant: scope.tenant,
        key: stateKey,
        value: copyJsonValue(state),
      });
    },

    async getState(scope, stateKey) {
      if (!stateAllowed(scope, stateKey)) return undefined;
      const found = states.get(stateSlot(scope, stateKey));
      return found === undefined ? undefined : structuredClone(found.value);
    },

    async deleteState(scope, stateKey) {
      if (!stateAllowed(scope, stateKey)) return;
      states.delete(stateSlot(scope, stateKey));
    },

    async close() {
      closed = true;
    },
  };
  return store;
}
