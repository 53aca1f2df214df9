import type { CitationTrack } from '../content/citation-track.ts';
import type { CitationStats } from '../content/cited-form.ts';
import type { LogEntry, MemoryMessage } from '../core/message.ts';
import type { TokenCounter } from '../tokens/token-counter.ts';
import { sendableMessages } from './sendable-messages.ts';

/** What a citation view's read picked: the lead (system messages, the turn's opener) and the held entries sent. */
export interface CitationPick {
  /** Entries sent as stored before the held ones (system messages older than them, the opener). */
  lead: readonly LogEntry[];
  /** The held entries. */
  entries: readonly LogEntry[];
  /** The indices of the held entries sent, ascending. */
  sent: readonly number[];
  /** The held entries as cited. */
  track: CitationTrack;
}

/** What a citation view's read sends, and its figures. */
export interface CitationSend {
  /** The messages sent (tool results answering no call left out). */
  messages: MemoryMessage[];
  /** The figures of `messages`: tokens as sent, as stored (`fullTokens`), and the citation stats. */
  figures: CitationStats & { tokens: number; fullTokens: number };
}

/**
 * The messages a citation view's read sends, counted: the lead as stored, then the sent entries as cited, less
 * the tool results that answer no call (see {@link sendableMessages}). The figures count what is sent: a message
 * left out whole takes its tokens, full tokens and citation stats with it; one that loses results is counted again
 * with `counter`, and its full form is the stored message with the same results left out.
 */
export function citationSend(pick: CitationPick, counter: Pick<TokenCounter, 'count'>): CitationSend {
  const { lead, entries, sent, track } = pick;
  const messages: MemoryMessage[] = [];
  let tokens = 0;
  let fullTokens = 0;
  for (const e of lead) {
    messages.push(e.message);
    tokens += e.tokens;
    fullTokens += e.tokens;
  }
  for (const i of sent) {
    messages.push(track.messages[i]!);
    tokens += track.tokens[i]!;
    fullTokens += entries[i]!.tokens;
  }
  const entryAt = (k: number) => (k < lead.length ? lead[k]! : entries[sent[k - lead.length]!]!);
  const out = sendableMessages(
    messages,
    tokens,
    (k) => (k < lead.length ? lead[k]!.tokens : track.tokens[sent[k - lead.length]!]!),
    counter,
  );
  const { changed } = out;
  if (!changed) return { messages, figures: { ...track.statsOf(sent), tokens, fullTokens } };
  for (const [k, copy] of changed) {
    const entry = entryAt(k);
    fullTokens += (copy ? counter.count(withResultsOf(entry.message, copy)) : 0) - entry.tokens;
  }
  const kept = sent.filter((_, j) => !changed.has(j + lead.length) || changed.get(j + lead.length));
  return { messages: out.messages, figures: { ...track.statsOf(kept), tokens: out.tokens, fullTokens } };
}

/** The stored message with only the tool results `sent` (its form after results were left out) holds. */
function withResultsOf(stored: MemoryMessage, sent: MemoryMessage): MemoryMessage {
  if (stored.role !== 'tool' || sent.role !== 'tool') return stored;
  const ids = new Set(sent.content.map((p) => (p.type === 'tool-result' ? p.toolCallId : undefined)));
  return {
    ...stored,
    content: stored.content.filter((p) => p.type !== 'tool-result' || ids.has(p.toolCallId)),
  };
}
