import { checkChoice, checkFunction, checkKnownKeys, checkOptions } from '../core/check-options.ts';
import type { LogEntry, MemoryMessage } from '../core/message.ts';
import { createSerialQueue } from '../core/serial-queue.ts';
import type { ConversationMemory } from '../memory/conversation-memory.ts';
import { dropUncalledResults } from '../messages/uncalled-results.ts';
import { isSendable, type MessageUnit, newestLiveUnit } from '../messages/units.ts';
import type { TokenCounter } from '../tokens/token-counter.ts';
import {
  type AssemblyPart,
  buildAssembly,
  olderDropped,
  openerOr,
  systemOr,
} from './assembly/build-assembly.ts';
import type { ContextAssembly, DroppedItems } from './assembly/context-assembly.ts';
import type { ContextView } from './context-view.ts';
import { nonSystem } from './newest-units.ts';
import { type PruneShot, prunedDropped, sentPart } from './prune-assembly.ts';
import { checkPruneOptions, type PruneOptions } from './prune-options.ts';
import { createUnitPruner, pruneSelection, sendableUnits } from './prune-units.ts';
import { runSummarizer, type Summarizer } from './summarizer.ts';
import { loadSummaryAndTokens, type SummaryRecord, saveSummary } from './summary-artifacts.ts';
import { summaryContent } from './summary-message.ts';
import { checkInteger, mergeBySeq } from './view-helpers.ts';
import { createViewLog } from './view-log.ts';

/** Options of {@link createSummarizingMemory}. */
export interface SummarizingViewOptions {
  /** The conversation the view reads; `store()` and `appended()` go to it; summaries are stored beside it. */
  conversation: ConversationMemory;
  /** Summarize when the view would hold more messages than this. @default 20, when `maxTokens` is not set */
  maxMessages?: number;
  /** Summarize when the view would hold more tokens than this (cached counts). */
  maxTokens?: number;
  /** The newest messages kept verbatim, rounded up to whole units (at least the newest unit). */
  keepRecent: number;
  /** Folds newly covered messages into the previous summary. */
  summarizer: Summarizer;
  /** Summarize again only when the covered range would grow by at least this many messages. @default max(1, floor(keepRecent / 2)) */
  step?: number;
  /** How the summary reaches the model: a leading user message, or `instructions()`. @default 'user' */
  summaryRole?: 'user' | 'instructions';
  /**
   * Reasoning and old tool calls left out of what the model is sent (never out of the log, nor out of what the
   * summarizer reads), with the AI SDK's `pruneMessages` options; `maxMessages` and `maxTokens` count the pruned
   * messages. @default undefined (nothing pruned)
   */
  prune?: PruneOptions;
}

/** Every key of {@link SummarizingViewOptions}: a misspelt one is refused, not replaced by its default. */
const knownOptions: Record<keyof SummarizingViewOptions, true> = {
  conversation: true,
  maxMessages: true,
  maxTokens: true,
  keepRecent: true,
  summarizer: true,
  step: true,
  summaryRole: true,
  prune: true,
};

/** A view that replaces the older part of a conversation with an incremental, persisted summary. */
export interface SummarizingView extends ContextView {
  /** The conversation under the view. */
  readonly conversation: ConversationMemory;
  /**
   * With `summaryRole: 'instructions'`, the summary text for the AI SDK `instructions` option (AI SDK v7
   * rejects system messages inside `messages`); undefined when there is no summary or in `user` mode.
   */
  instructions(): Promise<string | undefined>;
  /** The current summary (after bringing it up to date), or undefined. */
  summary(): Promise<SummaryRecord | undefined>;
  /** What the last `read()` sent (the summary apart), and what it left out; undefined before the first. */
  lastAssembly(): ContextAssembly | undefined;
}

