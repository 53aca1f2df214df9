import type { ToolResultCiter } from '../../content/cite-tool-results.ts';
import { ContextOverflowError } from '../../core/errors/context-overflow-error.ts';
import { createId } from '../../core/ids.ts';
import type { LogEntry, MemoryMessage } from '../../core/message.ts';
import type { ConversationMemory } from '../../memory/conversation-memory.ts';
import { groupUnits, isUnitComplete, newestLiveUnit, sendableItems } from '../../messages/units.ts';
import type { TokenCounter } from '../../tokens/token-counter.ts';
import type { Summarizer } from '../summarizer.ts';
import type { ViewLog } from '../view-log.ts';
import { applyLadder, type LadderCache, type LadderItem, supersededSteps } from './apply-ladder.ts';
import type { ResolvedAutoContextOptions } from './auto-context-options.ts';
import { type LadderStep, type LadderStepKind, saveLadderStep } from './ladder-artifacts.ts';
import type { LadderSnapshot } from './ladder-assembly.ts';
import { cutPrefix, findCut, type LadderCut } from './ladder-cut.ts';
import {
  type PlanContext,
  type PlannedStep,
  planClearToolResults,
  planCompactToolRuns,
  planCompressCurrent,
  planSummarizeRounds,
} from './plan-steps.ts';

/** Figures of the last `read()`. */
export interface AutoContextStats {
  /** Tokens of the messages returned. */
  tokens: number;
  /** Tokens of the whole log (what a naive history would send). */
  logTokens: number;
  /** Messages returned. */
  messages: number;
  /** Whether a trigger fired on this read. */
  triggered: boolean;
  /** The rungs that ran on this read, in order. */
  ran: LadderStepKind[];
  /** Active steps per rung (all reads). */
  active: Record<LadderStepKind, number>;
  /** Whether the context is still over a threshold after the ladder (no rung could gain enough). */
  overThreshold: boolean;
}

/** The rungs of the ladder, cheapest first. */
export const rungs: readonly LadderStepKind[] = [
  'clear-tool-results',
  'compact-tool-runs',
  'summarize-rounds',
  'compress-current',
];

/** What one AutoContextMemory read works with: the view's options and parts, and the log as just synced. */
export interface LadderRun {
  options: ResolvedAutoContextOptions;
  conversation: ConversationMemory;
  /** The view's log, synced and holding every live entry from `heldFrom` on. */
  log: ViewLog;
  /** The first sequence number held: 1, or just after a cut ({@link findCut}) whose units group as in the whole log. */
  heldFrom: number;
  /** The log's first live non-system sequence number (undefined when it has none). */
  head: number | undefined;
  /** Every ladder step of the session, oldest first (as stored before this read). */
  steps: readonly LadderStep[];
  /** The log's stats at the sync. */
  logStats: { tokens: number; count: number; lastSeq: number };
  citer: ToolResultCiter;
  summarizer: Summarizer;
  counter: TokenCounter;
  cache: LadderCache;
}

const total = (items: readonly LadderItem[]) => items.reduce((n, i) => n + i.tokens, 0);

/**
 * One read of an AutoContextMemory: the log with citations, the session's ladder steps applied, and — when a
 * trigger fires — the rungs run cheapest first until the context is back under its target, each new step stored
 * as an artifact once the read's rungs are done. Throws `ContextOverflowError` when even that leaves the context
 * over `maxTokens`.
 */
