import type { Artifact } from '../store/memory-store.ts';
import type { AssemblyRecord } from '../views/assembly/assembly-records.ts';
import type { DropRule } from '../views/assembly/context-assembly.ts';
import { ladderArtifactKind } from '../views/auto-context/ladder-artifacts.ts';

/** What happened to the context at a step: a compaction-ladder step, a summary, a tool result offloaded. */
export type StepMarkKind = 'ladder' | 'summary' | 'offload';

/** A mark on the steps chart. */
export interface StepMark {
  /** What happened. */
  kind: StepMarkKind;
  /** In words: `ladder: clear-tool-results`, `summary #1–#40`, `offload: 2 results`. */
  label: string;
}

const ruleMarks: Partial<Record<DropRule, StepMarkKind>> = {
  ladder: 'ladder',
  summarized: 'summary',
  'first-use-expiry': 'offload',
};

/** What a stored artifact marks, if anything. */
function artifactMark(a: Artifact): StepMark | undefined {
  const data = a.data as Record<string, unknown> | null;
  if (a.kind === ladderArtifactKind)
    return { kind: 'ladder', label: `ladder: ${String(data?.step ?? 'step')} #${a.fromSeq}–#${a.toSeq}` };
  if (a.kind === 'summary') return { kind: 'summary', label: `summary #${a.fromSeq}–#${a.toSeq}` };
  if (a.kind === 'observation' || a.kind === 'reflection')
    return { kind: 'summary', label: `${a.kind} #${a.fromSeq}–#${a.toSeq}` };
  return undefined;
}

/** What each marking rule left out in a step: entries, whole messages and tokens. */
type Left = { entries: number; messages: number; tokens: number };

function droppedByRule(record: AssemblyRecord | undefined): Map<StepMarkKind, Left> {
  const out = new Map<StepMarkKind, Left>();
  for (const d of record?.dropped ?? []) {
    const kind = ruleMarks[d.rule];
    if (!kind) continue;
    const left = out.get(kind) ?? { entries: 0, messages: 0, tokens: 0 };
    left.entries++;
    left.messages += d.messages;
    left.tokens += d.tokens ?? 0;
    out.set(kind, left);
  }
  return out;
}

const ruleLabel = (kind: StepMarkKind, now: Left) =>
  kind === 'offload'
    ? `offload: ${now.entries} tool result${now.entries === 1 ? '' : 's'} cited (${now.tokens} tokens left out)`
    : `${kind}: ${now.messages} messages, ${now.tokens} tokens left out`;

/**
 * The marks of each step (same order as `records`): artifacts written since the step before (ladder steps,
 * summaries, observations) and rules that left out more than at the step before (ladder, summarized,
 * first-use expiry as an offload).
 */
export function stepMarks(records: readonly AssemblyRecord[], artifacts: readonly Artifact[]): StepMark[][] {
  return records.map((record, i) => {
    const since = i === 0 ? Number.NEGATIVE_INFINITY : records[i - 1]!.at.getTime();
    const marks: StepMark[] = [];
    for (const a of artifacts) {
      const t = a.createdAt.getTime();
      const mark = t > since && t <= record.at.getTime() ? artifactMark(a) : undefined;
      if (mark) marks.push(mark);
    }
    const before = droppedByRule(records[i - 1]);
    for (const [kind, now] of droppedByRule(record)) {
      const was = before.get(kind);
      const grew = !was || now.messages > was.messages || now.tokens > was.tokens;
      if (grew && !marks.some((m) => m.kind === kind)) marks.push({ kind, label: ruleLabel(kind, now) });
    }
    return marks;
  });
}
