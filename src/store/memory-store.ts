import type { JSONValue } from 'ai';
import type { LogEntry, MemoryMessage, MessageRole } from '../core/message.ts';
import type { Scope } from '../core/scope.ts';

/** What a store can do beyond the contract's required operations. */
export interface StoreCapabilities {
  /** Ranked full-text search over messages (FTS5, tsvector); without it `searchMessages` does a substring scan. */
  fullTextSearch: boolean;
  /** Vector similarity search (sqlite-vec, pgvector). */
  vectorSearch: boolean;
  /** Several processes (or machines) may open the same store at once. */
  multiProcess: boolean;
  /** Acknowledged writes survive a process crash. */
  durable: boolean;
}

/**
 * A conversation session: a log of messages that belongs to one owner scope. A session is identified by its
 * owner (tenant, user, agent; a missing `user` / `agent` means "none") and its id: two owners of one tenant
 * may each have a session `chat`, and they are unrelated.
 */
export interface SessionRecord {
  /** Unique among the sessions of its owner scope. */
  id: string;
  /** Who owns it: pass this scope to address the session by id. */
  scope: Scope;
  /** The session this one was forked from. */
  parentId?: string;
  /** The last sequence number of the parent that this fork shares (its own messages start after it). */
  forkedAtSeq?: number;
  /** Free-form JSON. */
  metadata: Record<string, JSONValue>;
  /** When it was created. */
  createdAt: Date;
  /** When a message or its metadata last changed. */
  updatedAt: Date;
}

/** Input to create a session. */
export interface CreateSessionInput {
  /** The id; generated when missing. */
  id?: string;
  /** Free-form JSON metadata. */
  metadata?: Record<string, JSONValue>;
  /** Fork: the parent session (owned by the same scope) and the sequence number to branch after. */
  fork?: { parentId: string; atSeq: number };
}

/** One message to append, with its token count computed once by the caller's counter. */
export interface AppendInput {
  /** The validated message. */
  message: MemoryMessage;
  /** Its token count. */
  tokens: number;
}

/**
 * Options of `append`. `ifLastSeq` makes it a conditional (optimistic-concurrency) write: a caller that read the
 * log at `stats().lastSeq` = L and decided what to append from it passes `{ ifLastSeq: L }`, and the append stores
 * its inputs only when no other append reached the session since (its `lastSeq` is still L at the moment of the
 * write, checked atomically with it, across processes on a multi-process store); otherwise it throws
 * `MemoryError` code `CONFLICT` and stores nothing, and the caller reads again and decides again. Deletes do not
 * change `lastSeq`, so they do not make a conditional append fail.
 *
 * `lastSeq` alone cannot tell two logs apart: a session deleted and created again under its id starts again at 0,
 * and once another writer has filled it up to L an append with `ifLastSeq: L` is accepted into that new, unrelated
 * log (the ABA of a compare-and-set). `ifLogId` closes it: a caller passes the `logId` it read with `lastSeq` (one
 * `stats()` call), `{ ifLastSeq: L, ifLogId }`, and the append is stored only while the session is still that log,
 * checked with `ifLastSeq` in the same atomic step. Either key may be given alone; both must hold.
 */
export interface AppendOptions {
  /**
   * Store the inputs only when the session's `lastSeq` (`LogStats.lastSeq`: the newest sequence number ever
   * assigned, 0 for a new session) equals this, else `CONFLICT`. One rule, with no exception for idempotent
   * re-appends: when every input is already stored under its id, the append still throws `CONFLICT` if `lastSeq`
   * differs (and returns the stored entries, writing nothing, when it is equal). A non-negative integer.
   * @default undefined (unconditional)
   */
  ifLastSeq?: number;
  /**
   * Store the inputs only when the session exists and its `logId` (`LogStats.logId`) equals this, else `CONFLICT`
   * (also when the session is missing, as for a conditional `deleteSession`: the log read is gone; without
   * `ifLogId` a missing session stays `SESSION_NOT_FOUND`). The same one rule for re-appends and empty batches.
   * Only a delete and re-creation changes `logId`: appends, message deletes and metadata updates do not. A valid id
   * string (`isValidId`).
   * @default undefined (unconditional)
   */
  ifLogId?: string;
}

