import type { ToolResultCiter, ToolResultPart } from '../../content/cite-tool-results.ts';
import { groupDigits } from '../../core/group-digits.ts';
import type { LogEntry, MemoryMessage } from '../../core/message.ts';
import { createTimeSlicer } from '../../core/time-slicer.ts';
import { toolOutputText } from '../../messages/tool-output-text.ts';
import { isUnitComplete, type MessageUnit } from '../../messages/units.ts';
import type { TokenCounter } from '../../tokens/token-counter.ts';
import { runSummarizer, type Summarizer } from '../summarizer.ts';
import { isActive, type LadderItem, replacesOutput, summaryMessage } from './apply-ladder.ts';
import type { LadderStep, ReplacedOutput } from './ladder-artifacts.ts';
import { resultParts } from './result-parts.ts';

/** A step before it is stored: everything but its id, time and the view's totals. */
export type PlannedStep = Omit<LadderStep, 'id' | 'createdAt' | 'tokensBefore' | 'tokensAfter'> & {
  /** The id its summary text names (summaries only; other steps get one when stored). */
  id?: string;
  /** Tokens it saves on the current view (estimated from the rewritten messages). */
  gain: number;
  /** Messages it removes from the current view. */
  removed: number;
};

/** What the planners need. */
export interface PlanContext {
  /** The current view. */
  items: readonly LadderItem[];
  /** The whole live log and its units. */
  entries: readonly LogEntry[];
  /** Units of the log. */
  units: readonly MessageUnit<LogEntry>[];
  /** Every step so far (reloaded ones included). */
  steps: readonly LadderStep[];
  /** The first sequence number of the protected tail (the newest `lastKeep` messages, from a unit start). */
  protectFromSeq: number;
  /** Counts rewritten messages. */
  counter: TokenCounter;
  /** Stores results in the content store and cites them. */
  citer: ToolResultCiter;
  /** Tools whose results are never cleared. */
  excludeTools: ReadonlySet<string>;
  /** Results at or below this many tokens are not cleared. */
  minResultTokens: number;
  /** Makes summaries. */
  summarizer: Summarizer;
  /** The log's last sequence number. */
  lastSeq: number;
  /** Messages a reloaded range stays untouched for. */
  reloadKeep: number;
}

/** Sequence numbers a recently reloaded step covers: no step may touch them yet. */
function reloadedGuard(ctx: PlanContext): (seq: number) => boolean {
  const fresh = ctx.steps.filter(
    (s) => s.reloadedAtSeq !== undefined && ctx.lastSeq - s.reloadedAtSeq < ctx.reloadKeep,
  );
  return (seq) => fresh.some((s) => seq >= s.fromSeq && seq <= s.toSeq);
}

/** The tokens of `message` with the given outputs replaced. */
function rewrittenTokens(item: LadderItem, texts: Map<string, string>, counter: TokenCounter): number {
  const message = item.message;
  if (typeof message.content === 'string') return item.tokens;
  const content = message.content.map((p) =>
    p.type === 'tool-result' && texts.has(p.toolCallId)
      ? { ...p, output: { type: 'text' as const, value: texts.get(p.toolCallId)! } }
      : p,
  );
  return counter.count({ ...message, content } as MemoryMessage);
}

