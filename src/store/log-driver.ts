import type { JSONValue } from 'ai';
import type { LogEntry } from '../core/message.ts';
import type { Scope } from '../core/scope.ts';
import type {
  AppendInput,
  CreateSessionInput,
  DeleteSessionOptions,
  LogStats,
  MemoryStoreV1,
  RangeQuery,
  SearchHit,
  SearchQuery,
  SessionRecord,
  StoreCapabilities,
} from './memory-store.ts';

/**
 * The small contract a conversation-log driver implements: 15 required methods (sessions 5, the log 4,
 * artifacts 3, state 3) against `MemoryStoreV1`'s 20; `createLogStore(driver)` builds the full `MemoryStoreV1`
 * users hold from it (unstorage's shape: a driver writes what only it can do, the engine fills in the rest).
 *
 * Every required method has exactly the semantics of the `MemoryStoreV1` method of the same name (read that
 * contract: scopes, the id rule, the stored-value rule, tombstones, idempotent appends), with one exception:
 * unless the driver sets `nativeForks`, `createSession` is never given a `fork` (the engine makes a fork by
 * copying the parent's entries at fork time, and keeps the fork link in the session state key
 * `session:<id>:engram.fork`, which it then refuses to callers; see `createLogStore`). The engine checks the
 * scope and the store's open state before every call, so a driver may assume a valid scope and an open store;
 * it still checks every other argument with the kit's checks (`prepareInputs`, `checkRangeQuery`,
 * `checkIdList`, `checkSessionListOptions`, `checkStateKey`, `checkArtifact`, `checkSessionMetadata`,
 * `checkSessionId`), so that every driver refuses the same inputs with the same errors; `describeMemoryStore`
 * (`engram/testing`) run on `createLogStore(driver)` tells whether it does.
 *
 * The optional methods are native fast paths: when a driver has one, the engine calls it instead of its
 * fallback (a read-and-filter for `getMessages`, a delete of every live id for `clearMessages`, a plan of
 * deletes and appends for `replaceMessages`, a substring scan for `searchMessages`, a copy for forks). The
 * multi-step fallbacks run inside `transaction` when the driver has one; without it they are serialized within
 * the store handle but not crash-atomic.
 */
export interface LogDriverV1 {
  /** The contract version. */
  readonly specificationVersion: 'v1';
  /** The driver's name, used in error messages and as the store's `name`. */
  readonly name: string;
  /** What it can do; a missing flag is false. `fullTextSearch` is true only with a native `searchMessages`. */
  readonly capabilities?: Partial<StoreCapabilities>;
  /**
   * `createSession` takes a `fork` input itself (zero-copy or copying, as `MemoryStoreV1` says); without it the
   * engine forks by copying. @default false
   */
  readonly nativeForks?: boolean;
  /**
   * `append` takes `options.ifLastSeq` and `options.ifLogId` itself (`AppendOptions`: it checks the options with
   * `checkAppendOptions`, then, atomically with its write, the session's `lastSeq` and `logId` with
   * `checkAppendCondition`, a missing session included, across processes where the driver is multi-process). Without it the engine never passes `options` to `append`: it reads `stats` and
   * appends inside `transaction` when the driver has one (as atomic as that), else alone among the handle's calls,
   * which keeps out this handle's other writes but not another handle's or process's. @default false
   */
  readonly nativeConditionalAppend?: boolean;
  /**
   * `deleteSession` takes `options.ifLogId` and `options.ifUpdatedBefore` itself (`DeleteSessionOptions`: it checks
   * the options with `checkDeleteSessionOptions`, then, atomically with its delete, the session's `logId` and
   * `updatedAt` with `checkDeleteCondition`, a missing session included, across processes where the driver is
   * multi-process). Without it the engine never
   * passes `options` to `deleteSession`: it reads `stats` and deletes inside `transaction` when the driver has one
   * (as atomic as that), else alone among the handle's calls, which keeps out this handle's other calls but not
   * another handle's or process's. @default false
   */
  readonly nativeConditionalDelete?: boolean;
  /**
   * The largest serialized message its `append` accepts, in bytes: the engine checks it (with `prepareInputs`)
   * before its multi-step fallbacks write anything, so a replace refused for size changes nothing even without
   * a transaction. @default 16 MiB (`defaultMaxMessageBytes`, every built-in driver's default)
   */
  readonly maxMessageBytes?: number;

