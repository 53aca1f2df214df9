import type { JSONValue } from 'ai';
import { checkKnownKeys, checkMethods, checkOptions } from '../core/check-options.ts';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { NotFoundError } from '../core/errors/not-found-error.ts';
import { createId } from '../core/ids.ts';
import { checkScope, defaultScope, type Scope } from '../core/scope.ts';
import { type ConversationMemory, createConversationMemory } from '../memory/conversation-memory.ts';
import {
  checkRetentionPolicy,
  isRetentionPolicy,
  type RetentionPolicy,
  retentionAt,
} from '../memory/retention-policy.ts';
import { isAbandoned, isUnfinished, removeAbandoned } from '../store/abandoned-session.ts';
import { listAllSessions } from '../store/list-all-sessions.ts';
import type { SessionPageOptions } from '../store/list-session-page.ts';
import { statsUnlessDeleted } from '../store/log-change.ts';
import type { MemoryStoreV1, SessionRecord } from '../store/memory-store.ts';
import { reservedSessionKey } from '../store/reserved-session-keys.ts';
import { checkSessionId } from '../store/store-helpers.ts';
import type { TokenCounter } from '../tokens/token-counter.ts';
import { copySession } from './copy-session.ts';
import { unitEnd } from './fork-point.ts';
import { listFinishedSessions } from './list-finished-sessions.ts';

/** Options of {@link createSessions}. */
export interface SessionsOptions {
  /** Where sessions live. */
  store: MemoryStoreV1;
  /** Whose sessions these are. @default { tenant: 'default' } */
  scope?: Scope;
  /** The counter conversation memories count with. @default exact o200k_base counts */
  counter?: TokenCounter;
}

/** Options of `Sessions.create`. */
export interface CreateSessionOptions {
  /** The id. @default a new id */
  id?: string;
  /** What happens to it when a run or the workflow ends. @default 'persistent' */
  retention?: RetentionPolicy;
  /** Free-form JSON, without engram's own keys (`engram:import`, `engram:import-run`: `INVALID_ARGUMENT`). */
  metadata?: Record<string, JSONValue>;
}

