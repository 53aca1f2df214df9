import type { ModelMessage } from 'ai';
import { checkKnownKeys, checkMethods, checkOptionalNumber, checkOptions } from '../core/check-options.ts';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { MemoryMessage } from '../core/message.ts';
import { pushAll } from '../core/push-all.ts';
import type { LongTermMemory, LongTermSearchResult } from '../longterm/long-term-memory.ts';
import type { ConversationMemory } from '../memory/conversation-memory.ts';
import { dropUncalledResults } from '../messages/uncalled-results.ts';
import { groupMessages, sendableItems } from '../messages/units.ts';

/** Options of {@link createHierarchicalMemory}. */
export interface HierarchicalMemoryOptions {
  /** The one log every level is a view of. */
  memory: ConversationMemory;
  /** A message at or above this importance (a number from 0 to 1) is core memory. @default 0.7 */
  importanceThreshold?: number;
  /** Working memory holds at most this many messages; past it the oldest `moveCount` move down. @default 50 */
  workingLimit?: number;
  /** How many messages move down to episodic memory at a time. @default 25 */
  moveCount?: number;
  /** Where messages that move down are also recorded, so `recall` can find them (`record` is called once per message). */
  longTerm?: LongTermMemory;
}

/** The three levels of seed 003's hierarchical memory. */
export interface MemoryLevels {
  /** Messages at or above the importance threshold with the rest of their tool units, oldest first. */
  core: MemoryMessage[];
  /** The most recent messages (at most `workingLimit`). */
  working: MemoryMessage[];
  /** The older messages that moved down. */
  episodic: MemoryMessage[];
}

/** Seed 003's `HierarchicalMemory`: core, working and episodic levels over one durable log. */
export interface HierarchicalMemory {
  /** Stores a message with its importance (0–1, kept in its metadata as `importance`). */
  addMessageWithImportance(message: ModelMessage, importance: number): Promise<MemoryMessage>;
  /** The levels now. */
  levels(): Promise<MemoryLevels>;
  /** Core memory, then working memory (each message once, tool calls never apart from their results). */
  getContextForLlm(): Promise<MemoryMessage[]>;
  /** Records the messages that moved down since the last call in the long-term memory (when configured); how many. */
  sync(): Promise<number>;
  /** Long-term records of episodic messages relevant to `query` (needs `longTerm`). */
  recall(query: string, limit?: number): Promise<LongTermSearchResult[]>;
}

const component = 'hierarchical';
/** The artifact that remembers the last message `sync` recorded. */
const markerKind = 'hierarchical-sync';

/**
 * Where working memory starts: the seed moves the oldest `move` messages down each time working memory exceeds
 * `limit`, so after `n` messages `move * ceil((n - limit) / move)` have moved (none while `n <= limit`). The cut is
 * then moved back to the start of its unit, so a tool call never leaves its result behind.
 */
function workingStart(messages: readonly MemoryMessage[], limit: number, move: number): number {
  const n = messages.length;
  if (n <= limit) return 0;
  const cut = move * Math.ceil((n - limit) / move);
  let start = 0;
  for (const unit of groupMessages(messages)) {
    if (start + unit.items.length > cut) break;
    start += unit.items.length;
  }
  return start;
}

const isImportant = (m: MemoryMessage, threshold: number) => {
  const v = m.metadata?.importance;
  return typeof v === 'number' && v >= threshold;
};