/**
 * Seed 000's auto-summarizing memory without its flaw (a summarizer call on every read). When the view would
 * exceed `maxMessages` (or `maxTokens`), the older units — system messages excluded, they are always kept —
 * are folded into a running summary, keeping the `keepRecent` newest messages (rounded up to whole units)
 * verbatim. The summarizer sees only the newly covered messages plus the previous summary, and runs only when
 * the covered range would grow by at least `step` messages, so between summaries the view may exceed the limit
 * by up to `step - 1` messages. Each summary is stored as a `summary` artifact (`summary_<toSeq>`) beside the
 * log and reloaded on the first read, so a reopened session does not summarize again. The summary reaches the
 * model as a user message `[Summary of earlier conversation: …]` placed where the covered range ended, or
 * through `instructions()` (then, when the kept part starts inside a turn, the user message that opened it is
 * sent first, so the messages start with the user as Bedrock's Converse and Gemini require). A failing summarizer throws `MemoryError` SUMMARIZER_ERROR (with the cause) and
 * the previous summary stays in force. A summary whose last covered message was deleted (all of them, or a chat
 * edit that deleted a message and everything after it) is deleted: the view summarizes again as it needs.
 * @example
 * const view = createSummarizingMemory({ conversation, maxMessages: 40, keepRecent: 10,
 *   summarizer: createLanguageModelSummarizer({ model }) });
 * const messages = await view.read();
 */
