import { checkChoice, checkKnownKeys, checkMethods, checkOptions } from '../core/check-options.ts';
import { ContextOverflowError } from '../core/errors/context-overflow-error.ts';
import type { LogEntry, MemoryMessage } from '../core/message.ts';
import { createSerialQueue } from '../core/serial-queue.ts';
import type { ConversationMemory } from '../memory/conversation-memory.ts';
import type { TokenCounter } from '../tokens/token-counter.ts';
import { buildAssembly, olderDropped, openerOr, systemOr } from './assembly/build-assembly.ts';
import type { ContextAssembly } from './assembly/context-assembly.ts';
import type { ContextView } from './context-view.ts';
import { selectNewestUnits } from './newest-units.ts';
import { type PruneShot, prunedDropped, sentPart } from './prune-assembly.ts';
import { checkPruneOptions, type PruneOptions } from './prune-options.ts';
import { createUnitPruner, pruneSelection, sentItems } from './prune-units.ts';
import { sendableMessages } from './sendable-messages.ts';
import { checkStartOn, type startOnUser } from './start-on-user.ts';
import { truncateToolResults } from './truncate-tool-results.ts';
import { checkInteger, mergeBySeq } from './view-helpers.ts';
import { createViewLog } from './view-log.ts';

/** Options of {@link createTokenWindowMemory}. */
export interface TokenWindowViewOptions {
  /** The conversation the view reads; `store()` and `appended()` go to it. */
  conversation: ConversationMemory;
  /** The model's context size in tokens. */
  maxTokens: number;
  /** Tokens kept free for the reply, tool definitions and instructions outside the log. @default 0 */
  reserveTokens?: number;
  /** Counts truncated messages (stored messages keep their cached counts). @default conversation.counter */
  counter?: TokenCounter;
  /** What to do when the newest unit alone exceeds the budget. @default 'truncate' */
  overflow?: 'truncate' | 'error';
  /**
   * Reasoning and old tool calls left out of what the model is sent (never out of the log), with the AI SDK's
   * `pruneMessages` options; the budget counts the pruned messages. @default undefined (nothing pruned)
   */
  prune?: PruneOptions;
  /**
   * Where the prompt may start when the budget cuts inside a turn: `'user'` sends a user message first (the one
   * that opened the turn, or the oldest units are left out until one leads), as Bedrock's Converse and Gemini
   * require; `'any'` sends the newest units that fit whatever role leads. @default 'user'
   */
  startOn?: 'user' | 'any';
}

/** Every key of {@link TokenWindowViewOptions}: a misspelt `reserveToken` would send more than the budget asked. */
const knownOptions: Record<keyof TokenWindowViewOptions, true> = {
  conversation: true,
  maxTokens: true,
  reserveTokens: true,
  counter: true,
  overflow: true,
  prune: true,
  startOn: true,
};

/** Figures of the last `read()` of a token window. */
export interface TokenWindowStats {
  /** Tokens of the messages returned. */
  tokens: number;
  /** Messages returned. */
  messages: number;
  /** Live messages of the log left out (exact). */
  droppedMessages: number;
  /** Non-system units the view holds and left out; older history is not read, so this is a lower bound. */
  droppedUnits: number;
  /** Whether tool results of the newest unit were truncated to fit. */
  truncated: boolean;
  /** The budget, `maxTokens - reserveTokens`. */
  budget: number;
}

/** A token-budgeted view of a conversation. */
export interface TokenWindowView extends ContextView {
  /** The conversation under the view. */
  readonly conversation: ConversationMemory;
  /** Figures of the last `read()`, or undefined before the first. */
  lastStats(): TokenWindowStats | undefined;
  /** What the last `read()` sent, by source, and what it left out (the budget's rule); undefined before the first. */
  lastAssembly(): ContextAssembly | undefined;
}

