/**
 * The reference for storing a long session's older results: in a fresh process, on a copy of the never-read
 * session, the tool results the citation view offloads (over its default 1,000 tokens) stored with
 * `content.put` one by one (one transaction each, durability `power`), as an application storing them itself
 * would. The results are read and counted before the clock starts: only the puts are timed.
 *   node --experimental-strip-types bench/cold-start/put-child.ts '{"path":"…","sessionId":"…"}'
 */

import { isCitable } from '../../src/content/offload-results.ts';
import { toolOutputText } from '../../src/messages/tool-output-text.ts';
import { measureLoopDelay } from '../../test-support/reliability/loop-delay.ts';
import { reportChild } from '../agent-step/run-child.ts';
import type { Timed } from './child.ts';
import { openSession } from './views.ts';

/** What the parent asks for. */
export interface PutRequest {
  /** The SQLite file (a copy of the never-read session). */
  path: string;
  /** The session in it. */
  sessionId: string;
}

/** What the child measured: the puts, and how many. */
export interface PutResult extends Timed {
  /** Items put. */
  items: number;
}

/** The citation view's default threshold: results over it are offloaded. */
const overTokens = 1000;

async function main(request: PutRequest): Promise<PutResult> {
  const session = openSession(request.path, request.sessionId);
  const content = session.content.withSpace('put-reference');
  const results: { text: string; source: string }[] = [];
  for (const entry of await session.conversation.entries()) {
    const message = entry.message;
    if (message.role !== 'tool' || typeof message.content === 'string') continue;
    for (const part of message.content)
      if (part.type === 'tool-result' && isCitable(part.output)) {
        const text = toolOutputText(part.output);
        if (content.counter.countText(text) > overTokens) results.push({ text, source: part.toolName });
      }
  }
  const stop = measureLoopDelay();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (const r of results) await content.put({ type: 'action_result', content: r.text, source: r.source });
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const stall = stop().max;
  await session.close();
  return { cpu: (cpu.user + cpu.system) / 1000, wall, stall, items: results.length };
}

reportChild(main(JSON.parse(process.argv[2] ?? '{}') as PutRequest));
