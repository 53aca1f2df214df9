import type { JSONValue, ModelMessage } from 'ai';
import { checkKnownKeys, checkMethods, checkOptions } from '../core/check-options.ts';
import { type Clock, checkClock } from '../core/clock.ts';
import { describeValue } from '../core/errors/describe-value.ts';
import { createId } from '../core/ids.ts';
import type { LogEntry, MemoryMessage, MessageRole } from '../core/message.ts';
import { checkScope, defaultScope, type Scope } from '../core/scope.ts';
import type { StateModule } from '../core/state-module.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { serializeMessage } from '../messages/serialize.ts';
import type {
  Artifact,
  ListArtifactsOptions,
  LogStats,
  MemoryStoreV1,
  RangeQuery,
} from '../store/memory-store.ts';
import { checkSessionId } from '../store/store-helpers.ts';
import { createTokenCounter } from '../tokens/index.ts';
import type { TokenCounter } from '../tokens/token-counter.ts';
import { createAppendedEntries } from './appended-entries.ts';
import { createConversationLog, invalid } from './conversation-log.ts';
import {
  deleteMessageAt,
  findMessages,
  pruneMessages,
  readState,
  tailEntries,
} from './conversation-queries.ts';
import type { Memory } from './memory.ts';
import { checkRole, type MessageFilter } from './message-filter.ts';
import {
  type CheckedSearchOptions,
  checkSearch,
  type MessageSearchOptions,
  searchSession,
} from './message-search.ts';
import { createRidingArtifactsOverlay } from './riding-artifacts-overlay.ts';

/** The store methods a conversation's log calls (a store without them is refused at creation). */
export const logStoreMethods = ['getSession', 'createSession', 'append', 'readRange', 'stats'] as const;
/** Options of {@link createConversationMemory}; `S` is the store's type (its capabilities reach `storage`). */
export interface ConversationMemoryOptions<S extends MemoryStoreV1 = MemoryStoreV1> {
  /** Where the log lives. @default a new in-process store */
  store?: S;
  /** The session to open; created on first use when missing. @default a new id */
  sessionId?: string;
  /** Who the session belongs to. @default { tenant: 'default' } */
  scope?: Scope;
  /** Counts each message once, when it is stored. @default exact o200k_base counts (createTokenCounter({ encoding: 'o200k_base' })) */
  counter?: TokenCounter;
  /** Messages stored when the session's log is empty, before the memory counts as initialized (seed 000's `initialCount`); a reopened session with history does not get them again. @default [] */
  initialMessages?: readonly ModelMessage[];
  /** The key `saveState` / `loadState` use. @default 'ConversationMemory' */
  componentName?: string;
  /**
   * The time a message stored without `createdAt` gets (an object with `now()`): an import or a replay that
   * writes a conversation at its own times, a test. The agent's relative dates ("yesterday") and recall read the
   * prompt's time from it. @default the system clock
   */
  clock?: Clock;
}

/** Every option of {@link createConversationMemory}: any other key is refused (a misspelling). */
export const conversationOptionKeys: Record<keyof ConversationMemoryOptions, true> = {
  store: true,
  sessionId: true,
  scope: true,
  counter: true,
  initialMessages: true,
  componentName: true,
  clock: true,
};

/**
 * A durable, ordered message log with the history queries of seeds 001–003 and the Memory interface of seed 000.
 * It is also a `ContextView` (engram/views): the view of its whole log, so `agent()`, `withMemory` and
 * `memoryPrepareStep` take it as they take any view.
 */
