/**
 * The agent-step suite (`npm run bench -- --only agent-step`; `--quick` for a smoke run): engram's `agent()` with the
 * full memory stack (SQLite `power`, AutoContextMemory + content store, static long-term memory, `recordAssembly`)
 * vs the bare AI SDK loop (`streamText` with the same tools, the whole history in an array), on sessions pre-filled
 * to each size, a model that answers at once, five-step runs with 2–50 KB tool results. Each size and contender
 * runs in its own fresh process (engram's session pre-filled by another), contenders alternating which goes first.
 * At 10,000 messages both contenders are measured a second time warm (more untimed runs in the fresh process, on a
 * copy of the same pre-filled file): the steady state of a long-running process, reported beside the cold rows,
 * which stay the verdict; and engram's stack without long-term memory (an ablation) beside each, cold and warm, each
 * on its own copy of the file, so the run states what long-term recall and recording cost a step.
 * `ENGRAM_BENCH_SIZES=1000,10000` picks the sizes.
 */

import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyDurably } from '../copy-durably.ts';
import { benchSizes } from '../harness.ts';
import type { Suite } from '../report.ts';
import type { ChildRequest, ChildResult } from './child.ts';
import { runChild } from './run-child.ts';
import { renderAgentStepSection } from './section.ts';

/** Sizes and repetitions of a run. */
export interface AgentStepPlan {
  /** Messages in the session before the timed runs, one fresh process per size and contender. */
  sizes: number[];
  /** Untimed runs first. */
  warmups: number;
  /** Timed five-step runs. */
  runs: number;
  /** engram's pre-fill batch, in messages. */
  batch: number;
  /**
   * Timed runs of engram in one process at the first size from 1,000 messages on (0: none), to show whether a run
   * costs more the more runs the process served (what one memory appended since it was made).
   */
  longRuns: number;
  /**
   * The warm measurement: both contenders again at `messages` (one of `sizes`), each in a fresh process with
   * `warmups` untimed runs before `runs` timed ones; undefined when the sizes leave that size out.
   */
  warm: WarmPlan | undefined;
  /**
   * Cold pairs at the warm measurement's size (the verdict's), the first among them the pair of the cold rows: each
   * contender in a fresh process, the order alternating pair by pair, engram on a copy of the pre-filled file made
   * before any run (the first pair on the file itself). The verdict there is the median of the pairs' ratios: the
   * bare loop's cold step at 10,000 messages varied from 6.5 to 15.1 ms between three suite runs on this machine
   * one morning, engram's from 14.2 to 19.5.
   */
  pairs: number;
}

/** One cold pair after the first at the verdict's size: both contenders in fresh processes, in `order`. */
export interface ColdPair {
  /** Which ran first. */
  order: ChildRequest['contender'][];
  /** engram's full stack. */
  engram: ChildResult;
  /** The bare loop. */
  bare: ChildResult;
}

/** Where and how long the warm measurement runs. */
export interface WarmPlan {
  /** Messages in the session (engram measures a copy of the file pre-filled for the cold row). */
  messages: number;
  /** Untimed runs first. */
  warmups: number;
  /** Timed five-step runs. */
  runs: number;
}

/**
 * Untimed runs before the warm measurement. Chosen from per-run CPU in one process at 10,000 messages (3 processes
 * per contender, 60 runs each, medians of 5-run windows): engram's falls from 19.5 ms a step (runs 1–5) to 12.8
 * (9–13) and 11.4 (13–17), then moves between ~10 and ~13 with no trend; the bare loop's is flat from run 3 (~10 ms)
 * to run 30, where a major GC costs it a few runs (37–94 ms a step). 12 untimed then 10 timed runs (13–22) measure
 * both past their warm-up and before that GC.
 */
export const WARM_WARMUPS = 12;

/**
 * engram's pre-fill batch: about one agent run's messages (a prompt, its steps' calls and results, the answer) per
 * `record()` call, as `agent()` records each run, so the session holds an episode record per run as a session
 * built by its agent does (a 10,000-message session about 680). Before 62fe155 the suite pre-filled 500 messages a
 * call (20 episode records at 10,000 messages), which spared long-term search the cost of many episodes.
 */