/** Whether `value` is a plain object (what the log takes as metadata), not an array, a Date or a class instance. */
const isRecord = (value: unknown): boolean => {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

const check = (ok: boolean, message: string) => {
  if (!ok) throw new MemoryError({ code: 'INVALID_ARGUMENT', component, message });
};

/**
 * Seed 003's hierarchical memory as views of one log, so nothing is copied or lost when a message moves between
 * levels: importance is stored with each message; working memory is the tail the seed's move-down rule leaves
 * (cut at unit boundaries); episodic memory is everything before it; core memory is every important message (with
 * the rest of its tool unit). `getContextForLlm()` is core memory (older than working memory) then working memory.
 * With `longTerm`, `sync()` records messages as they move down (a durable marker in the log's component state makes
 * it resume after a restart), and `recall(query)` searches them. An option it does not declare (a misspelt
 * `workinglimit`) is `INVALID_ARGUMENT`, not silently left out, and so is a `memory` without the log methods it uses
 * (`read`, `append`, `listArtifacts`, `putArtifact`) or a `longTerm` without `record` and `search`.
 * @example
 * const levels = createHierarchicalMemory({ memory: createConversationMemory({ store, sessionId: 's1' }) });
 * await levels.addMessageWithImportance({ role: 'user', content: 'My name is Ana.' }, 0.9);
 * const context = await levels.getContextForLlm();
 */
export function createHierarchicalMemory(options: HierarchicalMemoryOptions): HierarchicalMemory {
  checkOptions(options, 'createHierarchicalMemory', 'patterns');
  checkKnownKeys(
    options,
    { memory: true, importanceThreshold: true, workingLimit: true, moveCount: true, longTerm: true },
    'createHierarchicalMemory',
    'patterns',
  );
  const threshold = options.importanceThreshold ?? 0.7;
  const limit = options.workingLimit ?? 50;
  const move = options.moveCount ?? 25;
  checkOptionalNumber(threshold, 'createHierarchicalMemory(options).importanceThreshold', 'patterns', 0, 1);
  check(
    Number.isSafeInteger(limit) && limit >= 1,
    `createHierarchicalMemory(options).workingLimit must be a positive integer, got ${describeValue(options.workingLimit)}`,
  );
  check(
    Number.isSafeInteger(move) && move >= 1 && move <= limit,
    `createHierarchicalMemory(options).moveCount must be an integer from 1 to workingLimit (${limit}), got ${describeValue(options.moveCount)}`,
  );
  // Checked here: a missing memory would otherwise be a raw TypeError on the first read, a bad longTerm on sync().
  const memory = checkMethods(options.memory, 'createHierarchicalMemory(options).memory', 'patterns', [
    'read',
    'append',
    'listArtifacts',
    'putArtifact',
  ]);
  if (options.longTerm !== undefined)
    checkMethods(options.longTerm, 'createHierarchicalMemory(options).longTerm', 'patterns', [
      'record',
      'search',
    ]);

  const levels = async (): Promise<MemoryLevels> => {
    // What a model accepts: not a tool result whose call was deleted, nor a call left without its result.
    const all = sendableItems(groupMessages(await memory.read()), (m) => m);
    const start = workingStart(all, limit, move);
    const episodic = all.slice(0, start);
    const working = all.slice(start);
    // Working memory starts at a unit boundary, so each level groups alone: an important message brings its whole
    // unit to core from either (a working one was taken alone, its tool call without its result, or the reverse).
    const core: MemoryMessage[] = [];
    for (const level of [episodic, working])
      for (const unit of groupMessages(level))
        if (unit.items.some((m) => isImportant(m, threshold))) pushAll(core, unit.items);
    return { core, working, episodic };
  };

  return {
    async addMessageWithImportance(message, importance) {
      check(
        typeof importance === 'number' && importance >= 0 && importance <= 1,
        `addMessageWithImportance(message, importance): importance must be a number from 0 to 1, got ${describeValue(importance)}`,
      );
      const base = message as (ModelMessage & { metadata?: unknown }) | null;
      // Anything but an object, or an object whose metadata is no plain object (a string would be spread into
      // `{ 0: 's', … }`), goes to the log as it is, which refuses it saying why (INVALID_MESSAGE).
      const tagged =
        typeof base === 'object' && base !== null && (base.metadata === undefined || isRecord(base.metadata))
          ? { ...base, metadata: { ...(base.metadata as object | undefined), importance } }
          : base;
      const [stored] = await memory.append(tagged as unknown as ModelMessage);
      return stored as MemoryMessage;
    },
    levels,
    async getContextForLlm() {
      const { core, working } = await levels();
      const inWorking = new Set(working.map((m) => m.id));
      return dropUncalledResults([...core.filter((m) => !inWorking.has(m.id)), ...working]);
    },
    async sync() {
      const longTerm = options.longTerm;
      if (!longTerm) return 0;
      const { episodic } = await levels();
      const marker = (await memory.listArtifacts(markerKind)).find((a) => a.id === markerKind);
      const lastId = (marker?.data as { lastId?: string } | undefined)?.lastId;
      // Recording is idempotent (turn records have ids derived from their messages), so a lost marker only costs work.
      const fresh = episodic.slice(episodic.findIndex((m) => m.id === lastId) + 1);
      if (fresh.length === 0) return 0;
      await longTerm.record(fresh);
      await memory.putArtifact({
        id: markerKind,
        kind: markerKind,
        fromSeq: 0,
        toSeq: 0,
        data: { lastId: (fresh.at(-1) as MemoryMessage).id },
      });
      return fresh.length;
    },
    async recall(query, max = 5) {
      if (!options.longTerm)
        throw new MemoryError({
          code: 'INVALID_ARGUMENT',
          component,
          message: 'recall needs a longTerm memory',
        });
      return options.longTerm.search(query, { limit: max });
    },
  };
}