  // Sessions (5).
  /** `MemoryStoreV1.createSession`; `input.fork` only when `nativeForks` is set. */
  createSession(scope: Scope, input: CreateSessionInput): Promise<SessionRecord>;
  /** `MemoryStoreV1.getSession`. */
  getSession(scope: Scope, sessionId: string): Promise<SessionRecord | undefined>;
  /** `MemoryStoreV1.listSessions`. */
  listSessions(scope: Scope, options?: { limit?: number; before?: Date }): Promise<SessionRecord[]>;
  /** `MemoryStoreV1.updateSession`. */
  updateSession(scope: Scope, sessionId: string, metadata: Record<string, JSONValue>): Promise<SessionRecord>;
  /** `MemoryStoreV1.deleteSession`; `options` (a conditional delete) only when the driver sets `nativeConditionalDelete`. */
  deleteSession(scope: Scope, sessionId: string, options?: DeleteSessionOptions): Promise<void>;

  // The log (4).
  /**
   * `MemoryStoreV1.append`: gapless seqs, idempotent by id, atomic; `options` (a conditional append) only when
   * the driver sets `nativeConditionalAppend`.
   */
  append: MemoryStoreV1['append'];
  /** `MemoryStoreV1.readRange`. */
  readRange(scope: Scope, sessionId: string, query?: RangeQuery): Promise<LogEntry[]>;
  /** `MemoryStoreV1.stats`. */
  stats(scope: Scope, sessionId: string): Promise<LogStats>;
  /** `MemoryStoreV1.deleteMessages`: tombstones. */
  deleteMessages(scope: Scope, sessionId: string, ids: readonly string[]): Promise<number>;

  // Artifacts (3).
  /** `MemoryStoreV1.putArtifact`: with `options.createdAt` (checked by the engine) the artifact's `createdAt`. */
  putArtifact: MemoryStoreV1['putArtifact'];
  /**
   * `MemoryStoreV1.listArtifacts` (`since` and `options` are checked first; a driver may ignore `since` and list
   * all, and ignore `options.data` and read every artifact's data).
   */
  listArtifacts: MemoryStoreV1['listArtifacts'];
  /** `MemoryStoreV1.deleteArtifact`. */
  deleteArtifact(scope: Scope, sessionId: string, artifactId: string): Promise<boolean>;

  // Component state (3).
  /** `MemoryStoreV1.putState`. */
  putState(scope: Scope, key: string, state: JSONValue): Promise<void>;
  /** `MemoryStoreV1.getState`. */
  getState(scope: Scope, key: string): Promise<JSONValue | undefined>;
  /** `MemoryStoreV1.deleteState`. */
  deleteState(scope: Scope, key: string): Promise<void>;

  // Optional native paths.
  /** `MemoryStoreV1.getMessages`; fallback: `readRange` filtered by id. */
  getMessages?(scope: Scope, sessionId: string, ids: readonly string[]): Promise<LogEntry[]>;
  /** `MemoryStoreV1.clearMessages`; fallback: `deleteMessages` of every live id. */
  clearMessages?(scope: Scope, sessionId: string): Promise<number>;
  /** `MemoryStoreV1.replaceMessages`; fallback: planned deletes and appends inside `transaction`. */
  replaceMessages?(scope: Scope, sessionId: string, inputs: readonly AppendInput[]): Promise<LogEntry[]>;
  /** `MemoryStoreV1.searchMessages` (ranked full text); fallback: a case-insensitive substring scan. */
  searchMessages?(scope: Scope, query: SearchQuery): Promise<SearchHit[]>;
  /**
   * Runs `work` atomically and in isolation: every driver call it makes through the driver it is given commits
   * together or not at all (a crash or a throw leaves nothing of it), and no other call sees part of it or
   * changes what it read (the engine reads fork links and the live log, then writes, inside it). Without it,
   * the engine's multi-step fallbacks (`replaceMessages`, `clearMessages`, forks and their links) run alone
   * among the handle's calls, but are not crash-atomic and do not hold back another handle or process.
   */
  transaction?<T>(work: (driver: LogDriverV1) => Promise<T>): Promise<T>;
  /**
   * Releases the driver's resources. The engine calls it once, after every call already started has settled
   * when it holds them back (no transaction), and refuses later calls with `STORE_CLOSED` itself.
   */
  close?(): Promise<void>;
}
