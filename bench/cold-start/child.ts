/**
 * One cold-start measurement, in a fresh process: opens the SQLite session and reads it once through one view;
 * reports CPU, wall, the longest event-loop stall, RSS and the window as a `RESULT {json}` line. Asked for `steps`,
 * it then appends that many new turns (after a few untimed ones), each followed by a read through the same view,
 * and reports each append and read (the view as an agent uses it: one new step, one read).
 *   node --experimental-strip-types bench/cold-start/child.ts '{"path":"…","sessionId":"…","view":"auto-context"}'
 */

import { createScriptedConversation, splitTurns } from '../../src/testing.ts';
import { measureLoopDelay } from '../../test-support/reliability/loop-delay.ts';
import { reportChild } from '../agent-step/run-child.ts';
import { openSession, type ViewName } from './views.ts';

/** What the parent asks for. */
export interface ColdRequest {
  /** The SQLite file. */
  path: string;
  /** The session in it. */
  sessionId: string;
  /** The view to read through. */
  view: ViewName;
  /** New turns to append and read after the first read, each measured (none when absent). */
  steps?: number;
  /** Whether to count the content items after the background work (the never-read case). */
  items?: boolean;
  /** Untimed turns before the measured ones. @default 0 */
  warm?: number;
  /**
   * Seed of the new turns (not the session's). The suite gives every size the same seeds, each child on its own copy
   * of the file: turns stored twice in one log would repeat their tool call ids.
   */
  seed?: number;
}

/** CPU, wall and the longest event-loop stall of a stretch of work, ms. */
export interface Timed {
  cpu: number;
  wall: number;
  stall: number;
}

/** One new turn appended (`conversation.store`) and the read through the view after it. */
export interface StepFigures {
  /** The append of the turn. */
  store: Timed;
  /** The read after it. */
  read: Timed;
  /** Messages in the turn. */
  appended: number;
  /** Messages the read returned. */
  messages: number;
}

/** What the child measured. */
export interface ColdResult {
  /** CPU (user + system) of open + first read, ms. */
  cpu: number;
  /** Wall time of open + first read, ms. */
  wall: number;
  /** Longest event-loop stall meanwhile, ms. */
  stall: number;
  /** Resident set size after the read, bytes. */
  rss: number;
  /** Peak resident set size of the process, bytes. */
  peakRss: number;
  /** Messages the view returned. */
  messages: number;
  /**
   * The view's background work after the first read, waited for (`idle()`: the citation view storing the results
   * of the log's older part); near zero for the other views and on a session whose results are stored.
   */
  background: Timed;
  /** Content items stored once the background work is done, when asked for. */
  items?: number;
  /** The measured steps, when asked for. */
  steps?: StepFigures[];
}

/** Times `work` in this process. */
async function timed<T>(work: () => Promise<T>): Promise<{ value: T } & Timed> {
  const stop = measureLoopDelay();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const value = await work();
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { value, cpu: (cpu.user + cpu.system) / 1000, wall, stall: stop().max };
}

async function main(request: ColdRequest): Promise<ColdResult> {
  const first = await timed(async () => {
    const session = openSession(request.path, request.sessionId);
    const view = session.view(request.view);
    return { session, view, window: await view.read() };
  });
  const { session, view, window } = first.value;
  const rss = process.memoryUsage().rss;
  // The steps start from the steady state of a process that has had the view open a while.
  const { value: _idle, ...background } = await timed(() => session.idle());
  const items = request.items ? await session.contentItems() : undefined;
  const steps: StepFigures[] = [];
  if (request.steps) {
    const turns = splitTurns(createScriptedConversation({ seed: request.seed ?? 7, messages: 2_000 })).filter(
      (turn) => turn[0]?.role === 'user',
    );
    const warm = request.warm ?? 0;
    for (let i = 0; i < warm + request.steps; i++) {
      const turn = turns[i];
      if (!turn) throw new Error(`only ${turns.length} new turns for ${warm + request.steps} steps`);
      const store = await timed(() => session.conversation.store(turn));
      const read = await timed(() => view.read());
      const { value: _s, ...storeTimes } = store;
      if (i >= warm)
        steps.push({
          store: storeTimes,
          read: { cpu: read.cpu, wall: read.wall, stall: read.stall },
          appended: turn.length,
          messages: read.value.length,
        });
    }
  }
  await session.close();
  return {
    cpu: first.cpu,
    wall: first.wall,
    stall: first.stall,
    rss,
    peakRss: process.resourceUsage().maxRSS * 1024,
    messages: window.length,
    background,
    ...(items === undefined ? {} : { items }),
    ...(request.steps ? { steps } : {}),
  };
}

reportChild(main(JSON.parse(process.argv[2] ?? '{}') as ColdRequest));