/**
 * A view that fits a token budget (`maxTokens - reserveTokens`): `read()` returns every system message, then
 * the newest whole atomic units that fit, in log order; the oldest units are dropped first and a unit is never
 * split. The prompt starts with a user message where the log allows (`startOn`, see {@link startOnUser}): when the
 * budget cuts inside a turn, the user message that opened it goes first and the oldest units after it are left
 * out to make room. It sums the token counts cached with each log entry (nothing stored is tokenized again) and reads the
 * log backward only as far as the budget reaches. The view keeps what it read: while the log only grows, a read
 * fetches just the entries appended since the last one (other writers' too) and drops the oldest units the
 * budget no longer holds, so a turn costs in proportion to what changed and to the window, not the history; after
 * a delete, clear, prune or replace it reads the newest part again. The result is always what a new view would
 * return.
 *
 * When the newest unit alone exceeds what the system messages leave: with `overflow: 'truncate'` (the default)
 * the text outputs of its tool results are cut to the longest common length that fits, each ending with a
 * marker like `[engram: truncated 41,230 of 52,000 characters; full result in message <id>]` (the log keeps
 * the full text); with `overflow: 'error'`, or when even empty outputs (or the system messages alone) do not
 * fit, `read()` throws `ContextOverflowError`. With `prune`, reasoning and old tool calls are left out of what
 * is sent (see {@link PruneOptions}) and the budget holds the pruned messages, so more of the history fits.
 * @example
 * const view = createTokenWindowMemory({ conversation, maxTokens: 128_000, reserveTokens: 8_000 });
 * const messages = await view.read();
 * view.lastStats(); // { tokens, messages, droppedMessages, droppedUnits, truncated, budget }
 */
export function createTokenWindowMemory(options: TokenWindowViewOptions): TokenWindowView {
  checkOptions(options, 'createTokenWindowMemory', 'views');
  checkKnownKeys(options, knownOptions, 'createTokenWindowMemory', 'views');
  const { conversation } = options;
  const maxTokens = checkInteger(options.maxTokens, 'createTokenWindowMemory: maxTokens', 1);
  const reserve = checkInteger(options.reserveTokens ?? 0, 'createTokenWindowMemory: reserveTokens', 0);
  const budget = checkInteger(maxTokens - reserve, 'createTokenWindowMemory: maxTokens - reserveTokens', 1);
  const overflow = checkChoice(
    options.overflow,
    ['truncate', 'error'],
    'createTokenWindowMemory: overflow',
    'views',
    'truncate',
  );
  const startOn = checkStartOn(options.startOn, 'createTokenWindowMemory: startOn');
  const counter =
    options.counter === undefined
      ? conversation.counter
      : checkMethods(options.counter, 'createTokenWindowMemory(options).counter', 'views', [
          'count',
          'countText',
        ]);
  const plan = checkPruneOptions(options.prune, 'createTokenWindowMemory(options).prune');
  const pruner = plan && createUnitPruner(plan, counter);
  const log = createViewLog(conversation);
  const queue = createSerialQueue();
  let last: TokenWindowStats | undefined;
  /** What the last read returned: its entries and the truncated copies (built into an assembly on demand). */
  let shot: Shot | undefined;

  const overflowError = (required: number, detail: string) =>
    new ContextOverflowError({ requiredTokens: required, budgetTokens: budget, detail });

  return {
    specificationVersion: 'v1',
    conversation,
    lastStats: () => last,
    lastAssembly: () => (shot ? tokenWindowAssembly(shot, counter) : undefined),
    read: () =>
      queue.run(async () => {
        const stats = await log.sync();
        await pruner?.ready;
        const system = log.systems;
        if (system.tokens > budget)
          throw overflowError(system.tokens, 'system messages exceed the token window');
        const capacity = budget - system.tokens;
        const picked = await selectNewestUnits(log, {
          read: { minTokens: capacity },
          capacity,
          startOn,
          cost: (unit, after) => (unit.kind === 'system' ? 0 : costOf(sentItems(pruner, unit, after))),
        });
        let messages: MemoryMessage[];
        let entries: LogEntry[];
        let cutCopies: Map<number, MemoryMessage> | undefined;
        let tokens = system.tokens + picked.cost;
        let truncated = false;
        let opener = picked.opener;
        // The unit whose tool results are cut to fit: an oversized newest unit, or (the prompt starting with the
        // user) the newest unit when the turn's opener fits beside no whole unit.
        let cutUnit = picked.oversized;
        let cutAfter = picked.after;
        let cut: ReturnType<typeof truncateToolResults>;
        const lead = picked.oversized ?? picked.units[0];
        if (startOn === 'user' && overflow === 'truncate' && !opener && lead && lead.kind !== 'user') {
          const candidate = await log.userBefore(lead.items[0]!.seq);
          const unit = picked.oversized ?? picked.units.at(-1)!;
          const after = picked.oversized ? picked.after : picked.after.slice(-1);
          const room = capacity - (candidate?.tokens ?? capacity);
          cut =
            room > 0
              ? truncateToolResults(pruneSelection(pruner, [unit], after).entries, room, counter)
              : undefined;
          if (cut) {
            opener = candidate;
            cutUnit = unit;
            cutAfter = after;
          }
        }
        const sent = pruneSelection(pruner, cutUnit ? [cutUnit] : picked.units, cutAfter);
        if (cutUnit) {
          const items = sent.entries;
          const required = system.tokens + costOf(items);
          if (overflow === 'error')
            throw overflowError(required, 'the newest message unit exceeds the token window');
          cut ??= truncateToolResults(items, capacity, counter);
          if (!cut)
            throw overflowError(
              required,
              'the newest message unit exceeds the token window even with tool results truncated',
            );
          const byId = new Map(cut.messages.map((m, i) => [items[i]!.seq, m]));
          entries = mergeBySeq(system.entries, opener ? [opener, ...items] : items);
          messages = entries.map((e) => byId.get(e.seq) ?? e.message);
          cutCopies = byId;
          tokens = system.tokens + cut.tokens + (opener?.tokens ?? 0);
          truncated = true;
        } else {
          entries = mergeBySeq(system.entries, sent.entries);
          messages = entries.map((e) => e.message);
        }
        // What is sent: tool results answering no call left out, and the figures counting what is left.
        const out = sendableMessages(
          messages,
          tokens,
          (i) => (messages[i] === entries[i]!.message ? entries[i]!.tokens : counter.count(messages[i]!)),
          counter,
        );
        last = {
          tokens: out.tokens,
          messages: out.messages.length,
          droppedMessages: Math.max(0, stats.count - out.messages.length),
          // The opener was counted among the units left out (a lower bound either way).
          droppedUnits: Math.max(
            0,
            picked.droppedUnits +
              (cutUnit && !picked.oversized ? picked.units.length - 1 : 0) -
              (opener && !picked.opener ? 1 : 0),
          ),
          truncated,
          budget,
        };
        shot = {
          entries,
          stats: last,
          ...(opener ? { opener: opener.seq } : {}),
          ...(cutCopies ? { cut: cutCopies } : {}),
          ...(pruner ? { prune: sent } : {}),
        };
        return out.messages;
      }),
    store: (messages) => conversation.store(messages),
    appended: () => conversation.appended(),
  };
}