/**
 * Options of `deleteSession`. `ifLogId` makes it a conditional delete: a caller that read the session (its
 * `stats().logId` = L) and decided from what it read to delete it passes `{ ifLogId: L }`, and the session is
 * deleted only when it still exists and is the same one (its `logId` is still L at the moment of the delete,
 * checked atomically with it, across processes on a multi-process store); otherwise `deleteSession` throws
 * `MemoryError` code `CONFLICT` and changes nothing (no message, artifact, state or bound long-term record goes).
 * So two callers that both read one session and both decide to replace it (delete, then create under its id)
 * cannot both do it: the second one's delete finds the first one's new session (a new `logId`) and is refused.
 * Only a delete and re-creation changes `logId`: appends, message deletes and metadata updates do not.
 */
export interface DeleteSessionOptions {
  /**
   * Delete only when the session exists and its `logId` (`LogStats.logId`) equals this, else `CONFLICT` (also when
   * the session is missing). A valid id string (`isValidId`).
   * @default undefined (unconditional)
   */
  ifLogId?: string;
  /**
   * Delete only when the session exists and was last updated (`SessionRecord.updatedAt`: created, appended to, its
   * messages changed or its metadata replaced) strictly before this time, else `CONFLICT` (also when the session is
   * missing): a retention sweep that chose the session for its age passes its cutoff, so a session written after the
   * sweep read it is kept. A valid `Date`.
   * @default undefined (unconditional)
   */
  ifUpdatedBefore?: Date;
}

/** A range or page of a session's log. */
export interface RangeQuery {
  /** First sequence number included. @default 1 */
  fromSeq?: number;
  /** Last sequence number included. @default the newest */
  toSeq?: number;
  /** At most this many entries. */
  limit?: number;
  /** `backward` pages from the newest end; results are still returned oldest first. @default 'forward' */
  direction?: 'forward' | 'backward';
  /** Only these roles (an empty list matches nothing). */
  roles?: readonly MessageRole[];
}

/** A full-text (or substring) hit. */
export interface SearchHit {
  /** The session it belongs to. */
  sessionId: string;
  /** The session's owner scope (sessions of different owners may share an id). */
  scope: Scope;
  /** The log entry. */
  entry: LogEntry;
  /** Higher is better; comparable only within one result list. */
  score: number;
}

/** A full-text query over messages. */
export interface SearchQuery {
  /**
   * Words to look for; every word must match (stemmed where the driver has full-text search). Query syntax
   * is never interpreted: quotes, parentheses, `*`, `col:`, `NEAR(` are plain text, and the upper-case
   * connectives `AND`, `OR`, `NOT`, `NEAR` are dropped (kept only when nothing else is left), so
   * `"brown fox" AND (quick` finds messages containing brown, fox and quick. The work is bounded on every
   * driver: a text longer than 4,096 characters (`maxSearchTextLength`) or with more than 64 distinct words
   * (`maxSearchWords`, counted after dropping connectives and repeats) throws `INVALID_QUERY`; nothing is
   * truncated.
   */
  text: string;
  /** Restrict to one session. */
  sessionId?: string;
  /** At most this many hits. @default 20 */
  limit?: number;
}

/**
 * Counts of a session's live (not deleted) messages, and what tells a reader whether the log changed since it
 * last looked. A tombstoned entry never comes back and a sequence number is never reused, so between two
 * `stats()` with the same `logId`: nothing changed when `lastSeq` and `count` are both unchanged; only appends
 * happened (exactly the live entries after the earlier `lastSeq` are new) when `lastSeq - count` is unchanged;
 * otherwise an entry was deleted (a delete, clear, prune or `replaceMessages`). A different `logId` means the
 * session was deleted and created again under the same id: nothing read before belongs to it.
 */
export interface LogStats {
  /** Live messages. */
  count: number;
  /** Sum of their token counts. */
  tokens: number;
  /** The newest sequence number ever assigned (0 when empty); deleted messages keep their numbers. */
  lastSeq: number;
  /**
   * Identifies the session's log: the same while the session exists (on one store handle; a driver may give a
   * new one after a reopen), a new one when the session is deleted and created again under its id.
   */
  logId: string;
}

/** Options of `listArtifacts`. */
export interface ListArtifactsOptions {
  /**
   * `false`: the caller reads only each artifact's id, kind, range and time (to count, order or delete them), so
   * a store may leave its `data` out, reported as `null` (a store may still return it). @default true
   */
  data?: boolean;
}

