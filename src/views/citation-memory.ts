import type { CitationPolicy } from '../content/citation-policy.ts';
import { citationPolicyKey, resolveCitationPolicy } from '../content/citation-policy.ts';
import type { CitationTrack } from '../content/citation-track.ts';
import {
  type CitationStats,
  createToolResultCiter,
  storedCountsAgree,
  type ToolResultCiter,
} from '../content/cite-tool-results.ts';
import type { ContentStoreV1 } from '../content/content-store-v1.ts';
import type { ContentStore } from '../content/create-content-store.ts';
import { writtenContentItems } from '../content/riding-content-items.ts';
import { checkBoolean, checkFunction, checkMethods, checkOptions } from '../core/check-options.ts';
import type { LogEntry, MemoryMessage } from '../core/message.ts';
import { createSerialQueue } from '../core/serial-queue.ts';
import { firstAtLeast } from '../core/sorted-search.ts';
import type { ConversationMemory } from '../memory/conversation-memory.ts';
import { type MessageUnit, sendableItems, sendsWhole } from '../messages/units.ts';
import type { TokenCounter } from '../tokens/token-counter.ts';
import {
  type AssemblyPart,
  buildAssembly,
  citedPart,
  droppedRuns,
  olderDropped,
} from './assembly/build-assembly.ts';
import type { ContextAssembly } from './assembly/context-assembly.ts';
import type { ContextView } from './context-view.ts';
import { createOlderResults } from './older-results.ts';
import { createOutputCountArtifacts } from './output-count-artifacts.ts';
import { checkInteger } from './view-helpers.ts';
import { createViewLog, type ViewLog } from './view-log.ts';

/** Options of {@link createCitationMemory}. */
export interface CitationViewOptions {
  /** The conversation the view reads; `store()` and `appended()` go to it. */
  conversation: ConversationMemory;
  /** Where offloaded tool results are kept (its counter should be the conversation's, so counts agree). */
  content: ContentStore;
  /** Which tool results are offloaded, and for how many model calls they stay in full. */
  policy?: CitationPolicy;
  /** `false` shows every result in full (the log is never changed, so turning citations off restores it). @default true */
  enabled?: boolean;
  /** A token budget: the newest whole units that fit (after citation), system messages always kept. @default no budget */
  maxTokens?: number;
  /**
   * With `maxTokens`: whether `read()` starts storing the results of the log's older part (which it neither
   * holds nor reads) in the background, so the content store holds every result the policy offloads. Each result
   * stored costs what the view's own storing costs (its summary included: with a model summarizer on the content
   * store, one model call per older result; turn this off to store only what reads hold). @default true
   */
  background?: boolean;
  /** Told of each error of that background storing (it is tried again on a later read). */
  onError?: (error: unknown) => void;
}

/** Figures of the last `read()`: `cited`, `fullFirstUse` and `savedTokens` count the messages it returned. */
export interface CitationViewStats extends CitationStats {
  /** Tokens of the messages returned. */
  tokens: number;
  /** Tokens of the same messages without citations. */
  fullTokens: number;
  /** Messages returned. */
  messages: number;
  /** Messages left out by `maxTokens`. */
  droppedMessages: number;
}

/** A view that shows large tool results in full on first use and as content-store citations afterwards. */
export interface CitationView extends ContextView {
  /** The conversation under the view. */
  readonly conversation: ConversationMemory;
  /** The content store holding offloaded results. */
  readonly content: ContentStore;
  /** Figures of the last `read()`, or undefined before the first. */
  lastStats(): CitationViewStats | undefined;
  /** What the last `read()` sent (citations apart), and what it left out; undefined before the first. */
  lastAssembly(): ContextAssembly | undefined;
  /** The content item id holding a tool result (whether or not it has been offloaded yet). */
  itemIdFor(messageId: string, toolCallId: string): string;
  /** Waits until the background storing of older results asked for by `read()`s is done (see `background`). */
  idle(): Promise<void>;
}

