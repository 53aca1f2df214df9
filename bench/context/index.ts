/**
 * Per-turn context assembly as a tool-heavy session grows to 100,000 messages under a 100,000-token budget,
 * side by side in one run (`npm run bench -- --only context-assembly`; `--quick` for a smoke run):
 *   engram     — one awaited `view.store(step)` per step of the turn (the user message; each assistant message with its tool results), then `tokenWindow.read()`, in
 *                process and on SQLite at `power` and `process` durability
 *   LangChain  — `trimMessages(boundedTail, …)` with a prefix-sum token counter (the leading system messages and
 *                the newest messages within the budget by prefix sums), and on some turns `trimMessages(allMessages,
 *                …)` with the same counter and with the per-message memo it replaced: outputs must be identical
 *   AI SDK     — `pruneMessages(allMessages, …)` then a gpt-tokenizer count of the result
 */

import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ModelMessage } from 'ai';
import { createScriptedConversation, splitTurns } from '../../src/testing/scripted-conversation.ts';
import { countModelMessages } from '../peer-messages.ts';
import { int, type Suite } from '../report.ts';
import { engramPlaces, openEngram } from './engram-contenders.ts';
import { renderContextSection } from './section.ts';
import { naiveTrim, type SamplePlan, simulate } from './simulate.ts';

const SEED = 2026;

/** Sizes of a run. */
export interface ContextPlan {
  /** Messages in the session. */
  total: number;
  /** Log sizes at which turns are timed. */
  checkpoints: number[];
  /** Turns timed at each checkpoint. */
  perCheckpoint: number;
  /** Timed turns per checkpoint also trimmed over the whole history (output compared with the bounded tail's). */
  wholePerCheckpoint: (checkpoint: number) => number;
  /** Timed turns per checkpoint also run with the old per-message memo (output compared); at most the whole-history ones. */
  verifyPerCheckpoint: (checkpoint: number) => number;
}

/** The full run or the quick one. */
export function contextPlan(quick: boolean): ContextPlan {
  return quick
    ? {
        total: 600,
        checkpoints: [200, 600],
        perCheckpoint: 2,
        wholePerCheckpoint: () => 2,
        verifyPerCheckpoint: (c) => (c < 600 ? 2 : 0),
      }
    : {
        total: 100_000,
        checkpoints: [1_000, 10_000, 100_000],
        perCheckpoint: 5,
        // At 100,000 messages the whole-history trim takes ~50 s a call and the memo ~800 s (measured at 3236fea):
        // one whole-history turn there and no memo, so the section runs in minutes rather than 23.
        wholePerCheckpoint: (c) => (c <= 10_000 ? 5 : 1),
        verifyPerCheckpoint: (c) => (c <= 10_000 ? 5 : 0),
      };
}

/** A turn the way issue 7 describes a realistic one: a user message, three tool steps, a reply (8 messages). */
function isEightStepTurn(turn: readonly ModelMessage[]): boolean {
  const roles = turn.map((m) => m.role).join(',');
  return roles === 'user,assistant,tool,assistant,tool,assistant,tool,assistant';
}

/** The sampled turns: the `per` eight-message turns ending nearest at or before each checkpoint. */
function sampleTurns(turns: readonly ModelMessage[][], plan: ContextPlan): SamplePlan {
  const sampled = new Map<number, number>();
  const verified = new Set<number>();
  const whole = new Set<number>();
  const warm = new Set<number>();
  const ends: number[] = [];
  let n = 0;
  for (const turn of turns) {
    n += turn.length;
    ends.push(n);
  }
  for (const c of plan.checkpoints) {
    let last = ends.findIndex((e) => e >= c);
    if (last < 0 || ends[last]! > c) last = last < 0 ? turns.length - 1 : last - 1;
    const picked: number[] = [];
    for (let i = last; i >= 0 && picked.length < plan.perCheckpoint; i--)
      if (isEightStepTurn(turns[i]!)) picked.push(i);
    for (const i of picked) sampled.set(i, c);
    const take = (n: number) => (n > 0 ? picked.slice(-n) : []);
    for (const i of take(plan.wholePerCheckpoint(c))) whole.add(i);
    for (const i of take(plan.verifyPerCheckpoint(c))) verified.add(i);
    // Every untimed turn from the one before the first timed turn on reads its window, as a loop would.
    for (let i = Math.max(0, Math.min(...picked) - 1); i < Math.max(...picked); i++) warm.add(i);
  }
  return {
    checkpointOf: (t) => sampled.get(t),
    whole: (t) => whole.has(t),
    verify: (t) => verified.has(t),
    warm: (t) => warm.has(t),
  };
}

/** The context-assembly suite. */
export const contextAssembly: Suite = async (options) => {
  const { quick, log } = options;
  const plan = contextPlan(quick);
  const started = performance.now();
  const loadAtStart = os.loadavg()[0]!;
  const dir = mkdtempSync(join(tmpdir(), 'engram-bench-context-'));
  try {
    log(`generating a ${int(plan.total)}-message scripted session (seed ${SEED})…`);
    const messages = createScriptedConversation({ seed: SEED, messages: plan.total });
    const turns = splitTurns(messages);
    const sampling = sampleTurns(turns, plan);

    log(`warming up on a separate ${quick ? 150 : 400}-message session…`);
    const warm = createScriptedConversation({ seed: SEED + 1, messages: quick ? 150 : 400 });
    const warmers = engramPlaces.map((p) => openEngram(p, dir, 'warm', 100_000));
    const every = (t: number) => t % 4 === 3;
    await simulate(warm, warmers, {
      checkpointOf: (t) => (every(t) ? 0 : undefined),
      whole: every,
      verify: every,
      warm: every,
    });
    for (const w of warmers) await w.close();

    log(`measuring turns at ${plan.checkpoints.map(int).join(', ')} messages…`);
    const contenders = engramPlaces.map((p) => openEngram(p, dir, 'bench', 100_000));
    const samples = await simulate(messages, contenders, sampling, log);
    for (const c of contenders) await c.close();
    const naive = quick
      ? undefined
      : await naiveTrim(createScriptedConversation({ seed: SEED, messages: 200 }));
    return {
      id: 'context-assembly',
      markdown: renderContextSection({
        options,
        plan,
        seed: SEED,
        turns: turns.length,
        totalTokens: countModelMessages(messages),
        samples,
        naive,
        seconds: (performance.now() - started) / 1000,
        load: [loadAtStart, os.loadavg()[0]!],
      }),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
