import type { ToolResultPart } from 'ai';
import type { LogEntry, MemoryMessage } from '../../core/message.ts';
import { firstAtLeast, numberKey } from '../../core/sorted-search.ts';
import { toolOutputText } from '../../messages/tool-output-text.ts';
import type { TokenCounter } from '../../tokens/token-counter.ts';
import { coveringRanges } from './covering-ranges.ts';
import type { LadderStep } from './ladder-artifacts.ts';

/** One message of the assembled context, with where it came from. */
export interface LadderItem {
  /** First log sequence number it stands for. */
  fromSeq: number;
  /** Last one. */
  toSeq: number;
  /** What the model sees. */
  message: MemoryMessage;
  /** Its tokens. */
  tokens: number;
  /** `log`: as stored; `replaced`: tool outputs replaced by a step; `summary`: a step's summary of a range. */
  origin: 'log' | 'replaced' | 'summary';
  /** The log entry (absent for summaries). */
  entry?: LogEntry;
  /** The steps that changed it. */
  steps: string[];
}

/** An entry as the context shows it before any step. */
export function logItem(entry: LogEntry): LadderItem {
  return {
    fromSeq: entry.seq,
    toSeq: entry.seq,
    message: entry.message,
    tokens: entry.tokens,
    origin: 'log',
    entry,
    steps: [],
  };
}

/** Caches rewritten messages and their counts across reads (keyed by entry and the steps applied). */
export type LadderCache = Map<string, { message: MemoryMessage; tokens: number }>;

/** The user message a summary step shows in place of its range. */
export function summaryMessage(step: Pick<LadderStep, 'id' | 'createdAt'>, text: string): MemoryMessage {
  return { id: step.id, role: 'user', content: text, createdAt: step.createdAt } as MemoryMessage;
}

/** Whether a step applies now (a reloaded step does not). */
export const isActive = (step: LadderStep) => step.reloadedAtSeq === undefined;

/**
 * Whether a step's replacement `text` takes the place of a tool output the view shows as `output`: only when it
 * is shorter (a step never makes an output longer than the view shows without it).
 */
export const replacesOutput = (output: ToolResultPart['output'], text: string): boolean =>
  text.length < toolOutputText(output).length;

/**
 * `message` with the outputs of the given tool calls replaced (none made longer than the view shows it); the same
 * object when none is replaced.
 */
export function replaceOutputs(message: MemoryMessage, texts: Map<string, string>): MemoryMessage {
  if (typeof message.content === 'string' || message.role !== 'tool') return message;
  const content = message.content.map((part) => {
    if (part.type !== 'tool-result') return part;
    const text = texts.get(part.toolCallId);
    if (text === undefined) return part;
    // A step never makes an output longer than the view shows without it (a cut of the newest result gives
    // way to its citation once the first-use view cites it).
    if (!replacesOutput(part.output, text)) return part;
    const error = part.output.type === 'error-text' || part.output.type === 'error-json';
    return { ...part, output: { type: error ? ('error-text' as const) : ('text' as const), value: text } };
  });
  return content.every((part, i) => part === message.content[i])
    ? message
    : ({ ...message, content } as MemoryMessage);
}

/**
 * Active steps whose whole range a later active summary replaces: applying them changes nothing the view shows
 * (the later summary removes every item they produced), so they are skipped and a long session's reads stay
 * proportional to the steps that still matter.
 */
export function supersededSteps(steps: readonly LadderStep[]): Set<LadderStep> {
  const out = new Set<LadderStep>();
  const summaries = coveringRanges(steps.map((s) => s.fromSeq));
  for (let i = steps.length - 1; i >= 0; i--) {
    const s = steps[i]!;
    if (!isActive(s)) continue;
    if (summaries.covers(s.fromSeq, s.toSeq)) out.add(s);
    else if (s.summary) summaries.add(s.fromSeq, s.toSeq);
  }
  return out;
}

/**
 * The context a ladder's steps make of a log: a pure function of (entries, steps), so the view can be rebuilt
 * from the log and its artifacts at any time. Steps apply in order; output replacements rewrite tool results
 * in place (calls and ids stay), summaries replace every non-system item inside their range by one user
 * message at the range's place; a replacement not shorter than the output it would replace is not applied (nor
 * named among the item's steps). Reloaded
 * steps and superseded ones ({@link supersededSteps}) are skipped.
 */
export function applyLadder(
  entries: readonly LogEntry[],
  steps: readonly LadderStep[],
  counter: TokenCounter,
  cache: LadderCache,
  options: { skipSuperseded?: boolean } = {},
): LadderItem[] {
  // One slot per entry, in log order, keyed by the entry's sequence number; a summary takes the slot of the
  // first item it replaces and the others are emptied. Every item inside a step's range sits in a slot keyed
  // within the range (a summary spans its slot's key), so a step looks only at those slots, found by binary
  // search: applying thousands of steps costs their ranges, not the log's length each.
  const keys = entries.map((e) => e.seq);
  const slots: (LadderItem | undefined)[] = entries.map(logItem);
  const skip = options.skipSuperseded === false ? new Set<LadderStep>() : supersededSteps(steps);
  for (const step of steps) {
    if (!isActive(step) || skip.has(step)) continue;
    if (step.outputs && step.outputs.length > 0) {
      const bySeq = new Map<number, Map<string, string>>();
      for (const o of step.outputs) {
        if (!bySeq.has(o.seq)) bySeq.set(o.seq, new Map());
        bySeq.get(o.seq)!.set(o.toolCallId, o.text);
      }
      for (const [seq, texts] of bySeq) {
        const at = firstAtLeast(keys, seq, numberKey);
        const item = slots[at];
        if (keys[at] !== seq || !item?.entry || item.origin === 'summary') continue;
        const trail = [...item.steps, step.id];
        const key = `${item.entry.seq}:${item.entry.tokens}|${trail.join('|')}`; // base tokens tell a cited base from a full one
        let hit = cache.get(key);
        if (!hit) {
          const message = replaceOutputs(item.message, texts);
          hit = { message, tokens: message === item.message ? item.tokens : counter.count(message) };
          cache.set(key, hit);
        }
        // A step that changes nothing here (an output already as short, e.g. the same step written by two
        // processes at once) leaves the item as it is: it is not the step the item was replaced by.
        if (hit.message === item.message) continue;
        slots[at] = { ...item, message: hit.message, tokens: hit.tokens, origin: 'replaced', steps: trail };
      }
    }
    if (step.summary) {
      let placed = false;
      for (
        let at = firstAtLeast(keys, step.fromSeq, numberKey);
        at < keys.length && keys[at]! <= step.toSeq;
        at++
      ) {
        const item = slots[at];
        if (!item) continue;
        const inside =
          item.fromSeq >= step.fromSeq && item.toSeq <= step.toSeq && item.message.role !== 'system';
        if (!inside) continue;
        slots[at] = placed
          ? undefined
          : {
              fromSeq: step.fromSeq,
              toSeq: step.toSeq,
              message: summaryMessage(step, step.summary.text),
              tokens: step.summary.tokens,
              origin: 'summary',
              steps: [step.id],
            };
        placed = true;
      }
    }
  }
  return slots.filter((item): item is LadderItem => item !== undefined);
}