/** Replaces outputs of the given results by citations; returns the outputs and the tokens saved. */
async function citeOutputs(
  ctx: PlanContext,
  pick: (item: LadderItem, part: ToolResultPart) => boolean,
): Promise<{ outputs: ReplacedOutput[]; gain: number; fromSeq: number; toSeq: number }> {
  const outputs: ReplacedOutput[] = [];
  let gain = 0;
  let fromSeq = Number.POSITIVE_INFINITY;
  let toSeq = 0;
  const slicer = createTimeSlicer();
  for (const item of ctx.items) {
    const pause = slicer.tick(); // a first read of a long log looks at thousands of results
    if (pause) await pause;
    const entry = item.entry;
    if (!entry || item.origin === 'summary' || entry.message.role !== 'tool') continue;
    const current = item.message.content;
    if (typeof current === 'string') continue;
    const texts = new Map<string, string>();
    const originals = resultParts(entry.message);
    for (const part of current) {
      if (part.type !== 'tool-result' || ctx.excludeTools.has(part.toolName)) continue;
      const original = originals.get(part.toolCallId);
      if (!original || original.output !== part.output) continue; // already replaced by an earlier step
      if (!pick(item, original) || ctx.citer.outputWithin(entry, original, ctx.minResultTokens)) continue;
      const text = await ctx.citer.citeResult(entry, original);
      if (text === undefined || !replacesOutput(part.output, text)) continue; // a longer citation would not apply
      texts.set(part.toolCallId, text);
      outputs.push({ seq: entry.seq, toolCallId: part.toolCallId, text });
    }
    if (texts.size === 0) continue;
    gain += item.tokens - rewrittenTokens(item, texts, ctx.counter);
    fromSeq = Math.min(fromSeq, entry.seq);
    toSeq = Math.max(toSeq, entry.seq);
  }
  return { outputs, gain, fromSeq, toSeq };
}

/** Rung 1: every old tool result outside the protected tail (and not excluded) becomes a citation. */
export async function planClearToolResults(ctx: PlanContext): Promise<PlannedStep[]> {
  const guarded = reloadedGuard(ctx);
  const r = await citeOutputs(ctx, (item) => item.toSeq < ctx.protectFromSeq && !guarded(item.toSeq));
  if (r.outputs.length === 0) return [];
  return [
    {
      step: 'clear-tool-results',
      fromSeq: r.fromSeq,
      toSeq: r.toSeq,
      outputs: r.outputs,
      gain: r.gain,
      removed: 0,
    },
  ];
}

const isToolExchange = (unit: MessageUnit<LogEntry>) =>
  unit.kind === 'assistant' && isUnitComplete(unit) && unit.items.some((e) => e.message.role === 'tool');

/** Header of a summary message. */
function header(kind: string, fromSeq: number, toSeq: number, id: string): string {
  return `[engram: ${kind} of messages ${fromSeq}–${toSeq}; call context_reload with id "${id}" to see them in full]`;
}

/** Rung 2: each old run of two or more consecutive tool exchanges becomes one summary message. */
export async function planCompactToolRuns(ctx: PlanContext, newId: () => string): Promise<PlannedStep[]> {
  const guarded = reloadedGuard(ctx);
  const bySeq = new Map<number, LadderItem>();
  for (const item of ctx.items) if (item.origin !== 'summary' && item.entry) bySeq.set(item.entry.seq, item);
  const runs: MessageUnit<LogEntry>[][] = [];
  let run: MessageUnit<LogEntry>[] = [];
  const flush = () => {
    if (run.length >= 2) runs.push(run);
    run = [];
  };
  for (const unit of ctx.units) {
    const last = unit.items.at(-1)!.seq;
    const visible = unit.items.every((e) => bySeq.has(e.seq) || e.message.role === 'system');
    if (last >= ctx.protectFromSeq) break;
    if (isToolExchange(unit) && visible && !unit.items.some((e) => guarded(e.seq))) run.push(unit);
    else flush();
  }
  flush();
  const planned: PlannedStep[] = [];
  const slicer = createTimeSlicer(); // a first read of a long log summarizes thousands of runs
  for (const units of runs) {
    const pause = slicer.tick();
    if (pause) await pause;
    const fromSeq = units[0]!.items[0]!.seq;
    const toSeq = units.at(-1)!.items.at(-1)!.seq;
    const items = units.flatMap((u) =>
      u.items.map((e) => bySeq.get(e.seq)).filter((x): x is LadderItem => !!x),
    );
    const before = items.reduce((n, i) => n + i.tokens, 0);
    const id = newId();
    const body = await runSummarizer(ctx.summarizer, { messages: items.map((i) => i.message) });
    const text = `${header('a summary of tool calls', fromSeq, toSeq, id)}\n${body}`;
    const tokens = ctx.counter.count(summaryMessage({ id, createdAt: new Date(0) }, text));
    planned.push({
      id,
      step: 'compact-tool-runs',
      fromSeq,
      toSeq,
      summary: { text, tokens },
      gain: before - tokens,
      removed: items.length - 1,
    });
  }
  return planned;
}