export function createSummarizingMemory(options: SummarizingViewOptions): SummarizingView {
  checkOptions(options, 'createSummarizingMemory', 'views');
  checkKnownKeys(options, knownOptions, 'createSummarizingMemory', 'views');
  const { conversation } = options;
  const summarizer = checkFunction(
    options.summarizer,
    'createSummarizingMemory(options).summarizer',
    'views',
  );
  const maxTokens =
    options.maxTokens === undefined ? undefined : checkInteger(options.maxTokens, 'maxTokens', 1);
  const maxMessages =
    options.maxMessages === undefined
      ? maxTokens === undefined
        ? 20
        : Number.POSITIVE_INFINITY
      : checkInteger(options.maxMessages, 'maxMessages', 1);
  const keepRecent = checkInteger(options.keepRecent, 'keepRecent', 1);
  const step = checkInteger(options.step ?? Math.max(1, Math.floor(keepRecent / 2)), 'step', 1);
  const role = checkChoice(
    options.summaryRole,
    ['user', 'instructions'],
    'createSummarizingMemory(options).summaryRole',
    'views',
    'user',
  );
  const plan = checkPruneOptions(options.prune, 'createSummarizingMemory(options).prune');
  const pruner = plan && createUnitPruner(plan, conversation.counter);
  const log = createViewLog(conversation);
  let summary: SummaryRecord | undefined;
  let summaryTokens = 0;
  /** The log the summary was loaded for (a session created again has other artifacts). */
  let loadedFor: { logId: string } | undefined;
  /** `log.rereads` when the summary's covered range was last found live (only appends since: still live). */
  let checkedAt = -1;
  let cache:
    | {
        key: string;
        messages: MemoryMessage[];
        entries: LogEntry[];
        summary: SummaryRecord | undefined;
        summaryTokens: number;
        dropped: number;
        /** The user message sent first because the kept part starts inside its turn (instructions mode). */
        opener?: number;
        prune?: PruneShot;
      }
    | undefined;
  const queue = createSerialQueue();

  /** The tokens of the message carrying `next` (0 when it is not sent as a message). */
  const tokensOf = (next: SummaryRecord) =>
    role === 'user' ? conversation.counter.count(summaryMessage(next)) : 0;
  /**
   * Sets the summary in force with its message's tokens: `stored` when its artifact gives them, else counted (the
   * counter's tables loaded first, in slices: a first count in a process would load them in one block).
   */
  const setSummary = async (next: SummaryRecord | undefined, stored?: number) => {
    summary = next;
    if (next && role === 'user' && stored === undefined) await conversation.counter.load?.();
    summaryTokens = next === undefined ? 0 : role === 'user' ? (stored ?? tokensOf(next)) : 0;
  };

  async function refresh(): Promise<MemoryMessage[]> {
    const stats = await log.sync();
    await pruner?.ready;
    if (loadedFor?.logId !== stats.logId) {
      const loaded = await loadSummaryAndTokens(conversation);
      await setSummary(loaded?.summary, loaded?.tokens);
      loadedFor = { logId: stats.logId };
      checkedAt = -1;
    }
    // Within one run of appends (same `rereads`), `lastSeq` names the log.
    const keyOf = () => `${log.rereads}:${stats.lastSeq}:${summary?.id ?? ''}`;
    if (cache?.key === keyOf()) return cache.messages;
    const system = log.systems;
    if (summary && checkedAt !== log.rereads) {
      // Its last covered message deleted (all of them, or a chat edit or regenerate that deleted a message and
      // everything after it), or an empty range (`fromSeq > toSeq`: a copy's or an import's of a summary whose
      // messages were all deleted): the summary stands for messages the log no longer holds. Its artifact goes, and
      // the newest one left is checked in turn (a view opened later finds the same).
      while (summary) {
        const { fromSeq, toSeq } = summary;
        const last = fromSeq > toSeq ? [] : await conversation.entries({ fromSeq: toSeq, toSeq, limit: 1 });
        if (last.length > 0) break;
        await conversation.deleteArtifact(summary.id);
        const loaded = await loadSummaryAndTokens(conversation);
        await setSummary(loaded?.summary, loaded?.tokens);
      }
      checkedAt = log.rereads;
    }
    // The view log holds exactly the entries after the summary, as they were appended: none is read again.
    await log.holdFrom((summary?.toSeq ?? 0) + 1);
    let units: readonly MessageUnit<LogEntry>[] = log.units;
    const sentOf = (from: readonly MessageUnit<LogEntry>[]) => {
      const shown = sendableUnits(from);
      return pruneSelection(pruner, shown.units, shown.after);
    };
    let sent = sentOf(units);
    const count = system.entries.length + (summary ? 1 : 0) + sent.entries.length;
    let tokens = system.tokens + summaryTokens;
    for (const e of sent.entries) tokens += e.tokens;
    if (count > maxMessages || (maxTokens !== undefined && tokens > maxTokens)) {
      const boundary = keptFrom(units, keepRecent);
      const covered = units.slice(0, boundary).flatMap(nonSystem);
      if (covered.length >= step) {
        const previous = summary;
        const text = await runSummarizer(summarizer, {
          ...(previous ? { previousSummary: previous.text } : {}),
          messages: covered.map((e) => e.message),
        });
        const toSeq = Math.max(...units[boundary - 1]!.items.map((e) => e.seq));
        const record = {
          text,
          fromSeq: previous?.fromSeq ?? covered[0]!.seq,
          toSeq,
          messages: (previous?.messages ?? 0) + covered.length,
        };
        // Its message's tokens (its id and time count nothing), stored with it for later processes.
        const tokens =
          role === 'user' ? tokensOf({ ...record, id: 'summary', createdAt: new Date(0) }) : undefined;
        const saved = await saveSummary(conversation, record, previous?.id, tokens);
        await setSummary(saved, tokens);
        units = units.slice(boundary);
        sent = sentOf(units);
      }
    }
    // With the summary in the instructions the messages must start with the user themselves: when the kept part
    // starts inside a turn, the user message that opened it goes first (again: the summary covers it too).
    const firstKept = sent.entries.find((e) => e.message.role !== 'system');
    const opener =
      role === 'instructions' && firstKept && firstKept.message.role !== 'user'
        ? await log.userBefore(firstKept.seq)
        : undefined;
    const entries = mergeBySeq(system.entries, opener ? [opener, ...sent.entries] : sent.entries);
    const messages = entries.map((e) => e.message);
    if (summary && role === 'user') {
      const toSeq = summary.toSeq;
      const at = entries.findIndex((e) => e.seq > toSeq);
      messages.splice(at === -1 ? messages.length : at, 0, summaryMessage(summary));
    }
    cache = {
      key: keyOf(),
      messages,
      entries,
      summary,
      summaryTokens,
      dropped: Math.max(0, stats.count - entries.length),
      ...(opener ? { opener: opener.seq } : {}),
      ...(pruner ? { prune: sent } : {}),
    };
    return messages;
  }

  const run = <T>(fn: () => Promise<T>): Promise<T> => queue.run(fn);

  return {
    specificationVersion: 'v1',
    conversation,
    read: () => run(async () => dropUncalledResults((await refresh()).slice())),
    lastAssembly: () => cache && summarizingAssembly(cache, conversation.counter, role),
    store: (messages) => conversation.store(messages),
    appended: () => conversation.appended(),
    instructions: () =>
      run(async () => {
        await refresh();
        return summary && role === 'instructions'
          ? `Summary of earlier conversation:\n${summary.text}`
          : undefined;
      }),
    summary: () =>
      run(async () => {
        await refresh();
        return summary;
      }),
  };
}