/** A derived record stored beside the log, naming the log range it covers (summary, offload stub, compaction). */
export interface Artifact {
  /** Unique within the session. */
  id: string;
  /** What it is: `summary`, `offload`, `compaction`, … */
  kind: string;
  /** First covered sequence number. */
  fromSeq: number;
  /** Last covered sequence number. */
  toSeq: number;
  /** Its content (`null` in a listing with `{ data: false }` from a store that leaves it out). */
  data: JSONValue;
  /** When it was written. */
  createdAt: Date;
}

/** Options of `MemoryStoreV1.putArtifact`. */
export interface PutArtifactOptions {
  /**
   * The artifact's `createdAt`, instead of the time of the write: a session moved from another store keeps its
   * artifacts' times (`engram import`). A valid Date, else `INVALID_ARGUMENT` and nothing is written
   * (`checkPutArtifactOptions`). `listArtifacts(since)` finds the artifact by this time, so a reader that follows
   * the session by `since` does not see one written with an earlier time: give it only to a session no one reads
   * yet. @default the time of the write
   */
  createdAt?: Date;
}

/**
 * The storage contract every driver implements (DESIGN.md §4). Every call carries the caller's scope, and
 * nothing any input can do returns another tenant's data.
 *
 * Sessions belong to an exact owner scope: a session is identified by (tenant, user, agent, id), where a
 * missing `user` / `agent` means "none", not "any". Every call that takes a session id addresses the session
 * of that id owned by exactly the caller's scope; a session of any other owner (another user, the same user
 * with an agent, the whole tenant) is, for that call, exactly like a missing one: it is not found, blocks no
 * `createSession`, and its state cannot be reached. Listing is wider: `listSessions` and `searchMessages`
 * without a `sessionId` cover every session the scope *contains* (same tenant, and the scope's `user` /
 * `agent` where it names them), and each record or hit carries its owner `scope` to address it with. So a
 * tenant-wide scope `{ tenant }` lists the `chat` of user u1 and the `chat` of user u2 (two records, told
 * apart by `scope`), while `getSession({ tenant }, 'chat')` is the tenant's own `chat`, if it has one.
 *
 * Every id a call takes (session, message, artifact id and kind) is a non-empty string of at most `maxIdLength`
 * (256) characters without NUL or lone surrogates (`isValidId`; state keys the same, up to `maxStateKeyLength`,
 * 1,024), else `INVALID_ARGUMENT` (`getSession` answers undefined). Every stored value (message, session
 * metadata, artifact data, component state) reads back identical, before and after a reopen, or the write is
 * refused with a typed error naming its path, storing nothing (`jsonValueIssue` says which: no NaN, ±Infinity,
 * -0, BigInt, function, symbol, Map, Set, class instance, sparse array, nesting deeper than `maxJsonDepth`
 * (100) levels; Dates, URLs and bytes, the latter read back as `Uint8Array`, only inside messages, and only
 * exact instances without extra properties). `undefined` object members are left out, as JSON does. A
 * third-party driver gets these rules by calling the same exported checks; `describeMemoryStore` tests them.
 * Appends are idempotent by message id: re-appending an identical message returns the stored entry, a
 * different message under a live id throws `DuplicateMessageIdError`. Deletes are tombstones, so the
 * sequence stays gapless; a deleted id is free again (re-appending it stores a new entry). A session's log
 * (what `readRange` returns) holds at most one live entry per id; `append`, `getMessages`, `deleteMessages`
 * and `stats` see exactly that log, so in a fork an id is taken while its inherited or its own entry is live
 * there, and free when neither is.
 *
 * This contract is the conversation log only, so a third party can write a log-only driver. Other kinds of
 * data (content items, long-term records, working memory) are separate versioned contracts beside it, each
 * with its own conformance suite; the built-in drivers implement them too, and a caller discovers them by
 * feature detection on the store object, never by widening this interface.
 */
export interface MemoryStoreV1 {
  /** The contract version. */
  readonly specificationVersion: 'v1';
  /** The driver's name (`memory`, `sqlite`, `postgres`, `json-file`). */
  readonly name: string;
  /** What it can do. */
  readonly capabilities: StoreCapabilities;

