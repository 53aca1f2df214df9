import type { LogEntry } from '../../core/message.ts';
import { isActive, type LadderItem, logItem, summaryMessage, supersededSteps } from './apply-ladder.ts';
import type { LadderStep } from './ladder-artifacts.ts';

/**
 * Where a read may start mapping the log: the newest summary that covers the log's head. Every live non-system
 * entry up to `toSeq` is inside `step`'s summary, so the context's items up to there are the log's system
 * messages and that summary, whatever the entries hold; only the entries after `toSeq` need mapping.
 */
export interface LadderCut {
  /** The summary step that covers the head. */
  step: LadderStep;
  /** Its last sequence number: entries up to it need not be held. */
  toSeq: number;
  /** The steps that still act on entries after `toSeq`, in order (superseded, reloaded and earlier ones left out). */
  rest: LadderStep[];
}

/**
 * The cut of a ladder over a log whose first live non-system entry is `head`, or undefined when the whole log
 * must be mapped. The cut's step is the last active, unsuperseded summary whose range holds the head. Applying
 * the steps to the whole log gives the same items as {@link cutPrefix} followed by the `rest` steps applied to
 * the entries after `toSeq`, because: the summaries before it inside its range are superseded; a later summary
 * reaching into its range starts after the head (else it would be the cut) so it finds only system entries
 * there; replaced outputs inside its range are removed with it. One case breaks that and gives no cut: an
 * earlier active summary that starts inside the range and ends after it (possible after a reload).
 */
export function findCut(steps: readonly LadderStep[], head: number | undefined): LadderCut | undefined {
  if (head === undefined) return undefined;
  const superseded = supersededSteps(steps);
  const live = steps.filter((s) => isActive(s) && !superseded.has(s));
  let at = -1;
  for (let i = live.length - 1; i >= 0; i--) {
    const s = live[i]!;
    if (s.summary && s.fromSeq <= head && head <= s.toSeq) {
      at = i;
      break;
    }
  }
  if (at < 0) return undefined;
  const step = live[at]!;
  const toSeq = step.toSeq;
  for (let i = 0; i < at; i++) if (live[i]!.summary && live[i]!.fromSeq <= toSeq) return undefined;
  return { step, toSeq, rest: live.filter((s) => s !== step && s.toSeq > toSeq) };
}

/** The items of the context up to the cut: the system entries there, and the cut's summary after the head. */
export function cutPrefix(cut: LadderCut, systems: readonly LogEntry[], head: number): LadderItem[] {
  const item = logItem;
  const { step } = cut;
  const out: LadderItem[] = [];
  for (const e of systems) if (e.seq < head) out.push(item(e));
  out.push({
    fromSeq: step.fromSeq,
    toSeq: step.toSeq,
    message: summaryMessage(step, step.summary!.text),
    tokens: step.summary!.tokens,
    origin: 'summary',
    steps: [step.id],
  });
  for (const e of systems) if (e.seq > head && e.seq <= cut.toSeq) out.push(item(e));
  return out;
}
