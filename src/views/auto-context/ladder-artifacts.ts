import type { JSONValue } from 'ai';
import type { ConversationMemory } from '../../memory/conversation-memory.ts';
import type { Artifact } from '../../store/memory-store.ts';

/** The artifact kind every ladder step is stored under. */
export const ladderArtifactKind = 'autocontext';

/** The ladder's rungs, cheapest first. */
export type LadderStepKind =
  | 'clear-tool-results'
  | 'compact-tool-runs'
  | 'summarize-rounds'
  | 'compress-current';

/** A tool result a step replaced: where it is and what the model sees instead. */
export interface ReplacedOutput {
  /** The log entry. */
  seq: number;
  /** The tool call it answers. */
  toolCallId: string;
  /** The replacement text (a citation, or the cut text with its marker). */
  text: string;
}

/** One ladder step as stored beside the log (an artifact of kind `autocontext`). */
export interface LadderStep {
  /** The artifact id; `context_reload` takes it. */
  id: string;
  /** Which rung. */
  step: LadderStepKind;
  /** First covered sequence number. */
  fromSeq: number;
  /** Last covered sequence number. */
  toSeq: number;
  /** Tokens of the view before and after the step. */
  tokensBefore: number;
  /** Tokens after. */
  tokensAfter: number;
  /** `clear-tool-results`, `compress-current`: the outputs replaced. */
  outputs?: ReplacedOutput[];
  /** `compact-tool-runs`, `summarize-rounds`: the summary text that replaces the range, and its token count. */
  summary?: { text: string; tokens: number };
  /** When `context_reload` put the range back: the log's last sequence number then (the step no longer applies). */
  reloadedAtSeq?: number;
  /** When it was written. */
  createdAt: Date;
}

/** Reads every ladder step of the memory's session, oldest first. Malformed artifacts are skipped. */
export async function loadLadderSteps(memory: ConversationMemory): Promise<LadderStep[]> {
  const steps: LadderStep[] = [];
  for (const a of await memory.listArtifacts(ladderArtifactKind)) {
    const step = parseLadderStep(a);
    if (step) steps.push(step);
  }
  return steps.sort(stepOrder);
}

/** The ladder step an artifact holds, or undefined when it is malformed. */
export function parseLadderStep(a: Artifact): LadderStep | undefined {
  const d = a.data as Record<string, unknown> | null;
  if (!d || typeof d !== 'object' || typeof d.step !== 'string') return undefined;
  return {
    id: a.id,
    step: d.step as LadderStepKind,
    fromSeq: a.fromSeq,
    toSeq: a.toSeq,
    tokensBefore: Number(d.tokensBefore ?? 0),
    tokensAfter: Number(d.tokensAfter ?? 0),
    ...(Array.isArray(d.outputs) ? { outputs: d.outputs as unknown as ReplacedOutput[] } : {}),
    ...(d.summary && typeof d.summary === 'object'
      ? { summary: d.summary as { text: string; tokens: number } }
      : {}),
    ...(typeof d.reloadedAtSeq === 'number' ? { reloadedAtSeq: d.reloadedAtSeq } : {}),
    createdAt: typeof d.at === 'number' ? new Date(d.at) : a.createdAt,
  };
}

/** The order steps apply in: by time written, then by id. */
export const stepOrder = (x: LadderStep, y: LadderStep): number =>
  x.createdAt.getTime() - y.createdAt.getTime() || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);

/** Writes a ladder step (or rewrites it, by id, e.g. to mark it reloaded). */
export async function saveLadderStep(memory: ConversationMemory, step: LadderStep): Promise<void> {
  const data: Record<string, JSONValue> = {
    step: step.step,
    tokensBefore: step.tokensBefore,
    tokensAfter: step.tokensAfter,
    at: step.createdAt.getTime(),
  };
  if (step.outputs) data.outputs = step.outputs.map((o) => ({ ...o }));
  if (step.summary) data.summary = { ...step.summary };
  if (step.reloadedAtSeq !== undefined) data.reloadedAtSeq = step.reloadedAtSeq;
  await memory.putArtifact({
    id: step.id,
    kind: ladderArtifactKind,
    fromSeq: step.fromSeq,
    toSeq: step.toSeq,
    data,
  });
}
