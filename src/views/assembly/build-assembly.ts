import type { LogEntry, MemoryMessage } from '../../core/message.ts';
import { messageText } from '../../messages/serialize.ts';
import { dropUncalled } from '../../messages/uncalled-results.ts';
import type { TokenCounter } from '../../tokens/token-counter.ts';
import type {
  AssemblyItem,
  ContextAssembly,
  ContextSource,
  DroppedItems,
  DropRule,
} from './context-assembly.ts';

/** One message a view returned, as the view knows it. */
export interface AssemblyPart {
  /** The message returned. */
  message: MemoryMessage;
  /** Its tokens as the view counted them. */
  tokens: number;
  /** The log entry it shows (in full, or changed), absent for messages the view made (summaries). */
  entry?: LogEntry;
  /** Its source, when the default is not right: `summary` without an entry; with one, `tool-result` for a tool message, else `message`. */
  source?: ContextSource;
  /** Why it is in. */
  why: string;
  /** The log range it stands for (a summary's), when it has no entry. */
  fromSeq?: number;
  /** See `fromSeq`. */
  toSeq?: number;
  /** When the message is not the entry's as stored: the rule and words for what was replaced. */
  replaced?: { rule: DropRule; why: string };
}

/** What {@link buildAssembly} takes. */
export interface AssemblyInput {
  /** The view's name. */
  view: string;
  /** The counter the view's counts come from. */
  counter: TokenCounter;
  /** The budget, when the view has one. */
  budget?: number;
  /** What the view returned, in order. */
  parts: readonly AssemblyPart[];
  /** What the view left out, besides the replaced parts of messages (added from `parts`). */
  dropped?: readonly DroppedItems[];
}

const PREVIEW = 160;
const UNCALLED =
  'tool results answering no call sent before them (a call never made, answered already, or summarized)';

/**
 * A {@link ContextAssembly} from what a view returned: each part becomes an item with its source (from its entry
 * and role unless given), its tokens as the view counted them and why it is in; a part whose message differs
 * from its log entry adds what was replaced to `dropped` (the entry's tokens less the part's).
 */
export function buildAssembly(input: AssemblyInput): ContextAssembly {
  const items: AssemblyItem[] = [];
  const dropped: DroppedItems[] = [...(input.dropped ?? [])];
  let tokens = 0;
  // The results the view's read left out of what it held (dropUncalledResults): a message left with none is not
  // an item, one that lost some shows what was sent.
  const parts = dropUncalled(
    input.parts as AssemblyPart[],
    (part) => part.message,
    (part, message): AssemblyPart | undefined => {
      // The copy sent is counted as sent (the view's figure was the whole message's).
      if (message)
        return {
          ...part,
          message,
          tokens: input.counter.count(message),
          replaced: part.replaced ?? { rule: 'unsendable', why: UNCALLED },
        };
      dropped.push({
        rule: 'unsendable',
        why: UNCALLED,
        messages: 1,
        tokens: part.tokens,
        ...(part.entry ? { fromSeq: part.entry.seq, toSeq: part.entry.seq } : {}),
      });
      return undefined;
    },
  );
  for (const part of parts) {
    const { message, entry } = part;
    const source: ContextSource =
      part.source ?? (entry === undefined ? 'summary' : message.role === 'tool' ? 'tool-result' : 'message');
    const item: AssemblyItem = { source, tokens: part.tokens, why: part.why, role: message.role };
    if (entry) {
      item.messageId = entry.message.id;
      item.fromSeq = entry.seq;
      item.toSeq = entry.seq;
      if (message !== entry.message) item.sent = messageText(message);
    } else {
      if (typeof message.id === 'string') item.messageId = message.id;
      if (part.fromSeq !== undefined) item.fromSeq = part.fromSeq;
      if (part.toSeq !== undefined) item.toSeq = part.toSeq;
      const text = messageText(message);
      item.preview = text.slice(0, PREVIEW);
      item.sent = text;
    }
    items.push(item);
    tokens += part.tokens;
    if (entry && part.replaced && message !== entry.message)
      dropped.push({
        rule: part.replaced.rule,
        why: part.replaced.why,
        messages: 0,
        tokens: Math.max(0, entry.tokens - part.tokens),
        fromSeq: entry.seq,
        toSeq: entry.seq,
      });
  }
  return {
    view: input.view,
    counter: { encoding: input.counter.encoding, exact: input.counter.encoding !== 'estimate' },
    ...(input.budget === undefined ? {} : { budget: input.budget }),
    tokens,
    items,
    dropped,
  };
}

/**
 * Entries a view held and left out, as runs of consecutive sequence numbers under one rule (tokens summed).
 * `kept` holds the sequence numbers the view returned.
 */
export function droppedRuns(
  entries: readonly LogEntry[],
  kept: ReadonlySet<number>,
  rule: DropRule,
  why: string,
): DroppedItems[] {
  const out: DroppedItems[] = [];
  let run: DroppedItems | undefined;
  for (const e of entries) {
    if (kept.has(e.seq)) {
      run = undefined;
      continue;
    }
    if (run && run.toSeq === e.seq - 1) {
      run.toSeq = e.seq;
      run.messages++;
      run.tokens = (run.tokens ?? 0) + e.tokens;
    } else {
      run = { rule, why, messages: 1, tokens: e.tokens, fromSeq: e.seq, toSeq: e.seq };
      out.push(run);
    }
  }
  return out;
}

/** The log messages before the first one returned that a view never read: how many, and the rule. */
export function olderDropped(
  droppedMessages: number,
  firstKeptSeq: number | undefined,
  rule: DropRule,
  why: string,
): DroppedItems[] {
  if (droppedMessages <= 0) return [];
  return [
    {
      rule,
      why,
      messages: droppedMessages,
      ...(firstKeptSeq !== undefined && firstKeptSeq > 1 ? { fromSeq: 1, toSeq: firstKeptSeq - 1 } : {}),
    },
  ];
}

/** Parts for log entries shown as stored. */
export function entryParts(entries: readonly LogEntry[], whyOf: (entry: LogEntry) => string): AssemblyPart[] {
  return entries.map((entry) => ({ message: entry.message, tokens: entry.tokens, entry, why: whyOf(entry) }));
}

/** The part of a tool result the content store holds, shown as its citation after its first use. */
export function citedPart(message: MemoryMessage, tokens: number, entry: LogEntry): AssemblyPart {
  return {
    message,
    tokens,
    entry,
    source: 'citation',
    why: 'tool result offloaded to the content store, cited after its first use',
    replaced: { rule: 'first-use-expiry', why: 'full tool output replaced by its citation after first use' },
  };
}

/** `system message (always kept)` for system entries, else `otherwise`. */
export const systemOr =
  (otherwise: string) =>
  (entry: LogEntry): string =>
    entry.message.role === 'system' ? 'system message (always kept)' : otherwise;

/**
 * For the user message a budgeted view put first because it opened the turn after it (sequence number `opener`),
 * why it was sent; for every other entry, what `otherwise` says.
 */
export const openerOr =
  (opener: number | undefined, otherwise: (entry: LogEntry) => string) =>
  (entry: LogEntry): string =>
    entry.seq === opener
      ? 'the user message that opened the turn after it (a prompt starts with the user; the units between left out)'
      : otherwise(entry);
