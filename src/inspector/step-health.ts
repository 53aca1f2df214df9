import { safeCut } from '../content/transforms/text-slices.ts';
import type { MemoryMessage } from '../core/message.ts';
import { messageText } from '../messages/serialize.ts';
import type { AssemblyRecord } from '../views/assembly/assembly-records.ts';

/** The checks a step is badged by. */
export type HealthCheck = 'split-tool-pair' | 'duplicate-recall' | 'stale-summary' | 'memory-share';

/** One finding of a check, in words with its figures. */
export interface HealthIssue {
  /** Which check. */
  check: HealthCheck;
  /** What it found. */
  message: string;
}

/** Thresholds of {@link stepHealth}. */
export interface HealthOptions {
  /** A summary is stale when more than this many log messages after it were dropped unsummarized. @default 20 */
  staleSummaryMessages?: number;
  /** Working memory and long-term recall together above this share of the budget is flagged. @default 0.25 */
  memoryShare?: number;
}

/** A text with its runs of white space made one space, its case kept: what a finding quotes. */
const collapsed = (text: string) => text.replace(/\s+/g, ' ').trim();
const normal = (text: string) => collapsed(text).toLowerCase();

/** The record texts of a recall block (`- [date] "text"` lines) as recalled, or the whole text when it has none. */
function recallLines(preview: string): string[] {
  const lines = preview.split('\n').filter((l) => l.startsWith('- '));
  if (lines.length === 0) return [collapsed(preview)];
  return lines.map((line) => {
    const body = line.slice(2).replace(/^\[[^\]]*\]\s*/, '');
    try {
      return collapsed(JSON.parse(body) as string);
    } catch {
      return collapsed(body.replace(/^"|"$/g, ''));
    }
  });
}

/** The record texts of a recall block, normalized (lower case, single spaces) to be compared. */
export function recallTexts(preview: string): string[] {
  return recallLines(preview).map((text) => text.toLowerCase());
}

/** How many characters of a recalled text a finding shows (see {@link clipQuote}). */
export const quoteChars = 80;

/**
 * A finding with the text it quotes (`recalled twice: "…"`) cut to {@link quoteChars} characters. {@link stepHealth}
 * quotes the whole text as recalled; the inspector redacts a finding before it cuts it, since a secret cut short
 * (or lower-cased) is past what the redaction rules recognise.
 */
export function clipQuote(issue: HealthIssue): HealthIssue {
  const quoted = /^([^"]*")([\s\S]*)"$/.exec(issue.message);
  if (!quoted || quoted[2]!.length <= quoteChars) return issue;
  return { ...issue, message: `${quoted[1]}${quoted[2]!.slice(0, safeCut(quoted[2]!, quoteChars))}"` };
}

function splitToolPairs(record: AssemblyRecord, messages: ReadonlyMap<string, MemoryMessage>): HealthIssue[] {
  const calls = new Map<string, string>();
  const results = new Map<string, string>();
  for (const item of record.items) {
    const message = item.messageId === undefined ? undefined : messages.get(item.messageId);
    if (!message || typeof message.content === 'string') continue;
    for (const part of message.content) {
      if (part.type === 'tool-call') calls.set(part.toolCallId, part.toolName);
      if (part.type === 'tool-result') results.set(part.toolCallId, part.toolName);
    }
  }
  const issues: HealthIssue[] = [];
  for (const [id, tool] of calls)
    if (!results.has(id))
      issues.push({
        check: 'split-tool-pair',
        message: `tool call ${id} (${tool}) is sent without its result`,
      });
  for (const [id, tool] of results)
    if (!calls.has(id))
      issues.push({
        check: 'split-tool-pair',
        message: `tool result ${id} (${tool}) is sent without its call`,
      });
  return issues;
}

function duplicateRecall(
  record: AssemblyRecord,
  messages: ReadonlyMap<string, MemoryMessage>,
): HealthIssue[] {
  const recalled = record.items
    .filter((i) => i.source === 'long-term' && (i.sent ?? i.preview))
    .flatMap((i) => recallLines((i.sent ?? i.preview)!));
  const issues: HealthIssue[] = [];
  // Each normalized text once, with the text as first recalled (what a finding quotes, whole: see clipQuote).
  const seen = new Map<string, string>();
  for (const text of recalled) {
    const key = text.toLowerCase();
    if (seen.has(key)) issues.push({ check: 'duplicate-recall', message: `recalled twice: "${text}"` });
    else seen.set(key, text);
  }
  const sent = record.items
    .map((i) => (i.messageId === undefined ? undefined : messages.get(i.messageId)))
    .filter((m): m is MemoryMessage => m !== undefined && m.role !== 'tool')
    .map((m) => normal(messageText(m)));
  for (const [key, text] of seen)
    if (key.length >= 20 && sent.some((m) => m.includes(key)))
      issues.push({ check: 'duplicate-recall', message: `recall repeats a message sent: "${text}"` });
  return issues;
}

function staleSummary(record: AssemblyRecord, limit: number): HealthIssue[] {
  const kept = record.items
    .filter((i) => i.messageId !== undefined && i.fromSeq !== undefined)
    .map((i) => i.fromSeq!);
  const issues: HealthIssue[] = [];
  for (const summary of record.items.filter((i) => i.source === 'summary' && i.toSeq !== undefined)) {
    const after = summary.toSeq!;
    const next = Math.min(...kept.filter((s) => s > after), record.lastSeq + 1);
    const lost = record.dropped
      .filter((d) => d.fromSeq !== undefined && d.fromSeq > after && d.fromSeq < next)
      .reduce((n, d) => n + d.messages, 0);
    if (lost > limit)
      issues.push({
        check: 'stale-summary',
        message: `the summary ends at #${after}; ${lost} later messages before #${next} were dropped, not summarized`,
      });
  }
  return issues;
}

function memoryShare(record: AssemblyRecord, share: number): HealthIssue[] {
  if (!record.budget) return [];
  const memory = (record.bySource['working-memory'] ?? 0) + (record.bySource['long-term'] ?? 0);
  if (memory <= record.budget * share) return [];
  const pct = Math.round((memory / record.budget) * 100);
  return [
    {
      check: 'memory-share',
      message: `working memory and recall take ${memory} tokens, ${pct}% of the ${record.budget}-token budget`,
    },
  ];
}

/**
 * What looks wrong in a step's context: a tool call sent without its result or the reverse (from the log's
 * messages behind the items), a record recalled twice or repeating a message sent (quoting its whole text as
 * recalled: cut it with {@link clipQuote}, after redacting it), a summary far behind the messages kept while those
 * between were dropped, memory blocks over a share of the budget.
 */
export function stepHealth(
  record: AssemblyRecord,
  messages: ReadonlyMap<string, MemoryMessage>,
  options: HealthOptions = {},
): HealthIssue[] {
  return [
    ...splitToolPairs(record, messages),
    ...duplicateRecall(record, messages),
    ...staleSummary(record, options.staleSummaryMessages ?? 20),
    ...memoryShare(record, options.memoryShare ?? 0.25),
  ];
}
