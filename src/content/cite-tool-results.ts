import type { JSONValue } from 'ai';
import { describeValue } from '../core/errors/describe-value.ts';
import { InvalidValueError } from '../core/errors/invalid-value-error.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { groupDigits } from '../core/group-digits.ts';
import { checkId } from '../core/ids.ts';
import type { LogEntry, MemoryMessage } from '../core/message.ts';
import { createTimeSlicer } from '../core/time-slicer.ts';
import { toolOutputText } from '../messages/tool-output-text.ts';
import type { TokenCounter } from '../tokens/token-counter.ts';
import { type CitationPolicy, resolveCitationPolicy } from './citation-policy.ts';
import { type CitationTrack, createCitationTrack } from './citation-track.ts';
import type { CitationStats, CitedForm } from './cited-form.ts';
import { getItemInfos, putItems } from './content-batch.ts';
import type { ContentItem, ContentItemInfo } from './content-item.ts';
import type { ContentStoreV1 } from './content-store-v1.ts';
import type { ContentStore } from './create-content-store.ts';
import { itemKeyTerms, storedTerms } from './key-terms.ts';
import {
  type CitableOutput,
  holdsOutput,
  isCitable,
  type KnownCitation,
  type OffloadedPart,
  offloadResults,
  repeatsOtherOutput,
} from './offload-results.ts';
import { contentDigest, prepareContentItem } from './prepare-content-item.ts';
import type { SavedOutputCounts } from './saved-output-counts.ts';

export type { CitationStats, CitedForm } from './cited-form.ts';

type ToolPart = Extract<Exclude<MemoryMessage['content'], string>[number], { type: 'tool-result' }>;

/** What {@link createToolResultCiter} needs. */
export interface ToolResultCiterOptions {
  /** Where offloaded results go. */
  content: ContentStore;
  /** Which results are offloaded and how long they stay in full. @default see `CitationPolicy` */
  policy?: CitationPolicy;
  /** Names the log, so item ids of two sessions never collide (the session id). */
  logKey: string;
  /** Longest summary in a citation, in characters. @default 240 */
  summaryChars?: number;
  /**
   * Whether the log entries' stored `tokens` were counted with the encoding of the content store's counter,
   * by a counter built on `countMessageTokens` (a message counts as the sum of its parts; both built-in
   * counters are). Then a message's count bounds each of its outputs', so a result under its `overTokens`
   * threshold is decided without counting it, and a cited message's count is its stored count with each
   * output's tokens (the item's) traded for its citation's (the item's `citationTokens` metadata): reopening a
   * session already read counts nothing. @default false
   */
  storedCounts?: boolean;
  /**
   * Where exact counts of outputs no content item holds are kept between processes (a view passes its
   * session's artifacts: `createOutputCountArtifacts`). Without it, such an output is counted again by each new
   * citer, and the first count of a process loads the counter's tables.
   */
  savedCounts?: SavedOutputCounts;
  /**
   * Where items are read and written. @default `content.items` (which, in an agent step, lets items ride on the
   * step's append and shows them as stored until then)
   */
  items?: ContentStoreV1;
}