export interface ConversationMemory<S extends MemoryStoreV1 = MemoryStoreV1>
  extends Memory<MemoryMessage>,
    StateModule {
  /** Marks a `ContextView` (engram/views), version 1: a conversation is the view of its whole log. */
  readonly specificationVersion: 'v1';
  /** The conversation the view reads: this memory itself (views name their conversation the same way). */
  readonly conversation: ConversationMemory;
  /** The session this memory reads and writes. */
  readonly sessionId: string;
  /** Its scope. */
  readonly scope: Scope;
  /** The counter each message was counted with. */
  readonly counter: TokenCounter;
  /** The store the log lives in (its other contracts, such as `longTermRecords`, serve memories built beside it). */
  readonly storage: S;
  /**
   * Stores one message, or several in order (validated and counted first: a bad message stores none); returns
   * them as stored (ids and times assigned).
   */
  store(message: ModelMessage | readonly ModelMessage[]): Promise<MemoryMessage[]>;
  /** The same as `store`: validates, counts and appends messages in order; returns them as stored. */
  append(message: ModelMessage | readonly ModelMessage[]): Promise<MemoryMessage[]>;
  /** A conversation sends its whole log and chooses nothing: there is no assembly to explain (always undefined). */
  lastAssembly(): undefined;
  /** A message by id. */
  get(id: string): Promise<MemoryMessage | undefined>;
  /** The `n` newest messages, oldest first. */
  recent(n: number): Promise<MemoryMessage[]>;
  /** Messages of one role (`INVALID_ARGUMENT` for anything but a message role). */
  byRole(role: MessageRole): Promise<MemoryMessage[]>;
  /** Messages matching roles, metadata (every given key equal), and a time range; a bad filter is `INVALID_ARGUMENT`. */
  find(filter: MessageFilter): Promise<MemoryMessage[]>;
  /**
   * Messages matching `text`. By default the store's search index for this session answers: messages holding
   * every word, best first, at most 20 (see {@link MessageSearchOptions} for `order: 'log'`, `limit`). Seed
   * 001's case-insensitive substring search, oldest first, is `{ mode: 'contains' }` (a scan of the log, paged
   * with `limit` and `after`). `text` follows the store's search limits (`INVALID_QUERY` past 4,096 characters
   * or 64 distinct words); bad options are `INVALID_ARGUMENT`.
   */
  search(text: string, options?: MessageSearchOptions): Promise<MemoryMessage[]>;
  /** Deletes a message by id; returns whether it existed. */
  delete(id: string): Promise<boolean>;
  /** Deletes the message at an index of `read()` (negative counts from the end); returns whether it existed. */
  deleteAt(index: number): Promise<boolean>;
  /** Deletes every message; returns how many. */
  clear(): Promise<number>;
  /** Sum of the live messages' cached token counts. */
  tokens(): Promise<number>;
  /**
   * Seed 001's prune: removes the oldest whole units until the log fits `maxTokens`; system messages are
   * kept. Returns the removed messages.
   */
  prune(maxTokens: number): Promise<MemoryMessage[]>;
  /** Log entries (message, sequence number, token count) of a range or page. */
  entries(query?: RangeQuery): Promise<LogEntry[]>;
  /**
   * The newest entries (up to `toSeq`, when given), oldest first, read backward in pages until they hold more
   * than `minTokens` tokens or `maxMessages` messages, or the log starts. Never reads more of the log than that.
   */
  tail(options: { minTokens?: number; maxMessages?: number; toSeq?: number }): Promise<LogEntry[]>;
  /** Live message count, tokens and the newest sequence number. */
  stats(): Promise<LogStats>;
  /**
   * The entries appended through this memory after `mark` (a mark this method returned; none when omitted), as
   * the store returned them, in order, with the mark to pass next time. `entries` is undefined when some of them
   * are no longer kept (it keeps at least the newest 256). Views use it to skip reading back what was just stored; it
   * knows nothing of other writers or of deletes (check `stats()` for those).
   */
  recentAppends(mark?: number): { mark: number; entries: readonly LogEntry[] | undefined };
  /**
   * The session's artifacts (summaries, offload stubs, compaction records), optionally of one kind, ordered by
   * `toSeq`; with `since`, at least those written or rewritten at or after it, and with `options.data` false
   * perhaps without their data (`null`; see `MemoryStoreV1.listArtifacts`).
   */
  listArtifacts(kind?: string, since?: Date, options?: ListArtifactsOptions): Promise<Artifact[]>;
  /** Writes (or replaces, by id) an artifact beside the log. */
  putArtifact(artifact: Omit<Artifact, 'createdAt'>): Promise<Artifact>;
  /** Deletes an artifact; returns whether it existed. */
  deleteArtifact(artifactId: string): Promise<boolean>;
}

/**
 * Opens (or lazily creates) a session's conversation memory over any store.
 * @example
 * const memory = createConversationMemory();
 * await memory.store({ role: 'user', content: 'Hello' });
 * await memory.read(); // [{ role: 'user', content: 'Hello', id: 'msg_…', createdAt: … }]
 */