function costOf(entries: readonly LogEntry[]): number {
  let total = 0;
  for (const e of entries) total += e.tokens;
  return total;
}

/** What a token window's read returned: its entries (as sent), the truncated copies, what pruning changed. */
interface Shot {
  entries: LogEntry[];
  /** The sequence number of the user message sent first because it opened the turn after it. */
  opener?: number;
  cut?: Map<number, MemoryMessage>;
  prune?: PruneShot;
  stats: TokenWindowStats;
}

/** The assembly of a token window's read: system messages, the newest units (some truncated), the older ones left out. */
function tokenWindowAssembly(shot: Shot, counter: TokenCounter): ContextAssembly {
  const { entries, cut, prune, stats } = shot;
  const why = openerOr(shot.opener, systemOr('newest whole unit within the budget'));
  const firstKept = entries.find((e) => e.message.role !== 'system' && e.seq !== shot.opener)?.seq;
  return buildAssembly({
    view: 'token-window',
    counter,
    budget: stats.budget,
    parts: entries.map((entry) => {
      const copy = cut?.get(entry.seq);
      // Truncation copies every message of the unit; only those whose content changed were cut.
      return copy &&
        copy !== entry.message &&
        JSON.stringify(copy.content) !== JSON.stringify(entry.message.content)
        ? {
            message: copy,
            tokens: counter.count(copy),
            entry: prune?.changed.get(entry.seq) ?? entry,
            why: 'newest unit, alone over the budget: tool results truncated to fit',
            replaced: {
              rule: 'truncated' as const,
              why: 'tool output cut to fit the budget (the log keeps it whole)',
            },
          }
        : sentPart(entry, prune, why(entry));
    }),
    dropped: [
      ...prunedDropped(prune),
      ...olderDropped(
        stats.droppedMessages - (prune?.removed.length ?? 0),
        firstKept,
        'budget',
        `older units (and unsendable ones) did not fit the budget of ${stats.budget} tokens`,
      ),
    ],
  });
}
