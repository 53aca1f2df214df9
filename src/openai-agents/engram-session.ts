import type {
  AgentInputItem,
  SessionHistoryTransactionArgs,
  SessionHistoryTransactionAwareSession,
} from '@openai/agents-core';
import { checkKnownKeys, checkMethods, checkOptions } from '../core/check-options.ts';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { Scope } from '../core/scope.ts';
import { createSerialQueue } from '../core/serial-queue.ts';
import { type ConversationMemory, createConversationMemory } from '../memory/conversation-memory.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import type { TokenCounter } from '../tokens/token-counter.ts';
import { clearSession } from './clear-session.ts';
import { applyHistoryTransaction, recordOperationOf } from './history-transaction.ts';
import { agentsComponent, encodeAgentItems } from './item-codec.ts';
import { createSessionLog, type SessionLog } from './session-log.ts';
import { splitEntry } from './split-entry.ts';
import { deleteEntries, liveEntries } from './superseded-entries.ts';

/** Options of {@link createEngramSession}. */
export interface EngramSessionOptions {
  /** Where the session's log lives: any engram store (SQLite and PostgreSQL for several processes). */
  store: MemoryStoreV1;
  /** Who the session belongs to; another scope never sees it. @default { tenant: 'default' } */
  scope?: Scope;
  /** The session id; created on first use when missing. @default a new id (`ses_…`) */
  sessionId?: string;
  /** Counts each stored message once, for engram's views. @default exact o200k_base counts */
  counter?: TokenCounter;
}

/**
 * An OpenAI Agents SDK `Session` on an engram conversation log, with the SDK's optional history transactions.
 * `memory` is the same log as an engram `ConversationMemory`, for engram's views, search and compaction.
 */
export interface EngramSession extends SessionHistoryTransactionAwareSession {
  /** The session id. */
  readonly sessionId: string;
  /** The log the items are stored in, one message per item. */
  readonly memory: ConversationMemory;
}

/**
 * An OpenAI Agents SDK `Session` (`run(agent, input, { session })`) backed by an engram store. Each item is one
 * message of the session's log: user, assistant and system messages, function calls and their results are
 * stored as the engram messages they map to (see `itemToMessage`), and every message keeps the exact item,
 * which `getItems` returns as it was given (bytes as `Uint8Array`; an item holding anything but JSON and bytes
 * is refused with `INVALID_ARGUMENT` before anything is stored).
 *
 * `addItems` is one atomic append, so the items of one call stay together even with other writers. `popItem`
 * removes the newest item and returns it: of two writers popping at once, each gets a different item (the
 * delete only counts for the caller that found the entry still live; the other one looks again). A message
 * written through engram's other APIs that stands for several items (an assistant text with its tool calls) is
 * first split into one message per item, store-first (see `splitEntry`), so a pop removes its last item alone;
 * the split is a conditional append (`ifLastSeq`, `ifLogId`), so an item another writer adds meanwhile is never put
 * before it, nor the split into a session another writer deleted and created again: the pop reads again (at most 8
 * times, then `CONFLICT`).
 * One that stands for no item (an assistant or tool message with no content, or only empty text) is no item:
 * `getItems` leaves it out (a limit counts items), and `popItem` passes over it and leaves it in the log (a pop
 * removes only the item it returns); `clearSession` removes it with the rest.
 * `clearSession` tombstones every item (the log keeps the sequence) and forgets the operation ids it cleared (with
 * other writers at once: see `clearSession` in clear-session.ts).
 * `applyHistoryTransaction` applies an operation once per operation id (see `applyHistoryTransaction`). Calls
 * on one session object run one at a time, in call order.
 * @example
 * import { Agent, run } from '@openai/agents';
 * import { createSqliteStore } from 'engram/sqlite';
 * import { createEngramSession } from 'engram/openai-agents';
 *
 * const store = createSqliteStore({ path: 'agents.db' });
 * const session = createEngramSession({ store, scope: { tenant: 'acme', user: 'ada' }, sessionId: 'chat-1' });
 * await run(new Agent({ name: 'Assistant', instructions: 'Be brief.' }), 'Hello!', { session });
 */
