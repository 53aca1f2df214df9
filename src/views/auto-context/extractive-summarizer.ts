import { checkKnownKeys, checkOptions } from '../../core/check-options.ts';
import type { MemoryMessage } from '../../core/message.ts';
import { createTimeSlicer } from '../../core/time-slicer.ts';
import { toolOutputText } from '../../messages/tool-output-text.ts';
import type { Summarizer } from '../summarizer.ts';

/** Options of {@link createExtractiveSummarizer}. */
export interface ExtractiveSummarizerOptions {
  /** Longest summary, in characters (its list of content item ids included). @default 4000 */
  maxChars?: number;
  /** Characters kept of each message's text. @default 240 */
  perMessageChars?: number;
  /**
   * Most content item ids the summary lists (the newest); the list also takes at most half of `maxChars`.
   * @default 300
   */
  maxItemIds?: number;
}

const itemRef = /content item \\?"([^"\\]+)\\?"/g;

/** One line for a message: role, a cut of its text, tool calls by name, and content item ids it cites. */
export function line(message: MemoryMessage, cap: number): string {
  const texts: string[] = [];
  const refs = new Set<string>();
  const calls: string[] = [];
  const parts =
    typeof message.content === 'string'
      ? [{ type: 'text' as const, text: message.content }]
      : message.content;
  for (const part of parts) {
    if (part.type === 'text' || part.type === 'reasoning') texts.push(part.text);
    else if (part.type === 'tool-call') calls.push(part.toolName);
    else if (part.type === 'tool-result') {
      const value = toolOutputText(part.output);
      for (const m of value.matchAll(itemRef)) refs.add(m[1]!);
      texts.push(`${part.toolName} → ${value.replace(/\s+/g, ' ').slice(0, Math.min(cap, 120))}`);
    }
  }
  for (const t of texts) for (const m of t.matchAll(itemRef)) refs.add(m[1]!);
  let text = texts.join(' ').replace(/\s+/g, ' ').trim();
  if (text.length > cap) text = `${text.slice(0, cap)}…`;
  const extra = [
    calls.length ? `calls ${calls.join(', ')}` : '',
    refs.size ? `items ${[...refs].map((r) => `"${r}"`).join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
  return `- ${message.role}: ${text}${extra ? ` (${extra})` : ''}`;
}

/** The summary line that lists every content item the summarized messages cited. */
const footerPrefix = 'Content items cited so far (read with retrieve_from_memory): ';

/** The ids a summary's footer lists, and the summary without it. */
function splitFooter(summary: string): { body: string; ids: string[] } {
  const lines = summary.split('\n');
  const at = lines.findIndex((l) => l.startsWith(footerPrefix));
  if (at < 0) return { body: summary, ids: [] };
  const ids = [...lines[at]!.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
  lines.splice(at, 1);
  return { body: lines.join('\n'), ids };
}

/**
 * A summarizer without a model: the previous summary, then one line per new message (role, the start of its
 * text, tool names and the content item ids it cites), keeping the newest lines when over `maxChars`, and a last
 * line listing the content item ids cited so far (the newest: at most `maxItemIds`, in at most half of `maxChars`,
 * so a long session's summary does not grow with the items it cited), so offloaded results stay reachable however
 * much text is dropped. Deterministic: the same input gives the same summary.
 */
export function createExtractiveSummarizer(options: ExtractiveSummarizerOptions = {}): Summarizer {
  checkOptions(options, 'createExtractiveSummarizer', 'views');
  checkKnownKeys(
    options,
    { maxChars: true, perMessageChars: true, maxItemIds: true },
    'createExtractiveSummarizer',
    'views',
  );
  const maxChars = options.maxChars ?? 4000;
  const cap = options.perMessageChars ?? 240;
  const maxIds = options.maxItemIds ?? 300;
  return async ({ previousSummary, messages }) => {
    const previous = previousSummary ? splitFooter(previousSummary.trim()) : { body: '', ids: [] };
    const ids = new Set(previous.ids);
    const slicer = createTimeSlicer();
    for (const m of messages) {
      const text = typeof m.content === 'string' ? m.content : JSON.stringify(m.content);
      for (const found of text.matchAll(itemRef)) ids.add(found[1]!);
      if (typeof m.content === 'string') for (const id of splitFooter(m.content).ids) ids.add(id); // a summary's list
      const pause = slicer.tick();
      if (pause) await pause;
    }
    const footer = footerOf([...ids].slice(-maxIds), Math.floor(maxChars / 2));
    const budget = Math.max(200, maxChars - footer.length - (footer ? 1 : 0)); // the footer on its own line
    const head = previous.body ? [previous.body] : [];
    const lines = newestLines(messages, head, budget, cap);
    let out = lines.join('\n');
    if (out.length > budget) out = out.slice(out.length - budget);
    const summary = [out.trim(), footer].filter(Boolean).join('\n');
    return summary === '' ? '(no content)' : summary;
  };
}

/**
 * The footer listing the newest of `ids` (given oldest first) that fit in `maxChars` with the prefix, oldest
 * first; empty when none is cited. At least the newest one is listed.
 */
function footerOf(ids: readonly string[], maxChars: number): string {
  let chars = footerPrefix.length;
  let from = ids.length;
  while (from > 0) {
    const more = ids[from - 1]!.length + 2 + (from === ids.length ? 0 : 2); // `"id"`, then `, ` between ids
    if (from < ids.length && chars + more > maxChars) break;
    chars += more;
    from--;
  }
  const kept = ids.slice(from);
  return kept.length ? `${footerPrefix}${kept.map((id) => `"${id}"`).join(', ')}` : '';
}

/**
 * The summary's lines before the footer: `head`, then one line per message — all of them when they fit
 * `budget`, else `- …` and the newest lines that fit (at least one). Lines are made from the newest back only
 * as far as the budget reaches, so a summary of thousands of messages costs the lines it keeps.
 */
export function newestLines(
  messages: readonly MemoryMessage[],
  head: readonly string[],
  budget: number,
  cap: number,
): string[] {
  const n = messages.length;
  const headChars = head.reduce((sum, h) => sum + h.length + 1, 0); // each with its newline
  const lines: string[] = [];
  let chars = headChars; // head, and the newest lines each with its newline
  for (let i = n - 1; i >= 0; i--) {
    const l = line(messages[i]!, cap);
    // With the marker: head, '- …' and lines i.. joined (the marker and each line take a newline but the last).
    const withMarker = chars + 3 + l.length + 1;
    if (i === 0 && chars + l.length <= budget) return [...head, l, ...lines.reverse()]; // all fit
    if (i > 0 && withMarker > budget) {
      // Lines i+1.. are what fit after the marker; at least the newest one is kept.
      if (lines.length === 0) lines.push(l);
      break;
    }
    lines.push(l);
    chars += l.length + 1;
  }
  if (n <= 1) return [...head, ...lines.reverse()];
  if (lines.length === n) lines.pop(); // the oldest line gives way to the marker
  return [...head, '- …', ...lines.reverse()];
}
