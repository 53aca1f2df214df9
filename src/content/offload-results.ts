import type { LogEntry, MemoryMessage } from '../core/message.ts';
import { createTimeSlicer } from '../core/time-slicer.ts';
import { toolOutputText } from '../messages/tool-output-text.ts';
import { type ResolvedCitationRule, shouldOffload } from './citation-policy.ts';
import { getItemInfos, putItems } from './content-batch.ts';
import type { ContentItem, ContentItemInfo } from './content-item.ts';
import type { ContentStoreV1 } from './content-store-v1.ts';
import type { ContentStore } from './create-content-store.ts';
import { contentDigest } from './prepare-content-item.ts';
import type { SavedOutputCount, SavedOutputCounts } from './saved-output-counts.ts';
import { longestResultPart, storedOutputTokens } from './stored-output-tokens.ts';

type ToolPart = Extract<Exclude<MemoryMessage['content'], string>[number], { type: 'tool-result' }>;
/** An output a content item can hold. */
export type CitableOutput = Extract<
  ToolPart['output'],
  { type: 'text' | 'json' | 'error-text' | 'error-json' }
>;

/** Whether an output is one a content item can hold (text or JSON, error or not). */
export const isCitable = (o: ToolPart['output']): o is CitableOutput =>
  o.type === 'text' || o.type === 'json' || o.type === 'error-text' || o.type === 'error-json';

/**
 * Whether `part` repeats the tool call id of an earlier result of `message` with another output: its item id would
 * be the earlier result's, so no item holds it and it stays in full (a log stored before messages repeating a tool
 * call id were refused; see `repeatedToolCallIds`). A repeat with the same output is cited as the first.
 */
export function repeatsOtherOutput(message: MemoryMessage, part: ToolPart): boolean {
  if (typeof message.content === 'string') return false;
  const first = firstResults(message.content).get(part.toolCallId);
  return (
    first !== undefined && first !== part && toolOutputText(first.output) !== toolOutputText(part.output)
  );
}

/** Each message content's first result of each tool call id, found once (a message may hold 30,000 results). */
const firstResultsOf = new WeakMap<object, Map<string, ToolPart>>();
function firstResults(content: Exclude<MemoryMessage['content'], string>): Map<string, ToolPart> {
  let first = firstResultsOf.get(content);
  if (!first) {
    first = new Map();
    for (const p of content)
      if (p.type === 'tool-result' && !first.has(p.toolCallId)) first.set(p.toolCallId, p);
    firstResultsOf.set(content, first);
  }
  return first;
}

/** One offloaded tool result of a log entry. */
export interface OffloadedPart {
  /** Its index in the message's content. */
  index: number;
  /** Model calls that see it in full. */
  keepTurns: number;
  /** The citation shown in its place. */
  citation: string;
  /** Whether it is an error output (its citation is then an `error-text`). */
  error: boolean;
  /**
   * The citation's tokens minus the output's, when both are stored with the item (its `citationTokens`
   * metadata, and its `tokens` for an item of the output's size): a cited message then counts without counting.
   */
  tokenChange?: number;
}

/** A stored result's citation with the item's size, tokens and the citation's tokens (when stored). */
export interface KnownCitation {
  /** The citation text. */
  citation: string;
  /** The item's size in bytes. */
  size: number;
  /** The item's tokens. */
  tokens: number;
  /** The citation's tokens (the item's `citationTokens` metadata), when stored. */
  citationTokens?: number;
  /** The item's content digest. */
  digest: string;
  /**
   * The sequence number of the log entry whose output the item holds (its `seq` metadata); undefined for an item
   * stored before items named their entry.
   */
  seq?: number;
  /** The item's timestamp in milliseconds: the creation time of the message whose output it holds. */
  at: number;
}

/**
 * Whether a stored result's item holds the output `text` of `entry`: an item that names its entry holds it when it
 * names this one, by sequence number and message time (a message deleted and stored again under its id is a new
 * entry, and so is one of a session deleted and created again under its id, where the numbers start over); an
 * older item, when its digest is the output's. Its size must be the output's either way.
 */
