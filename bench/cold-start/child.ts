/**
 * One cold-start measurement, in a fresh process: opens the SQLite session and reads it once through one view;
 * reports CPU, wall, the longest event-loop stall, RSS and the window as a `RESULT {json}` line.
 *   node --experimental-strip-types bench/cold-start/child.ts '{"path":"…","sessionId":"…","view":"auto-context"}'
 */

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
}

async function main(request: ColdRequest): Promise<ColdResult> {
  const stop = measureLoopDelay();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const session = openSession(request.path, request.sessionId);
  const window = await session.view(request.view).read();
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const delay = stop();
  const rss = process.memoryUsage().rss;
  await session.close();
  return {
    cpu: (cpu.user + cpu.system) / 1000,
    wall,
    stall: delay.max,
    rss,
    peakRss: process.resourceUsage().maxRSS * 1024,
    messages: window.length,
  };
}

reportChild(main(JSON.parse(process.argv[2] ?? '{}') as ColdRequest));