/** Turns a log into what the model sees: offloaded tool results in full on first use, then as citations. */
export interface ToolResultCiter {
  /**
   * The messages of `entries` (a whole log, oldest first), with the output of every offloaded tool result
   * replaced by a citation once `keepTurns` assistant messages follow it, and the token count of each message
   * (cached counts where nothing changed). Stores each offloaded result in the content store once (idempotent,
   * id derived from the log, message and tool call), so the same log always gives the same view.
   */
  cite(
    entries: readonly LogEntry[],
  ): Promise<{ messages: MemoryMessage[]; tokens: number[]; stats: CitationStats }>;
  /** The content item id that holds (or will hold) a tool result. */
  itemId(messageId: string, toolCallId: string): string;
  /**
   * Stores one tool result (idempotent) and returns its citation, whatever the policy says; undefined for an
   * output no item can hold (a file or media output, a tool name breaking the id rule, an oversized payload, a
   * result repeating an earlier one's tool call id in its message with another output).
   */
  citeResult(entry: LogEntry, part: ToolResultPart, type?: string): Promise<string | undefined>;
  /** The tokens of a result's output, counted once (taken from its stored item when the citer has read it). */
  outputTokens(entry: LogEntry, part: ToolResultPart): number;
  /**
   * Whether a result's output has at most `n` tokens (`outputTokens(entry, part) <= n`); with stored counts an
   * entry of at most `n` tokens decides it without counting (a message counts at least each of its outputs).
   */
  outputWithin(entry: LogEntry, part: ToolResultPart, n: number): boolean;
  /**
   * Decides which results of the entries not prepared yet are offloaded, and stores them (see
   * `offloadResults`: stored counts first, item infos a page at a time, puts in batches, the event loop given
   * turns). Each entry object is prepared once.
   */
  prepare(entries: readonly LogEntry[]): Promise<void>;
  /** A prepared entry as shown with `assistantsAfter` assistant messages after it (as `cite` shows it). */
  citedForm(entry: LogEntry, assistantsAfter: number): CitedForm;
  /** Whether a prepared entry has offloaded results. */
  hasOffloads(entry: LogEntry): boolean;
  /** An incremental `cite` of one log that grows by appends (see {@link CitationTrack}). */
  track(): CitationTrack;
  /**
   * Forgets what the citer keeps of the entries before `beforeSeq` (their citations, output counts and item
   * ids seen), so a view that no longer holds them keeps memory flat with the log. Output is unchanged: an
   * entry seen again is decided from the store as on a cold start.
   */
  release(beforeSeq: number): void;
}

/**
 * Whether a citer over `content` may take `storedCounts: true` for a log whose entries `logCounter` counted:
 * their encodings agree (both built-in counters count a message as the sum of its parts). The one condition
 * every view that cites a log uses.
 */
export function storedCountsAgree(logCounter: TokenCounter, content: ContentStore): boolean {
  return logCounter.encoding === content.counter.encoding;
}

/** A tool-result part of a message. */
export type ToolResultPart = ToolPart;

/** Key terms a citation shows (of the up to 30 its item keeps): about 30 tokens. */
const citationTerms = 12;

const format = groupDigits;

/**
 * The citation text a model sees in place of an offloaded result: the item's id, size and tokens, its summary,
 * and its first 12 key terms (the item's `terms` metadata, best first, when it holds a list of strings; all of
 * them are searchable), so a model that no longer sees the result knows what it held and which words find it
 * again (`query_memory`).
 */
export function citationText(
  item: { id: string; size: number; tokens: number; metadata?: Record<string, JSONValue> },
  toolName: string,
  summary: string,
): string {
  const head = `[engram: ${toolName} result stored as content item "${item.id}" (${format(item.size)} bytes, ${format(item.tokens)} tokens); read it with retrieve_from_memory]`;
  const terms = storedTerms(item.metadata).slice(0, citationTerms);
  const lines = [head, summary.trim(), terms.length > 0 ? `Key terms: ${terms.join(', ')}` : ''];
  return lines.filter(Boolean).join('\n');
}

/**
 * A stored item's citation for a tool, with the item's size, tokens and digest, the citation's tokens and the
 * sequence number of the entry it holds (when kept).
 */
function citationOf(info: ContentItemInfo, toolName: string): KnownCitation {
  const { summary, citationTokens, seq } = info.metadata;
  const citation = citationText(info, toolName, typeof summary === 'string' ? summary : '');
  const n = Number.isSafeInteger(citationTokens) ? (citationTokens as number) : undefined;
  return {
    citation,
    size: info.size,
    tokens: info.tokens,
    digest: info.digest,
    at: info.timestamp.getTime(),
    ...(n === undefined ? {} : { citationTokens: n }),
    ...(Number.isSafeInteger(seq) ? { seq: seq as number } : {}),
  };
}

interface Prepared {
  parts: readonly OffloadedPart[];
  forms: Map<string, { message: MemoryMessage; tokens: number }>;
}