export function holdsOutput(known: KnownCitation, entry: LogEntry, text: string): boolean {
  if (known.size !== Buffer.byteLength(text, 'utf8')) return false;
  if (known.seq === undefined) return known.digest === contentDigest(text);
  return known.seq === entry.seq && known.at === entry.message.createdAt.getTime();
}

/** The same entry as `seq` and `at` name (the entry a count was taken of). */
const sameEntry = (count: { seq: number; at: number } | undefined, entry: LogEntry): boolean =>
  count !== undefined && count.seq === entry.seq && count.at === entry.message.createdAt.getTime();

/** What the offload pass needs from the citer. */
export interface OffloadContext {
  /** Where items go (its scope, space, counter and summaries). */
  content: ContentStore;
  /** The items read and written (the content store's, or the driver under it). */
  items: ContentStoreV1;
  /** The rule of a tool. */
  rule: (toolName: string) => ResolvedCitationRule;
  /** The item id of a result. */
  itemId: (messageId: string, toolCallId: string) => string;
  /** Builds the item of a result (undefined when no item can hold it); `tokens` when already counted. */
  itemFor: (
    entry: LogEntry,
    part: ToolPart,
    output: CitableOutput,
    type: string,
    tokens?: number,
  ) => Promise<ContentItem | undefined>;
  /** The citation of a stored item for a tool. */
  citationOf: (info: ContentItemInfo, toolName: string) => KnownCitation;
  /** Citations already known, by item id. */
  known: Map<string, KnownCitation>;
  /**
   * Outputs counted (offloaded or not), by item id, with their size in bytes and their entry's sequence number and message time: a
   * result seen again is not recounted.
   */
  counted: Map<string, { size: number; tokens: number; seq: number; at: number }>;
  /** The sequence number of the entry each item id in `known` or `counted` belongs to (set with them). */
  seqOf: Map<string, number>;
  /**
   * Whether an entry's stored `tokens` bound its outputs' counts (counted with the content counter's encoding,
   * a message as the sum of its parts): each output's count is at most the entry's less its other outputs'.
   */
  bounded: boolean;
  /** Where counts of outputs no item holds are kept between processes (none: they are counted again). */
  saved?: SavedOutputCounts;
}

/** Item ids whose info one read asks for, and items (and bytes of them) one transaction stores at most. */
const infoPage = 256;
const putBatch = 128;
const putBatchBytes = 1 << 18;

interface Candidate {
  entry: LogEntry;
  part: ToolPart;
  output: CitableOutput;
  index: number;
  rule: ResolvedCitationRule;
  id: string;
}

/**
 * The tool results of `entries` a rule may offload (not `never`, not under an `overTokens` threshold by their
 * entry's count when `bounded`, not a repeat of a call's first result), each with its item id (noted in `seqOf`).
 */
async function candidatesOf(
  ctx: OffloadContext,
  entries: readonly LogEntry[],
  slicer: ReturnType<typeof createTimeSlicer>,
): Promise<Candidate[]> {
  const candidates: Candidate[] = [];
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    const message = entry.message;
    if ((i & 1023) === 1023) await slicer.tick();
    if (message.role !== 'tool' || typeof message.content === 'string') continue;
    for (const [index, part] of message.content.entries()) {
      if (part.type !== 'tool-result' || !isCitable(part.output)) continue;
      const rule = ctx.rule(part.toolName);
      if (rule.offload === 'never') continue;
      if (rule.offload !== 'always' && ctx.bounded && entry.tokens <= rule.offload.overTokens) continue;
      if (repeatsOtherOutput(message, part)) continue;
      const id = ctx.itemId(message.id, part.toolCallId);
      ctx.seqOf.set(id, entry.seq);
      candidates.push({ entry, part, output: part.output, index, rule, id });
    }
  }
  return candidates;
}

/**
 * Decides which tool results of `entries` are offloaded and stores those not stored yet, in batches: item infos
 * read a page of ids at a time, new items put a batch (128 items or 256 KiB at most) per transaction, the event loop given a turn between
 * slices of work. A result is counted only when nothing stored decides it: a stored item of the output's size
 * gives its count, and under an `overTokens` rule (when `bounded`) an entry's stored count less its other
 * outputs' known counts bounds it, so an output under the threshold by that bound is not offloaded; when
 * `bounded`, the longest result of a message is read off the entry's count ({@link storedOutputTokens}: the
 * message's other parts are counted instead). Returns the offloaded parts of each entry that has any.
 */
