import { checkKnownKeys, checkOptions } from '../core/check-options.ts';
import type { LogEntry } from '../core/message.ts';
import { createSerialQueue } from '../core/serial-queue.ts';
import type { ConversationMemory } from '../memory/conversation-memory.ts';
import { dropUncalledResults } from '../messages/uncalled-results.ts';
import type { TokenCounter } from '../tokens/token-counter.ts';
import { buildAssembly, olderDropped, openerOr, systemOr } from './assembly/build-assembly.ts';
import type { ContextAssembly } from './assembly/context-assembly.ts';
import type { ContextView } from './context-view.ts';
import { selectNewestUnits } from './newest-units.ts';
import { type PruneShot, prunedDropped, sentPart } from './prune-assembly.ts';
import { checkPruneOptions, type PruneOptions } from './prune-options.ts';
import { createUnitPruner, pruneSelection, sentItems } from './prune-units.ts';
import { checkStartOn } from './start-on-user.ts';
import { checkInteger, mergeBySeq } from './view-helpers.ts';
import { createViewLog } from './view-log.ts';

/** Options of {@link createSlidingWindowMemory}. */
export interface SlidingWindowViewOptions {
  /** The conversation the view reads; `store()` and `appended()` go to it. */
  conversation: ConversationMemory;
  /** At most this many messages, system messages included (see {@link createSlidingWindowMemory}). */
  windowSize: number;
  /**
   * Reasoning and old tool calls left out of what the model is sent (never out of the log), with the AI SDK's
   * `pruneMessages` options; the window counts the messages sent after pruning. @default undefined (nothing pruned)
   */
  prune?: PruneOptions;
  /**
   * Where the prompt may start when the budget cuts inside a turn: `'user'` sends a user message first (the one
   * that opened the turn, or the oldest units are left out until one leads), as Bedrock's Converse and Gemini
   * require; `'any'` sends the newest units that fit whatever role leads. @default 'user'
   */
  startOn?: 'user' | 'any';
}

/** Every key of {@link SlidingWindowViewOptions}: a misspelt one is refused, not replaced by its default. */
const knownOptions: Record<keyof SlidingWindowViewOptions, true> = {
  conversation: true,
  windowSize: true,
  prune: true,
  startOn: true,
};

/** A seed-000 sliding window that never splits a tool call from its result. */
export interface SlidingWindowView extends ContextView {
  /** The conversation under the view. */
  readonly conversation: ConversationMemory;
  /** What the last `read()` sent, by source, and what it left out (the window's rule); undefined before the first. */
  lastAssembly(): ContextAssembly | undefined;
}

/**
 * Seed 000's sliding window over a conversation: `read()` returns at most `windowSize` messages — every
 * system message of the log (kept wherever it sits, and counted toward the window), then the newest whole
 * atomic units that fit in what is left, in log order. A window never starts on a tool result whose call it
 * does not hold, never holds a call without its result (except a trailing in-flight call), and drops
 * orphaned tool output. The window starts with a user message where the log allows (`startOn`): when it cuts inside
 * a turn, the user message that opened the turn goes first and the oldest units after it are left out to make
 * room. When the system messages plus the newest unit alone exceed `windowSize`, `read()`
 * returns them anyway, so the model always sees the latest turn whole. Reads only the newest part of the log,
 * and keeps it: while the log only grows, a read fetches just the entries appended since the last one.
 * @example
 * const view = createSlidingWindowMemory({ conversation: createConversationMemory(), windowSize: 30 });
 * await view.store({ role: 'user', content: 'Hi' });
 * const messages = await view.read();
 */
export function createSlidingWindowMemory(options: SlidingWindowViewOptions): SlidingWindowView {
  checkOptions(options, 'createSlidingWindowMemory', 'views');
  checkKnownKeys(options, knownOptions, 'createSlidingWindowMemory', 'views');
  const { conversation } = options;
  const windowSize = checkInteger(options.windowSize, 'createSlidingWindowMemory: windowSize', 1);
  const plan = checkPruneOptions(options.prune, 'createSlidingWindowMemory(options).prune');
  const startOn = checkStartOn(options.startOn, 'createSlidingWindowMemory: startOn');
  const pruner = plan && createUnitPruner(plan, conversation.counter);
  const log = createViewLog(conversation);
  const queue = createSerialQueue();
  let shot: Shot | undefined;

  return {
    specificationVersion: 'v1',
    conversation,
    lastAssembly: () => shot && slidingWindowAssembly(shot, conversation.counter, windowSize),
    read: () =>
      queue.run(async () => {
        const stats = await log.sync();
        await pruner?.ready;
        const system = log.systems;
        const capacity = Math.max(0, windowSize - system.entries.length);
        const picked = await selectNewestUnits(log, {
          // Capped: capacity + 16 past the largest safe integer would be a read size the log refuses.
          read: { maxMessages: Math.min(capacity + 16, Number.MAX_SAFE_INTEGER) },
          capacity,
          startOn,
          cost: (unit, after) => sentItems(pruner, unit, after).length,
        });
        const sent = pruneSelection(
          pruner,
          picked.oversized ? [picked.oversized] : picked.units,
          picked.after,
        );
        const entries = mergeBySeq(system.entries, sent.entries);
        shot = {
          entries,
          ...(picked.opener && !picked.oversized ? { opener: picked.opener.seq } : {}),
          dropped: Math.max(0, stats.count - entries.length),
          ...(pruner ? { prune: sent } : {}),
        };
        return dropUncalledResults(entries.map((e) => e.message));
      }),
    store: (messages) => conversation.store(messages),
    appended: () => conversation.appended(),
  };
}

/** What a sliding window's read returned: its entries (as sent), the log messages left out, what pruning changed. */
interface Shot {
  entries: LogEntry[];
  /** The sequence number of the user message sent first because it opened the turn after it. */
  opener?: number;
  dropped: number;
  prune?: PruneShot;
}

/** The assembly of a sliding window's read: system messages, the newest units (some pruned), the older ones left out. */
function slidingWindowAssembly(shot: Shot, counter: TokenCounter, windowSize: number): ContextAssembly {
  const why = openerOr(shot.opener, systemOr('newest whole unit within the window'));
  return buildAssembly({
    view: 'sliding-window',
    counter,
    parts: shot.entries.map((entry) => sentPart(entry, shot.prune, why(entry))),
    dropped: [
      ...prunedDropped(shot.prune),
      ...olderDropped(
        shot.dropped - (shot.prune?.removed.length ?? 0),
        shot.entries.find((e) => e.message.role !== 'system' && e.seq !== shot.opener)?.seq,
        'window',
        `older units (and unsendable ones) are outside the window of ${windowSize} messages`,
      ),
    ],
  });
}