export async function runLadder(run: LadderRun): Promise<{
  messages: MemoryMessage[];
  stats: AutoContextStats;
  shot: LadderSnapshot;
  steps: LadderStep[];
}> {
  const { options: o, log, counter, cache, conversation } = run;
  const lastSeq = run.logStats.lastSeq;
  let heldFrom = run.heldFrom;
  let base = await citedEntries(run, log.entries);
  let steps = [...run.steps];
  let cut: LadderCut | undefined;
  /** The context the steps make of the log: from the cut on when the held entries reach it, else the whole log. */
  const map = async (): Promise<LadderItem[]> => {
    cut = findCut(steps, run.head);
    if (cut && cut.toSeq + 1 >= heldFrom) {
      const toSeq = cut.toSeq;
      const after = base.filter((e) => e.seq > toSeq);
      const head = run.head!;
      const prefix = cutPrefix(cut, log.systems.entries, head);
      return [...prefix, ...applyLadder(after, cut.rest, counter, cache, { skipSuperseded: false })];
    }
    cut = undefined;
    if (heldFrom > 1) {
      await log.holdFrom(1);
      heldFrom = 1;
      base = await citedEntries(run, log.entries);
    }
    return applyLadder(base, steps, counter, cache);
  };
  let items = await map();
  const tokenLimit = Math.floor(o.tokenRatio * o.maxTokens);
  const over = () => items.length > o.msgThreshold || total(items) > tokenLimit;
  const triggered = over();
  if (triggered) await counter.load?.(); // the rungs count: the tables load in slices, not in one stall
  // Once triggered, compact down to `compactTo` of the thresholds, so the next trigger is some growth away.
  const messageTarget = Math.floor(o.msgThreshold * o.compactTo);
  const tokenTarget = Math.floor(tokenLimit * o.compactTo);
  const aboveTarget = () => items.length > messageTarget || total(items) > tokenTarget;
  const ran: LadderStepKind[] = [];
  const context = (protectFromSeq: number): PlanContext => ({
    items,
    entries: base,
    units: log.units,
    steps,
    protectFromSeq,
    counter,
    citer: run.citer,
    excludeTools: o.excludeTools,
    minResultTokens: o.minResultTokens,
    summarizer: run.summarizer,
    lastSeq,
    reloadKeep: o.reloadKeep,
  });
  /** Steps of this read, stored once the read's rungs are done (those a later one supersedes never are). */
  const pending: LadderStep[] = [];
  /** Adds planned steps to the read's steps and applies them. */
  const commit = async (rung: LadderStepKind, planned: readonly PlannedStep[], newId: () => string) => {
    let before = total(items);
    const added: LadderStep[] = [];
    for (const p of planned) {
      const { gain: _g, removed: _r, ...rest } = p;
      const step: LadderStep = {
        ...rest,
        id: p.id ?? newId(),
        createdAt: new Date(),
        tokensBefore: before,
        tokensAfter: before - p.gain,
      };
      before -= p.gain;
      added.push(step);
    }
    // Thousands of steps at a first read of a long log: appended once, not copied per step.
    steps = steps.concat(added);
    for (const step of added) pending.push(step);
    items = await map();
    ran.push(rung);
  };
  for (const rung of rungs) {
    if (!triggered || !aboveTarget()) break;
    const now = total(items);
    if (rung === 'compress-current' && now <= o.maxTokens) break;
    const ctx = context(protectFrom(o, base, log.units));
    const newId = () => createId(`ctx_${rung.split('-')[0]}`);
    const planned: PlannedStep[] =
      rung === 'clear-tool-results'
        ? await planClearToolResults(ctx)
        : rung === 'compact-tool-runs'
          ? await planCompactToolRuns(ctx, newId)
          : rung === 'summarize-rounds'
            ? await planSummarizeRounds(ctx, newId)
            : await planCompressCurrent(ctx, o.maxTokens, now);
    const gain = planned.reduce((n, p) => n + p.gain, 0);
    const removed = planned.reduce((n, p) => n + p.removed, 0);
    const messageTrigger = items.length > messageTarget;
    // A message-count trigger is met by removing messages, even when a summary of short messages costs
    // as many tokens as they did, as long as the view stays within the token trigger.
    const fewer = messageTrigger && removed > 0 && now - gain <= tokenLimit;
    const worth = gain >= o.minGainTokens || fewer || rung === 'compress-current';
    if (planned.length === 0 || !worth || (gain <= 0 && !fewer)) continue;
    await commit(rung, planned, newId);
  }
  if (total(items) > o.maxTokens) {
    // Still over the window: the protected tail gives way too; everything before the newest unit (or the
    // newest unit still waiting for tool results) is summarized.
    const newest = log.units.at(-1);
    if (newest) {
      const newId = () => createId('ctx_summarize');
      const planned = await planSummarizeRounds(context(newest.items[0]!.seq), newId);
      if (planned.length > 0 && planned[0]!.gain > 0) await commit('summarize-rounds', planned, newId);
    }
  }
  if (total(items) > o.maxTokens) {
    // Still over with everything older summarized: the newest unit's results are cut to fit, as a later read
    // would do from the stored summary (the last rung again, now that the summary left it the room).
    const now = total(items);
    const newId = () => createId('ctx_compress');
    const planned = await planCompressCurrent(context(protectFrom(o, base, log.units)), o.maxTokens, now);
    // As on the ladder: a step that gains nothing is not stored (it would be stored again at every read).
    if (planned.length > 0 && planned[0]!.gain > 0) await commit('compress-current', planned, newId);
  }
  const superseded = supersededSteps(steps);
  for (const step of pending) if (!superseded.has(step)) await saveLadderStep(conversation, step);
  const isPending = new Set(pending);
  steps = steps.filter((st) => !isPending.has(st) || !superseded.has(st));
  // The ladder works on the whole log; what a model refuses is left out of what is sent, after it (so summaries
  // and the cut stay as they are): a result whose call was deleted, or is inside a summary (a late result), a
  // call left without its result before the newest unit.
  const sent = sendableItems(groupUnits(items, { message: (i) => i.message }), (i) => i.message);
  const tokens = total(sent);
  if (tokens > o.maxTokens) {
    throw new ContextOverflowError({
      requiredTokens: tokens,
      budgetTokens: o.maxTokens,
      detail: 'the context exceeds maxTokens after every compaction step',
    });
  }
  const active = Object.fromEntries(rungs.map((r) => [r, 0])) as Record<LadderStepKind, number>;
  for (const s of steps) if (s.reloadedAtSeq === undefined) active[s.step]++;
  return {
    messages: sent.map((i) => i.message),
    shot: snapshot(run, sent, steps, cut),
    steps,
    stats: {
      tokens,
      logTokens: run.logStats.tokens,
      messages: sent.length,
      triggered,
      ran,
      active,
      overThreshold: over(),
    },
  };
}

