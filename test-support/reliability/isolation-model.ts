import type { JSONValue } from 'ai';
import type { MemoryErrorCode } from '../../src/core/errors/memory-error.ts';
import type { MemoryMessage } from '../../src/core/message.ts';
import type { Scope } from '../../src/core/scope.ts';
import { serializeMessage } from '../../src/messages/serialize.ts';

/** Look-alike tenants: LIKE wildcards, separators, escapes and case variants of one name. */
export const isolationTenants: readonly string[] = [
  'acme',
  'acme-corp',
  'acme%',
  'acme_',
  'a:b',
  'a\\b',
  'ACME',
];
/** Users a caller scope may name (undefined: the whole tenant), with look-alikes (`u1`, `u10`, `u1%`). */
export const isolationUsers: readonly (string | undefined)[] = [undefined, undefined, 'u1', 'u1%', 'u10'];
/** Agents a state caller's scope may name (undefined: none); sessions are created without agents. */
export const isolationAgents: readonly (string | undefined)[] = [undefined, undefined, 'bot', 'bot%'];
/** Session ids with LIKE wildcards, separators (`:` as in state keys), quotes and case variants. */
export const isolationSessionIds: readonly string[] = [
  's',
  's%',
  's_',
  'sx',
  'a:b',
  "it's",
  's"q',
  'S',
  '%',
  'chat',
  'chat:1',
  'chat::1',
];
/** Words every tenant's messages draw from, so searches match in several tenants. */
export const isolationWords: readonly string[] = ['apple', 'banana', 'cherry', 'delta', 'mango'];
/**
 * State keys, including the `session:<id>:<name>` keys a session deletion removes (with wildcard and `:`
 * look-alikes), a plain `session:` key and one with an invalid session id.
 */
export const isolationStateKeys: readonly string[] = [
  'k',
  'K',
  'k%',
  'session:s:c',
  'session:s%:c',
  'session:s_:c',
  'session:sx:c',
  'session:%:c',
  'session:chat:c',
  'session:chat:1:c',
  'session:chat::1:c',
  'session:chat',
  'session::c',
];

/** A stored row in the model. */
export interface ModelRow {
  seq: number;
  id: string;
  /** Canonical, key-sorted JSON of the message (compared with {@link stableMessageJson}). */
  json: string;
  /** The serialized form the driver compares for idempotent re-append. */
  wire: string;
  text: string;
  role: MemoryMessage['role'];
  tokens: number;
  deleted: boolean;
}

/** A session in the model. */
export interface ModelSession {
  id: string;
  tenant: string;
  user: string | undefined;
  parentId: string | undefined;
  forkedAtSeq: number | undefined;
  own: ModelRow[];
  /** Inherited ids this fork deleted. */
  hidden: Set<string>;
  lastSeq: number;
  artifacts: Map<string, { id: string; kind: string; fromSeq: number; toSeq: number; data: JSONValue }>;
}

/** The result the model predicts: a value, or an error code. */
export type Expected<T> = { ok: T } | { error: MemoryErrorCode };

/** Key-sorted JSON of a value, with Dates as ISO strings (so jsonb key order does not matter). */
export function stableJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(sortKeys);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) out[key] = sortKeys((value as Record<string, unknown>)[key]);
  return out;
}

/** The canonical comparison form of a stored message. */
export function stableMessageJson(message: MemoryMessage): string {
  return stableJson(JSON.parse(serializeMessage(message)));
}

/**
 * A plain in-memory model of `MemoryStoreV1`, written independently of the drivers from the contract (and
 * the reference driver's fork semantics), used by the model-based isolation test.
 */
export class IsolationModel {
  readonly sessions = new Map<string, ModelSession>();
  /** Component state by exact owner: `tenant \u0000 user \u0000 agent \u0000 key` (see {@link stateSlot}). */
  readonly states = new Map<string, { tenant: string; key: string; value: JSONValue }>();
  /** Per-tenant message counters: every tenant counts from 0, so ids repeat across tenants. */
  readonly counters = new Map<string, number>();
  /** Commands run against this model (for the per-driver command budget). */
  commandsRun = 0;
  /** Outcome counts by `kind:result` (to show the run exercised more than errors). */
  readonly outcomes = new Map<string, number>();

  /** Counts one outcome. */
  note(outcome: string): void {
    this.outcomes.set(outcome, (this.outcomes.get(outcome) ?? 0) + 1);
  }