/** Sessions of one scope over a store: open, list, fork, copy, delete, retention and expiry. */
export interface Sessions {
  /**
   * Creates a session and opens its conversation memory. An id a session already holds is `INVALID_ARGUMENT`,
   * except a copy or an import a crash cut short (see `copy`), which the new session replaces.
   */
  create(options?: CreateSessionOptions): Promise<ConversationMemory>;
  /**
   * Opens an existing session's conversation memory; throws SESSION_NOT_FOUND when the scope cannot see it, or
   * while a `copy` (or an import) is still writing it.
   */
  open(sessionId: string): Promise<ConversationMemory>;
  /**
   * Sessions the scope lists, newest first, then by id, user and agent within a millisecond (see `MemoryStoreV1.
   * listSessions`): a scope without `user` / `agent` also lists its users' and agents' sessions, which only their
   * owner scope (`record.scope`) opens by id. To page, pass the last session of a page as the next one's
   * `startAfter`: no session is skipped or repeated, even when many share a millisecond. `before` is exclusive of
   * its whole millisecond, so `before: last.createdAt` would skip the sessions created in the same millisecond as
   * `last` that did not fit on its page. `before` and `startAfter` together are `INVALID_ARGUMENT`. A session a
   * `copy` (or an import) is still writing, or one a crash cut short, is not listed.
   * @example
   * let page = await sessions.list({ limit: 50 });
   * while (page.length > 0) page = await sessions.list({ limit: 50, startAfter: page.at(-1) });
   */
  list(options?: SessionPageOptions): Promise<SessionRecord[]>;
  /**
   * A branch that shares the history up to and including `atMessageId` or `atSeq` (one of them, not both)
   * without copying it (seed 003's branch isolation); what either side appends later is invisible to the other.
   * A fork never splits a tool call from its result: a point between an assistant message's tool calls and the
   * tool messages that answer them (what a chat reply that ran a tool holds) moves past those tool messages, so
   * the branch holds the whole exchange and a view of it never sends a call without its result. A chat's reply of
   * several steps spans several entries: fork a chat at a UI message with `chats.fork` (engram/ai-sdk). A session
   * deleted (and maybe created again) while it is forked is `CONFLICT`, no fork made: the point was found in its
   * old log.
   */
  fork(
    sessionId: string,
    at: { atMessageId?: string; atSeq?: number; id?: string },
  ): Promise<ConversationMemory>;
  /**
   * A full, independent copy of a session's live messages, artifacts and metadata. The copy's messages are numbered
   * afresh (1, 2, 3, … without the source's gaps), and each artifact's `fromSeq`–`toSeq` is moved onto the copied
   * messages it named (its `data` is copied as it is); one that named only deleted messages covers none in the copy,
   * its range empty (`fromSeq` = `toSeq` + 1, see `createCopiedSeqs`). Artifacts get the copy's time as `createdAt`.
   * All or nothing, also across a crash: until its last write the copy is marked unfinished, and neither `list` nor
   * `open` shows it; a copy that fails is deleted before its error is thrown, and one a crash (SIGKILL, power loss)
   * cut short is replaced by the next `copy`, `create` or `fork` to its id (or removed by `expire`). The copy is
   * the session as it was when the copy began: messages stored meanwhile are not in it; a message deleted from it
   * meanwhile, or the session deleted and created again, is `CONFLICT` (the copy deleted: copy again). Its cost is
   * one store write per 1,000 messages and one per artifact. An id a session already holds is `INVALID_ARGUMENT`.
   */
  copy(sessionId: string, options?: { id?: string }): Promise<ConversationMemory>;
  /**
   * Deletes a session with its messages, artifacts, saved component state and the long-term records bound to it
   * (its working memory, its observer's cursor, its RAG index), so a session created later under its id starts
   * empty; what was learned about the user (long-term facts, turns, episodes) stays.
   */
  delete(sessionId: string): Promise<void>;
  /**
   * Applies retention at the end of a run or of the workflow to every session `list()` returns (each through
   * its owner scope): `single_run` sessions are cleared at `run`, `session` sessions are deleted at `workflow`
   * (with the single_run ones); `persistent` ones are kept. Returns the ids affected. Anything but `'run'` or
   * `'workflow'` is `INVALID_ARGUMENT`, and nothing is cleared. Safe beside concurrent deletes and sweeps: a session
   * deleted meanwhile is skipped (and not returned), the rest are still swept. A copy or import under way is left
   * alone; what a crashed one left is swept by its retention like any session.
   */
  endOf(scope: 'run' | 'workflow'): Promise<string[]>;
  /**
   * Deletes the sessions (of any policy) not updated for `olderThanMs`, and what crashed copies or imports left
   * that long ago; returns their ids. Each delete is conditional on the session still not being written since the
   * cutoff, so a session that takes a message while the sweep runs is kept with it. As `endOf`, a session deleted
   * meanwhile is skipped and a copy under way kept.
   */
  expire(olderThanMs: number, now?: Date): Promise<string[]>;
}

/**
 * Sessions over any store.
 * @example
 * const sessions = createSessions({ store: createMemoryStore() });
 * const memory = await sessions.create({ id: 'chat-1' });
 * await memory.store({ role: 'user', content: 'hi' });
 * const branch = await sessions.fork('chat-1', { atSeq: 1 });
 */
const invalid = (message: string) =>
  new MemoryError({ code: 'INVALID_ARGUMENT', component: 'session', message });

/** The options object of a `Sessions` method: an object of known keys, else `INVALID_ARGUMENT` naming the key. */
function checkMethodOptions<T extends object>(options: T, known: Record<keyof T, true>, method: string): T {
  checkOptions(options, method, 'session');
  checkKnownKeys(options, known, method, 'session');
  return options;
}

/** The store methods `Sessions` and the conversation memories it opens call. */
const sessionStoreMethods = [
  'getSession',
  'createSession',
  'listSessions',
  'updateSession',
  'deleteSession',
  'append',
  'readRange',
  'getMessages',
  'stats',
  'clearMessages',
  'putArtifact',
  'listArtifacts',
] as const;