/**
 * Seed 004's first use, then a citation: every tool result the policy offloads is stored in the content store
 * (once, under an id derived from the session, message and tool call) and the model sees it in full for
 * `keepTurns` model calls after it (the step right after the call by default); in every later read the view
 * shows a short citation instead: the tool, the item id, its size, a compact summary (html, json, table or
 * text compactor, or the content store's summarizer, computed once and kept with the item) and how to get it
 * back (`retrieve_from_memory`). The log keeps every full result: this is a view, the same log always gives
 * the same messages, and `enabled: false` shows the originals. Tool calls and their results stay paired:
 * only outputs change, `maxTokens` drops whole units, and units no model accepts (tool output whose call is gone
 * from the log, calls left without results before the newest unit) are left out, as the token window leaves them
 * out. The view follows the log incrementally (appends
 * are fetched, nothing is parsed twice): a read after appends looks only at the new entries and at those whose
 * citation can still change (a result within its `keepTurns`), and walks back from the newest only as far as
 * `maxTokens` reaches. With `maxTokens`, a read holds only the log's newest part that the budget needs after
 * citation (grown backward from the budget's worth of stored tokens, at least doubling, until a unit does not
 * fit), so opening a long session costs what its window costs; results older than that are neither read nor
 * stored until a read needs them. A new view on a long session decides offloading from stored counts (the entries'
 * `tokens` when the conversation's counter has the content counter's encoding, the items' info read a page of
 * ids at a time, and the counts views saved beside the log of outputs they had to count and kept in full:
 * `engram.output-counts` artifacts) and stores the results no one stored yet in batches, giving the event loop
 * turns between. The results of the part older than what a budgeted read holds are stored in the background
 * (`background`, `idle()`): a page of the log at a time from the session's mark (an `engram.stored-results`
 * artifact), outside the caller's agent step, so `query_memory` finds every offloaded result of a long session.
 * @example
 * const content = createContentStore({ store, scope });
 * const view = createCitationMemory({ conversation, content, policy: { tools: { web_fetch: { offload: 'always' } } } });
 * const messages = await view.read();
 */
export function createCitationMemory(options: CitationViewOptions): CitationView {
  checkOptions(options, 'createCitationMemory', 'views');
  const { conversation, content } = options;
  checkMethods(content, 'createCitationMemory(options): content', 'views', ['store', 'retrieve']);
  const enabled = checkBoolean(options.enabled, 'createCitationMemory: enabled', 'views', true);
  const budget =
    options.maxTokens === undefined
      ? undefined
      : checkInteger(options.maxTokens, 'createCitationMemory: maxTokens', 1);
  if (!enabled) resolveCitationPolicy(options.policy); // checked even while citations are off
  const background = checkBoolean(options.background, 'createCitationMemory: background', 'views', true);
  const onError =
    options.onError === undefined
      ? undefined
      : checkFunction(options.onError, 'createCitationMemory: onError', 'views');
  const log = createViewLog(conversation);
  const queue = createSerialQueue();
  // One store of saved counts per log, shared by the view's citer and the background pass's.
  let savedCounts = createOutputCountArtifacts(conversation, content.counter.encoding);
  const newCiter = (items?: ContentStoreV1) =>
    createToolResultCiter({
      content,
      policy: enabled ? options.policy : { default: { offload: 'never' } },
      logKey: conversation.sessionId,
      storedCounts: storedCountsAgree(conversation.counter, content),
      savedCounts,
      ...(items ? { items } : {}),
    });
  const older =
    enabled && budget !== undefined && background
      ? createOlderResults({
          conversation,
          // The items as written: a running agent step's pending items are not counted as stored (a crash before
          // its append would lose them under the mark) nor written early.
          citer: () => newCiter(writtenContentItems(content.items)),
          deleteItem: (id) => writtenContentItems(content.items).deleteItem(content.scope, content.space, id),
          policyKey: JSON.stringify([
            [content.scope.tenant, content.scope.user ?? null, content.scope.agent ?? null],
            content.space,
            citationPolicyKey(options.policy),
          ]),
          ...(onError ? { onError } : {}),
        })
      : undefined;
  let citer: ToolResultCiter = newCiter();
  let track: CitationTrack = citer.track();
  let logId: string | undefined;
  let last: CitationViewStats | undefined;
  let shot: Shot | undefined;

  return {
    specificationVersion: 'v1',
    conversation,
    content,
    lastStats: () => last,
    lastAssembly: () => shot && citationAssembly(shot, conversation.counter, budget),
    itemIdFor: (messageId, toolCallId) => citer.itemId(messageId, toolCallId),
    idle: async () => {
      await older?.idle();
    },
    read: () =>
      queue.run(async () => {
        const stats = await log.sync();
        if (logId !== undefined && stats.logId !== logId) {
          savedCounts = createOutputCountArtifacts(conversation, content.counter.encoding);
          citer = newCiter(); // the session was created again
          track = citer.track();
        }
        logId = stats.logId;
        const fit = await holdFitting(log, track, budget);
        const entries = log.entries;
        const n = entries.length;
        const sent = sentIndices(log.units, entries, fit.unitFrom);
        const firstSeq = entries[sent[0] ?? n]?.seq ?? stats.lastSeq + 1;
        const systemsBefore = log.systems.entries.filter((e) => e.seq < firstSeq);
        const messages: MemoryMessage[] = [];
        let tokens = 0;
        let fullTokens = 0;
        for (const e of systemsBefore) {
          messages.push(e.message);
          tokens += e.tokens;
          fullTokens += e.tokens;
        }
        for (const i of sent) {
          messages.push(track.messages[i]!);
          tokens += track.tokens[i]!;
          fullTokens += entries[i]!.tokens;
        }
        shot = {
          entries,
          count: n,
          systemsBefore,
          messages: track.messages,
          tokens: track.tokens,
          sent,
          logCount: stats.count,
        };
        last = {
          ...track.statsOf(sent),
          tokens,
          fullTokens,
          messages: messages.length,
          droppedMessages: Math.max(0, stats.count - messages.length),
        };
        // Units older than the one the budget stopped at are not needed by the next read (it reads them again
        // if citations settling make room): dropped once they are most of what is held.
        if (fit.settled) log.release(fit.stoppedAt!);
        const heldFrom = log.entries[0]?.seq;
        if (older && !log.whole && heldFrom !== undefined) older.start(heldFrom, stats.logId);
        return messages;
      }),
    store: (messages) => conversation.store(messages),
    appended: () => conversation.appended(),
  };
}

