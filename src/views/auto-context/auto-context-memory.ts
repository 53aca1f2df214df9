import { AsyncLocalStorage } from 'node:async_hooks';
import type { ModelMessage } from 'ai';
import { createToolResultCiter, type ToolResultCiter } from '../../content/cite-tool-results.ts';
import { checkOptions } from '../../core/check-options.ts';
import { ContextOverflowError } from '../../core/errors/context-overflow-error.ts';
import { describeValue } from '../../core/errors/describe-value.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { createId } from '../../core/ids.ts';
import type { LogEntry, MemoryMessage } from '../../core/message.ts';
import { createSerialQueue } from '../../core/serial-queue.ts';
import type { ConversationMemory } from '../../memory/conversation-memory.ts';
import type { Memory } from '../../memory/memory.ts';
import { storesMany } from '../../memory/memory.ts';
import { isUnitComplete } from '../../messages/units.ts';
import type { ContextAssembly } from '../assembly/context-assembly.ts';
import { createViewLog } from '../view-log.ts';
import { applyLadder, type LadderCache, type LadderItem, supersededSteps } from './apply-ladder.ts';
import { type AutoContextOptions, resolveAutoContextOptions } from './auto-context-options.ts';
import { createExtractiveSummarizer } from './extractive-summarizer.ts';
import { type LadderStep, type LadderStepKind, loadLadderSteps, saveLadderStep } from './ladder-artifacts.ts';
import { type LadderSnapshot, ladderAssembly } from './ladder-assembly.ts';
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

/** Seed 002's AutoContextMemory as a view: the compaction ladder over a log, every step an artifact. */
export interface AutoContextView extends Memory<MemoryMessage> {
  /** The conversation under the view. */
  readonly memory: ConversationMemory;
  /** Stores one message, or several in order, in the conversation. */
  store(message: ModelMessage | readonly ModelMessage[]): Promise<void>;
  /** Every ladder step recorded for the session, oldest first (reloaded ones included). */
  steps(): Promise<LadderStep[]>;
  /**
   * `context_reload`: puts a step's range back in full (the step is kept, marked reloaded, and its range is
   * left alone for `reloadKeep` messages). Throws `INVALID_ARGUMENT` for an unknown or already reloaded id.
   */
  reload(stepId: string): Promise<{ restored: number; description: string }>;
  /** Figures of the last `read()`, or undefined before the first. */
  lastStats(): AutoContextStats | undefined;
  /** What the last `read()` sent, by source (ladder summaries and replaced outputs apart), and what it left out. */
  lastAssembly(): ContextAssembly | undefined;
}

const rungs: readonly LadderStepKind[] = [
  'clear-tool-results',
  'compact-tool-runs',
  'summarize-rounds',
  'compress-current',
];

/**
 * AutoContextMemory (seed 002): a view that keeps the context within the model's window by a ladder of
 * steps, cheapest first, applied when a trigger fires — more than `msgThreshold` messages, or more than
 * `tokenRatio × maxTokens` tokens. The rungs: (1) old tool results outside the protected tail (the newest
 * `lastKeep` messages) become content-store citations, calls and ids kept; (2) old runs of consecutive tool
 * exchanges become one summary message; (3) everything before the tail becomes one running summary, the
 * previous summary folded in; (4) the last resort, when the context still exceeds `maxTokens`: results inside
 * the tail become citations and the newest unit's outputs are cut to fit, never a pending tool call, and if that
 * is not enough everything before the newest unit is summarized. A rung
 * runs only when it gains `minGainTokens` (batched, so the provider's prompt cache breaks rarely), each at
 * most once per read. Every step is an artifact beside the log (range, kind, tokens before and after, the
 * replacement), so the context is a pure function of the log and its artifacts: rebuilt identically by any
 * process, inspected with `steps()`, undone with `reload(id)`. Atomic units are never split: rungs replace
 * whole units or tool outputs in place. Large results first appear in full and then as citations, as in
 * `createCitationMemory` (`citations: false` turns that off).
 * @example
 * const view = createAutoContextMemory({ memory, content, maxTokens: 200_000 });
 * const messages = await view.read();
 */