export function createSessions(options: SessionsOptions): Sessions {
  checkMethodOptions(options, { store: true, scope: true, counter: true }, 'createSessions');
  // Checked here: a missing store, or one without these methods, made the first call throw a raw TypeError, and a
  // bad counter was refused only once `create` had stored the session.
  const store = checkMethods(options.store, 'createSessions(options).store', 'session', sessionStoreMethods);
  if (options.counter !== undefined)
    checkMethods(options.counter, 'createSessions(options).counter', 'session', ['count', 'countText']);
  const scope = checkScope(options.scope === undefined ? defaultScope : options.scope, 'session');
  const memoryFor = (id: string) =>
    createConversationMemory({
      store,
      scope,
      sessionId: id,
      ...(options.counter !== undefined ? { counter: options.counter } : {}),
    });
  const require = async (id: string): Promise<SessionRecord> => {
    checkSessionId(id, 'session');
    const record = await store.getSession(scope, id);
    // A session a run is still writing (a copy, an import), or one a crash left unfinished, is not there yet.
    if (!record || isUnfinished(record.metadata))
      throw new NotFoundError({ kind: 'session', id, component: 'session' });
    return record;
  };
  const retentionOf = (r: SessionRecord): RetentionPolicy => {
    const value = r.metadata['engram.retention'];
    return isRetentionPolicy(value) ? value : 'persistent';
  };
  /**
   * Every session a sweep (`endOf`, `expire`) may touch: all `list()` holds plus what a crashed copy or import
   * left, but not a copy or import still under way (its writer would finish a session the sweep had cleared).
   */
  const sweepable = async (): Promise<SessionRecord[]> => {
    const out: SessionRecord[] = [];
    for await (const record of listAllSessions(store, scope))
      if (!isUnfinished(record.metadata) || isAbandoned(record.metadata)) out.push(record);
    return out;
  };
  /**
   * Runs a sweep's write on one session; false when the session was deleted since the sweep listed it
   * (`SESSION_NOT_FOUND`), or its conditional delete found it written since (`CONFLICT`).
   */
  const sweepOne = async (write: Promise<unknown>): Promise<boolean> => {
    try {
      await write;
      return true;
    } catch (error) {
      if (MemoryError.hasCode(error, 'SESSION_NOT_FOUND') || MemoryError.hasCode(error, 'CONFLICT'))
        return false;
      throw error;
    }
  };

  const sessions: Sessions = {
    async create(o = {}) {
      checkMethodOptions(o, { id: true, retention: true, metadata: true }, 'sessions.create');
      if (
        o.metadata !== undefined &&
        (typeof o.metadata !== 'object' || o.metadata === null || Array.isArray(o.metadata))
      )
        throw invalid(`sessions.create: metadata must be an object, got ${describeValue(o.metadata)}`);
      const reserved = o.metadata === undefined ? undefined : reservedSessionKey(o.metadata);
      if (reserved !== undefined)
        throw invalid(
          `sessions.create: the metadata key ${JSON.stringify(reserved)} is engram's own (it marks a session an import is still writing)`,
        );
      const retention = checkRetentionPolicy(
        o.retention ?? 'persistent',
        'sessions.create: retention',
        'session',
      );
      const metadata = { ...(o.metadata ?? {}), 'engram.retention': retention };
      const id = o.id ?? createId('ses');
      checkSessionId(id, 'session');
      await removeAbandoned(store, scope, id);
      const record = await store.createSession(scope, { id, metadata });
      return memoryFor(record.id);
    },
    async open(id) {
      await require(id);
      return memoryFor(id);
    },
    async list(o) {
      if (o !== undefined)
        checkMethodOptions(o, { limit: true, before: true, startAfter: true }, 'sessions.list');
      return listFinishedSessions(store, scope, o);
    },
    async fork(id, at) {
      checkMethodOptions(at, { atMessageId: true, atSeq: true, id: true }, 'sessions.fork');
      if (at.atMessageId !== undefined && at.atSeq !== undefined)
        throw invalid('sessions.fork: give atMessageId or atSeq, not both');
      const parent = await require(id);
      // The point is found in the parent's log as it is now: a fork made after the parent was created again would
      // take the new log up to that point (checked once the fork exists).
      const { logId } = await store.stats(scope, id);
      let atSeq = at.atSeq;
      if (at.atMessageId !== undefined) {
        const [entry] = await store.getMessages(scope, id, [at.atMessageId]);
        if (!entry) throw new NotFoundError({ kind: 'message', id: at.atMessageId, component: 'session' });
        atSeq = entry.seq;
      }
      if (atSeq === undefined) {
        throw invalid('fork needs atMessageId or atSeq');
      }
      if (!Number.isSafeInteger(atSeq) || atSeq < 0)
        throw invalid(`sessions.fork: atSeq must be an integer ≥ 0, got ${describeValue(atSeq)}`);
      atSeq = await unitEnd(store, scope, id, atSeq);
      const forkId = at.id ?? createId('ses');
      checkSessionId(forkId, 'session');
      await removeAbandoned(store, scope, forkId);
      const record = await store.createSession(scope, {
        id: forkId,
        metadata: { ...parent.metadata, 'engram.forkOf': id },
        fork: { parentId: id, atSeq },
      });
      const now = await statsUnlessDeleted(store.stats(scope, id));
      if (now?.logId !== logId) {
        await store.deleteSession(scope, record.id).catch(() => undefined);
        throw new MemoryError({
          code: 'CONFLICT',
          component: 'session',
          message: `sessions.fork: session "${id}" was deleted${now ? ' and created again' : ''} while it was forked; no fork was made, fork it again`,
        });
      }
      return memoryFor(record.id);
    },
    async copy(id, o = {}) {
      checkMethodOptions(o, { id: true }, 'sessions.copy');
      const source = await require(id);
      const targetId = o.id ?? createId('ses');
      checkSessionId(targetId, 'session');
      await copySession(store, scope, source, targetId);
      return memoryFor(targetId);
    },
    async delete(id) {
      await require(id);
      // Also deletes its `session:<id>:<name>` component state and the long-term records bound to it.
      await store.deleteSession(scope, id);
    },
    async endOf(when) {
      // A typo must not fall through to a policy's action: `retentionAt` reads anything but 'workflow' as 'run'.
      if (when !== 'run' && when !== 'workflow')
        throw invalid(`endOf(scope): scope must be 'run' or 'workflow', got ${describeValue(when)}`);
      const affected: string[] = [];
      for (const record of await sweepable()) {
        const action = retentionAt(retentionOf(record), when);
        if (action === 'keep') continue;
        // A session deleted since the listing (a concurrent delete, endOf or expire) is not affected by this one.
        const done = await sweepOne(
          action === 'clear'
            ? store.clearMessages(record.scope, record.id)
            : store.deleteSession(record.scope, record.id),
        );
        if (done) affected.push(record.id);
      }
      return affected;
    },
    async expire(olderThanMs, now = new Date()) {
      if (!Number.isFinite(olderThanMs) || olderThanMs < 0) {
        throw new MemoryError({
          code: 'INVALID_ARGUMENT',
          component: 'session',
          message: `expire: olderThanMs must be ≥ 0, got ${describeValue(olderThanMs)}`,
        });
      }
      if (!(now instanceof Date) || Number.isNaN(now.getTime()))
        throw new MemoryError({
          code: 'INVALID_ARGUMENT',
          component: 'session',
          message: `expire: now must be a valid Date, got ${describeValue(now)}`,
        });
      const cutoff = now.getTime() - olderThanMs;
      const expired: string[] = [];
      // Deleted only if still not written since the cutoff when the delete runs (`ifUpdatedBefore`, checked with
      // it): a session appended to after the listing is kept, with what was appended.
      const ifUpdatedBefore = new Date(cutoff);
      for (const r of await sweepable())
        if (
          r.updatedAt.getTime() < cutoff &&
          (await sweepOne(store.deleteSession(r.scope, r.id, { ifUpdatedBefore })))
        )
          expired.push(r.id);
      return expired;
    },
  };
  return sessions;
}
