import type { AssistantContent, FinishReason, ModelMessage, StepResult, ToolSet, UserContent } from 'ai';
import { withDeferredDurability } from '../../core/deferred-durability.ts';
import type { MemoryMessage } from '../../core/message.ts';
import {
  carryInUse,
  createRideCarry,
  outsideRide,
  type RideCarry,
  withRide,
} from '../../core/ride-on-append.ts';
import { createTimeSlicer } from '../../core/time-slicer.ts';
import type { OfferedRecord } from '../../longterm/riding-long-term-records.ts';
import { retentionAt } from '../../memory/retention-policy.ts';
import { sessionKey } from '../../memory/session-key.ts';
import type { ContextView } from '../../views/context-view.ts';
import { recallFor, recallTokensFor, recordOnLastStep, recordRun, textOf } from './agent-recall.ts';
import { runStep } from './agent-step.ts';
import type { AgentResult, MemoryRetention } from './agent-types.ts';
import { bad, type RunParts } from './agent-wiring.ts';
import { modelContextWindow } from './model-context-window.ts';
import { addUsage, emptyUsage } from './step-stream.ts';

/**
 * One run of the agent loop over its parts: stores the prompt (its id comes back from `store`; it is in the log at
 * once, since the view reads it for the first step, and power-loss durable with that step's commit), recalls long-term
 * memory before the first step, runs steps until one ends without tool calls, a stop condition says so, a call is
 * left unanswered or the run is aborted; then reads the view once more (the execution record), records the run's
 * messages in long-term memory, tells `ended` how it ended, applies the retention and emits `agent-end`. Each step
 * (its read, the model, its store) runs in a ride (`withRide`): what the read writes (content offloads, a view's
 * derived artifacts such as AutoContext's ladder steps) commits with the step's messages and assembly record, in one
 * transaction on the SQL stores, so a crash leaves the step whole or absent; what the closing read derives waits for
 * the next run's first step on the view (written alone when none comes within a second, or before a normal exit). The run's long-term record rides on the
 * append of the step that ends it (`recordOnLastStep`) when the memory writes to the same SQL store and starts no
 * background work; else, or when it did not commit there, it is written after the loop.
 */
