import type { LogEntry } from '../../core/message.ts';
import type { TokenCounter } from '../../tokens/token-counter.ts';
import { type AssemblyPart, buildAssembly, citedPart } from '../assembly/build-assembly.ts';
import type { ContextAssembly, DroppedItems } from '../assembly/context-assembly.ts';
import type { LadderItem } from './apply-ladder.ts';
import type { LadderStep } from './ladder-artifacts.ts';
import { type RangeCoverage, rangeCoverage } from './range-coverage.ts';

/** What an AutoContextMemory read kept for its assembly: the log as read, the ladder's items and its steps. */
export interface LadderSnapshot {
  /** The log entries as stored: the whole log, or the system entries and the entries after a cut. */
  entries: readonly LogEntry[];
  /** For summaries whose range `entries` leaves out (a cut's), the messages and tokens they stand for, by step id. */
  covered?: Readonly<Record<string, { messages: number; tokens: number }>>;
  /** What the model was sent. */
  items: readonly LadderItem[];
  /** Every step of the session, the read's own included. */
  steps: readonly LadderStep[];
  /** The view's `maxTokens`. */
  maxTokens: number;
}

/**
 * The assembly of an AutoContextMemory read: log messages as stored; tool results cited after first use; tool
 * outputs a ladder step replaced (`ladder`, naming the step); summaries standing for ranges (the range's messages
 * dropped under `ladder`, with their tokens).
 */
export function ladderAssembly(snapshot: LadderSnapshot, counter: TokenCounter): ContextAssembly {
  const logBySeq = new Map(snapshot.entries.map((e) => [e.seq, e]));
  const stepById = new Map(snapshot.steps.map((s) => [s.id, s]));
  const name = (id: string | undefined) => {
    const step = id === undefined ? undefined : stepById.get(id);
    return step ? `ladder step ${step.id} (${step.step})` : `ladder step ${id ?? '?'}`;
  };
  const parts: AssemblyPart[] = [];
  const dropped: DroppedItems[] = [];
  let coverage: RangeCoverage | undefined;
  for (const item of snapshot.items) {
    if (item.origin === 'summary') {
      coverage ??= rangeCoverage(snapshot.entries);
      const covered = snapshot.covered?.[item.steps[0] ?? ''] ?? coverage(item.fromSeq, item.toSeq);
      parts.push({
        message: item.message,
        tokens: item.tokens,
        source: 'summary',
        why: `${name(item.steps[0])}: summary of messages ${item.fromSeq}–${item.toSeq}`,
        fromSeq: item.fromSeq,
        toSeq: item.toSeq,
      });
      dropped.push({
        rule: 'ladder',
        why: `summarized by ${name(item.steps[0])}`,
        messages: covered.messages,
        tokens: covered.tokens,
        fromSeq: item.fromSeq,
        toSeq: item.toSeq,
      });
      continue;
    }
    const entry = logBySeq.get(item.fromSeq) ?? item.entry;
    if (item.origin === 'replaced')
      parts.push({
        message: item.message,
        tokens: item.tokens,
        ...(entry ? { entry } : {}),
        source: 'citation',
        why: `tool output replaced by ${name(item.steps.at(-1))}`,
        replaced: { rule: 'ladder', why: `tool output replaced by ${name(item.steps.at(-1))}` },
      });
    else if (entry && item.message !== entry.message) parts.push(citedPart(item.message, item.tokens, entry));
    else
      parts.push({
        message: item.message,
        tokens: item.tokens,
        ...(entry ? { entry } : {}),
        why:
          item.message.role === 'system'
            ? 'system message (always kept)'
            : 'in the log, not compacted (below the thresholds, or protected as recent)',
      });
  }
  return buildAssembly({ view: 'auto-context', counter, budget: snapshot.maxTokens, parts, dropped });
}
