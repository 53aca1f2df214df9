import type { JSONValue } from '@ai-sdk/provider';
import type { ModelMessage } from 'ai';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createId } from '../core/ids.ts';
import type { LogEntry, MemoryMessage, MessageRole } from '../core/message.ts';
import { checkScope, defaultScope, type Scope } from '../core/scope.ts';
import { toMemoryMessage } from '../messages/from-model-message.ts';
import { groupUnits } from '../messages/units.ts';
import { validateMessage } from '../messages/validate.ts';
import type { StateModule } from '../session/state-module.ts';
import { createMemoryStore } from '../store/drivers/memory/memory-driver.ts';
import type { LogStats, MemoryStoreV1, RangeQuery } from '../store/memory-store.ts';
import { deserializeMessage, messageText, serializeMessage } from '../store/serialize.ts';
import { createTokenCounter } from '../tokens/index.ts';
import type { TokenCounter } from '../tokens/token-counter.ts';
import type { Memory } from './memory.ts';
import { type MessageFilter, matchesFilter } from './message-filter.ts';

/** Options of {@link createConversationMemory}. */
export interface ConversationMemoryOptions {
  /** Where the log lives. @default a new in-process store */
  store?: MemoryStoreV1;
  /** The session to open; created on first use when missing. @default a new id */
  sessionId?: string;
  /** Who the session belongs to. @default { tenant: 'default' } */
  scope?: Scope;
  /** Counts each message once, when it is stored. @default exact o200k_base counts (createTokenCounter({ encoding: 'o200k_base' })) */
  counter?: TokenCounter;
  /** Messages stored before the memory counts as initialized (seed 000's `initialCount`). */
  initialMessages?: readonly ModelMessage[];
  /** The key `saveState` / `loadState` use. @default 'ConversationMemory' */
  componentName?: string;
}

/** A durable, ordered message log with the history queries of seeds 001–003 and the Memory interface of seed 000. */
export interface ConversationMemory extends Memory<MemoryMessage>, StateModule {
  /** The session this memory reads and writes. */
  readonly sessionId: string;
  /** Its scope. */
  readonly scope: Scope;
  /** Its store. */
  readonly storage: MemoryStoreV1;
  /** The counter each message was counted with. */
  readonly counter: TokenCounter;
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
  /** Messages whose text contains `text`, case-insensitive, oldest first. */
  search(text: string): Promise<MemoryMessage[]>;
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
   * The newest entries, oldest first, read backward in pages until they hold more than `minTokens` tokens
   * or `maxMessages` messages, or the log starts. Never reads more of the log than that.
   */
  tail(options: { minTokens?: number; maxMessages?: number }): Promise<LogEntry[]>;
  /** Live message count, tokens and the newest sequence number. */
  stats(): Promise<LogStats>;
}

const pageSize = 256;

/**
 * Opens (or lazily creates) a session's conversation memory over any store.
 * @example
 * const memory = createConversationMemory();
 * await memory.store({ role: 'user', content: 'Hello' });
 * await memory.read(); // [{ role: 'user', content: 'Hello', id: 'msg_…', createdAt: … }]
 */
