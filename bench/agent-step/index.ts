/**
 * The agent-step suite (`npm run bench -- --only agent-step`; `--quick` for a smoke run): engram's `agent()` with the
 * full memory stack (SQLite `power`, AutoContextMemory + content store, static long-term memory, `recordAssembly`)
 * vs the bare AI SDK loop (`streamText` with the same tools, the whole history in an array), on sessions pre-filled
 * to each size, a model that answers at once, five-step runs with 2–50 KB tool results. Each size and contender
 * runs in its own fresh process (engram's session pre-filled by another), contenders alternating which goes first.
 * `ENGRAM_BENCH_SIZES=1000,10000` picks the sizes.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
}

/** The full run or the quick one. */
export function agentStepPlan(quick: boolean): AgentStepPlan {
  return quick
    ? { sizes: benchSizes([100, 400]), warmups: 1, runs: 2, batch: 100, longRuns: 8 }
    : { sizes: benchSizes([100, 1_000, 10_000, 50_000]), warmups: 2, runs: 5, batch: 500, longRuns: 60 };
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
  /** Pre-fills engram's session in one process, then measures in a fresh one. */
  const measure = (request: ChildRequest): ChildResult => {
    const built =
      request.contender === 'engram'
        ? (JSON.parse(runChild(child, { ...request, phase: 'build' }, log)) as ChildResult)
        : undefined;
    const measured = JSON.parse(runChild(child, request, log)) as ChildResult;
    return built ? { ...measured, prefillSeconds: built.prefillSeconds } : measured;
  };
  let long: ChildResult | undefined;
  try {
    for (const [i, messages] of plan.sizes.entries()) {
      const order: ChildRequest['contender'][] = i % 2 === 0 ? ['engram', 'bare'] : ['bare', 'engram'];
      for (const contender of order) {
        log(`${contender} at ${messages.toLocaleString('en-US')} messages (fresh process)…`);
        const { warmups, runs, batch } = plan;
        // engram's session is pre-filled by one process and measured by another, as an app resumes a session.
        const result = measure({ contender, messages, seed: SEED, dir, warmups, runs, batch });
        const p = result.pragmas;
        if (contender === 'engram' && (p?.journalMode !== 'wal' || p.synchronous !== '2'))
          throw new Error(
            `agent-step: engram's handle reads back ${JSON.stringify(p)}, not WAL + synchronous=FULL`,
          );
        results.push(result);
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
      long,
      seconds: (performance.now() - started) / 1000,
      load: [load, os.loadavg()[0]!],
    }),
  };
};