const RUN_BATCH = 12;

/** The full run or the quick one. */
export function agentStepPlan(quick: boolean): AgentStepPlan {
  if (quick) {
    const sizes = benchSizes([400]);
    return {
      sizes,
      warmups: 1,
      runs: 2,
      batch: RUN_BATCH,
      longRuns: 8,
      warm: { messages: sizes.at(-1)!, warmups: 3, runs: 2 },
      pairs: 2,
    };
  }
  const sizes = benchSizes([100, 1_000, 10_000, 50_000]);
  return {
    sizes,
    warmups: 2,
    runs: 5,
    batch: RUN_BATCH,
    longRuns: 60,
    warm: sizes.includes(10_000) ? { messages: 10_000, warmups: WARM_WARMUPS, runs: 10 } : undefined,
    // Five: the same code's cold 10k step moved by a third between suite runs of three pairs (2026-12-03/04).
    pairs: 5,
  };
}

const SEED = 23;

const child = fileURLToPath(new URL('./child.ts', import.meta.url));

/** The agent-step suite. */
export const agentStep: Suite = async (options) => {
  const { quick, log } = options;
  const plan = agentStepPlan(quick);
  const started = performance.now();
  const load = os.loadavg()[0]!;
  const dir = mkdtempSync(join(tmpdir(), 'engram-bench-agent-step-'));
  const results: ChildResult[] = [];
  const warm: ChildResult[] = [];
  /** The cold pairs after the first at the verdict's size (`plan.pairs`). */
  const pairs: ColdPair[] = [];
  /** Where the copy of engram's pre-filled file for cold pair `i` (from 1) goes. */
  const pairDir = (i: number) => join(dir, `pair-${i}`);
  /** Where the warm measurement's copy of engram's pre-filled file goes. */
  const warmDir = join(dir, 'warm');
  /** Where the copy for the warm ablation (engram without long-term memory) goes. */
  const ablationDir = join(dir, 'ablation');
  /** Where the copy for the cold ablation goes (the verdict's size, measured as the cold rows are). */
  const coldAblationDir = join(dir, 'cold-ablation');
  /**
   * Pre-fills engram's session in one process (copied to `warmDir` first when `keep`), then measures in a fresh one;
   * `prefilled` skips the pre-fill and reports `prefilled.prefillSeconds` (the copy's).
   */
  const measure = (request: ChildRequest, keep = false, prefilled?: ChildResult): ChildResult => {
    const built =
      request.contender !== 'bare'
        ? (prefilled ?? (JSON.parse(runChild(child, { ...request, phase: 'build' }, log)) as ChildResult))
        : undefined;
    if (keep && built && !prefilled)
      for (const copy of [
        warmDir,
        ablationDir,
        coldAblationDir,
        ...Array.from({ length: Math.max(0, plan.pairs - 1) }, (_, i) => pairDir(i + 1)),
      ]) {
        mkdirSync(copy, { recursive: true });
        const file = `agent-step-${request.messages}.db`;
        for (const suffix of ['', '-wal', '-shm'])
          if (existsSync(join(dir, file + suffix)))
            copyDurably(join(dir, file + suffix), join(copy, file + suffix));
      }
    const measured = JSON.parse(runChild(child, request, log)) as ChildResult;
    return built ? { ...measured, prefillSeconds: built.prefillSeconds } : measured;
  };
  const checkPragmas = (result: ChildResult) => {
    const p = result.pragmas;
    if (result.request.contender !== 'bare' && (p?.journalMode !== 'wal' || p.synchronous !== '2'))
      throw new Error(
        `agent-step: engram's handle reads back ${JSON.stringify(p)}, not WAL + synchronous=FULL`,
      );
  };
  const coldRuns = { warmups: plan.warmups, runs: plan.runs, batch: plan.batch };
  let long: ChildResult | undefined;
  try {
    for (const [i, messages] of plan.sizes.entries()) {
      const order: ChildRequest['contender'][] = i % 2 === 0 ? ['engram', 'bare'] : ['bare', 'engram'];
      const warmHere = plan.warm?.messages === messages ? plan.warm : undefined;
      for (const contender of order) {
        log(`${contender} at ${messages.toLocaleString('en-US')} messages (fresh process)…`);
        const { warmups, runs, batch } = plan;
        // engram's session is pre-filled by one process and measured by another, as an app resumes a session.
        const result = measure({ contender, messages, seed: SEED, dir, warmups, runs, batch }, !!warmHere);
        checkPragmas(result);
        results.push(result);
      }
      if (warmHere) {
        // The cold ablation: engram's stack without long-term memory, measured as the cold rows are (the verdict's
        // process), on its own copy of the same pre-filled file: what long-term memory costs a cold step.
        log(
          `engram without long-term memory at ${messages.toLocaleString('en-US')} messages (fresh process)…`,
        );
        const engramCold = results.find(
          (r) => r.request.contender === 'engram' && r.request.messages === messages,
        );
        const coldAblation = measure(
          {
            contender: 'engram-no-long-term',
            messages,
            seed: SEED,
            dir: coldAblationDir,
            warmups: plan.warmups,
            runs: plan.runs,
            batch: plan.batch,
          },
          false,
          engramCold,
        );
        checkPragmas(coldAblation);
        results.push(coldAblation);
        // The warm pair runs in the reverse order of the cold one; engram's on a copy of the file pre-filled above.
        for (const contender of order.toReversed()) {
          const { warmups, runs } = warmHere;
          log(
            `${contender} at ${messages.toLocaleString('en-US')} messages, warm (${warmups} untimed runs)…`,
          );
          const cold = results.find(
            (r) => r.request.contender === contender && r.request.messages === messages,
          );
          const request = { contender, messages, seed: SEED, dir: warmDir, warmups, runs, batch: plan.batch };
          const result = measure(request, false, cold);
          checkPragmas(result);
          warm.push(result);
        }
        // The ablation: engram's stack without long-term memory, warm, on its own copy of the same pre-filled file.
        const { warmups, runs } = warmHere;
        log(`engram without long-term memory at ${messages.toLocaleString('en-US')} messages, warm…`);
        const cold = results.find((r) => r.request.contender === 'engram' && r.request.messages === messages);
        const contender = 'engram-no-long-term' as const;
        const request = {
          contender,
          messages,
          seed: SEED,
          dir: ablationDir,
          warmups,
          runs,
          batch: plan.batch,
        };
        const ablation = measure(request, false, cold);
        checkPragmas(ablation);
        warm.push(ablation);
        // More cold pairs, the order alternating (the first pair's is `order`), engram on its own copy each time.
        for (let i = 1; i < plan.pairs; i++) {
          const pair: Partial<ColdPair> = { order: i % 2 === 1 ? order.toReversed() : order };
          for (const contender of pair.order!) {
            log(
              `${contender} at ${messages.toLocaleString('en-US')} messages, cold pair ${i + 1} (fresh process)…`,
            );
            const request = { contender, messages, seed: SEED, dir: pairDir(i), ...coldRuns };
            const result = measure(request, false, cold);
            checkPragmas(result);
            if (contender === 'engram') pair.engram = result;
            else pair.bare = result;
          }
          pairs.push(pair as ColdPair);
        }
      }
    }
    const messages = plan.sizes.find((n) => n >= 1_000) ?? plan.sizes[0]!;
    if (plan.longRuns > 0) {
      log(`engram at ${messages.toLocaleString('en-US')} messages, ${plan.longRuns} runs in one process…`);
      const { warmups, batch } = plan;
      long = measure({ contender: 'engram', messages, seed: SEED, dir, warmups, runs: plan.longRuns, batch });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return {
    id: 'agent-step',
    markdown: renderAgentStepSection({
      options,
      plan,
      seed: SEED,
      results,
      warm,
      pairs,
      long,
      seconds: (performance.now() - started) / 1000,
      load: [load, os.loadavg()[0]!],
    }),
  };
};
