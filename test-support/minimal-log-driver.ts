/**
 * A third-party-style conversation-log driver: the 15 required `LogDriverV1` methods only (no native forks,
 * search, replace, clear or getMessages), in process, written against `engram/driver` alone (src/driver.ts),
 * the way a driver author outside this repository writes one. Rows are kept naively (one array per session,
 * scanned), so the engine's fallbacks do all the rest. With `transactions`, every call runs in turn and
 * `transaction(work)` undoes what `work` wrote when it throws.
 */
import type { JSONValue } from 'ai';
import {
  type AppendInput,
  type Artifact,
  appendEntry,
  checkArtifact,
  checkId,
  checkIdList,
  checkJsonValue,
  checkRangeQuery,
  checkSessionId,
  checkSessionListOptions,
  checkSessionMetadata,
  checkStateKey,
  checkTokenTotal,
  createId,
  defaultMaxMessageBytes,
  type LogDriverV1,
  type LogEntry,
  ownerKey,
  prepareInputs,
  type RangeQuery,
  type Scope,
  type SessionRecord,
  sessionExists,
  sessionNotFound,
  stateKeySession,
  visibleToScope,
} from '../src/driver.ts';

interface Row {
  entry: LogEntry;
  deleted: boolean;
}

interface StoredSession {
  record: SessionRecord;
  logId: string;
  /** Every entry ever appended, by seq (row i holds seq i + 1). */
  rows: Row[];
  artifacts: Map<string, Artifact>;
}

interface Tables {
  /** By `tenant \u0000 owner \u0000 id`. */
  sessions: Map<string, StoredSession>;
  /** By `tenant \u0000 owner \u0000 key`. */
  states: Map<string, { key: string; value: JSONValue }>;
}

/** The 15 required methods. */
type RequiredMethods = Omit<
  LogDriverV1,
  | 'specificationVersion'
  | 'name'
  | 'capabilities'
  | 'nativeForks'
  | 'maxMessageBytes'
  | 'getMessages'
  | 'clearMessages'
  | 'replaceMessages'
  | 'searchMessages'
  | 'transaction'
  | 'close'
>;

const component = 'minimal';
const slot = (scope: Scope, name: string) => `${scope.tenant}\u0000${ownerKey(scope)}\u0000${name}`;
/** A copy of a checked JSON value, as a JSON round trip reads it back (undefined members left out). */
const copyJsonValue = <T>(value: T): T => JSON.parse(JSON.stringify(value));
const live = (s: StoredSession) => s.rows.filter((r) => !r.deleted).map((r) => r.entry);

function requiredMethods(t: Tables, clock: () => Date): RequiredMethods {
  const find = (scope: Scope, id: string) => {
    checkSessionId(id, component);
    const found = t.sessions.get(slot(scope, id));
    if (!found) throw sessionNotFound(id, component);
    return found;
  };
  const stateAllowed = (scope: Scope, key: string) => {
    const id = stateKeySession(key);
    return id === undefined || t.sessions.has(slot(scope, id));
  };
  return {
    async createSession(scope, input) {
      const id = input.id ?? createId('ses');
      checkSessionId(id, component);
      checkSessionMetadata(input.metadata ?? {}, component);
      if (t.sessions.has(slot(scope, id))) throw sessionExists(id, component);
      const now = clock();
      const metadata = copyJsonValue(input.metadata ?? {});
      const record: SessionRecord = { id, scope: { ...scope }, metadata, createdAt: now, updatedAt: now };
      t.sessions.set(slot(scope, id), { record, logId: createId('log'), rows: [], artifacts: new Map() });
      return structuredClone(record);
    },
    async getSession(scope, sessionId) {
      if (typeof sessionId !== 'string') checkSessionId(sessionId, component);
      const found = t.sessions.get(slot(scope, sessionId));
      return found && structuredClone(found.record);
    },
    async listSessions(scope, options = {}) {
      checkSessionListOptions(options, component);
      const out = [...t.sessions.values()]
        .map((s) => s.record)
        .filter((r) => visibleToScope(r.scope, scope) && !(options.before && r.createdAt >= options.before))
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
        .map((r) => structuredClone(r));
      return options.limit === undefined ? out : out.slice(0, options.limit);
    },
    async updateSession(scope, sessionId, metadata) {
      const s = find(scope, sessionId);
      checkSessionMetadata(metadata, component);
      s.record.metadata = copyJsonValue(metadata);
      s.record.updatedAt = clock();
      return structuredClone(s.record);
    },
    async deleteSession(scope, sessionId) {
      find(scope, sessionId);
      t.sessions.delete(slot(scope, sessionId));
      const mine = slot(scope, '');
      for (const [k, v] of [...t.states])
        if (k.startsWith(mine) && stateKeySession(v.key) === sessionId) t.states.delete(k);
    },

    async append(scope, sessionId, inputs: readonly AppendInput[]) {
      checkSessionId(sessionId, component);
      const prepared = prepareInputs({ component, maxMessageBytes: defaultMaxMessageBytes }, inputs);
      const s = find(scope, sessionId);
      const byId = new Map(live(s).map((e) => [e.message.id, e]));
      const added: LogEntry[] = [];
      const result = prepared.map(({ input, json }) => {
        const { entry, isNew } = appendEntry(
          byId.get(input.message.id),
          input,
          json,
          s.rows.length + added.length + 1,
          component,
        );
        if (isNew) {
          added.push(entry);
          byId.set(input.message.id, entry);
        }
        return entry;
      });
      const tokens = live(s).reduce((n, e) => n + e.tokens, 0);
      checkTokenTotal(
        tokens,
        added.reduce((n, e) => n + e.tokens, 0),
        sessionId,
        component,
      );
      for (const entry of added) s.rows.push({ entry, deleted: false });
      if (added.length > 0) s.record.updatedAt = clock();
      return result;
    },
    async readRange(scope, sessionId, query: RangeQuery = {}) {
      checkRangeQuery(query, component);
      const s = find(scope, sessionId);
      const from = query.fromSeq ?? 1;
      const to = query.toSeq ?? Number.POSITIVE_INFINITY;
      const roles = query.roles && new Set(query.roles);
      const picked = live(s).filter(
        (e) => e.seq >= from && e.seq <= to && (!roles || roles.has(e.message.role)),
      );
      const limit = query.limit ?? picked.length;
      return query.direction === 'backward'
        ? picked.slice(Math.max(0, picked.length - limit))
        : picked.slice(0, limit);
    },
    async stats(scope, sessionId) {
      const s = find(scope, sessionId);
      const entries = live(s);
      const tokens = entries.reduce((n, e) => n + e.tokens, 0);
      return { count: entries.length, tokens, lastSeq: s.rows.length, logId: s.logId };
    },
    async deleteMessages(scope, sessionId, ids) {
      const wanted = new Set(checkIdList(ids, component));
      const s = find(scope, sessionId);
      let count = 0;
      for (const row of s.rows) {
        if (row.deleted || !wanted.has(row.entry.message.id)) continue;
        row.deleted = true;
        count++;
      }
      if (count > 0) s.record.updatedAt = clock();
      return count;
    },

    async putArtifact(scope, sessionId, artifact, options) {
      const s = find(scope, sessionId);
      checkArtifact(artifact, component);
      const stored: Artifact = { ...copyJsonValue(artifact), createdAt: options?.createdAt ?? clock() };
      s.artifacts.set(artifact.id, stored);
      return structuredClone(stored);
    },
    async listArtifacts(scope, sessionId, kind) {
      if (kind !== undefined) checkId(kind, 'kind', component);
      return [...find(scope, sessionId).artifacts.values()]
        .filter((a) => kind === undefined || a.kind === kind)
        .sort((a, b) => a.toSeq - b.toSeq)
        .map((a) => structuredClone(a));
    },
    async deleteArtifact(scope, sessionId, artifactId) {
      const s = find(scope, sessionId);
      checkId(artifactId, 'artifact id', component);
      return s.artifacts.delete(artifactId);
    },

    async putState(scope, key, state) {
      checkStateKey(key, component);
      checkJsonValue(state, 'state', component);
      if (!stateAllowed(scope, key)) throw sessionNotFound(stateKeySession(key)!, component);
      t.states.set(slot(scope, key), { key, value: copyJsonValue(state) });
    },
    async getState(scope, key) {
      checkStateKey(key, component);
      if (!stateAllowed(scope, key)) return undefined;
      const found = t.states.get(slot(scope, key));
      return found && structuredClone(found.value);
    },
    async deleteState(scope, key) {
      checkStateKey(key, component);
      if (stateAllowed(scope, key)) t.states.delete(slot(scope, key));
    },
  };
}