/**
 * What the assembly needs of a read: the entries after the cut (and the system entries before it), and for the
 * cut's summary the messages and tokens it stands for, from the log's stats (every live entry up to the cut that
 * is not a system message is inside it).
 */
function snapshot(
  run: LadderRun,
  items: LadderItem[],
  steps: LadderStep[],
  cut: LadderCut | undefined,
): LadderSnapshot {
  const maxTokens = run.options.maxTokens;
  if (!cut) return { entries: run.log.entries.slice(), items, steps, maxTokens };
  const toSeq = cut.toSeq;
  const systems = run.log.systems.entries.filter((e) => e.seq <= toSeq);
  const after = run.log.entries.filter((e) => e.seq > toSeq);
  const sum = (list: readonly LogEntry[]) => list.reduce((n, e) => n + e.tokens, 0);
  const covered = {
    messages: run.logStats.count - after.length - systems.length,
    tokens: run.logStats.tokens - sum(after) - sum(systems),
  };
  return { entries: [...systems, ...after], items, steps, maxTokens, covered: { [cut.step.id]: covered } };
}

/** The log's entries with large tool results cited after first use (as they are when citations are off). */
async function citedEntries(run: LadderRun, entries: readonly LogEntry[]): Promise<LogEntry[]> {
  if (run.options.citations === false) return [...entries];
  const cited = await run.citer.cite(entries);
  return entries.map((e, i) =>
    cited.messages[i] === e.message ? e : { ...e, message: cited.messages[i]!, tokens: cited.tokens[i]! },
  );
}

/**
 * The first sequence number of the protected tail: the newest whole units holding the newest `lastKeep`
 * messages, as long as they stay within `lastKeepTokens` (as the view shows them; the newest unit always
 * counts), and never after the start of a newest unit still waiting for tool results.
 */
function protectFrom(
  o: ResolvedAutoContextOptions,
  shown: readonly LogEntry[],
  units: PlanContext['units'],
): number {
  if (shown.length === 0) return 1;
  let from = shown.at(-1)!.seq + 1;
  const tokensOf = new Map(shown.map((e) => [e.seq, e.tokens]));
  let messages = 0;
  let tokens = 0;
  for (let u = units.length - 1; u >= 0 && messages < o.lastKeep; u--) {
    const unit = units[u]!;
    const cost = unit.items.reduce((n, e) => n + (tokensOf.get(e.seq) ?? e.tokens), 0);
    if (messages > 0 && tokens + cost > o.lastKeepTokens) break;
    from = unit.items[0]!.seq;
    messages += unit.items.length;
    tokens += cost;
  }
  // The step that may still wait for its results is the newest unit that is no orphan (a stray result after it).
  const newest = units[newestLiveUnit(units)];
  if (newest && !isUnitComplete(newest)) from = Math.min(from, newest.items[0]!.seq);
  return from;
}