export async function offloadResults(
  ctx: OffloadContext,
  entries: readonly LogEntry[],
): Promise<Map<LogEntry, OffloadedPart[]>> {
  const slicer = createTimeSlicer();
  const counter = ctx.content.counter;
  const candidates = await candidatesOf(ctx, entries, slicer);
  const stored = new Map<string, ContentItemInfo>();
  // A citation known for another entry under the same id (the message stored again) is looked up again.
  const unknown = [
    ...new Set(candidates.filter((c) => ctx.known.get(c.id)?.seq !== c.entry.seq).map((c) => c.id)),
  ];
  for (let i = 0; i < unknown.length; i += infoPage) {
    const page = await getItemInfos(
      ctx.items,
      ctx.content.scope,
      ctx.content.space,
      unknown.slice(i, i + infoPage),
    );
    for (const [id, info] of page) stored.set(id, info);
    await slicer.tick();
  }
  const out = new Map<LogEntry, OffloadedPart[]>();
  const add = (c: Candidate, known: KnownCitation, text: string) => {
    const list = out.get(c.entry) ?? [];
    // The output's count: the stored item's when it holds this output (same size), else unknown.
    const same = known.size === Buffer.byteLength(text, 'utf8');
    list.push({
      index: c.index,
      keepTurns: c.rule.keepTurns,
      citation: known.citation,
      error: c.output.type.startsWith('error'),
      ...(same && known.citationTokens !== undefined
        ? { tokenChange: known.citationTokens - known.tokens }
        : {}),
    });
    out.set(c.entry, list);
  };
  const waiting: { c: Candidate; item: ContentItem; text: string }[] = [];
  let waitingBytes = 0;
  /** Ids whose stored item holds another entry's output: deleted before their new item is put. */
  const stale = new Set<string>();
  const flush = async () => {
    const batch = waiting.splice(0);
    waitingBytes = 0;
    if (batch.length === 0) return;
    for (const w of batch)
      if (stale.delete(w.c.id)) await ctx.items.deleteItem(ctx.content.scope, ctx.content.space, w.c.id);
    const infos = await putItems(
      ctx.items,
      ctx.content.scope,
      ctx.content.space,
      batch.map((w) => w.item),
    );
    batch.forEach((w, k) => {
      const known = ctx.citationOf(infos[k]!, w.c.part.toolName);
      ctx.known.set(w.c.id, known);
      add(w.c, known, w.text);
    });
    await slicer.tick();
  };
  // Each candidate's stored citation, and its output's count when a stored item of its size gives it.
  const facts: {
    known: KnownCitation | undefined;
    text: string;
    tokens: number | undefined;
    size: number;
  }[] = [];
  for (const c of candidates) {
    const info = stored.get(c.id);
    const text = toolOutputText(c.output);
    const size = Buffer.byteLength(text, 'utf8');
    // A citation of the item only when it holds this entry's output; else the item is replaced if offloaded.
    let known: KnownCitation | undefined;
    for (const k of [ctx.known.get(c.id), info && ctx.citationOf(info, c.part.toolName)]) {
      if (k && holdsOutput(k, c.entry, text)) {
        known = k;
        break;
      }
      if (k) stale.add(c.id);
    }
    if (known) stale.delete(c.id);
    const count = ctx.counted.get(c.id);
    const given = known ?? (sameEntry(count, c.entry) ? count : undefined);
    const tokens = given && given.size === size ? given.tokens : undefined;
    facts.push({ known, text, tokens, size });
    if ((facts.length & 63) === 0) await slicer.tick();
  }
  // Per entry, the outputs' counts stored items give: a message's count less its other outputs' bounds each one.
  const givenTokens = new Map<LogEntry, number>();
  candidates.forEach((c, k) => {
    const n = facts[k]!.tokens;
    if (n !== undefined) givenTokens.set(c.entry, (givenTokens.get(c.entry) ?? 0) + n);
  });
  // Outputs nothing above decides (no item of their size, a bound over the threshold): counts an earlier process
  // saved decide them without counting.
  const boundOf = (c: Candidate) => c.entry.tokens - (givenTokens.get(c.entry) ?? 0);
  const undecided = candidates.flatMap((c, k) =>
    c.rule.offload !== 'always' &&
    facts[k]!.tokens === undefined &&
    !(ctx.bounded && !shouldOffload(c.rule, boundOf(c)))
      ? [k]
      : [],
  );
  if (ctx.saved && undecided.length > 0) {
    let [from, to] = [Number.POSITIVE_INFINITY, 0];
    for (const k of undecided) {
      const seq = candidates[k]!.entry.seq;
      if (seq < from) from = seq;
      if (seq > to) to = seq;
    }
    const saved = await ctx.saved.load(from, to);
    for (const k of undecided) {
      const c = candidates[k]!;
      const count = saved.get(c.id);
      // Only a count of this entry's output: one of the entry a session deleted and created again numbered the same is not.
      if (count && count.size === facts[k]!.size && sameEntry(count, c.entry)) {
        facts[k]!.tokens = count.tokens;
        ctx.counted.set(c.id, { size: count.size, tokens: count.tokens, seq: count.seq, at: count.at });
      }
    }
  }
  /** Outputs counted here that no item will hold (not offloaded): saved for later processes. */
  const newlyCounted: SavedOutputCount[] = [];
  // The counter's tables load in slices before the first count (a cold start that counts nothing loads none).
  let loaded = false;
  const ready = async () => {
    if (loaded) return;
    loaded = true;
    await counter.load?.();
  };
  const queued = new Set<string>();
  const repeats: Candidate[] = [];
  /** Each entry's longest result, found once (the one whose count its entry's gives). */
  const longest = new Map<LogEntry, ToolPart | undefined>();
  const longestOf = (entry: LogEntry) => {
    if (!longest.has(entry)) longest.set(entry, longestResultPart(entry.message));
    return longest.get(entry);
  };
  for (const [k, c] of candidates.entries()) {
    const { known, text, size } = facts[k]!;
    let tokens = facts[k]!.tokens;
    if (c.rule.offload !== 'always') {
      if (tokens === undefined && ctx.bounded && !shouldOffload(c.rule, boundOf(c))) continue;
      let counting = false;
      if (tokens === undefined) {
        await ready();
        tokens =
          ctx.bounded && c.part === longestOf(c.entry)
            ? storedOutputTokens(c.entry, c.part, counter)
            : undefined;
        // Read off a message of other results too, its count cost counting those: saved like a count made here.
        const { content } = c.entry.message;
        counting = tokens === undefined || (typeof content !== 'string' && content.length > 1);
        tokens ??= counter.countText(text);
        ctx.counted.set(c.id, { size, tokens, seq: c.entry.seq, at: c.entry.message.createdAt.getTime() });
      }
      if (!shouldOffload(c.rule, tokens)) {
        if (counting)
          newlyCounted.push({
            id: c.id,
            seq: c.entry.seq,
            at: c.entry.message.createdAt.getTime(),
            size,
            tokens,
          });
        continue;
      }
    }
    if (known) {
      ctx.known.set(c.id, known);
      add(c, known, text);
    } else if (queued.has(c.id)) {
      repeats.push(c); // the same message and tool call twice: cited as the first once stored
    } else {
      await ready(); // the item's citation is counted
      const item = await ctx.itemFor(c.entry, c.part, c.output, c.rule.type, tokens);
      if (item) {
        queued.add(c.id);
        waiting.push({ c, item, text });
        waitingBytes += item.size;
        // A transaction's synchronous inserts (and its fsync) stay short (sized by bytes: FTS indexing costs by the byte), and small items share one fsync.
        if (waiting.length >= putBatch || waitingBytes >= putBatchBytes) await flush();
      }
    }
    await slicer.tick();
  }
  await flush();
  if (ctx.saved && newlyCounted.length > 0) await ctx.saved.save(newlyCounted);
  for (const c of repeats) {
    const known = ctx.known.get(c.id);
    if (known) add(c, known, toolOutputText(c.output));
  }
  for (const list of out.values()) list.sort((a, b) => a.index - b.index);
  return out;
}