  /**
   * Creates a session owned by exactly `scope`; throws `INVALID_ARGUMENT` only when `scope` itself already
   * owns a session with that id (sessions of other owners never conflict). A fork's parent is the session
   * `fork.parentId` of the same owner.
   */
  createSession(scope: Scope, input?: CreateSessionInput): Promise<SessionRecord>;
  /** The session `sessionId` owned by exactly `scope`, or undefined (also when only other owners have one). */
  getSession(scope: Scope, sessionId: string): Promise<SessionRecord | undefined>;
  /**
   * Every session the scope contains, newest first: the tenant's sessions whose owner has the scope's `user`
   * and `agent` where the scope names them (`{ tenant }` lists all of them, `{ tenant, user }` that user's with
   * or without an agent). Records of different owners may share an id; each names its owner in `scope`.
   */
  listSessions(scope: Scope, options?: { limit?: number; before?: Date }): Promise<SessionRecord[]>;
  /** Replaces a session's metadata (a plain JSON object, following the stored-value rule). */
  updateSession(scope: Scope, sessionId: string, metadata: Record<string, JSONValue>): Promise<SessionRecord>;
  /**
   * Deletes the session with its messages, artifacts and its component state (the scope's keys
   * `session:<id>:<name>` naming exactly this session, see `putState`), and nothing of any other session or
   * owner; forks of it keep their full history (the shared prefix is materialized into them first). A store
   * that also carries long-term records (`longTermRecords`) purges, every version, the records owned by exactly
   * `scope` that are bound to the session (their metadata `engram.session` names it, `sessionBoundKey`: its
   * working memory, its observer's cursor, its RAG index), and no other record: facts, turns and episodes
   * learned from the session belong to the user and stay. So a session created later under the same id reads
   * nothing of the deleted one (its `logId` is new, see `LogStats`). A missing session is `SESSION_NOT_FOUND`.
   * With `options.ifLogId` or `options.ifUpdatedBefore` the delete is conditional (see `DeleteSessionOptions`):
   * made, exactly as above, only when the session exists and its `logId` equals `ifLogId` and its `updatedAt` is
   * before `ifUpdatedBefore` at the moment of the delete, else `CONFLICT` (a missing session too) and nothing
   * changes. `options` must be undefined or an object with no other key, whose `ifLogId`, when set, is a valid id and
   * whose `ifUpdatedBefore` a valid Date, else `INVALID_ARGUMENT` (`checkDeleteSessionOptions`).
   */
  deleteSession(scope: Scope, sessionId: string, options?: DeleteSessionOptions): Promise<void>;

  /**
   * Appends messages in order, assigning gapless sequence numbers, atomically. A session's token total (its
   * live entries' tokens, inherited ones included) stays within `Number.MAX_SAFE_INTEGER`: an append that would
   * pass it throws `INVALID_ARGUMENT` and stores nothing. With `options.ifLastSeq` and / or `options.ifLogId` the
   * append is conditional (see `AppendOptions`): stored only when the session's `lastSeq` and `logId` equal them at
   * the moment of the write, else `CONFLICT`, nothing stored (with `ifLogId`, a missing session too). `options`
   * must be undefined or an object with no other key, whose `ifLastSeq`, when set, is a non-negative integer and
   * whose `ifLogId`, when set, is a valid id, else `INVALID_ARGUMENT` (`checkAppendOptions`).
   */
  append(
    scope: Scope,
    sessionId: string,
    inputs: readonly AppendInput[],
    options?: AppendOptions,
  ): Promise<LogEntry[]>;
  /**
   * A range or page of live entries, oldest first. A fork sees its parent's live entries up to the fork point as
   * they were when it was forked, minus those it deleted, then its own; nothing its ancestors do later changes that.
   */
  readRange(scope: Scope, sessionId: string, query?: RangeQuery): Promise<LogEntry[]>;
  /** Live entries by message id, in log order; unknown ids are skipped (an id breaking the id rule is `INVALID_ARGUMENT`). */
  getMessages(scope: Scope, sessionId: string, ids: readonly string[]): Promise<LogEntry[]>;
  /** Counts of live entries. */
  stats(scope: Scope, sessionId: string): Promise<LogStats>;
  /** Tombstones messages by id; returns how many were live (an id breaking the id rule is `INVALID_ARGUMENT`). */
  deleteMessages(scope: Scope, sessionId: string, ids: readonly string[]): Promise<number>;
  /** Tombstones every live message of the session; returns how many. */
  clearMessages(scope: Scope, sessionId: string): Promise<number>;
  /**
   * Makes the session's live log exactly `inputs`, in one atomic step (a crash or a refused input leaves the
   * old log whole, never an empty or partial one): the live entries that already hold the leading inputs
   * (same ids, identical messages, in order) are kept with their sequence numbers and token counts; every
   * other live message is tombstoned and the remaining inputs are appended as `append` would (a removed id is
   * free again). It refuses, changing nothing, what `append` would refuse: bad inputs, oversized messages,
   * two different messages under one id, a token total past `Number.MAX_SAFE_INTEGER`. When the log already
   * equals `inputs` nothing is written (`lastSeq` and `updatedAt` stay). Forks sharing a removed entry keep it
   * (copy-on-delete). Returns the log's entries afterwards, oldest first.
   */
  replaceMessages(scope: Scope, sessionId: string, inputs: readonly AppendInput[]): Promise<LogEntry[]>;
  /**
   * Full-text search over live messages: of the session `query.sessionId` owned by exactly `scope`, or
   * without it of every session `listSessions(scope)` would list (each hit names its session and owner).
   */
  searchMessages(scope: Scope, query: SearchQuery): Promise<SearchHit[]>;

