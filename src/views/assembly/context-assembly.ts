import { describeValue } from '../../core/errors/describe-value.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import type { MessageRole } from '../../core/message.ts';

/**
 * Where a part of a model's context came from: the agent's `instructions`, the `tools` definitions, pinned
 * `working-memory` (working memory and core blocks), `long-term` recall, a `summary` (a view's summary, a ladder
 * summary, observations), a `citation` standing in for a tool result, a `message` of the log as stored, or a
 * `tool-result` of the log (in full, or truncated to fit).
 */
export type ContextSource =
  | 'instructions'
  | 'tools'
  | 'working-memory'
  | 'long-term'
  | 'summary'
  | 'citation'
  | 'message'
  | 'tool-result';

/** Every {@link ContextSource}, in the order tables show them. */
export const contextSources: readonly ContextSource[] = [
  'instructions',
  'tools',
  'working-memory',
  'long-term',
  'summary',
  'citation',
  'message',
  'tool-result',
];

/**
 * The rule that left something out: `budget` (older units did not fit the token budget), `window` (outside a
 * sliding window's message count), `summarized` (a summary stands for it), `ladder` (a compaction-ladder step
 * replaced it), `first-use-expiry` (a tool result shown in full once, cited after), `truncated` (cut to fit),
 * `pruned` (reasoning or tool calls a view's `prune` option leaves out, and messages it leaves empty),
 * `unsendable` (an orphaned tool result or an unanswered call a view never sends), `not-sent` (held by the view,
 * left out by the agent loop: system messages of the log, whose place the agent's instructions take).
 */
export type DropRule =
  | 'budget'
  | 'window'
  | 'summarized'
  | 'ladder'
  | 'first-use-expiry'
  | 'truncated'
  | 'pruned'
  | 'unsendable'
  | 'not-sent';

/** One part of an assembled context: a message, or a block the agent loop adds. */
export interface AssemblyItem {
  /** Where it came from. */
  source: ContextSource;
  /** Its tokens, as the view (or the agent loop) counted them. */
  tokens: number;
  /** Why it is in: `newest unit within the budget`, `system message (always kept)`, `ladder step ctx_… (clear-tool-results)`, … */
  why: string;
  /** The message's role, for messages. */
  role?: MessageRole;
  /** The id of the message sent: the log message it shows, or a summary's own id (absent for the agent's blocks). */
  messageId?: string;
  /** The first log sequence number it stands for. */
  fromSeq?: number;
  /** The last log sequence number it stands for. */
  toSeq?: number;
  /** The start of its text (at most 160 characters), for parts that are not in the log. */
  preview?: string;
  /**
   * The whole text the provider received, for parts that are not a log message as stored: instructions, tool
   * definitions (one JSON object per line: name, description, input schema), pinned memory, the recall block,
   * summaries, citations and cut tool results (the log keeps the original). Absent in records made before it was kept.
   */
  sent?: string;
}

/** Something the assembly left out, with the rule that dropped it. */
export interface DroppedItems {
  /** The rule. */
  rule: DropRule;
  /** In words, with the figures: `older units did not fit the budget of 16,000 tokens`. */
  why: string;
  /** Whole log messages left out (0 when only part of a message, such as a tool output, was replaced). */
  messages: number;
  /** Tokens left out, when known (history a view never read is counted in messages only). */
  tokens?: number;
  /** First log sequence number concerned. */
  fromSeq?: number;
  /** Last log sequence number concerned. */
  toSeq?: number;
}

/**
 * What a view assembled on its last `read()`: each part by source with its tokens and why it is in, and what was
 * left out with the rule that dropped it. `tokens` is the sum of the items' tokens, which is the view's own count
 * (`lastStats().tokens` where the view has one).
 */
export interface ContextAssembly {
  /** The view: `token-window`, `sliding-window`, `summarizing`, `citation`, `auto-context`, `observational`, `memory`. */
  view: string;
  /** The counter: its encoding (`o200k_base`, …) and whether counts are exact (false for an `estimate`). */
  counter: { encoding: string; exact: boolean };
  /** The token budget the view fits, when it has one. */
  budget?: number;
  /** Tokens of all items. */
  tokens: number;
  /** What was sent, in order. */
  items: AssemblyItem[];
  /** What was left out. */
  dropped: DroppedItems[];
}

/**
 * Tokens by source: the sum of the items' tokens for each source that has any. Throws `INVALID_ARGUMENT` unless
 * `items` is an array of items with a string `source` and a finite number of `tokens`.
 */
export function tokensBySource(items: readonly AssemblyItem[]): Partial<Record<ContextSource, number>> {
  const bad = (what: string, value: unknown) =>
    new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'assembly',
      message: `tokensBySource(items): ${what}, got ${describeValue(value)}`,
    });
  if (!Array.isArray(items)) throw bad('items must be an array', items);
  const out: Partial<Record<ContextSource, number>> = Object.create(null);
  for (let i = 0; i < items.length; i++) {
    const { source, tokens } = (items[i] ?? {}) as Partial<AssemblyItem>;
    if (typeof source !== 'string') throw bad(`items[${i}].source must be a string`, source);
    if (typeof tokens !== 'number' || !Number.isFinite(tokens))
      throw bad(`items[${i}].tokens must be a finite number`, tokens);
    out[source] = (out[source] ?? 0) + tokens;
  }
  return { ...out };
}