export function createEngramSession(options: EngramSessionOptions): EngramSession {
  checkSessionOptions(options);
  const memory = createConversationMemory({
    store: options.store,
    ...(options.scope === undefined ? {} : { scope: options.scope }),
    ...(options.sessionId === undefined ? {} : { sessionId: options.sessionId }),
    ...(options.counter === undefined ? {} : { counter: options.counter }),
  });
  const log = createSessionLog(memory);
  const queue = createSerialQueue();
  const { sessionId } = memory;

  return {
    sessionId,
    memory,
    getSessionId: async () => sessionId,

    getItems(limit?: number) {
      if (limit !== undefined && (typeof limit !== 'number' || Number.isNaN(limit))) {
        return Promise.reject(
          invalid(`getItems(limit): limit must be a number, got ${describeValue(limit)}`),
        );
      }
      return queue.run(async () => {
        if (limit !== undefined && limit <= 0) return [];
        // Past the largest safe integer (Infinity, 1e300) every item is asked for, as in the SDK's MemorySession; a
        // fractional limit is rounded up, as MemorySession's `slice(length - limit)` does (2.5: the last 3 items).
        const count = limit === undefined || limit > Number.MAX_SAFE_INTEGER ? undefined : Math.ceil(limit);
        const items = (await liveEntries(log, count)).flatMap((e) => e.items);
        return count === undefined ? items : items.slice(-count);
      });
    },

    addItems(items: AgentInputItem[]) {
      let encoded: ReturnType<typeof encodeAgentItems>;
      try {
        if (!Array.isArray(items)) throw invalid('addItems(items): items must be an array');
        encoded = encodeAgentItems(items, 'items');
      } catch (error) {
        return Promise.reject(error);
      }
      return queue.run(() => log.appendEncoded(encoded));
    },

    popItem() {
      return queue.run(async () => {
        for (let conflicts = 0; ; ) {
          const [live] = await liveEntries(log, 1);
          if (!live) return undefined;
          const { entry, items } = live;
          // Only the caller whose delete found the entry live owns it; another writer's pop makes us look again.
          if (items.length === 1) {
            await recordOperationOf(log, entry);
            if ((await deleteEntries(log, [entry])) === 1) return items[0];
            continue;
          }
          // A message standing for several items is split into one per item first; its last item is then popped
          // alone. The split is conditional on the log as read after `lastSeq`: another writer's append in between
          // is a CONFLICT, and the log is read again.
          if (await splitNewest(log)) continue;
          if (++conflicts >= maxSplitTries)
            throw new MemoryError({
              code: 'CONFLICT',
              component: agentsComponent,
              message: `popItem: other writers appended to session "${sessionId}" during each of ${maxSplitTries} tries to split its newest message; nothing was popped`,
            });
        }
      });
    },

    clearSession() {
      return queue.run(async () => {
        await clearSession(memory);
      });
    },

    applyHistoryTransaction(args: SessionHistoryTransactionArgs) {
      return queue.run(() => applyHistoryTransaction(log, args));
    },
  };
}

/** Most tries `popItem` makes to split a message that stands for several items before it throws `CONFLICT`. */
const maxSplitTries = 8;

/**
 * Splits the newest item entry when it stands for several items (see `splitEntry`), conditional on the session's
 * `lastSeq` and `logId` read before the log: false when another writer appended in between, or replaced the session
 * (`CONFLICT`, nothing stored), true otherwise (split, or the newest entry is no longer one to split).
 */
async function splitNewest(log: SessionLog): Promise<boolean> {
  const { storage, scope, sessionId } = log.memory;
  const read = await storage.stats(scope, sessionId);
  const [live] = await liveEntries(log, 1);
  if (!live || live.items.length === 1) return true;
  try {
    await splitEntry(log, live.entry, live.items, read);
    return true;
  } catch (error) {
    if (MemoryError.hasCode(error, 'CONFLICT')) return false;
    throw error;
  }
}

/**
 * Refuses options a session would otherwise replace by a default without a word: a missing store (an in-process
 * one, lost on restart), a misspelt key (`scop`: the default tenant's scope, visible to every user of it), a
 * `null` scope, a counter without `count()`. The scope and session id are checked by the conversation memory.
 */
function checkSessionOptions(options: EngramSessionOptions): void {
  const what = 'createEngramSession(options)';
  checkOptions(options, 'createEngramSession', agentsComponent);
  checkKnownKeys(
    options,
    { store: true, scope: true, sessionId: true, counter: true },
    'createEngramSession',
    agentsComponent,
  );
  checkMethods(options.store, `${what}.store`, agentsComponent, [
    'getSession',
    'append',
    'readRange',
    'deleteMessages',
  ]);
  if (options.scope === null) throw invalid(`${what}.scope must be a scope object or left out, got null`);
  if (options.counter !== undefined)
    checkMethods(options.counter, `${what}.counter`, agentsComponent, ['count', 'countText']);
}

function invalid(message: string): MemoryError {
  return new MemoryError({ code: 'INVALID_ARGUMENT', component: agentsComponent, message });
}
