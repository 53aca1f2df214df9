/**
 * AutoContextMemory `read()` as one tool-heavy session grows on a SQLite file (`durability: 'process'`): at each
 * checkpoint (1k / 10k / 50k messages by default) it times a read after one new step (the next two messages of
 * the scripted session: a tool call and its result, or a reply and the next question), and a second read with
 * nothing new: CPU, wall, the longest event-loop stall during the read (`monitorEventLoopDelay`), RSS after;
 * then the first read of a new view on the same session (its steps listed, a new citer).
 * The session is built through the view with a read every 500 messages (as an agent would have read it), so its
 * ladder steps and content items exist; the view lives across reads.
 *
 *   node --experimental-strip-types --no-warnings bench/auto-context-read.ts [1000,10000,50000] [toolResultBytes]
 */

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createContentStore } from '../src/content/create-content-store.ts';
import { createSqliteStore } from '../src/drivers/sqlite/sqlite-driver.ts';
import { createConversationMemory } from '../src/memory/conversation-memory.ts';
import { createScriptedConversation } from '../src/testing/scripted-conversation.ts';
import { createTokenCounter } from '../src/tokens/index.ts';
import { createAutoContextMemory } from '../src/views/auto-context/index.ts';

const checkpoints = (process.argv[2] ?? '1000,10000,50000').split(',').map(Number);
const bytes = Number(process.argv[3] ?? 0.25);
const reps = 7;
const counter = createTokenCounter({ encoding: 'o200k_base' });
const last = checkpoints.at(-1)!;
const script = createScriptedConversation({
  seed: 23,
  messages: last + 2 * reps * 2 * checkpoints.length + 10,
  toolResultBytes: bytes,
});
const dir = mkdtempSync(path.join(os.tmpdir(), 'engram-ac-read-'));
const store = createSqliteStore({ path: path.join(dir, 'session.db'), durability: 'process' });
const memory = createConversationMemory({ store, counter, sessionId: 'long' });
const content = createContentStore({ store, counter });
const view = createAutoContextMemory({ conversation: memory, content, maxTokens: 128_000 });

interface Sample {
  cpu: number;
  wall: number;
  stall: number;
  rss: number;
}

async function timed(fn: () => Promise<unknown>): Promise<Sample> {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await fn();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  // Let the histogram record the last delay.
  await new Promise((r) => setTimeout(r, 10));
  h.disable();
  return {
    cpu: (c.user + c.system) / 1000,
    wall,
    stall: h.max / 1e6,
    rss: process.memoryUsage().rss / 2 ** 20,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const max = (xs: number[]) => Math.max(...xs);
const fmt = (rows: Sample[]) =>
  `CPU ${median(rows.map((r) => r.cpu)).toFixed(1)} ms, wall ${median(rows.map((r) => r.wall)).toFixed(1)} ms, max stall ${max(rows.map((r) => r.stall)).toFixed(0)} ms, RSS ${max(rows.map((r) => r.rss)).toFixed(0)} MiB`;

let next = 0;
try {
  for (const target of checkpoints) {
    const t0 = performance.now();
    while (next < target) {
      const n = Math.min(500, target - next);
      await view.store(script.slice(next, next + n));
      next += n;
      await view.read();
    }
    const built = ((performance.now() - t0) / 1000).toFixed(1);
    const afterStep: Sample[] = [];
    const nothingNew: Sample[] = [];
    for (let i = 0; i < reps + 2; i++) {
      await view.store(script.slice(next, next + 2));
      next += 2;
      const a = await timed(() => view.read());
      const b = await timed(() => view.read());
      if (i < 2) continue; // warm-up
      afterStep.push(a);
      nothingNew.push(b);
    }
    const s = view.lastStats()!;
    // A new view on the session (a new memory object on the same store): its first read lists the steps and
    // maps the log from the cut, with a new citer.
    const fresh = createAutoContextMemory({
      conversation: createConversationMemory({ store, counter, sessionId: 'long' }),
      content,
      maxTokens: 128_000,
    });
    const first = await timed(() => fresh.read());
    console.log(
      `${target} messages (built in ${built} s; context ${s.messages} messages, ${s.tokens} tokens of ${s.logTokens}):\n` +
        `  read after one new step: ${fmt(afterStep)}\n  read with nothing new:   ${fmt(nothingNew)}\n` +
        `  first read of a new view: ${fmt([first])}`,
    );
  }
} finally {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
