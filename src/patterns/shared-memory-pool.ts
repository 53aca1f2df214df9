import type { ModelMessage } from 'ai';
import { checkKnownKeys, checkMethods, checkOptionalInteger, checkOptions } from '../core/check-options.ts';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { MemoryMessage } from '../core/message.ts';
import { checkScope, type Scope } from '../core/scope.ts';
import { createMemoryStore } from '../drivers/memory/index.ts';
import { createLongTermMemory } from '../longterm/create-long-term-memory.ts';
import type { LongTermRecord } from '../longterm/long-term-record.ts';
import type { HasLongTermRecords } from '../longterm/long-term-store-v1.ts';
import { ownedHits, ownedRecords } from '../longterm/owned-records.ts';
import { type ConversationMemory, createConversationMemory } from '../memory/conversation-memory.ts';
import { dropUncalledResults } from '../messages/uncalled-results.ts';
import { groupMessages, sendableItems } from '../messages/units.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import type { TokenCounter } from '../tokens/token-counter.ts';

/** Options of {@link createSharedMemoryPool}. */
export interface SharedMemoryPoolOptions {
  /** Where the pool lives; processes that share it share the pool. @default a new in-process store */
  store?: MemoryStoreV1 & HasLongTermRecords;
  /** Whose pool. @default { tenant: 'default' } */
  scope?: Scope;
  /** The pool's name: its sessions are `<pool>/shared`, `<pool>/broadcast` and `<pool>/agents/<agent>`. */
  pool: string;
  /** Counts each message once, when it is stored. @default exact o200k_base counts */
  counter?: TokenCounter;
}

/** Seed 003's `SharedMemoryPool` with the `CoordinatedMemorySystem`'s facts, durable in a store. */
export interface SharedMemoryPool {
  /** Shares an insight with every agent of the pool (seed 003's `share_insight`). */
  shareInsight(agent: string, insight: string): Promise<MemoryMessage>;
  /** Every insight shared so far, oldest first, by any process on the store (`get_shared_context`). */
  sharedContext(): Promise<MemoryMessage[]>;
  /**
   * Sends a message to every agent of the pool (`broadcast_message`); it shows in each agent's context. Its
   * `metadata` (an object, else `INVALID_ARGUMENT`) is kept, with `broadcast: true` and, with `from`, `source: from`
   * added: these win over the caller's keys of the same name. A system message is `INVALID_ARGUMENT` (naming
   * `broadcast(message).role`) and stores nothing: what one agent sends reaches the others' models as its words,
   * never as instructions (an agent's instructions belong in its own memory, {@link SharedMemoryPool.memoryFor}).
   */
  broadcast(message: ModelMessage, from?: string): Promise<MemoryMessage>;
  /** An agent's own memory in the pool (a conversation session of the store). */
  memoryFor(agent: string): ConversationMemory;
  /**
   * What an agent's model sees: shared insights, broadcasts, then its own memory, leaving out what a model refuses
   * (a tool result whose call is gone, a tool call without its result but the agent's own newest, still running).
   */
  agentContext(agent: string): Promise<MemoryMessage[]>;
  /** Registers a fact an agent discovered (`register_fact`): a long-term `fact` with `metadata.discoveredBy`. */
  registerFact(agent: string, fact: string): Promise<LongTermRecord>;
  /**
   * The `limit` facts most relevant to a query, best first (`limit` defaults to 10 and is at most 100 with a query);
   * without one, every fact, newest last, or with `limit` the newest `limit` of them (still newest last). A `limit`
   * that is not a positive integer is `INVALID_ARGUMENT`.
   */
  facts(query?: string, limit?: number): Promise<LongTermRecord[]>;
}

const component = 'pool';
const checkName = (value: unknown, what: string) => {
  if (typeof value !== 'string' || !/^[\w.:-]{1,100}$/.test(value))
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component,
      message: `${what} must be 1–100 characters of letters, digits, _ . : -`,
    });
  return value;
};

/** Refuses a system message as a broadcast: another agent's words would reach every agent's model as instructions. */
const checkNotSystem = (message: unknown) => {
  if ((message as { role?: unknown } | undefined)?.role === 'system')
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component,
      message:
        "broadcast(message).role must not be 'system': a broadcast reaches every agent's model as another agent's words, never as instructions (send it as a user message; an agent's instructions belong in its own memory)",
    });
};

/**
 * Seed 003's shared memory between agents, kept in a store so agents in different processes (one SQLite file, one
 * PostgreSQL database) share it: insights and broadcasts are sessions of the pool, each read afresh, so what one
 * process writes the next read of another sees; each agent has its own session; facts are long-term records with
 * the agent that discovered them, found by BM25. Shared text reaches a model attributed (`[Message from X]: …`),
 * never as instructions: a system message is not broadcast (`INVALID_ARGUMENT`). An option it does not declare (a misspelt `scop`) is `INVALID_ARGUMENT`, not silently left out.
 * @example
 * const pool = createSharedMemoryPool({ store, scope, pool: 'research' });
 * await pool.shareInsight('scout', 'The API rate limit is 100/min');
 * const context = await pool.agentContext('writer');
 */
