import type { JSONValue } from 'ai';
import { MemoryError } from '../../../core/errors/memory-error.ts';
import { checkId, createId } from '../../../core/ids.ts';
import type { LogEntry } from '../../../core/message.ts';
import { checkScope, type Scope } from '../../../core/scope.ts';
import { messageText, serializeMessage } from '../../../messages/serialize.ts';
import { checkIdList, checkSearchQuery, checkTokenTotal, prepareInputs } from '../../check-inputs.ts';
import { checkArtifact, checkJsonValue, checkSessionMetadata } from '../../check-values.ts';
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
} from '../../memory-store.ts';
import { checkStateKey, ownerKey, stateKeySession } from '../../state-scope.ts';
import { appendEntry, checkSessionId, sessionNotFound, visibleToScope } from '../../store-helpers.ts';

interface OwnRow {
  entry: LogEntry;
  json: string;
  deleted: boolean;
}

interface SessionData {
  record: SessionRecord;
  /** Own entries, by seq (parent's shared prefix not included). */
  own: OwnRow[];
  /** Own rows by message id. */
  byId: Map<string, OwnRow>;
  /** Live own rows: count and tokens. */
  liveCount: number;
  liveTokens: number;
  /** Ids inherited from the parent that this fork deleted. */
  hiddenInherited: Set<string>;
  /** Live inherited entries (fixed at fork time: copy-on-delete keeps the prefix; own hides subtract). */
  inheritedCount: number;
  inheritedTokens: number;
  artifacts: Map<string, Artifact>;
  lastSeq: number;
}