export function createConversationMemory(
  options?: ConversationMemoryOptions<never>,
): ConversationMemory<ReturnType<typeof createMemoryStore>>;
export function createConversationMemory<S extends MemoryStoreV1>(
  options: ConversationMemoryOptions<S> & { store: S },
): ConversationMemory<S>;
export function createConversationMemory(options?: ConversationMemoryOptions): ConversationMemory;
export function createConversationMemory(options: ConversationMemoryOptions = {}): ConversationMemory {
  checkOptions(options, 'createConversationMemory', 'memory');
  checkKnownKeys(options, conversationOptionKeys, 'createConversationMemory', 'memory');
  // Only a missing option takes its default: a null store would silently be an in-process one (nothing durable),
  // a null scope the default tenant. A store or counter without the methods the log calls is refused here, not
  // by a raw TypeError at the first call.
  const where = 'createConversationMemory(options)';
  if (options.store !== undefined) checkMethods(options.store, `${where}.store`, 'memory', logStoreMethods);
  if (options.counter !== undefined)
    checkMethods(options.counter, `${where}.counter`, 'memory', ['count', 'countText']);
  if (options.sessionId !== undefined) checkSessionId(options.sessionId, 'memory');
  const log = createConversationLog({
    storage: options.store === undefined ? createMemoryStore() : options.store,
    scope: checkScope(options.scope === undefined ? defaultScope : options.scope, 'memory'),
    sessionId: options.sessionId === undefined ? createId('ses') : options.sessionId,
    counter: options.counter === undefined ? createTokenCounter({ encoding: 'o200k_base' }) : options.counter,
    initialMessages: options.initialMessages,
    clock: checkClock(options.clock, 'createConversationMemory(options)', 'memory'),
  });
  const { storage, scope, sessionId, counter, read, write } = log;
  const messagesOf = (entries: LogEntry[]) => entries.map((e) => e.message);
  const range = (query?: RangeQuery) => storage.readRange(scope, sessionId, query);
  const append = (message: ModelMessage | readonly ModelMessage[]) =>
    write(async () => messagesOf(await log.appendNow(message)));
  /** Artifacts a view writes inside an agent step, riding on the step's append (shown by `listArtifacts` until written). */
  const riding = createRidingArtifactsOverlay(storage, scope, sessionId, write);
  /** `appended()` kept between calls: each costs what changed since the last, not what was appended so far. */
  const appendedEntries = createAppendedEntries(log);

  const memory: ConversationMemory = {
    specificationVersion: 'v1',
    get conversation() {
      return memory;
    },
    sessionId,
    scope,
    counter,
    storage,
    componentName: options.componentName ?? 'ConversationMemory',

    read: () => read(async () => messagesOf(await range())),
    store: append,
    append,
    appended: () => read(async () => (await appendedEntries.read()).map((e) => e.message)),
    lastAssembly: () => undefined,
    get: (id) => read(async () => (await storage.getMessages(scope, sessionId, [id]))[0]?.message),
    recent(n) {
      if (!Number.isInteger(n) || n < 0)
        return Promise.reject(
          invalid(`recent(n): n must be a non-negative integer, got ${describeValue(n)}`),
        );
      return read(async () => (n === 0 ? [] : messagesOf(await range({ direction: 'backward', limit: n }))));
    },
    byRole(role) {
      try {
        checkRole(role, 'byRole(role)');
      } catch (error) {
        return Promise.reject(error);
      }
      return read(async () => messagesOf(await range({ roles: [role] })));
    },
    find: (filter) => findMessages(log, filter),
    search(text, options) {
      let checked: CheckedSearchOptions;
      try {
        checked = checkSearch(text, options);
      } catch (error) {
        return Promise.reject(error);
      }
      return read(() => searchSession({ storage, scope, sessionId, walk: log.forEachPage }, text, checked));
    },
    delete: (id) => write(async () => (await storage.deleteMessages(scope, sessionId, [id])) > 0),
    deleteAt: (index) => deleteMessageAt(log, index),
    clear: () => write(() => storage.clearMessages(scope, sessionId)),
    tokens: () => read(async () => (await storage.stats(scope, sessionId)).tokens),
    prune: (maxTokens) => pruneMessages(log, maxTokens),
    entries: (query) => read(() => range(query)),
    tail: (options) => tailEntries(log, options),
    stats: () => read(() => storage.stats(scope, sessionId)),
    recentAppends: (mark) => log.recentAppends(mark),
    listArtifacts: (kind, since, options) =>
      read(async () =>
        riding.merge(await storage.listArtifacts(scope, sessionId, kind, since, options), kind, since),
      ),
    putArtifact: (artifact) =>
      write(async () => riding.ride(artifact) ?? storage.putArtifact(scope, sessionId, artifact)),
    deleteArtifact: (artifactId) =>
      write(async () => {
        await riding.flush();
        return storage.deleteArtifact(scope, sessionId, artifactId);
      }),
    saveState: () =>
      read(async () => ({
        sessionId,
        messages: (await range()).map((e) => JSON.parse(serializeMessage(e.message)) as JSONValue),
      })),
    loadState(state) {
      return write(async () => {
        // Validated and counted before the store is called; the store swaps the log in one atomic step (a crash
        // or a refused message leaves the old log), keeps the entries that already match (so loading the state
        // the log already holds writes nothing, and summaries of the kept range stay valid).
        await counter.load?.();
        await storage.replaceMessages(scope, sessionId, log.prepare(readState(state)));
        await log.resetBaseline();
        appendedEntries.reset();
      });
    },
  };
  return memory;
}