  /** The key of the session `id` owned by exactly `owner` (model sessions have no agent). */
  static key(owner: { tenant: string; user?: string | undefined }, id: string): string {
    return `${owner.tenant}\u0000${owner.user ?? ''}\u0000${id}`;
  }

  nextMessageId(tenant: string): string {
    const n = this.counters.get(tenant) ?? 0;
    this.counters.set(tenant, n + 1);
    return `m${n}`;
  }

  /** The session `id` owned by exactly `scope`, or undefined (missing, or only other owners have one). */
  find(scope: Scope, id: string): ModelSession | undefined {
    return scope.agent === undefined ? this.sessions.get(IsolationModel.key(scope, id)) : undefined;
  }

  /** A fork's parent: the session `parentId` of the same owner. */
  parentOf(s: ModelSession): ModelSession | undefined {
    return s.parentId === undefined ? undefined : this.sessions.get(IsolationModel.key(s, s.parentId));
  }

  /** Every live row a session sees, oldest first. */
  visible(s: ModelSession): ModelRow[] {
    const out: ModelRow[] = [];
    const parent = this.parentOf(s);
    if (parent && s.forkedAtSeq !== undefined) {
      for (const r of this.visible(parent)) if (r.seq <= s.forkedAtSeq && !s.hidden.has(r.id)) out.push(r);
    }
    for (const r of s.own) if (!r.deleted) out.push(r);
    return out;
  }

  /** The row a session has under an id (own, else inherited up to the fork point), live or not. */
  lookup(s: ModelSession, id: string): { row: ModelRow; deleted: boolean } | undefined {
    let own: ModelRow | undefined;
    for (const r of s.own) if (r.id === id) own = r; // the newest own row wins
    if (own) return { row: own, deleted: own.deleted };
    const parent = this.parentOf(s);
    if (!parent || s.forkedAtSeq === undefined) return undefined;
    const found = this.lookup(parent, id);
    if (!found || found.row.seq > s.forkedAtSeq) return undefined;
    return s.hidden.has(id) ? { row: found.row, deleted: true } : found;
  }

  createSession(
    scope: Scope,
    id: string,
    fork?: { parentId: string; atSeq: number },
  ): Expected<ModelSession> {
    if (this.find(scope, id)) return { error: 'INVALID_ARGUMENT' };
    let forkedAtSeq: number | undefined;
    if (fork) {
      const parent = this.find(scope, fork.parentId);
      if (!parent) return { error: 'SESSION_NOT_FOUND' };
      if (fork.atSeq < 0 || fork.atSeq > parent.lastSeq) return { error: 'INVALID_ARGUMENT' };
      forkedAtSeq = fork.atSeq;
    }
    const s: ModelSession = {
      id,
      tenant: scope.tenant,
      user: scope.user,
      parentId: fork?.parentId,
      forkedAtSeq,
      own: [],
      hidden: new Set(),
      lastSeq: forkedAtSeq ?? 0,
      artifacts: new Map(),
    };
    this.sessions.set(IsolationModel.key(scope, id), s);
    return { ok: s };
  }

  deleteSession(scope: Scope, id: string): Expected<void> {
    const s = this.find(scope, id);
    if (!s) return { error: 'SESSION_NOT_FOUND' };
    this.detachForks(s, 0);
    this.sessions.delete(IsolationModel.key(s, id));
    // Its state: the owner's `session:<id>:<name>` keys whose name has no `:` (so they name exactly it).
    const owner = stateSlot(scope, '');
    for (const k of [...this.states.keys()]) {
      const rest = k.startsWith(owner) ? k.slice(owner.length) : '';
      if (rest.startsWith(`session:${id}:`) && !rest.slice(`session:${id}:`.length).includes(':'))
        this.states.delete(k);
    }
    return { ok: undefined };
  }

  /**
   * Whether the scope may use a state key: any plain key; a key `session:<id>:<name>` (the id is what lies
   * between `session:` and the last `:`) needs the scope's own session `<id>`; an empty id is invalid.
   */
  stateAccess(scope: Scope, key: string): 'ok' | 'no-session' | 'invalid' {
    const last = key.lastIndexOf(':');
    if (!key.startsWith('session:') || last < 8) return 'ok';
    const id = key.slice(8, last);
    if (id === '') return 'invalid';
    return this.find(scope, id) ? 'ok' : 'no-session';
  }