/**
 * Rung 3: everything before the protected tail becomes a running summary (the previous one folded in), except
 * the question being answered: the newest user message of the log stays word for word. The rounds before it
 * become one summary; the current round's steps between it and the tail (a long agent run after one task)
 * become another, each folding in its own earlier summary.
 */
export async function planSummarizeRounds(ctx: PlanContext, newId: () => string): Promise<PlannedStep[]> {
  const guarded = reloadedGuard(ctx);
  const question = ctx.items.findLast((i) => i.origin !== 'summary' && i.entry?.message.role === 'user');
  const inside = ctx.items.filter((i) => i.toSeq < ctx.protectFromSeq && i.message.role !== 'system');
  if (inside.length === 0 || inside.some((i) => guarded(i.toSeq))) return [];
  const at = question ? inside.indexOf(question) : -1;
  const segments = at < 0 ? [inside] : [inside.slice(0, at), inside.slice(at + 1)];
  const planned: PlannedStep[] = [];
  for (const segment of segments) {
    const step = await planSummary(ctx, segment, newId);
    if (step) planned.push(step);
  }
  return planned;
}

/** One running summary of `inside` (consecutive items of the view), folding in the summary already among them. */
async function planSummary(
  ctx: PlanContext,
  inside: readonly LadderItem[],
  newId: () => string,
): Promise<PlannedStep | undefined> {
  if (inside.length < 2) return undefined; // one message is not worth a summary of it
  const previous = [...ctx.steps]
    .reverse()
    .find(
      (s) =>
        s.step === 'summarize-rounds' &&
        isActive(s) &&
        inside.some((i) => i.origin === 'summary' && i.steps[0] === s.id),
    );
  const fresh = previous
    ? inside.filter((i) => !(i.origin === 'summary' && i.steps[0] === previous.id))
    : inside;
  if (fresh.length === 0) return undefined;
  const fromSeq = inside[0]!.fromSeq;
  const toSeq = inside.at(-1)!.toSeq;
  const id = newId();
  const previousBody = previous?.summary?.text.split('\n').slice(1).join('\n');
  const body = await runSummarizer(ctx.summarizer, {
    ...(previousBody ? { previousSummary: previousBody } : {}),
    messages: fresh.map((i) => i.message),
  });
  const text = `${header('a summary of the conversation', fromSeq, toSeq, id)}\n${body}`;
  const tokens = ctx.counter.count(summaryMessage({ id, createdAt: new Date(0) }, text));
  const before = inside.reduce((n, i) => n + i.tokens, 0);
  return {
    id,
    step: 'summarize-rounds',
    fromSeq,
    toSeq,
    summary: { text, tokens },
    gain: before - tokens,
    removed: inside.length - 1,
  };
}

/**
 * Rung 4, the last resort: inside the protected tail, every tool result but the newest unit's becomes a
 * citation; if the view still exceeds `budget`, the newest unit's tool outputs are cut to fit (each cut marked,
 * the full text in the log), the room counted from the unit as the view shows it. A unit with a pending tool call
 * is never touched. Only replacements shorter than what the view shows are planned (no step that changes nothing).
 */
