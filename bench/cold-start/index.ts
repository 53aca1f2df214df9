/**
 * The long-session cold-start suite (`npm run bench -- --only cold-start`; `--quick` for a smoke run): on a SQLite
 * file holding a long session, a fresh process opens it and reads it once through one view (token window, sliding
 * window, citation, summarizing, AutoContext): CPU, wall, the longest event-loop stall, RSS. Plus the first
 * AutoContext read of a session that was never read through it, and, at 1k / 10k / 50k messages, the read after
 * one new turn in a process that has the view open (token window, citation, AutoContext).
 * `ENGRAM_BENCH_SIZES=10000,50000` picks the cold-start sizes.
 */

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScriptedConversation } from '../../src/testing.ts';
import { runChild } from '../agent-step/run-child.ts';
import { copyDurably } from '../copy-durably.ts';
import { benchSizes } from '../harness.ts';
import type { Suite } from '../report.ts';
import { growSession } from './build.ts';
import type { ColdRequest, ColdResult } from './child.ts';
import type { PutRequest, PutResult } from './put-child.ts';
import { renderColdStartSection } from './section.ts';
import { stepViews, type ViewName, viewNames } from './views.ts';

/** Sizes and repetitions of a run. */
export interface ColdStartPlan {
  /** Messages in the long session at each measurement. */
  sizes: number[];
  /** Fresh processes per view and size. */
  reps: number;
  /** Messages per batch while the sessions grow. */
  batch: number;
  /** Messages in the session never read through AutoContext. */
  neverRead: number;
  /** Sizes at which the read after one new turn is measured (after the cold starts at a size both have). */
  stepSizes: number[];
  /** Measured turns per view, size and seed. */
  steps: number;
  /**
   * Seeds of the new turns: one fresh process per view, size and seed, each on a flushed copy of the file, so every
   * size reads the same turns (a 50k read compared with a 1k read of other turns measures the turns, not the log).
   */
  stepSeeds: number[];
  /** Untimed turns before them (the code of a step compiled, as in a process that has run a while). */
  warm: number;
}

/** The full run or the quick one. */
export function coldStartPlan(quick: boolean): ColdStartPlan {
  return quick
    ? {
        sizes: benchSizes([600]),
        reps: 1,
        batch: 150,
        neverRead: 300,
        stepSizes: [150, 600],
        steps: 3,
        stepSeeds: [1_000],
        warm: 1,
      }
    : {
        sizes: benchSizes([10_000, 50_000, 100_000]),
        // Nine, with the least reported beside the median: on a machine whose fresh processes sometimes pay
        // 100–450 ms more that is not the view's, a median of three was often one of those.
        reps: 9,
        batch: 1_000,
        neverRead: 10_000,
        stepSizes: [1_000, 10_000, 50_000],
        steps: 12,
        stepSeeds: [1_000, 1_001, 1_002],
        warm: 3,
      };
}

/** One measurement (with `steps` when it measured the reads after new turns). */
export interface ColdSample extends ColdResult {
  /** Messages in the session. */
  size: number;
  /** The view. */
  view: ViewName;
}

const SEED = 41;
const child = fileURLToPath(new URL('./child.ts', import.meta.url));
const putChild = fileURLToPath(new URL('./put-child.ts', import.meta.url));

