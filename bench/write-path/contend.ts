/**
 * One of several processes appending to one SQLite file at once (the contention run): waits until `startAt`,
 * then appends its messages to the shared session with `memory.store`, one awaited call each, while
 * `monitorEventLoopDelay` (and a 5 ms ticker, for a loop that never turns) watch the event loop.
 */

import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FixtureSlice } from '../storage/fixture.ts';
import { engramSessions } from './engram-sessions.ts';
import type { WriteResult, WriteTask } from './tasks.ts';

/** Appends this process's share under contention; adds the event-loop figures to the result. */
export async function contend(task: WriteTask, slice: FixtureSlice): Promise<WriteResult> {
  const c = task.contender;
  if (c.kind !== 'engram' || c.store !== 'sqlite') throw new Error('contend runs engram on SQLite');
  const delay = monitorEventLoopDelay({ resolution: 10 });
  let tick = 0;
  let longest = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    if (tick > 0) longest = Math.max(longest, now - tick);
    tick = now;
  }, 5);
  const result = await engramSessions({
    srcRoot: task.srcRoot,
    store: 'sqlite',
    db: task.db,
    durability: c.durability ?? 'power',
    api: c.api,
    sessions: 1,
    sessionPrefix: task.sessionPrefix,
    slice,
    beforeClock: async () => {
      await sleep(Math.max(0, (task.startAt ?? 0) - Date.now()));
      delay.enable();
      tick = performance.now();
    },
  });
  clearInterval(ticker);
  delay.disable();
  longest = Math.max(longest, performance.now() - tick, delay.max / 1e6);
  // No sample at all: the loop never turned while appending, so the whole run was one delay.
  const loopP99 = delay.count > 0 ? delay.percentile(99) / 1e6 : longest;
  return { ...result, loopP99, loopMax: longest };
}