export async function planCompressCurrent(
  ctx: PlanContext,
  budget: number,
  total: number,
): Promise<PlannedStep[]> {
  const newest = ctx.units.at(-1);
  const newestFrom = newest ? newest.items[0]!.seq : Number.POSITIVE_INFINITY;
  const cited = await citeOutputs(ctx, (item) => item.toSeq >= ctx.protectFromSeq && item.toSeq < newestFrom);
  const outputs = [...cited.outputs];
  let gain = cited.gain;
  let fromSeq = cited.fromSeq;
  let toSeq = cited.toSeq;
  if (total - gain > budget && newest && isUnitComplete(newest)) {
    const entries = newest.items.filter((e) => e.message.role !== 'system');
    // The newest unit as the view shows it: an earlier step may have cut it already.
    const shown = ctx.items.filter((i) => i.origin !== 'summary' && i.entry && i.entry.seq >= newestFrom);
    const newestTokens = shown.reduce((n, i) => n + i.tokens, 0);
    const cut = await cutOutputs(ctx, entries, budget - (total - gain - newestTokens));
    // Only cuts shorter than what the view shows apply: an output that fits whole, or that an earlier step cut
    // as short, is left out (else every read over the window would store another step that changes nothing).
    const cutBySeq = Map.groupBy(cut?.outputs ?? [], (o) => o.seq);
    for (const item of cut ? shown : []) {
      const texts = new Map<string, string>();
      const parts = resultParts(item.message);
      for (const o of cutBySeq.get(item.entry!.seq) ?? []) {
        const part = parts.get(o.toolCallId);
        if (part && replacesOutput(part.output, o.text)) texts.set(o.toolCallId, o.text);
      }
      if (texts.size === 0) continue;
      for (const [toolCallId, text] of texts) outputs.push({ seq: item.entry!.seq, toolCallId, text });
      fromSeq = Math.min(fromSeq, item.entry!.seq);
      toSeq = Math.max(toSeq, item.entry!.seq);
      gain += item.tokens - rewrittenTokens(item, texts, ctx.counter);
    }
  }
  if (outputs.length === 0) return [];
  return [{ step: 'compress-current', fromSeq, toSeq, outputs, gain, removed: 0 }];
}

/**
 * Cuts every text or JSON tool output of `entries` (one unit) to the longest common length at which the unit
 * fits `room` tokens, found by binary search; each cut output keeps its head and ends with a marker naming the
 * content item that holds the whole result (stored first). Undefined when even empty outputs do not fit.
 */
async function cutOutputs(
  ctx: PlanContext,
  entries: readonly LogEntry[],
  room: number,
): Promise<{ outputs: ReplacedOutput[]; tokens: number } | undefined> {
  if (room <= 0) return undefined;
  const targets: { entry: LogEntry; part: ToolResultPart; text: string; id: string }[] = [];
  for (const entry of entries) {
    if (typeof entry.message.content === 'string' || entry.message.role !== 'tool') continue;
    for (const part of entry.message.content) {
      if (part.type !== 'tool-result' || !('value' in part.output) || part.output.type === 'content')
        continue;
      if ((await ctx.citer.citeResult(entry, part)) === undefined) continue; // stored, so the marker can name it
      targets.push({
        entry,
        part,
        text: toolOutputText(part.output),
        id: ctx.citer.itemId(entry.message.id, part.toolCallId),
      });
    }
  }
  if (targets.length === 0) return undefined;
  const render = (cap: number) => {
    const outputs: ReplacedOutput[] = targets.map((t) => {
      let end = Math.min(cap, t.text.length);
      const code = t.text.charCodeAt(end - 1);
      if (end > 0 && end < t.text.length && code >= 0xd800 && code <= 0xdbff) end--;
      const marker = `[engram: cut to fit the context — the first ${groupDigits(end)} of ${groupDigits(t.text.length)} characters are shown; the whole result is content item "${t.id}": call retrieve_from_memory for the rest]`;
      return {
        seq: t.entry.seq,
        toolCallId: t.part.toolCallId,
        text: end === t.text.length ? t.text : `${t.text.slice(0, end)}\n${marker}`,
      };
    });
    let tokens = 0;
    const bySeq = Map.groupBy(outputs, (o) => o.seq);
    for (const entry of entries) {
      const texts = new Map((bySeq.get(entry.seq) ?? []).map((o) => [o.toolCallId, o.text]));
      tokens +=
        texts.size === 0
          ? entry.tokens
          : rewrittenTokens(
              { message: entry.message, tokens: entry.tokens } as LadderItem,
              texts,
              ctx.counter,
            );
    }
    return { outputs, tokens };
  };
  let lo = 0;
  let hi = Math.max(...targets.map((t) => t.text.length));
  if (render(0).tokens > room) return undefined;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (render(mid).tokens <= room) lo = mid;
    else hi = mid - 1;
  }
  return render(lo);
}
