import type { JSONValue, ModelMessage } from 'ai';
import { checkOptions } from '../core/check-options.ts';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createId } from '../core/ids.ts';
import type { LogEntry, MemoryMessage, MessageRole } from '../core/message.ts';
import { checkScope, defaultScope, type Scope } from '../core/scope.ts';
import { createSerialQueue } from '../core/serial-queue.ts';
import type { StateModule } from '../core/state-module.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { checkJsonValue } from '../messages/check-json-value.ts';
import { withExtras } from '../messages/from-model-message.ts';
import { deserializeMessage, serializeMessage } from '../messages/serialize.ts';
import { validateMessage } from '../messages/validate.ts';
import type { AppendInput, Artifact, LogStats, MemoryStoreV1, RangeQuery } from '../store/memory-store.ts';
import { createTokenCounter } from '../tokens/index.ts';
import type { TokenCounter } from '../tokens/token-counter.ts';
import type { Memory } from './memory.ts';
import { storesMany } from './memory.ts';
import { type MessageFilter, matchesFilter } from './message-filter.ts';
import {
  type CheckedSearchOptions,
  checkSearch,
  type MessageSearchOptions,
  searchSession,
} from './message-search.ts';
import { selectPrunable } from './select-prunable.ts';

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
}

/** A durable, ordered message log with the history queries of seeds 001–003 and the Memory interface of seed 000. */
export interface ConversationMemory<S extends MemoryStoreV1 = MemoryStoreV1>
  extends Memory<MemoryMessage>,
    StateModule {
  /** The session this memory reads and writes. */
  readonly sessionId: string;
  /** Its scope. */
  readonly scope: Scope;
  /** The counter each message was counted with. */
  readonly counter: TokenCounter;
  /** The store the log lives in (its other contracts, such as `longTermRecords`, serve memories built beside it). */
  readonly storage: S;
  /** Stores one message, or several in order (validated and counted first: a bad message stores none). */
  store(message: ModelMessage | readonly ModelMessage[]): Promise<void>;
  /** Validates, counts and appends messages in order; returns them as stored (ids and times assigned). */
  append(message: ModelMessage | readonly ModelMessage[]): Promise<MemoryMessage[]>;
  /** A message by id. */
  get(id: string): Promise<MemoryMessage | undefined>;
  /** The `n` newest messages, oldest first. */
  recent(n: number): Promise<MemoryMessage[]>;
  /** Messages of one role. */
  byRole(role: MessageRole): Promise<MemoryMessage[]>;
  /** Messages matching roles, metadata (every given key equal), and a time range. */
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
  /** The session's artifacts (summaries, offload stubs, compaction records), optionally of one kind, ordered by `toSeq`. */
  listArtifacts(kind?: string): Promise<Artifact[]>;
  /** Writes (or replaces, by id) an artifact beside the log. */
  putArtifact(artifact: Omit<Artifact, 'createdAt'>): Promise<Artifact>;
  /** Deletes an artifact; returns whether it existed. */
  deleteArtifact(artifactId: string): Promise<boolean>;
}