/** One stretch of what a session sees: `rows` up to `maxSeq`, minus ids hidden by any of `hiders`. */
interface Segment {
  rows: OwnRow[];
  maxSeq: number;
  hiders: SessionData[];
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
export function createMemoryStore(options: MemoryDriverOptions = {}): MemoryStoreV1 {
  const maxBytes = options.maxMessageBytes ?? 16 * 1024 * 1024;
  const sessions = new Map<string, SessionData>(); // key: tenant \u0000 user \u0000 agent \u0000 id (exact owner)
  /** Component state by `tenant \u0000 user \u0000 agent \u0000 key` (exact scope; see state-scope.ts). */
  const states = new Map<string, { tenant: string; key: string; value: JSONValue }>();
  let closed = false;

  /** The map key of the session `id` owned by exactly `scope` (a fork's parent has its owner). */
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

  /** Every live entry a session sees, oldest first: the parent's prefix (recursively), then its own. */
  const visible = (data: SessionData): LogEntry[] => {
    const out: LogEntry[] = [];
    const { parentId, forkedAtSeq } = data.record;
    if (parentId !== undefined && forkedAtSeq !== undefined) {
      const parent = sessions.get(key(data.record.scope, parentId));
      if (parent) {
        for (const e of visible(parent)) {
          if (e.seq > forkedAtSeq) break;
          if (!data.hiddenInherited.has(e.message.id)) out.push(e);
        }
      }
    }
    for (const row of data.own) if (!row.deleted) out.push(row.entry);
    return out;
  };

  /** The entry a session sees under an id: live, deleted (tombstoned or hidden), or absent. */
  const lookup = (data: SessionData, id: string): { entry: LogEntry; deleted: boolean } | undefined => {
    const own = data.byId.get(id);
    if (own) return own;
    const { parentId, forkedAtSeq } = data.record;
    if (parentId === undefined || forkedAtSeq === undefined) return undefined;
    const parent = sessions.get(key(data.record.scope, parentId));
    const found = parent && lookup(parent, id);
    if (!found || found.entry.seq > forkedAtSeq) return undefined;
    return data.hiddenInherited.has(id) ? { entry: found.entry, deleted: true } : found;
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

  /** The segments a session sees, oldest first: its ancestors' shared prefixes, then its own rows. */
  const segments = (data: SessionData): Segment[] => {
    const out: Segment[] = [{ rows: data.own, maxSeq: Number.POSITIVE_INFINITY, hiders: [] }];
    let current = data;
    let maxSeq = Number.POSITIVE_INFINITY;
    const hiders: SessionData[] = [];
    while (current.record.parentId !== undefined) {
      maxSeq = Math.min(maxSeq, current.record.forkedAtSeq ?? 0);
      hiders.push(current);
      const parent = sessions.get(key(current.record.scope, current.record.parentId));
      if (!parent) break;
      current = parent;
      out.unshift({ rows: parent.own, maxSeq, hiders: [...hiders] });
    }
    return out;
  };

  /**
   * Gives a fork its own copy of what it inherits (same seqs) and makes it a root, so nothing its ancestors
   * do later changes what it sees; its own forks read through it and need nothing.
   */
  const detachFork = (child: SessionData) => {
    const inherited = visible(child).filter((e) => e.seq <= (child.record.forkedAtSeq ?? 0));
    const own = child.own;
    child.own = [];
    child.byId = new Map();
    child.liveCount = 0;
    child.liveTokens = 0;
    for (const entry of inherited)
      addOwn(child, { entry, json: serializeMessage(entry.message), deleted: false });
    for (const row of own) {
      child.own.push(row);
      child.byId.set(row.entry.message.id, row);
      if (!row.deleted) {
        child.liveCount++;
        child.liveTokens += row.entry.tokens;
      }
    }
    child.hiddenInherited.clear();
    child.inheritedCount = 0;
    child.inheritedTokens = 0;
    delete child.record.parentId;
    delete child.record.forkedAtSeq;
  };

  /** Copy-on-delete: detaches every direct fork of `parent` forked at or after `fromSeq` (it shares that row). */
  const detachForks = (parent: SessionData, fromSeq: number) => {
    for (const child of sessions.values()) {
      const r = child.record;
      if (r.parentId !== parent.record.id || key(r.scope, '') !== key(parent.record.scope, '')) continue;
      if ((r.forkedAtSeq ?? 0) >= fromSeq) detachFork(child);
    }
  };

  const addOwn = (data: SessionData, row: OwnRow) => {
    data.own.push(row);
    data.byId.set(row.entry.message.id, row);
    data.liveCount++;
    data.liveTokens += row.entry.tokens;
  };

  const store: MemoryStoreV1 = {
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
      let inheritedCount = 0;
      let inheritedTokens = 0;
      if (input.fork) {
        const parent = session(scope, input.fork.parentId);
        if (
          !Number.isInteger(input.fork.atSeq) ||
          input.fork.atSeq < 0 ||
          input.fork.atSeq > parent.lastSeq
        ) {
          throw new MemoryError({
            code: 'INVALID_ARGUMENT',
            component: 'memory',
            message: `fork.atSeq must be an integer in 0..${parent.lastSeq}, got ${input.fork.atSeq}`,
          });
        }
        forkedAtSeq = input.fork.atSeq;
        if (forkedAtSeq >= parent.lastSeq) {
          inheritedCount = parent.liveCount + parent.inheritedCount;
          inheritedTokens = parent.liveTokens + parent.inheritedTokens;
        } else {
          for (const e of visible(parent)) {
            if (e.seq > forkedAtSeq) break;
            inheritedCount++;
            inheritedTokens += e.tokens;
          }
        }
      }
      const now = new Date();
      const record: SessionRecord = {
        id,
        scope: { ...scope },
        metadata: structuredClone(input.metadata ?? {}),
        createdAt: now,
        updatedAt: now,
        ...(input.fork ? { parentId: input.fork.parentId, forkedAtSeq } : {}),
      };
      sessions.set(key(scope, id), {
        record,
        own: [],
        byId: new Map(),
        liveCount: 0,
        liveTokens: 0,
        hiddenInherited: new Set(),
        inheritedCount,
        inheritedTokens,
        artifacts: new Map(),
        lastSeq: forkedAtSeq ?? 0,
      });
      return structuredClone(record);
    },

    async getSession(scope, sessionId) {
      guard(scope);
      const data = sessions.get(key(scope, sessionId));
      return data ? structuredClone(data.record) : undefined;
    },

    async listSessions(scope, options = {}) {
      guard(scope);
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
      data.record.metadata = structuredClone(metadata);
      data.record.updatedAt = new Date();
      return structuredClone(data.record);
    },

    async deleteSession(scope, sessionId) {
      const data = session(scope, sessionId);
      // Forks keep what they share: materialize the inherited prefix into each child before removing the parent.
      detachForks(data, 0);
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
      const planned: { entry: LogEntry; json: string }[] = [];
      const result: LogEntry[] = [];
      let seq = data.lastSeq;
      for (const { input, json } of prepared) {
        const pending = seen.get(input.message.id);
        const found = lookup(data, input.message.id);
        const existing = pending ?? (found && !found.deleted ? found.entry : undefined);
        const { entry, isNew } = appendEntry(existing, input, json, seq + 1, 'memory');
        if (!isNew) {
          result.push(entry);
          continue;
        }
        seq++;
        planned.push({ entry, json });
        seen.set(input.message.id, entry);
        result.push(entry);
      }
      let added = 0;
      for (const p of planned) added += p.entry.tokens;
      checkTokenTotal(data.liveTokens + data.inheritedTokens, added, sessionId, 'memory');
      for (const p of planned) addOwn(data, { ...p, deleted: false });
      data.lastSeq = seq;
      if (planned.length > 0) data.record.updatedAt = new Date();
      return result;
    },

    async readRange(scope, sessionId, query: RangeQuery = {}) {
      const data = session(scope, sessionId);
      const from = query.fromSeq ?? 1;
      const to = query.toSeq ?? Number.POSITIVE_INFINITY;
      const roles = query.roles ? new Set(query.roles) : undefined;
      const limit = query.limit ?? Number.POSITIVE_INFINITY;
      // Each segment's rows are sorted by seq: binary-search the range, then walk only what the page needs.
      const segs = segments(data);
      const keep = (row: OwnRow, seg: Segment) =>
        !row.deleted &&
        (!roles || roles.has(row.entry.message.role)) &&
        !seg.hiders.some((h) => h.hiddenInherited.has(row.entry.message.id));
      const out: LogEntry[] = [];
      if (query.direction === 'backward') {
        for (let s = segs.length - 1; s >= 0 && out.length < limit; s--) {
          const seg = segs[s]!;
          for (
            let i = firstAbove(seg.rows, Math.min(to, seg.maxSeq)) - 1;
            i >= 0 && out.length < limit;
            i--
          ) {
            const row = seg.rows[i]!;
            if (row.entry.seq < from) break;
            if (keep(row, seg)) out.push(row.entry);
          }
        }
        return out.reverse();
      }
      for (const seg of segs) {
        const last = Math.min(to, seg.maxSeq);
        for (let i = firstAbove(seg.rows, from - 1); i < seg.rows.length && out.length < limit; i++) {
          const row = seg.rows[i]!;
          if (row.entry.seq > last) break;
          if (keep(row, seg)) out.push(row.entry);
        }
      }
      return out;
    },

    async getMessages(scope, sessionId, ids) {
      checkIdList(ids, 'memory');
      const data = session(scope, sessionId);
      const out: LogEntry[] = [];
      for (const id of new Set(ids)) {
        const found = lookup(data, id);
        if (found && !found.deleted) out.push(found.entry);
      }
      return out.sort((a, b) => a.seq - b.seq);
    },

    async stats(scope, sessionId): Promise<LogStats> {
      const data = session(scope, sessionId);
      return {
        count: data.liveCount + data.inheritedCount,
        tokens: data.liveTokens + data.inheritedTokens,
        lastSeq: data.lastSeq,
      };
    },

    async deleteMessages(scope, sessionId, ids) {
      checkIdList(ids, 'memory');
      const data = session(scope, sessionId);
      const own: OwnRow[] = [];
      const inherited: LogEntry[] = [];
      for (const id of new Set(ids)) {
        const row = data.byId.get(id);
        if (row) {
          if (!row.deleted) own.push(row);
          continue;
        }
        const found = lookup(data, id);
        if (found && !found.deleted) inherited.push(found.entry);
      }
      if (own.length + inherited.length === 0) return 0;
      // Copy-on-delete: forks that share a row about to go get their own copy of what they inherit first.
      let first = Number.POSITIVE_INFINITY;
      for (const e of [...own.map((r) => r.entry), ...inherited]) first = Math.min(first, e.seq);
      detachForks(data, first);
      for (const row of own) {
        row.deleted = true;
        data.liveCount--;
        data.liveTokens -= row.entry.tokens;
      }
      for (const entry of inherited) {
        data.hiddenInherited.add(entry.message.id);
        data.inheritedCount--;
        data.inheritedTokens -= entry.tokens;
      }
      data.record.updatedAt = new Date();
      return own.length + inherited.length;
    },

    async clearMessages(scope, sessionId) {
      const data = session(scope, sessionId);
      return store.deleteMessages(
        scope,
        sessionId,
        visible(data).map((e) => e.message.id),
      );
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
        for (const entry of visible(data)) {
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
      const stored: Artifact = { ...structuredClone(artifact), createdAt: new Date() };
      data.artifacts.set(artifact.id, stored);
      return structuredClone(stored);
    },

    async listArtifacts(scope, sessionId, kind) {
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
        value: structuredClone(state),
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

/** Index of the first row whose seq is greater than `seq` (rows sorted by seq). */
function firstAbove(rows: readonly OwnRow[], seq: number): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (rows[mid]!.entry.seq <= seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