/** What the last read showed: the held entries, their cited messages and tokens, the budget's cut. */
interface Shot {
  /** The held entries (the view log's array, which later reads grow in place: only the first `count` are this read's). */
  entries: readonly LogEntry[];
  count: number;
  /** System entries older than the first one returned from the held part (kept whether held or not). */
  systemsBefore: readonly LogEntry[];
  messages: readonly MemoryMessage[];
  tokens: readonly number[];
  /** The indices of the held entries the read returned, ascending. */
  sent: readonly number[];
  /** Live messages in the log. */
  logCount: number;
}

/** The assembly of a citation view's read: messages as stored, citations for offloaded results, older units left out. */
function citationAssembly(shot: Shot, counter: TokenCounter, budget: number | undefined): ContextAssembly {
  const parts: AssemblyPart[] = [];
  const systemWhy = 'system message (always kept)';
  for (const entry of shot.systemsBefore)
    parts.push({ message: entry.message, tokens: entry.tokens, entry, why: systemWhy });
  for (const i of shot.sent) {
    const entry = shot.entries[i]!;
    const message = shot.messages[i]!;
    const tokens = shot.tokens[i]!;
    if (message !== entry.message) parts.push(citedPart(message, tokens, entry));
    else
      parts.push({
        message,
        tokens,
        entry,
        why:
          entry.message.role === 'system'
            ? systemWhy
            : entry.message.role === 'tool'
              ? 'tool result in full (first use, or not offloaded by the policy)'
              : budget === undefined
                ? 'in the log (no budget)'
                : 'newest whole unit within the budget',
      });
  }
  // Unsendable units among the returned ones (tool output whose call is gone, calls left without results).
  const first = shot.sent[0];
  const kept = new Set(shot.sent.map((i) => shot.entries[i]!.seq));
  const unsendable =
    first === undefined
      ? []
      : droppedRuns(
          shot.entries.slice(first, shot.count),
          kept,
          'unsendable',
          'orphaned tool results or unanswered calls, never sent',
        );
  const older = shot.logCount - parts.length - unsendable.reduce((k, d) => k + d.messages, 0);
  return buildAssembly({
    view: 'citation',
    counter,
    ...(budget === undefined ? {} : { budget }),
    parts,
    dropped: [
      ...olderDropped(
        older,
        first === undefined ? undefined : shot.entries[first]!.seq,
        'budget',
        `older units did not fit the budget of ${budget ?? 0} tokens (after citation)`,
      ),
      ...unsendable,
    ],
  });
}