export function createConversationMemory(options: ConversationMemoryOptions = {}): ConversationMemory {
  const storage = options.store ?? createMemoryStore();
  const scope = checkScope(options.scope ?? defaultScope, 'memory');
  const sessionId = options.sessionId ?? createId('ses');
  const counter = options.counter ?? createTokenCounter({ encoding: 'o200k_base' });
  let baselineSeq = 0;

  const ready: Promise<void> = (async () => {
    const existing = await storage.getSession(scope, sessionId);
    if (!existing) await storage.createSession(scope, { id: sessionId });
    if (options.initialMessages?.length) await appendNow(options.initialMessages);
    baselineSeq = (await storage.stats(scope, sessionId)).lastSeq;
  })();
  // Surface init errors on first use, not as unhandled rejections.
  ready.catch(() => {});

  async function appendNow(input: ModelMessage | readonly ModelMessage[]): Promise<MemoryMessage[]> {
    const list: readonly ModelMessage[] = Array.isArray(input) ? input : [input as ModelMessage];
    // Validate and count the whole batch first: a bad message stores nothing.
    const prepared = list.map((m, i) => {
      const location = list.length > 1 ? `messages[${i}]` : undefined;
      const candidate = typeof m === 'object' && m !== null && !Array.isArray(m) ? toMemoryMessage(m) : m;
      const message = validateMessage(candidate, location);
      return { message, tokens: counter.count(message) };
    });
    const entries = await storage.append(scope, sessionId, prepared);
    return entries.map((e) => e.message);
  }

  const messagesOf = (entries: LogEntry[]) => entries.map((e) => e.message);
  const all = async () => storage.readRange(scope, sessionId);

  const memory: ConversationMemory = {
    sessionId,
    scope,
    storage,
    counter,
    componentName: options.componentName ?? 'ConversationMemory',

    async read() {
      await ready;
      return messagesOf(await all());
    },
    async store(message) {
      await ready;
      await appendNow(message);
    },
    async append(message) {
      await ready;
      return appendNow(message);
    },
    async appended() {
      await ready;
      return messagesOf(await storage.readRange(scope, sessionId, { fromSeq: baselineSeq + 1 }));
    },
    async get(id) {
      await ready;
      const [entry] = await storage.getMessages(scope, sessionId, [id]);
      return entry?.message;
    },
    async recent(n) {
      await ready;
      if (!Number.isInteger(n) || n < 0)
        throw invalid(`recent(n): n must be a non-negative integer, got ${n}`);
      if (n === 0) return [];
      return messagesOf(await storage.readRange(scope, sessionId, { direction: 'backward', limit: n }));
    },
    async byRole(role) {
      await ready;
      return messagesOf(await storage.readRange(scope, sessionId, { roles: [role] }));
    },
    async find(filter) {
      await ready;
      const entries = await storage.readRange(scope, sessionId, filter.roles ? { roles: filter.roles } : {});
      const out = messagesOf(entries).filter((m) => matchesFilter(m, filter));
      return filter.limit === undefined ? out : out.slice(0, filter.limit);
    },
    async search(text) {
      await ready;
      if (typeof text !== 'string') throw invalid('search(text): text must be a string');
      const needle = text.toLowerCase();
      if (needle.trim() === '') return [];
      return messagesOf(await all()).filter((m) => messageText(m).toLowerCase().includes(needle));
    },
    async delete(id) {
      await ready;
      return (await storage.deleteMessages(scope, sessionId, [id])) > 0;
    },
    async deleteAt(index) {
      await ready;
      if (!Number.isInteger(index)) throw invalid(`deleteAt(index): index must be an integer, got ${index}`);
      const entries = await all();
      const entry = entries[index < 0 ? entries.length + index : index];
      return entry ? (await storage.deleteMessages(scope, sessionId, [entry.message.id])) > 0 : false;
    },
    async clear() {
      await ready;
      return storage.clearMessages(scope, sessionId);
    },
    async tokens() {
      await ready;
      return (await storage.stats(scope, sessionId)).tokens;
    },
    async prune(maxTokens) {
      await ready;
      if (!Number.isFinite(maxTokens) || maxTokens < 0)
        throw invalid(`prune(maxTokens): must be a non-negative number, got ${maxTokens}`);
      const stats = await storage.stats(scope, sessionId);
      if (stats.tokens <= maxTokens) return [];
      const units = groupUnits(await all(), { message: (e) => e.message, tokens: (e) => e.tokens });
      let total = stats.tokens;
      const removed: LogEntry[] = [];
      for (const unit of units) {
        if (total <= maxTokens) break;
        if (unit.kind === 'system') continue;
        removed.push(...unit.items);
        total -= unit.tokens;
      }
      await storage.deleteMessages(
        scope,
        sessionId,
        removed.map((e) => e.message.id),
      );
      return messagesOf(removed);
    },
    async entries(query) {
      await ready;
      return storage.readRange(scope, sessionId, query);
    },
    async tail({ minTokens = Number.POSITIVE_INFINITY, maxMessages = Number.POSITIVE_INFINITY }) {
      await ready;
      const pages: LogEntry[][] = [];
      let tokens = 0;
      let count = 0;
      let toSeq: number | undefined;
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
    },
    async stats() {
      await ready;
      return storage.stats(scope, sessionId);
    },
    async saveState() {
      await ready;
      return {
        sessionId,
        messages: (await all()).map((e) => JSON.parse(serializeMessage(e.message)) as JSONValue),
      };
    },
    async loadState(state) {
      await ready;
      const messages = readState(state);
      await storage.clearMessages(scope, sessionId);
      if (messages.length > 0) await appendNow(messages);
      baselineSeq = (await storage.stats(scope, sessionId)).lastSeq;
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
  return messages.map((m) => deserializeMessage(JSON.stringify(m)));
}