  /**
   * Writes (or replaces, by id) an artifact; its `data` follows the stored-value rule (see above). Its `createdAt`
   * is the time of the write, or `options.createdAt` (see {@link PutArtifactOptions}), which every store keeps.
   */
  putArtifact(
    scope: Scope,
    sessionId: string,
    artifact: Omit<Artifact, 'createdAt'>,
    options?: PutArtifactOptions,
  ): Promise<Artifact>;
  /**
   * Artifacts of a session, optionally of one kind, ordered by `toSeq`. With `since`, at least those written or
   * rewritten at or after it (`createdAt >= since`); a store may return more (one that ignores it returns all),
   * so a caller merges by id. Deleted artifacts are not reported. With `options.data` false a store may report
   * each artifact's `data` as `null` instead of reading it (listing hundreds of large records to count or trim
   * them reads only their ids). `options` must be undefined or an object whose `data`, when set, is a boolean,
   * else `INVALID_ARGUMENT` (`checkListArtifactsOptions`), whether or not the store honours the hint.
   */
  listArtifacts(
    scope: Scope,
    sessionId: string,
    kind?: string,
    since?: Date,
    options?: ListArtifactsOptions,
  ): Promise<Artifact[]>;
  /** Deletes an artifact; returns whether it existed. */
  deleteArtifact(scope: Scope, sessionId: string, artifactId: string): Promise<boolean>;

  /**
   * Writes a component's state blob (StateModule) under a key, owned by exactly `scope`: a value's key is
   * (tenant, user, agent, key), where a missing `user` / `agent` means "none", not "any", so two users of one
   * tenant each have their own value under the same key. Every key holds its own value: writing or deleting
   * one never changes what another reads. A key `session:<id>:<name>` is session state: the
   * session id is everything between `session:` and the key's last `:` (so ids may contain `:`, names may
   * not; `session:a:b:c` is name `c` of session `a:b`), the session must be owned by exactly `scope` (else
   * `SESSION_NOT_FOUND`), and the value goes with it when it is deleted. A key `session:<name>` with no
   * second `:` is a plain key. A key breaking the id rule, a session key whose id breaks it (`session::x`),
   * or a state that is not a JSON value, is `INVALID_ARGUMENT`.
   */
  putState(scope: Scope, key: string, state: JSONValue): Promise<void>;
  /**
   * Reads the state blob owned by exactly `scope` under a key (never another user's or agent's); undefined
   * when there is none, or when a `session:<id>:<name>` key names no session of the scope.
   */
  getState(scope: Scope, key: string): Promise<JSONValue | undefined>;
  /**
   * Deletes the state blob owned by exactly `scope` under a key; does nothing when there is none, or when a
   * `session:<id>:<name>` key names no session of the scope.
   */
  deleteState(scope: Scope, key: string): Promise<void>;

  /** Releases the store's resources; later calls throw `STORE_CLOSED`. */
  close(): Promise<void>;
}