export function createAutoContextMemory(options: AutoContextOptions): AutoContextView {
  checkOptions(options, 'createAutoContextMemory', 'views');
  const o = resolveAutoContextOptions(options);
  const { memory, content } = o;
  const summarizer = o.summarizer ?? createExtractiveSummarizer();
  const counter = content.counter;
  const log = createViewLog(memory);
  const queue = createSerialQueue();
  const inRead = new AsyncLocalStorage<boolean>();
  const cache: LadderCache = new Map();
  const newCiter = () =>
    createToolResultCiter({
      content,
      policy: o.citations === false ? { default: { offload: 'never' } } : o.citations,
      logKey: memory.sessionId,
    });
  let citer: ToolResultCiter = newCiter();
  let logId: string | undefined;
  let last: AutoContextStats | undefined;
  let shot: LadderSnapshot | undefined;

  const baseEntries = async (entries: readonly LogEntry[]): Promise<LogEntry[]> => {
    if (o.citations === false) return [...entries];
    const cited = await citer.cite(entries);
    return entries.map((e, i) =>
      cited.messages[i] === e.message ? e : { ...e, message: cited.messages[i]!, tokens: cited.tokens[i]! },
    );
  };

  /**
   * The first sequence number of the protected tail: the newest whole units holding the newest `lastKeep`
   * messages, as long as they stay within `lastKeepTokens` (as the view shows them; the newest unit always
   * counts), and never after the start of a newest unit still waiting for tool results.
   */
  const protectFrom = (shown: readonly LogEntry[], units: PlanContext['units']): number => {
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
    const newest = units.at(-1);
    if (newest && !isUnitComplete(newest)) from = Math.min(from, newest.items[0]!.seq);
    return from;
  };

  const total = (items: readonly LadderItem[]) => items.reduce((n, i) => n + i.tokens, 0);

  return {
    memory,
    lastStats: () => last,
    lastAssembly: () => (shot ? ladderAssembly(shot, counter) : undefined),
    steps: () => loadLadderSteps(memory),
    async reload(stepId) {
      const steps = await loadLadderSteps(memory);
      const step = steps.find((s) => s.id === stepId);
      if (!step || step.reloadedAtSeq !== undefined) {
        throw new MemoryError({
          code: 'INVALID_ARGUMENT',
          component: 'views',
          message: step
            ? `ladder step ${describeValue(stepId)} is already reloaded`
            : `no ladder step ${describeValue(stepId)} in this session`,
        });
      }
      const { lastSeq } = await memory.stats();
      await saveLadderStep(memory, { ...step, reloadedAtSeq: lastSeq });
      const restored = step.outputs?.length ?? step.toSeq - step.fromSeq + 1;
      return {
        restored,
        description: `${step.step} of messages ${step.fromSeq}–${step.toSeq} is shown in full again`,
      };
    },
    read: () => {
      if (inRead.getStore()) {
        throw new MemoryError({
          code: 'INVALID_ARGUMENT',
          component: 'views',
          message:
            'AutoContextMemory.read() was called from inside its own compaction (a summarizer reading the view)',
        });
      }
      return queue.run(() =>
        inRead.run(true, async () => {
          const stats = await log.sync();
          if (logId !== undefined && stats.logId !== logId) {
            citer = newCiter();
            cache.clear();
          }
          logId = stats.logId;
          if (!log.whole) await log.holdFrom(1);
          const entries = log.entries;
          const base = await baseEntries(entries);
          let steps = await loadLadderSteps(memory);
          let items = applyLadder(base, steps, counter, cache);
          const tokenLimit = Math.floor(o.tokenRatio * o.maxTokens);
          const over = () => items.length > o.msgThreshold || total(items) > tokenLimit;
          const triggered = over();
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
            citer,
            excludeTools: o.excludeTools,
            minResultTokens: o.minResultTokens,
            summarizer,
            lastSeq: stats.lastSeq,
            reloadKeep: o.reloadKeep,
          });
          /** Stores planned steps as artifacts and applies them. */
          /** Steps of this read, stored once the read's rungs are done (those a later one supersedes never are). */
          const pending: LadderStep[] = [];
          const commit = (rung: LadderStepKind, planned: readonly PlannedStep[], newId: () => string) => {
            let before = total(items);
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
              steps = [...steps, step];
              pending.push(step);
            }
            items = applyLadder(base, steps, counter, cache);
            ran.push(rung);
          };
          for (const rung of rungs) {
            if (!triggered || !aboveTarget()) break;
            const now = total(items);
            if (rung === 'compress-current' && now <= o.maxTokens) break;
            const ctx = context(protectFrom(base, log.units));
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
            commit(rung, planned, newId);
          }
          if (total(items) > o.maxTokens) {
            // Still over the window: the protected tail gives way too; everything before the newest unit (or the
            // newest unit still waiting for tool results) is summarized.
            const newest = log.units.at(-1);
            if (newest) {
              const newId = () => createId('ctx_summarize');
              const planned = await planSummarizeRounds(context(newest.items[0]!.seq), newId);
              if (planned.length > 0 && planned[0]!.gain > 0) commit('summarize-rounds', planned, newId);
            }
          }
          const superseded = supersededSteps(steps);
          for (const step of pending) if (!superseded.has(step)) await saveLadderStep(memory, step);
          steps = steps.filter((st) => !pending.includes(st) || !superseded.has(st));
          const tokens = total(items);
          if (tokens > o.maxTokens) {
            throw new ContextOverflowError({
              requiredTokens: tokens,
              budgetTokens: o.maxTokens,
              detail: 'the context exceeds maxTokens after every compaction step',
            });
          }
          const active = Object.fromEntries(rungs.map((r) => [r, 0])) as Record<LadderStepKind, number>;
          for (const s of steps) if (s.reloadedAtSeq === undefined) active[s.step]++;
          shot = { entries: entries.slice(), items, steps, maxTokens: o.maxTokens };
          last = {
            tokens,
            logTokens: stats.tokens,
            messages: items.length,
            triggered,
            ran,
            active,
            overThreshold: over(),
          };
          return items.map((i) => i.message);
        }),
      );
    },
    store: (message: ModelMessage | readonly ModelMessage[]) => memory.store(message),
    appended: () => memory.appended(),
    [storesMany]: true,
  };
}