/** The index of the oldest unit kept verbatim: newest sendable units until they hold `keepRecent` messages. */
function keptFrom(units: readonly MessageUnit<LogEntry>[], keepRecent: number): number {
  let kept = 0;
  let boundary = units.length;
  const newest = newestLiveUnit(units);
  for (let i = units.length - 1; i >= 0 && kept < keepRecent; i--) {
    const u = units[i]!;
    boundary = i;
    if (u.kind !== 'system' && isSendable(u, i >= newest)) kept += nonSystem(u).length;
  }
  return boundary;
}

/** The assembly of a summarizing view's read: the summary in its place, the recent units, the rest left out. */
function summarizingAssembly(
  shot: {
    messages: MemoryMessage[];
    entries: LogEntry[];
    summary: SummaryRecord | undefined;
    summaryTokens: number;
    dropped: number;
    opener?: number;
    prune?: PruneShot;
  },
  counter: TokenCounter,
  role: 'user' | 'instructions',
): ContextAssembly {
  const { summary } = shot;
  const why = openerOr(shot.opener, systemOr('recent unit, kept verbatim'));
  const parts: AssemblyPart[] = shot.entries.map((entry) => sentPart(entry, shot.prune, why(entry)));
  const dropped: DroppedItems[] = prunedDropped(shot.prune);
  let older = shot.dropped - (shot.prune?.removed.length ?? 0);
  if (summary) {
    if (role === 'user') {
      const at = shot.messages.findIndex((m) => m.id === summary.id);
      parts.splice(at === -1 ? parts.length : at, 0, {
        message: shot.messages[at]!,
        tokens: shot.summaryTokens,
        why: `running summary of ${summary.messages} messages (${summary.fromSeq}–${summary.toSeq})`,
        fromSeq: summary.fromSeq,
        toSeq: summary.toSeq,
      });
    }
    dropped.push({
      rule: 'summarized',
      why: `covered by the summary ${summary.id} (${summary.messages} messages when it was written)${role === 'instructions' ? '; the summary goes through instructions(), not among these messages' : ''}`,
      messages: summary.messages,
      fromSeq: summary.fromSeq,
      toSeq: summary.toSeq,
    });
    older -= summary.messages - (shot.opener !== undefined && shot.opener <= summary.toSeq ? 1 : 0);
  }
  dropped.push(
    ...olderDropped(older, undefined, 'unsendable', 'orphaned tool results or unanswered calls, never sent'),
  );
  return buildAssembly({ view: 'summarizing', counter, parts, dropped });
}

/** The user message that carries a summary. */
function summaryMessage(summary: SummaryRecord): MemoryMessage {
  return {
    role: 'user',
    content: summaryContent(summary.text),
    id: summary.id,
    createdAt: summary.createdAt,
  };
}