/** Creates the first-use-then-citation transformation over a log (seed 004). */
/** The item id of a tool call's result in a message of the log `logKey`; throws naming a bad id. */
function toolResultItemId(logKey: string, messageId: string, toolCallId: string): string {
  checkId(messageId, 'itemId(messageId)', 'content');
  if (typeof toolCallId !== 'string')
    throw new InvalidValueError({
      path: 'toolCallId',
      problem: `expected a string, got ${describeValue(toolCallId)}`,
      component: 'content',
    });
  return `tr_${contentDigest(`${logKey}\u0000${messageId}\u0000${toolCallId}`).slice(0, 24)}`;
}

export function createToolResultCiter(options: ToolResultCiterOptions): ToolResultCiter {
  const { content, logKey } = options;
  const items = options.items ?? content.items;
  const rule = resolveCitationPolicy(options.policy);
  const counter = content.counter;
  const summaryChars = options.summaryChars ?? 240;
  const known = new Map<string, KnownCitation>();
  const prepared = new WeakMap<LogEntry, Prepared>();
  const outputCounts = new Map<string, number>();

  const itemId = (messageId: string, toolCallId: string) => toolResultItemId(logKey, messageId, toolCallId);
  /** The item of a result with its summary (undefined when no item can hold it). */
  const itemFor = async (
    entry: LogEntry,
    part: ToolPart,
    output: CitableOutput,
    type: string,
    tokens?: number,
  ): Promise<ContentItem | undefined> => {
    const base = {
      id: itemId(entry.message.id, part.toolCallId),
      type,
      source: part.toolName,
      format: output.type === 'text' || output.type === 'error-text' ? ('text' as const) : ('json' as const),
      content: output.value as string | JSONValue,
      timestamp: entry.message.createdAt,
      tags: ['tool-result', part.toolName, ...(output.type.startsWith('error') ? ['error'] : [])],
      // The entry's sequence number tells this message from one stored later under its id (after a delete).
      metadata: {
        messageId: entry.message.id,
        toolCallId: part.toolCallId,
        log: logKey,
        seq: entry.seq,
      } as Record<string, JSONValue>,
    };
    let item: ContentItem;
    try {
      item = prepareContentItem(base, {
        counter,
        clock: { now: () => entry.message.createdAt },
        component: 'content',
        ...(tokens === undefined ? {} : { tokens }),
      });
    } catch (error) {
      // A result no content item can hold (a tool name breaking the id rule, a payload over the size limit)
      // stays in full in the view.
      if (MemoryError.isInstance(error)) return undefined;
      throw error;
    }
    item.metadata = { ...item.metadata, terms: itemKeyTerms(item.format, item.content) };
    const summary = await content.compact(item, { maxChars: summaryChars });
    // The citation's tokens are kept with the item, so a later process shows the cited message without counting.
    const citationTokens = counter.countText(citationText(item, part.toolName, summary.text));
    item.metadata = { ...item.metadata, summary: summary.text, compactor: summary.compactor, citationTokens };
    return item;
  };

  const bounded = options.storedCounts ?? false;
  const counted = new Map<string, { size: number; tokens: number; seq: number; at: number }>();
  /** The sequence number of the entry holding each item id in `known` or `counted` (what `release` drops by). */
  const seqOf = new Map<string, number>();
  const saved = options.savedCounts;
  const context = {
    content,
    items,
    rule,
    itemId,
    itemFor,
    citationOf,
    known,
    counted,
    seqOf,
    bounded,
    saved,
  };
  const none: Prepared = { parts: [], forms: new Map() };

  const self: ToolResultCiter = {
    itemId,
    outputTokens(entry, part) {
      const key = `${entry.seq}:${part.toolCallId}`;
      let n = outputCounts.get(key);
      if (n === undefined) {
        const text = isCitable(part.output) ? toolOutputText(part.output) : undefined;
        const stored = text === undefined ? undefined : known.get(itemId(entry.message.id, part.toolCallId));
        n =
          text === undefined
            ? 0
            : stored && holdsOutput(stored, entry, text)
              ? stored.tokens
              : counter.countText(text);
        outputCounts.set(key, n);
      }
      return n;
    },
    outputWithin: (entry, part, n) => (bounded && entry.tokens <= n) || self.outputTokens(entry, part) <= n,
    async citeResult(entry, part, type = 'action_result') {
      if (!isCitable(part.output) || repeatsOtherOutput(entry.message, part)) return undefined;
      const id = itemId(entry.message.id, part.toolCallId);
      const text = toolOutputText(part.output);
      const cached = known.get(id);
      if (cached && holdsOutput(cached, entry, text)) return cached.citation;
      let info = (await getItemInfos(items, content.scope, content.space, [id])).get(id);
      if (!info || !holdsOutput(citationOf(info, part.toolName), entry, text)) {
        // The output's count, once: the item takes it rather than counting its text again.
        const item = await itemFor(entry, part, part.output, type, self.outputTokens(entry, part));
        if (!item) return undefined;
        // An item of another entry under the id (the message deleted and stored again) is replaced.
        if (info) await items.deleteItem(content.scope, content.space, id);
        [info] = await putItems(items, content.scope, content.space, [item]);
      }
      const stored = citationOf(info!, part.toolName);
      known.set(id, stored);
      seqOf.set(id, entry.seq);
      return stored.citation;
    },
    async prepare(entries) {
      const fresh = entries.filter((e) => !prepared.has(e));
      if (fresh.length === 0) return;
      const offloaded = await offloadResults(context, fresh);
      for (const e of fresh) {
        const parts = offloaded.get(e);
        prepared.set(e, parts ? { parts, forms: new Map() } : none);
      }
    },
    hasOffloads: (entry) => (prepared.get(entry)?.parts.length ?? 0) > 0,
    citedForm(entry, assistantsAfter) {
      const state = prepared.get(entry) ?? none;
      const replaced = state.parts.filter((p) => assistantsAfter >= p.keepTurns);
      const fullFirstUse = state.parts.length - replaced.length;
      const base = { cited: replaced.length, fullFirstUse, settled: fullFirstUse === 0 };
      if (replaced.length === 0 || typeof entry.message.content === 'string')
        return { ...base, message: entry.message, tokens: entry.tokens, savedTokens: 0 };
      const key = replaced.map((p) => p.index).join(',');
      let form = state.forms.get(key);
      if (!form) {
        const byIndex = new Map(replaced.map((p) => [p.index, p]));
        const parts = entry.message.content.map((p, j) => {
          const r = byIndex.get(j);
          if (!r) return p;
          return {
            ...(p as ToolPart),
            output: { type: r.error ? ('error-text' as const) : ('text' as const), value: r.citation },
          };
        });
        const copy = { ...entry.message, content: parts } as MemoryMessage;
        // With stored counts, a cited message is its stored count with each output's tokens traded for its
        // citation's (a message counts as the sum of its parts); else it is counted.
        let change: number | undefined = 0;
        for (const r of replaced)
          change = r.tokenChange === undefined || change === undefined ? undefined : change + r.tokenChange;
        form = {
          message: copy,
          tokens: bounded && change !== undefined ? entry.tokens + change : counter.count(copy),
        };
        state.forms.set(key, form);
      }
      return { ...base, ...form, savedTokens: Math.max(0, entry.tokens - form.tokens) };
    },
    async cite(entries) {
      await self.prepare(entries);
      const slicer = createTimeSlicer();
      const stats: CitationStats = { cited: 0, fullFirstUse: 0, savedTokens: 0 };
      const messages: MemoryMessage[] = new Array(entries.length);
      const tokens: number[] = new Array(entries.length);
      let assistantsAfter = 0;
      for (let i = entries.length - 1; i >= 0; i--) {
        const entry = entries[i]!;
        if ((i & 255) === 0) await slicer.tick();
        if (entry.message.role === 'assistant') assistantsAfter++;
        const form = self.citedForm(entry, assistantsAfter);
        messages[i] = form.message;
        tokens[i] = form.tokens;
        stats.cited += form.cited;
        stats.fullFirstUse += form.fullFirstUse;
        stats.savedTokens += form.savedTokens;
      }
      return { messages, tokens, stats };
    },
    track: () => createCitationTrack(self),
    release(beforeSeq) {
      for (const [id, seq] of seqOf) {
        if (seq >= beforeSeq) continue;
        seqOf.delete(id);
        known.delete(id);
        counted.delete(id);
      }
      for (const key of outputCounts.keys())
        if (Number.parseInt(key, 10) < beforeSeq) outputCounts.delete(key);
    },
  };
  return self;
}