export async function runAgent(
  run: RunParts,
  prompt: string | UserContent,
  from: string | undefined,
  ended: (finishReason: FinishReason | 'aborted') => void,
): Promise<AgentResult> {
  const { config, view, channel, signal } = run;
  const ltm = run.wiring.staticRecall ? config.longTermMemory : undefined;
  channel.push({ type: 'agent-start', agent: config.name, prompt });
  const asked: ModelMessage =
    from === undefined
      ? { role: 'user', content: prompt }
      : ({ role: 'user', content: prompt, agent: { from, to: config.name, kind: 'call' } } as ModelMessage);
  /** What this run stored, in order: its prompt, then each step's assistant and tool messages. */
  // The prompt is in the log at once (the view reads it for the first step), and durable with that step's commit.
  // Outside any ride: a sub-agent's prompt, stored inside its caller's step, must not take that step's writes.
  const stored: MemoryMessage[] = await withDeferredDurability(() => outsideRide(() => view.store(asked)));
  const promptId = stored.at(-1)?.id;
  // The conversation's time, for relative dates in the prompt ("yesterday"): when the prompt was stored.
  const promptAt = stored.at(-1)?.createdAt;
  let recall: string | undefined;
  let pendingToolCalls: AgentResult['pendingToolCalls'] = [];
  let pendingStep: ModelMessage[] = [];
  let usage = emptyUsage();
  let finishReason: FinishReason | 'aborted' = 'stop';
  const steps: StepResult<ToolSet>[] = [];
  // The stores' calls are synchronous on SQLite: the loop gets a turn between a step's phases when they run long.
  const slicer = createTimeSlicer();
  /** The run's long-term record, when offered to the last step's append. */
  let recorded: OfferedRecord | undefined;
  /** What the view's closing read of an earlier run derived (a ladder step): it rides on this run's first step. */
  const carryKey = view.conversation && sessionKey(view.conversation);
  const carry = carryOf(view, carryKey);
  let messages: Awaited<ReturnType<typeof view.read>>;
  try {
    for (let step = 0; ; step++) {
      if (signal?.aborted) {
        finishReason = 'aborted';
        break;
      }
      // One transaction for the step: what its read writes (content offloads, ladder steps) rides on the step's append
      // with its messages and assembly record; anything else a read writes is derived from the log, durable with it.
      const outcome = await withRide(
        async () => {
          const read = await withDeferredDurability(() => view.read());
          // Taken at once (the recall budget too): another run on the same view may read it before this step goes on.
          const viewAssembly = run.recording ? view.lastAssembly() : undefined;
          const viewBudget = view.lastAssembly()?.budget;
          await slicer.tick();
          // Recalled once, before the first step: records of messages the model already sees are left out.
          // A run aborted while its recall waits (for the embedding model) ends as aborted, as in a step.
          recall ??= ltm
            ? await recallFor(ltm.memory, prompt, view, read, {
                // Without a view budget, the model's window where it is known (a memory that is no budgeted view).
                maxTokens: recallTokensFor(ltm.recallTokens, viewBudget ?? modelContextWindow(config.model)),
                // Counted through the agent's kept counts: the same records' blocks recur from run to run.
                counter: run.wiring.counts.counterWith(run.counter),
                ...(promptAt ? { now: promptAt } : {}),
                ...(signal ? { signal } : {}),
              }).catch((error: unknown) => {
                if (signal?.aborted) return undefined;
                throw error;
              })
            : '';
          if (recall === undefined) return { kind: 'aborted' as const };
          await slicer.tick();
          return runStep(run, {
            step,
            read,
            viewAssembly,
            recall,
            promptId,
            ...(ltm
              ? { endsRun: (count: number) => (recorded = recordOnLastStep(ltm.memory, view, stored, count)) }
              : {}),
          });
        },
        { carry },
      );
      await slicer.tick();
      if (outcome.kind === 'aborted') {
        finishReason = 'aborted';
        break;
      }
      if (outcome.done) steps.push(outcome.done);
      usage = addUsage(usage, outcome.usage);
      if (outcome.kind === 'pending') {
        pendingToolCalls = outcome.pendingToolCalls;
        pendingStep = outcome.pendingStep;
        finishReason = 'tool-calls';
        break;
      }
      stored.push(...outcome.stored);
      finishReason = outcome.finishReason;
      if (finishReason !== 'tool-calls') break;
      let stop = false;
      for (const condition of run.wiring.conditions) if (await condition({ steps })) stop = true;
      if (stop) break;
    }
    // The closing read (the execution record): what it derives (a ladder step the last step's messages made due)
    // waits for the next run's first step on this view and commits with it, instead of in a commit of its own; the
    // view's conversation shows it meanwhile. When no run comes within `carryWaitMs` (1 s: a user answering later),
    // or before a normal exit, it is written alone, off this run's path.
    messages = await withRide(() => withDeferredDurability(() => view.read()), { carry, keep: true });
  } finally {
    // Whatever the run's outcome (a step that throws: the model or a store failed), an idle carry is dropped.
    if (carryKey !== undefined) dropIdle(carryKey, carry);
  }
  const appended = await view.appended();
  // This run's answer: its own last assistant message (another run on the view may have appended since).
  const last = [...stored].reverse().find((m) => m.role === 'assistant');
  const response = last?.content as AssistantContent | undefined;
  // Recorded with the last step's append when it could ride on it (one commit), else now.
  if (ltm && finishReason !== 'aborted' && !recorded?.written()) await recordRun(ltm.memory, stored);
  ended(finishReason);
  await applyRetention(view, config.memoryRetention ?? 'session');
  channel.push({ type: 'agent-end', agent: config.name, response, finishReason, usage });
  channel.close();
  return {
    response,
    text: textOf(response),
    messages,
    appended,
    steps: steps.length,
    finishReason,
    usage,
    pendingToolCalls,
    pendingStep,
  };
}

/**
 * Per session (of a store object, {@link sessionKey}), or per view when it has no conversation, the writes its runs'
 * closing reads left for the next run's first step: a chat handler opens a new conversation and view for every
 * request, and the next turn's run takes in what the last one kept. Idle ones are dropped.
 */
const carries = new Map<string, RideCarry>();
const viewCarries = new WeakMap<object, RideCarry>();

/** The {@link RideCarry} of `view`'s runs: its session's (`key`), or its own when it has no conversation. */
function carryOf(view: ContextView<ModelMessage>, key: string | undefined): RideCarry {
  let carry = key === undefined ? viewCarries.get(view) : carries.get(key);
  if (carry === undefined) {
    if (key === undefined) {
      carry = createRideCarry();
      viewCarries.set(view, carry);
    } else {
      const made: RideCarry = createRideCarry({ written: () => dropIdle(key, made) });
      carries.set(key, made);
      carry = made;
    }
  }
  return carry;
}

/** How many sessions' carries are kept now (for tests: a session's is dropped once its runs ended and it is idle). */
export function sessionCarriesHeld(): number {
  return carries.size;
}

/** Drops the session's carry `carry` once it holds nothing (the next run on the session makes a new one). */
function dropIdle(key: string, carry: RideCarry): void {
  if (!carryInUse(carry) && carries.get(key) === carry) carries.delete(key);
}

/** Applies seed 003's retention at the end of a run: `single_run` clears the view's conversation. */
async function applyRetention(view: ContextView<ModelMessage>, retention: MemoryRetention): Promise<void> {
  if (retentionAt(retention, 'run') !== 'clear') return;
  if (!view.conversation)
    throw bad(
      "memoryRetention 'single_run' needs a memory on a stored conversation to clear (every engram memory and view)",
    );
  await view.conversation.clear();
}
