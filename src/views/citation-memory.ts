import type { CitationPolicy } from '../content/citation-policy.ts';
import { resolveCitationPolicy } from '../content/citation-policy.ts';
import type { CitationTrack } from '../content/citation-track.ts';
import {
  type CitationStats,
  createToolResultCiter,
  storedCountsAgree,
  type ToolResultCiter,
} from '../content/cite-tool-results.ts';
import type { ContentStore } from '../content/create-content-store.ts';
import { checkMethods, checkOptions } from '../core/check-options.ts';
import type { LogEntry, MemoryMessage } from '../core/message.ts';
import { createSerialQueue } from '../core/serial-queue.ts';
import type { ConversationMemory } from '../memory/conversation-memory.ts';
import type { TokenCounter } from '../tokens/token-counter.ts';
import { type AssemblyPart, buildAssembly, citedPart, droppedRuns } from './assembly/build-assembly.ts';
import type { ContextAssembly } from './assembly/context-assembly.ts';
import type { ContextView } from './context-view.ts';
import { createOutputCountArtifacts } from './output-count-artifacts.ts';
import { checkInteger } from './view-helpers.ts';
import { createViewLog } from './view-log.ts';

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
}

/** Figures of the last `read()`. */
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
}

/**
 * Seed 004's first use, then a citation: every tool result the policy offloads is stored in the content store
 * (once, under an id derived from the session, message and tool call) and the model sees it in full for
 * `keepTurns` model calls after it (the step right after the call by default); in every later read the view
 * shows a short citation instead: the tool, the item id, its size, a compact summary (html, json, table or
 * text compactor, or the content store's summarizer, computed once and kept with the item) and how to get it
 * back (`retrieve_from_memory`). The log keeps every full result: this is a view, the same log always gives
 * the same messages, and `enabled: false` shows the originals. Tool calls and their results stay paired:
 * only outputs change, and `maxTokens` drops whole units. The view follows the log incrementally (appends
 * are fetched, nothing is parsed twice): a read after appends looks only at the new entries and at those whose
 * citation can still change (a result within its `keepTurns`), and walks back from the newest only as far as
 * `maxTokens` reaches. A new view on a long session decides offloading from stored counts (the entries'
 * `tokens` when the conversation's counter has the content counter's encoding, the items' info read a page of
 * ids at a time, and the counts views saved beside the log of outputs they had to count and kept in full:
 * `engram.output-counts` artifacts) and stores the results no one stored yet in batches, giving the event loop
 * turns between.
 * @example
 * const content = createContentStore({ store, scope });
 * const view = createCitationMemory({ conversation, content, policy: { tools: { web_fetch: { offload: 'always' } } } });
 * const messages = await view.read();
 */
export function createCitationMemory(options: CitationViewOptions): CitationView {
  checkOptions(options, 'createCitationMemory', 'views');
  const { conversation, content } = options;
  checkMethods(content, 'createCitationMemory(options): content', 'views', ['store', 'retrieve']);
  const enabled = options.enabled ?? true;
  const budget =
    options.maxTokens === undefined
      ? undefined
      : checkInteger(options.maxTokens, 'createCitationMemory: maxTokens', 1);
  if (!enabled) resolveCitationPolicy(options.policy); // checked even while citations are off
  const log = createViewLog(conversation);
  const queue = createSerialQueue();
  const newCiter = () =>
    createToolResultCiter({
      content,
      policy: enabled ? options.policy : { default: { offload: 'never' } },
      logKey: conversation.sessionId,
      storedCounts: storedCountsAgree(conversation.counter, content),
      savedCounts: createOutputCountArtifacts(conversation, content.counter.encoding),
    });
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
    read: () =>
      queue.run(async () => {
        const stats = await log.sync();
        if (logId !== undefined && stats.logId !== logId) {
          citer = newCiter(); // the session was created again
          track = citer.track();
        }
        logId = stats.logId;
        if (!log.whole) await log.holdFrom(1);
        const entries = log.entries;
        await track.update(entries);
        const n = entries.length;
        const from = budget === undefined ? 0 : newestFitting(log.units, entries, track, budget);
        let messages: MemoryMessage[];
        let tokens = track.citedTokens;
        let fullTokens = track.fullTokens;
        if (from === 0) messages = track.messages.slice(0, n);
        else {
          messages = [];
          tokens = 0;
          fullTokens = 0;
          const take = (i: number) => {
            messages.push(track.messages[i]!);
            tokens += track.tokens[i]!;
            fullTokens += entries[i]!.tokens;
          };
          for (const i of track.systems) if (i < from) take(i);
          for (let i = from; i < n; i++) take(i);
        }
        shot = { entries, count: n, messages: track.messages, tokens: track.tokens, from };
        last = {
          ...track.stats,
          tokens,
          fullTokens,
          messages: messages.length,
          droppedMessages: n - messages.length,
        };
        return messages;
      }),
    store: (messages) => conversation.store(messages),
    appended: () => conversation.appended(),
  };
}

/** What the last read showed: the held entries (the first `count`), their cited messages and tokens, the budget's cut. */
interface Shot {
  entries: readonly LogEntry[];
  count: number;
  messages: readonly MemoryMessage[];
  tokens: readonly number[];
  from: number;
}

/** The assembly of a citation view's read: messages as stored, citations for offloaded results, older units left out. */
function citationAssembly(shot: Shot, counter: TokenCounter, budget: number | undefined): ContextAssembly {
  const parts: AssemblyPart[] = [];
  const entries = shot.entries.slice(0, shot.count);
  const kept = new Set<number>();
  entries.forEach((entry, i) => {
    if (i < shot.from && entry.message.role !== 'system') return;
    kept.add(entry.seq);
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
            ? 'system message (always kept)'
            : entry.message.role === 'tool'
              ? 'tool result in full (first use, or not offloaded by the policy)'
              : budget === undefined
                ? 'in the log (no budget)'
                : 'newest whole unit within the budget',
      });
  });
  return buildAssembly({
    view: 'citation',
    counter,
    ...(budget === undefined ? {} : { budget }),
    parts,
    dropped: droppedRuns(
      entries,
      kept,
      'budget',
      `older units did not fit the budget of ${budget ?? 0} tokens (after citation)`,
    ),
  });
}

/**
 * The index of the first entry of the newest whole units whose cited tokens (plus every system message's)
 * fit the budget. Units are taken from the newest back and never split; the newest unit is always kept. Walks
 * back only as far as the budget reaches.
 */
function newestFitting(
  units: readonly { items: readonly { seq: number; message: MemoryMessage }[] }[],
  entries: readonly { seq: number }[],
  track: CitationTrack,
  budget: number,
): number {
  const { tokens } = track;
  let used = 0;
  for (const i of track.systems) used += tokens[i]!;
  let from = entries.length;
  for (let u = units.length - 1; u >= 0; u--) {
    let cost = 0;
    let first = from;
    for (const item of units[u]!.items) {
      const i = indexOfSeq(entries, item.seq);
      first = Math.min(first, i);
      if (item.message.role !== 'system') cost += tokens[i]!;
    }
    if (used + cost > budget && from < entries.length) break;
    used += cost;
    from = first;
  }
  return from;
}

/** The index of the entry with sequence number `seq` (entries ascending by seq; it is there). */
function indexOfSeq(entries: readonly { seq: number }[], seq: number): number {
  let lo = 0;
  let hi = entries.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (entries[mid]!.seq < seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
