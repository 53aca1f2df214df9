/**
 * One measurement of the agent-step suite, in a fresh process: the bare loop builds its history in memory, engram
 * opens the SQLite session a `build` child pre-filled (untimed); then five-step runs of the contender are timed and
 * its figures printed as one `RESULT {json}` line.
 *   node --experimental-strip-types bench/agent-step/child.ts '{"contender":"engram","messages":1000,…}'
 */

import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { isStepCount, type ModelMessage, streamText } from 'ai';
import { createScriptedConversation } from '../../src/testing.ts';
import { measureLoopDelay } from '../../test-support/reliability/loop-delay.ts';
import { collectGarbage } from '../report.ts';
import { openEngramStack, prefill } from './engram-stack.ts';
import { createInstantModel, createTools, STEPS } from './instant-model.ts';
import { reportChild } from './run-child.ts';

/** The contenders. */
export type Contender = 'engram' | 'engram-no-long-term' | 'bare';

/** What the parent asks a child for. */
export interface ChildRequest {
  /**
   * Which contender: engram's full stack, the same stack without long-term memory (an ablation showing what long-term
   * recall and recording cost a step), or the bare loop.
   */
  contender: Contender;
  /**
   * engram only: `build` pre-fills the session's SQLite file and exits; `measure` opens that file in a fresh
   * process (as an app resuming a long session) and times the runs. @default 'measure'
   */
  phase?: 'build' | 'measure';
  /** Messages in the session before the timed runs. */
  messages: number;
  /** Seed of the scripted session. */
  seed: number;
  /** Untimed runs first. */
  warmups: number;
  /** Timed runs. */
  runs: number;
  /** Where engram's SQLite file goes. */
  dir: string;
  /** engram pre-fills in batches of about this many messages (stored, recorded, then read through the view). */
  batch: number;
}

/** One timed five-step run. */
export interface RunFigures {
  /** CPU (user + system) of the run, ms. */
  cpu: number;
  /** Wall time of the run, ms. */
  wall: number;
  /** Longest event-loop stall during the run, ms. */
  stall: number;
  /** Commits during the run (engram only; 0 for the bare loop). */
  commits: number;
  /** Of those, the commits that flushed the WAL (an fsync; engram only). */
  flushedCommits: number;
  /** Resident set size after the run, bytes. */
  rss: number;
  /** Messages the model was sent at the run's last step. */
  promptMessages: number;
}

/** What a child reports. */
export interface ChildResult {
  request: ChildRequest;
  runs: RunFigures[];
  /** Seconds the untimed pre-fill took. */
  prefillSeconds: number;
  /** Pragmas read back on engram's handle (`journal_mode`, `synchronous`). */
  pragmas?: { journalMode: string; synchronous: string };
}

const INSTRUCTIONS = 'You are a research agent. Read the pages you need, then answer briefly.';

async function measure(
  run: () => Promise<void>,
  commits: () => number,
  flushedCommits: () => number,
  prompts: number[],
): Promise<RunFigures> {
  const c0 = commits();
  const f0 = flushedCommits();
  const stop = measureLoopDelay();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await run();
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const delay = stop();
  return {
    cpu: (cpu.user + cpu.system) / 1000,
    wall,
    stall: delay.max,
    commits: commits() - c0,
    flushedCommits: flushedCommits() - f0,
    rss: process.memoryUsage().rss,
    promptMessages: prompts.at(-1) ?? 0,
  };
}

async function main(request: ChildRequest): Promise<ChildResult> {
  // The scripted session is made only where it is used (the pre-fill, the bare loop's array): engram's timed
  // process opens the file as an app resuming a session does, without the whole history on its heap.
  const history = () => createScriptedConversation({ seed: request.seed, messages: request.messages });
  const { model, promptMessages } = createInstantModel();
  const tools = createTools();
  const prompt = (i: number) => `Question ${i}: read the pages on the cache budget and tell me what changed.`;
  const t0 = performance.now();
  let step: (i: number) => Promise<void>;
  let commits = () => 0;
  let flushedCommits = () => 0;
  let close = async () => {};
  let pragmas: ChildResult['pragmas'];
  if (request.contender !== 'bare') {
    const path = join(request.dir, `agent-step-${request.messages}.db`);
    if (request.phase === 'build') {
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
      const builder = openEngramStack(path, model, tools);
      await prefill(builder, history(), request.batch, (line) => console.error(line));
      await builder.close();
      return { request, runs: [], prefillSeconds: (performance.now() - t0) / 1000 };
    }
    const stack = openEngramStack(path, model, tools, { longTerm: request.contender === 'engram' });
    pragmas = { journalMode: stack.db.pragma('journal_mode'), synchronous: stack.db.pragma('synchronous') };
    commits = stack.db.commits;
    flushedCommits = stack.db.flushedCommits;
    step = async (i) => {
      const result = await stack.agent.run(prompt(i)).result;
      if (result.steps !== STEPS)
        throw new Error(`agent-step: engram ran ${result.steps} steps, not ${STEPS}`);
    };
    close = async () => {
      await stack.close();
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
    };
  } else {
    const messages: ModelMessage[] = history();
    step = async (i) => {
      messages.push({ role: 'user', content: prompt(i) });
      const result = streamText({
        model,
        tools,
        system: INSTRUCTIONS,
        messages,
        stopWhen: isStepCount(STEPS),
      });
      const [steps, response] = await Promise.all([result.steps, result.response]);
      if (steps.length !== STEPS)
        throw new Error(`agent-step: the bare loop ran ${steps.length} steps, not ${STEPS}`);
      messages.push(...response.messages);
    };
  }
  const prefillSeconds = request.contender !== 'bare' ? 0 : (performance.now() - t0) / 1000;
  collectGarbage();
  for (let i = 0; i < request.warmups; i++) await step(i);
  const runs: RunFigures[] = [];
  for (let i = 0; i < request.runs; i++)
    runs.push(await measure(() => step(request.warmups + i), commits, flushedCommits, promptMessages));
  await close();
  return { request, runs, prefillSeconds, pragmas };
}

reportChild(main(JSON.parse(process.argv[2] ?? '{}') as ChildRequest));