/** Where the budget cut the held units: the oldest unit returned, and the unit that did not fit (if one did not). */
interface Fit {
  /** The index of the oldest held unit the read returns from (the units' length when none). */
  unitFrom: number;
  /** The index of the unit the budget stopped at; undefined when every held unit fits. */
  stoppedAt?: number;
  /**
   * Whether the units from `stoppedAt` on are the whole log's (see {@link settledFrom}), so a later read can hold
   * from there; false when they hold tool output whose call is gone from the log (the whole log is then held, and
   * kept, until the budget's cut passes it).
   */
  settled?: boolean;
}

/**
 * Holds as much of the log's newest part as the budget needs after citation, with the track brought up to it:
 * the whole log without a budget; otherwise the held part grows backward (at least doubling, from the budget's
 * worth of stored tokens, which citations only shrink) until a unit does not fit and every unit from it on is
 * one the whole log has ({@link settledFrom}), or the log's start is held. Cited forms of held entries are
 * exact: every later entry is held.
 */
async function holdFitting(log: ViewLog, track: CitationTrack, budget: number | undefined): Promise<Fit> {
  if (budget === undefined) {
    if (!log.whole) await log.holdFrom(1);
    await track.update(log.entries);
    return { unitFrom: 0 };
  }
  let size = budget;
  for (;;) {
    await track.update(log.entries);
    const fit = newestFitting(log.units, log.entries, track.tokens, log.systems.tokens, budget);
    const settled = fit.stoppedAt !== undefined && settledFrom(log.units, fit.stoppedAt);
    if (settled) return { ...fit, settled };
    if (log.whole) return fit;
    await log.grow({ minTokens: size });
    size = size * 2 + 1;
  }
}

/**
 * Whether the held units from `index` on are the units the whole log has there: none is tool output whose call
 * is not held (an orphan), or holds a tool message answering a call that is not (`strays`). A held part starting
 * inside a unit (a page boundary, or a result that came late) shows such units; with more of the log held, they
 * join an older unit, and the budget's cut may fall elsewhere.
 */
function settledFrom(units: readonly MessageUnit<LogEntry>[], index: number): boolean {
  for (let u = index; u < units.length; u++)
    if (units[u]!.kind === 'orphan' || units[u]!.strays) return false;
  return true;
}

/**
 * The newest whole, sendable held units whose cited tokens (plus every system message's) fit the budget. Units
 * are taken from the newest back and never split; the newest sendable unit is always kept; unsendable units
 * (tool output whose call is gone, calls left without results before the newest unit) are left out and cost
 * nothing; system units cost nothing (their tokens are counted once, with every system message's). Walks back
 * only as far as the budget reaches. The oldest held unit may be cut at its head: it is never taken unless every
 * held unit fits (then the caller holds more, or holds the whole log); a cut unit that does not fit would not fit
 * whole either.
 */
function newestFitting(
  units: readonly MessageUnit<LogEntry>[],
  entries: readonly LogEntry[],
  tokens: readonly number[],
  systemTokens: number,
  budget: number,
): Fit {
  let used = systemTokens;
  let taken = false;
  let unitFrom = units.length;
  for (let u = units.length - 1; u >= 0; u--) {
    const unit = units[u]!;
    if (unit.kind !== 'system' && sendsWhole(units, u)) {
      let cost = 0;
      for (const item of unit.items)
        if (item.message.role !== 'system') cost += tokens[firstAtLeast(entries, item.seq, bySeq)]!;
      if (used + cost > budget && taken) return { unitFrom, stoppedAt: u };
      used += cost;
      taken = true;
    }
    unitFrom = u;
  }
  return { unitFrom };
}

/**
 * The indices of the entries a read returns from the held units from `unitFrom` on: every item of system and
 * sendable units, the system items of the others; ascending (units are contiguous runs of the log, in order).
 */
function sentIndices(
  units: readonly MessageUnit<LogEntry>[],
  entries: readonly LogEntry[],
  unitFrom: number,
): number[] {
  return sendableItems(units.slice(unitFrom), (e) => e.message).map((e) =>
    firstAtLeast(entries, e.seq, bySeq),
  );
}

const bySeq = (e: { seq: number }) => e.seq;