  putState(scope: Scope, key: string, value: JSONValue): Expected<void> {
    const access = this.stateAccess(scope, key);
    if (access === 'invalid') return { error: 'INVALID_ARGUMENT' };
    if (access === 'no-session') return { error: 'SESSION_NOT_FOUND' };
    this.states.set(stateSlot(scope, key), { tenant: scope.tenant, key, value });
    return { ok: undefined };
  }

  getState(scope: Scope, key: string): Expected<JSONValue | undefined> {
    const access = this.stateAccess(scope, key);
    if (access === 'invalid') return { error: 'INVALID_ARGUMENT' };
    return { ok: access === 'ok' ? this.states.get(stateSlot(scope, key))?.value : undefined };
  }

  deleteState(scope: Scope, key: string): Expected<void> {
    const access = this.stateAccess(scope, key);
    if (access === 'invalid') return { error: 'INVALID_ARGUMENT' };
    if (access === 'ok') this.states.delete(stateSlot(scope, key));
    return { ok: undefined };
  }

  append(
    scope: Scope,
    id: string,
    messages: { message: MemoryMessage; tokens: number }[],
  ): Expected<ModelRow[]> {
    const s = this.find(scope, id);
    if (!s) return { error: 'SESSION_NOT_FOUND' };
    const pending = new Map<string, ModelRow>();
    const planned: ModelRow[] = [];
    const result: ModelRow[] = [];
    let seq = s.lastSeq;
    for (const { message, tokens } of messages) {
      const wire = serializeMessage(message);
      const found = this.lookup(s, message.id);
      const existing = pending.get(message.id) ?? (found && !found.deleted ? found.row : undefined);
      if (existing) {
        if (existing.wire !== wire) return { error: 'DUPLICATE_MESSAGE_ID' };
        result.push(existing);
        continue;
      }
      const row: ModelRow = {
        seq: ++seq,
        id: message.id,
        json: stableMessageJson(message),
        wire,
        text: typeof message.content === 'string' ? message.content : '',
        role: message.role,
        tokens,
        deleted: false,
      };
      planned.push(row);
      pending.set(message.id, row);
      result.push(row);
    }
    s.own.push(...planned);
    s.lastSeq = seq;
    return { ok: result };
  }

  /** Copy-on-delete: forks of `s` at or after `fromSeq` get their own copy of what they inherit, then stand alone. */
  detachForks(s: ModelSession, fromSeq: number): void {
    for (const child of this.sessions.values()) {
      if (this.parentOf(child) !== s || (child.forkedAtSeq ?? 0) < fromSeq) continue;
      const inherited = this.visible(child).filter((r) => r.seq <= (child.forkedAtSeq ?? 0));
      child.own = [...inherited.map((r) => ({ ...r })), ...child.own];
      child.hidden.clear();
      child.parentId = undefined;
      child.forkedAtSeq = undefined;
    }
  }

  deleteMessages(scope: Scope, id: string, ids: readonly string[]): Expected<number> {
    const s = this.find(scope, id);
    if (!s) return { error: 'SESSION_NOT_FOUND' };
    const wanted = new Set(ids);
    const affected = this.visible(s).filter((r) => wanted.has(r.id));
    if (affected.length > 0) this.detachForks(s, Math.min(...affected.map((r) => r.seq)));
    let n = 0;
    for (const r of s.own) {
      if (!r.deleted && wanted.has(r.id)) {
        r.deleted = true;
        n++;
      }
    }
    const forkedAt = s.forkedAtSeq ?? 0;
    for (const r of this.visible(s)) {
      if (r.seq <= forkedAt && wanted.has(r.id) && !s.hidden.has(r.id) && !s.own.includes(r)) {
        s.hidden.add(r.id);
        n++;
      }
    }
    return { ok: n };
  }
}

/** Whether `listSessions(scope)` (and a search without a session id) covers a session (model sessions have no agent). */
export function visibleTo(s: ModelSession, scope: Scope): boolean {
  return (
    s.tenant === scope.tenant &&
    (scope.user === undefined || s.user === scope.user) &&
    scope.agent === undefined
  );
}

/** The model's key of a state value owned by exactly `scope` (undefined user / agent is "none", not "any"). */
export function stateSlot(scope: Scope, key: string): string {
  return [scope.tenant, scope.user ?? '', scope.agent ?? '', key].join('\u0000');
}