const pageSize = 256;
/** Appended entries `recentAppends` keeps. */
const keptAppends = 256;

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
  const storage = options.store ?? createMemoryStore();
  const scope = checkScope(options.scope ?? defaultScope, 'memory');
  const sessionId = options.sessionId ?? createId('ses');
  const counter = options.counter ?? createTokenCounter({ encoding: 'o200k_base' });
  /** Writes run one at a time, in call order, so un-awaited store() calls keep their order on any store. */
  const writes = createSerialQueue();
  let baselineSeq = 0;
  let opening: Promise<void> | undefined;
  /** The newest entries appended through this memory, and how many were ever appended. */
  let recent: LogEntry[] = [];
  let appendedCount = 0;

  /** Opens the session once: creates it when missing (tolerating a concurrent creator), seeds initialMessages into an empty log. */
  const ready = (): Promise<void> => {
    opening ??= (async () => {
      if (!(await storage.getSession(scope, sessionId))) {
        try {
          await storage.createSession(scope, { id: sessionId });
        } catch (error) {
          // Another memory (or process) created it between our get and create: use theirs.
          if (!(await storage.getSession(scope, sessionId))) throw error;
        }
      }
      if (options.initialMessages?.length && (await storage.stats(scope, sessionId)).lastSeq === 0) {
        await appendNow(options.initialMessages);
      }
      baselineSeq = (await storage.stats(scope, sessionId)).lastSeq;
    })().catch((error: unknown) => {
      opening = undefined; // a failed open is retried by the next call
      throw error;
    });
    return opening;
  };
  /** Runs a write after the session is open, behind every earlier write. */
  const write = <T>(task: () => Promise<T>): Promise<T> =>
    writes.run(async () => {
      await ready();
      return task();
    });
  /** Runs a read after the session is open and every write queued before it. */
  const read = <T>(task: () => Promise<T>): Promise<T> => write(task);

  function prepare(input: unknown): AppendInput[] {
    const list: readonly unknown[] = Array.isArray(input) ? input : [input];
    // Validate and count the whole batch first: a bad message stores nothing.
    // Array.from visits holes too (as undefined, refused by the check), where map would skip them.
    return Array.from(list, (m, i) => {
      const location = list.length > 1 ? `messages[${i}]` : undefined;
      const candidate =
        typeof m === 'object' && m !== null && !Array.isArray(m) ? withExtras(m as ModelMessage) : m;
      const message = validateMessage(candidate, location);
      return { message, tokens: counter.count(message) };
    });
  }

  async function appendNow(input: unknown): Promise<MemoryMessage[]> {
    const entries = await storage.append(scope, sessionId, prepare(input));
    // Keep the newest entries without spreading the batch into arguments (a batch of any size must not throw
    // after its append committed).
    if (entries.length >= keptAppends) recent = entries.slice(-keptAppends);
    else {
      for (const entry of entries) recent.push(entry);
      if (recent.length > 2 * keptAppends) recent = recent.slice(-keptAppends);
    }
    appendedCount += entries.length;
    return entries.map((e) => e.message);
  }

  const messagesOf = (entries: LogEntry[]) => entries.map((e) => e.message);
  const all = async () => storage.readRange(scope, sessionId);
  /** Live entries oldest first, a page at a time, until `visit` returns false. */
  const forEachPage = async (query: RangeQuery, visit: (page: LogEntry[]) => boolean | undefined) => {
    let fromSeq = query.fromSeq ?? 1;
    for (;;) {
      const page = await storage.readRange(scope, sessionId, { ...query, fromSeq, limit: pageSize });
      if (page.length === 0 || visit(page) === false || page.length < pageSize) return;
      fromSeq = page.at(-1)!.seq + 1;
    }
  };

  const memory: ConversationMemory = {
    sessionId,
    scope,
    counter,
    storage,
    [storesMany]: true,
    componentName: options.componentName ?? 'ConversationMemory',

    read: () => read(async () => messagesOf(await all())),
    store: (message) => write(async () => void (await appendNow(message))),
    append: (message) => write(() => appendNow(message)),
    appended: () =>
      read(async () => messagesOf(await storage.readRange(scope, sessionId, { fromSeq: baselineSeq + 1 }))),
    get: (id) => read(async () => (await storage.getMessages(scope, sessionId, [id]))[0]?.message),
    recent(n) {
      if (!Number.isInteger(n) || n < 0) {
        return Promise.reject(
          invalid(`recent(n): n must be a non-negative integer, got ${describeValue(n)}`),
        );
      }
      return read(async () =>
        n === 0
          ? []
          : messagesOf(await storage.readRange(scope, sessionId, { direction: 'backward', limit: n })),
      );
    },
    byRole: (role) =>
      read(async () => messagesOf(await storage.readRange(scope, sessionId, { roles: [role] }))),
    find(filter) {
      if (typeof filter !== 'object' || filter === null)
        return Promise.reject(
          invalid(`find(filter): filter must be an object, got ${describeValue(filter)}`),
        );
      return read(async () => {
        const out: MemoryMessage[] = [];
        const limit = filter.limit ?? Number.POSITIVE_INFINITY;
        await forEachPage(filter.roles ? { roles: filter.roles } : {}, (page) => {
          for (const e of page)
            if (out.length < limit && matchesFilter(e.message, filter)) out.push(e.message);
          return out.length < limit;
        });
        return out;
      });
    },
    search(text, options) {
      let checked: CheckedSearchOptions;
      try {
        checked = checkSearch(text, options);
      } catch (error) {
        return Promise.reject(error);
      }
      return read(() => searchSession({ storage, scope, sessionId, walk: forEachPage }, text, checked));
    },
    delete: (id) => write(async () => (await storage.deleteMessages(scope, sessionId, [id])) > 0),
    deleteAt(index) {
      if (!Number.isInteger(index)) {
        return Promise.reject(
          invalid(`deleteAt(index): index must be an integer, got ${describeValue(index)}`),
        );
      }
      return write(async () => {
        const count = (await storage.stats(scope, sessionId)).count;
        const position = index < 0 ? count + index : index;
        if (position < 0 || position >= count) return false;
        // Page from the nearer end, so deleting the newest message does not read the whole log.
        const fromEnd = count - 1 - position;
        const entry =
          fromEnd < position
            ? (await storage.readRange(scope, sessionId, { direction: 'backward', limit: fromEnd + 1 }))[0]
            : (await storage.readRange(scope, sessionId, { limit: position + 1 }))[position];
        return entry ? (await storage.deleteMessages(scope, sessionId, [entry.message.id])) > 0 : false;
      });
    },
    clear: () => write(() => storage.clearMessages(scope, sessionId)),
    tokens: () => read(async () => (await storage.stats(scope, sessionId)).tokens),
    prune(maxTokens) {
      if (!Number.isFinite(maxTokens) || maxTokens < 0) {
        return Promise.reject(
          invalid(`prune(maxTokens): must be a non-negative number, got ${describeValue(maxTokens)}`),
        );
      }
      return write(async () => {
        const stats = await storage.stats(scope, sessionId);
        if (stats.tokens <= maxTokens) return [];
        const removed = await selectPrunable(stats.tokens - maxTokens, forEachPage);
        await storage.deleteMessages(
          scope,
          sessionId,
          removed.map((e) => e.message.id),
        );
        return messagesOf(removed);
      });
    },
    entries: (query) => read(() => storage.readRange(scope, sessionId, query)),
    tail(options) {
      if (typeof options !== 'object' || options === null)
        return Promise.reject(
          invalid(`tail(options): options must be an object, got ${describeValue(options)}`),
        );
      const {
        minTokens = Number.POSITIVE_INFINITY,
        maxMessages = Number.POSITIVE_INFINITY,
        toSeq: upTo,
      } = options;
      if (upTo !== undefined && !Number.isSafeInteger(upTo)) {
        return Promise.reject(
          invalid(`tail({ toSeq }): toSeq must be an integer, got ${describeValue(upTo)}`),
        );
      }
      return read(async () => {
        const pages: LogEntry[][] = [];
        let tokens = 0;
        let count = 0;
        let toSeq = upTo;
        if (toSeq !== undefined && toSeq < 1) return [];
        while (tokens <= minTokens && count < maxMessages) {
          const limit = Math.min(pageSize, maxMessages - count);
          const page = await storage.readRange(scope, sessionId, {
            direction: 'backward',
            limit,
            ...(toSeq ? { toSeq } : {}),
          });
          if (page.length === 0) break;
          pages.push(page);
          for (const e of page) tokens += e.tokens;
          count += page.length;
          toSeq = page[0]!.seq - 1;
          if (toSeq < 1 || page.length < limit) break;
        }
        return pages.reverse().flat();
      });
    },
    stats: () => read(() => storage.stats(scope, sessionId)),
    recentAppends(mark = appendedCount) {
      if (!Number.isSafeInteger(mark))
        throw invalid(`recentAppends(mark): mark must be an integer, got ${describeValue(mark)}`);
      const after = appendedCount - mark;
      const entries = after > recent.length || after < 0 ? undefined : recent.slice(recent.length - after);
      return { mark: appendedCount, entries };
    },
    listArtifacts: (kind) => read(() => storage.listArtifacts(scope, sessionId, kind)),
    putArtifact: (artifact) => write(() => storage.putArtifact(scope, sessionId, artifact)),
    deleteArtifact: (artifactId) => write(() => storage.deleteArtifact(scope, sessionId, artifactId)),
    saveState: () =>
      read(async () => ({
        sessionId,
        messages: (await all()).map((e) => JSON.parse(serializeMessage(e.message)) as JSONValue),
      })),
    loadState(state) {
      return write(async () => {
        // Validated and counted before the store is called; the store swaps the log in one atomic step (a crash
        // or a refused message leaves the old log), keeps the entries that already match (so loading the state
        // the log already holds writes nothing, and summaries of the kept range stay valid).
        await storage.replaceMessages(scope, sessionId, prepare(readState(state)));
        baselineSeq = (await storage.stats(scope, sessionId)).lastSeq;
      });
    },
  };
  return memory;
}

function invalid(message: string): MemoryError {
  return new MemoryError({ code: 'INVALID_ARGUMENT', component: 'memory', message });
}

function readState(state: JSONValue): MemoryMessage[] {
  const messages =
    typeof state === 'object' && state !== null && !Array.isArray(state)
      ? (state as { messages?: unknown }).messages
      : undefined;
  if (!Array.isArray(messages)) {
    throw invalid('loadState(state): expected { messages: [...] } as produced by saveState()');
  }
  // The saved state is JSON (the codec's own encoding): refuse, naming the path, what JSON would change.
  checkJsonValue(state, 'state', 'memory');
  return messages.map((m) => deserializeMessage(JSON.stringify(m)));
}