export function createSharedMemoryPool(options: SharedMemoryPoolOptions): SharedMemoryPool {
  checkOptions(options, 'createSharedMemoryPool', 'patterns');
  checkKnownKeys(
    options,
    { store: true, scope: true, pool: true, counter: true },
    'createSharedMemoryPool',
    'patterns',
  );
  const pool = checkName(options.pool, 'pool');
  // A falsy counter (0, NaN) was dropped without a word: the default counter ran in its place.
  if (options.counter !== undefined)
    checkMethods(options.counter, 'createSharedMemoryPool(options).counter', 'patterns', [
      'count',
      'countText',
    ]);
  const scope = checkScope(options.scope ?? { tenant: 'default' }, component);
  const store = options.store ?? createMemoryStore();
  const open = (sessionId: string) =>
    createConversationMemory({
      store,
      scope,
      sessionId,
      ...(options.counter === undefined ? {} : { counter: options.counter }),
    });
  const shared = open(`${pool}/shared`);
  const broadcasts = open(`${pool}/broadcast`);
  const agents = new Map<string, ConversationMemory>();
  const facts = createLongTermMemory({ store, scope, recording: 'none' });
  const memoryFor = (agent: string) => {
    checkName(agent, 'agent');
    let m = agents.get(agent);
    if (!m) {
      m = open(`${pool}/agents/${agent}`);
      agents.set(agent, m);
    }
    return m;
  };
  const text = (value: unknown, what: string) => {
    if (typeof value !== 'string' || value.trim() === '')
      throw new MemoryError({
        code: 'INVALID_ARGUMENT',
        component,
        message: `${what} must be a non-empty string`,
      });
    return value;
  };

  return {
    async shareInsight(agent, insight) {
      checkName(agent, 'agent');
      const [stored] = await shared.append({
        role: 'user',
        content: text(insight, 'insight'),
        agent: { from: agent },
        metadata: { shared: true, source: agent },
      } as ModelMessage);
      return stored as MemoryMessage;
    },
    sharedContext: () => shared.read(),
    async broadcast(message, from) {
      if (from !== undefined) checkName(from, 'from');
      checkNotSystem(message);
      const given = (message as { metadata?: unknown } | undefined)?.metadata;
      if (given !== undefined && (typeof given !== 'object' || given === null || Array.isArray(given)))
        throw new MemoryError({
          code: 'INVALID_ARGUMENT',
          component,
          message: `broadcast(message, from): message.metadata must be an object, got ${describeValue(given)}`,
        });
      const [stored] = await broadcasts.append({
        ...message,
        ...(from === undefined ? {} : { agent: { from } }),
        metadata: { ...given, broadcast: true, ...(from === undefined ? {} : { source: from }) },
      } as unknown as ModelMessage);
      return stored as MemoryMessage;
    },
    memoryFor,
    async agentContext(agent) {
      const own = memoryFor(agent);
      const [insights, sent, mine] = await Promise.all([shared.read(), broadcasts.read(), own.read()]);
      // What a model accepts, as a view sends it: no result whose call is gone, no call left without its result
      // (but the agent's own newest, still running).
      return dropUncalledResults(sendableItems(groupMessages([...insights, ...sent, ...mine]), (m) => m));
    },
    async registerFact(agent, fact) {
      checkName(agent, 'agent');
      const [record] = await facts.add({
        kind: 'fact',
        text: text(fact, 'fact'),
        metadata: { discoveredBy: agent, pool },
      });
      return record as LongTermRecord;
    },
    async facts(query, limit) {
      checkOptionalInteger(limit, 'facts(query, limit): limit', component, 1);
      const filter = { kinds: ['fact'], metadata: { pool } };
      // The scope's own facts only: a tenant's search and listing also cover its users' pools of the same name.
      if (query !== undefined)
        return ownedHits(facts.records, scope, limit ?? 10, (ask) =>
          facts.search(query, { limit: ask, filter }),
        );
      const out: LongTermRecord[] = [];
      let cursor: string | undefined;
      do {
        const page = await facts.records.listRecords(scope, {
          filter,
          limit: 1000,
          ...(cursor ? { cursor } : {}),
        });
        out.push(...(await ownedRecords(facts.records, scope, page.records)));
        // Pages come oldest first, so the newest `limit` are the last ones: older ones are dropped as they pass.
        if (limit !== undefined && out.length > limit) out.splice(0, out.length - limit);
        cursor = page.nextCursor;
      } while (cursor);
      return out;
    },
  };
}