/** The cold-start suite. */
export const coldStart: Suite = async (options) => {
  const { quick, log } = options;
  const plan = coldStartPlan(quick);
  const started = performance.now();
  const load = os.loadavg()[0]!;
  const dir = mkdtempSync(join(tmpdir(), 'engram-bench-cold-start-'));
  const samples: ColdSample[] = [];
  const stepSamples: ColdSample[] = [];
  let neverRead: ColdSample | undefined;
  let neverCited: ColdSample | undefined;
  let putReference: PutResult | undefined;
  const measure = (
    path: string,
    sessionId: string,
    view: ViewName,
    size: number,
    steps?: { count: number; seed: number },
    items?: boolean,
  ) => {
    const request: ColdRequest = {
      path,
      sessionId,
      view,
      ...(steps ? { steps: steps.count, warm: plan.warm, seed: steps.seed } : {}),
      ...(items ? { items } : {}),
    };
    log(
      `  ${view} at ${size.toLocaleString('en-US')} messages (fresh process${steps ? `, ${steps.count} new turns of seed ${steps.seed}, on a copy` : ''})…`,
    );
    const result = JSON.parse(runChild(child, request, log)) as ColdResult;
    if (!steps) log(`    ${result.cpu.toFixed(1)} ms CPU, ${result.wall.toFixed(1)} ms wall`);
    return { ...result, size, view };
  };
  /** A flushed copy (see copyDurably) of the SQLite file at `from` and its WAL, named `name` in the run's directory. */
  const copyOf = (from: string, name: string) => {
    for (const suffix of ['', '-wal'])
      if (existsSync(from + suffix)) copyDurably(from + suffix, join(dir, name + suffix));
    return join(dir, name);
  };
  try {
    const longest = Math.max(...plan.sizes, plan.neverRead);
    log(`generating a ${longest.toLocaleString('en-US')}-message scripted session (seed ${SEED})…`);
    const source = createScriptedConversation({ seed: SEED, messages: longest });

    log(`the never-read session: ${plan.neverRead.toLocaleString('en-US')} messages, stored only…`);
    const neverPath = join(dir, 'never-read.db');
    const never = growSession(neverPath, 'never-read', source, {
      batch: plan.batch,
      readThroughViews: false,
      log,
    });
    const neverSize = await never.growTo(plan.neverRead);
    await never.close();
    // Flushed copies (see copyDurably) for the citation view and the put reference: each reads it unread.
    const citedPath = copyOf(neverPath, 'never-read-citation.db');
    const putPath = copyOf(neverPath, 'never-read-put.db');
    neverCited = measure(citedPath, 'never-read', 'citation', neverSize, undefined, true);
    log('  content.put of the same results (the reference, fresh process)…');
    const putRequest: PutRequest = { path: putPath, sessionId: 'never-read' };
    putReference = JSON.parse(runChild(putChild, putRequest, log)) as PutResult;
    neverRead = measure(neverPath, 'never-read', 'auto-context', neverSize);

    const path = join(dir, 'long.db');
    const long = growSession(path, 'long', source, { batch: plan.batch, readThroughViews: true, log });
    try {
      for (const size of [...new Set([...plan.sizes, ...plan.stepSizes])].sort((a, b) => a - b)) {
        log(
          `growing the long session to ${size.toLocaleString('en-US')} messages, read through every stateful view…`,
        );
        const held = await long.growTo(size);
        if (plan.sizes.includes(size))
          for (let rep = 0; rep < plan.reps; rep++)
            for (let k = 0; k < viewNames.length; k++) {
              const view = viewNames[(k + rep) % viewNames.length]!; // rotate which view goes first
              samples.push(measure(path, 'long', view, held));
            }
        // After the cold starts: each step child appends its turns to a flushed copy of the file, so every size and
        // view reads the same new turns and the session itself is left as grown.
        if (plan.stepSizes.includes(size))
          for (const seed of plan.stepSeeds)
            for (const view of stepViews) {
              const copy = copyOf(path, 'steps.db');
              try {
                stepSamples.push(measure(copy, 'long', view, held, { count: plan.steps, seed }));
              } finally {
                for (const suffix of ['', '-wal', '-shm']) rmSync(copy + suffix, { force: true });
              }
            }
      }
    } finally {
      await long.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return {
    id: 'cold-start',
    markdown: renderColdStartSection({
      options,
      plan,
      seed: SEED,
      samples,
      stepSamples,
      neverRead: neverRead!,
      neverCited: neverCited!,
      putReference: putReference!,
      seconds: (performance.now() - started) / 1000,
      load: [load, os.loadavg()[0]!],
    }),
  };
};