/** A copy of every table, to put back when a transaction throws (entries are frozen and shared). */
function snapshot(t: Tables): Tables {
  const sessions = new Map<string, StoredSession>();
  for (const [k, s] of t.sessions) {
    const rows = s.rows.map((r) => ({ ...r }));
    sessions.set(k, { ...s, record: structuredClone(s.record), rows, artifacts: new Map(s.artifacts) });
  }
  return { sessions, states: new Map(t.states) };
}

/** Options of {@link createMinimalLogDriver}. */
export interface MinimalLogDriverOptions {
  /** Runs calls one at a time and adds `transaction` (undone on a throw). @default false */
  transactions?: boolean;
  /** The time records and artifacts get. @default () => new Date() */
  now?: () => Date;
}

/** A `LogDriverV1` with the required methods only (and `transaction` when asked). */
export function createMinimalLogDriver(options: MinimalLogDriverOptions = {}): LogDriverV1 {
  const t: Tables = { sessions: new Map(), states: new Map() };
  const direct = requiredMethods(t, options.now ?? (() => new Date()));
  const base = { specificationVersion: 'v1', name: component } as const;
  if (!options.transactions) return { ...base, ...direct };
  let tail: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const result = tail.then(work, work);
    tail = result.catch(() => undefined);
    return result;
  };
  const inTurn: RequiredMethods = {
    createSession: (...a) => serial(() => direct.createSession(...a)),
    getSession: (...a) => serial(() => direct.getSession(...a)),
    listSessions: (...a) => serial(() => direct.listSessions(...a)),
    updateSession: (...a) => serial(() => direct.updateSession(...a)),
    deleteSession: (...a) => serial(() => direct.deleteSession(...a)),
    append: (...a) => serial(() => direct.append(...a)),
    readRange: (...a) => serial(() => direct.readRange(...a)),
    stats: (...a) => serial(() => direct.stats(...a)),
    deleteMessages: (...a) => serial(() => direct.deleteMessages(...a)),
    putArtifact: (...a) => serial(() => direct.putArtifact(...a)),
    listArtifacts: (...a) => serial(() => direct.listArtifacts(...a)),
    deleteArtifact: (...a) => serial(() => direct.deleteArtifact(...a)),
    putState: (...a) => serial(() => direct.putState(...a)),
    getState: (...a) => serial(() => direct.getState(...a)),
    deleteState: (...a) => serial(() => direct.deleteState(...a)),
  };
  return {
    ...base,
    ...inTurn,
    transaction: (work) =>
      serial(async () => {
        const saved = snapshot(t);
        try {
          return await work({ ...base, ...direct });
        } catch (error) {
          t.sessions = saved.sessions;
          t.states = saved.states;
          throw error;
        }
      }),
  };
}
