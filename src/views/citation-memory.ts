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
import {
  checkBoolean,
  checkFunction,
  checkKnownKeys,
  checkMethods,
  checkOptions,
} from '../core/check-options.ts';
import type { LogEntry, MemoryMessage } from '../core/message.ts';
import { createSerialQueue } from '../core/serial-queue.ts';
import type { ConversationMemory } from '../memory/conversation-memory.ts';
import type { TokenCounter } from '../tokens/token-counter.ts';
import {
  type AssemblyPart,
  buildAssembly,
  citedPart,
  droppedRuns,
  olderDropped,
  openerOr,
} from './assembly/build-assembly.ts';
import type { ContextAssembly } from './assembly/context-assembly.ts';
import { citedCost, holdFitting, sentIndices } from './citation-fit.ts';
import { citationSend } from './citation-sent.ts';
import type { ContextView } from './context-view.ts';
import { createOlderResults } from './older-results.ts';
import { createOutputCountArtifacts } from './output-count-artifacts.ts';
import { checkStartOn, startOnUserFrom } from './start-on-user.ts';
import { checkInteger, mergeBySeq } from './view-helpers.ts';
import { createViewLog } from './view-log.ts';

/** Options of {@link createCitationMemory}. */
export interface CitationViewOptions {
  /** The conversation the view reads; `store()` and `appended()` go to it. */
  conversation: ConversationMemory;
  /** Where offloaded tool results are kept (its counter should be the conversation's, so counts agree). */
  content: ContentStore;
  /**
   * Which tool results are offloaded, and for how many model calls they stay in full. A key a rule or the policy
   * does not have (a misspelt `ofload`) is `INVALID_ARGUMENT` naming its path, at construction.
   */
  policy?: CitationPolicy;
  /** `false` shows every result in full (the log is never changed, so turning citations off restores it). @default true */
  enabled?: boolean;
  /**
   * A token budget: the newest whole units that fit (after citation), system messages always kept. The newest unit
   * is always sent, even when it alone (after citation) or with the system messages exceeds the budget: the view
   * never splits a unit nor returns a prompt without the turn in progress, so a read can return more than
   * `maxTokens` (`lastStats().tokens` says how many; a token window's `overflow` option decides this case instead).
   * @default no budget
   */
  maxTokens?: number;
  /**
   * With `maxTokens`, where the prompt may start when the budget cuts inside a turn: `'user'` sends a user message
   * first (the one that opened the turn, or the oldest units are left out until one leads), as Bedrock's Converse
   * and Gemini require; `'any'` sends the newest units that fit whatever role leads. @default 'user'
   */
  startOn?: 'user' | 'any';
  /**
   * With `maxTokens`: whether `read()` starts storing the results of the log's older part (which it neither
   * holds nor reads) in the background, so the content store holds every result the policy offloads. Each result
   * stored costs what the view's own storing costs (its summary included: with a model summarizer on the content
   * store, one model call per older result; turn this off to store only what reads hold). @default true
   */
  background?: boolean;
  /**
   * Told of each error of that background storing (it is tried again on a later read); not of the store's
   * closing under it (`STORE_CLOSED`: a script that reads, then closes the store), which only stops it: the next
   * view over the session goes on where it stopped; nor of the session's deletion under it, which stops it too.
   * @default logs the error with console.error
   */
  onError?: (error: unknown) => void;
}

/** Every key of {@link CitationViewOptions}: a misspelt `maxToken` would leave the view without a budget. */
const knownOptions: Record<keyof CitationViewOptions, true> = {
  conversation: true,
  content: true,
  policy: true,
  enabled: true,
  maxTokens: true,
  startOn: true,
  background: true,
  onError: true,
};

/**
 * Figures of the last `read()`, of the messages it returned (tool results answering no call left out, as sent):
 * `cited`, `fullFirstUse` and `savedTokens` count those messages (a message that lost such a result keeps its own
 * figures), `tokens` and `fullTokens` count them as sent.
 */
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
 * only outputs change, `maxTokens` drops whole units (and starts the prompt with a user message, as the token
 * window does: `startOn`), and units no model accepts (tool output whose call is gone
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
  checkKnownKeys(options, knownOptions, 'createCitationMemory', 'views');
  const { conversation, content } = options;
  checkMethods(content, 'createCitationMemory(options): content', 'views', ['store', 'retrieve']);
  checkMethods(content.counter, 'createCitationMemory(options).content.counter', 'views', [
    'count',
    'countText',
  ]);
  const enabled = checkBoolean(options.enabled, 'createCitationMemory: enabled', 'views', true);
  const budget =
    options.maxTokens === undefined
      ? undefined
      : checkInteger(options.maxTokens, 'createCitationMemory: maxTokens', 1);
  // Checked here, naming the option, even while citations are off.
  resolveCitationPolicy(options.policy, 'createCitationMemory(options).policy');
  const background = checkBoolean(options.background, 'createCitationMemory: background', 'views', true);
  const startOn = checkStartOn(options.startOn, 'createCitationMemory: startOn');
  const onError =
    options.onError === undefined
      ? (error: unknown) => console.error('[engram] [views] storing older tool results failed:', error)
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
          onError,
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
        const start =
          budget === undefined || startOn === 'any'
            ? { from: fit.unitFrom }
            : await startOnUserFrom(
                log,
                fit.unitFrom,
                (u) => citedCost(log.units[u]!, entries, track.tokens),
                budget - log.systems.tokens,
              );
        // A user message put first (the opener) goes after the system messages older than it: those the sent units
        // hold (the budget's cut fell before them) move to the lead, where everything is in log order.
        const opener = start.opener?.seq;
        const sent = sentIndices(log.units, entries, start.from).filter(
          (i) => opener === undefined || !(entries[i]!.message.role === 'system' && entries[i]!.seq < opener),
        );
        const firstSeq = entries[sent[0] ?? n]?.seq ?? stats.lastSeq + 1;
        const systemsBefore = log.systems.entries.filter((e) => e.seq < firstSeq);
        const lead = start.opener ? mergeBySeq(systemsBefore, [start.opener]) : systemsBefore;
        // What is sent (tool results answering no call left out), counted as sent.
        const { messages, figures } = citationSend({ lead, entries, sent, track }, conversation.counter);
        shot = {
          entries,
          count: n,
          lead,
          ...(start.opener ? { opener: start.opener.seq } : {}),
          messages: track.messages,
          tokens: track.tokens,
          sent,
          logCount: stats.count,
        };
        last = {
          ...figures,
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
  /**
   * What goes before the first entry returned from the held part (kept whether held or not): the system entries
   * older than it and, when the budget's cut fell inside a turn, the user message that opened it.
   */
  lead: readonly LogEntry[];
  /** The sequence number of that user message, when one leads. */
  opener?: number;
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
  const leadWhy = openerOr(shot.opener, () => systemWhy);
  for (const entry of shot.lead)
    parts.push({ message: entry.message, tokens: entry.tokens, entry, why: leadWhy(entry) });
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
