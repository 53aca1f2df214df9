/**
 * The citation view on a long tool-heavy session (issue 23): (a) `read()` after one new step, (b) a cold open
 * plus first read in a new process, against the token window's cold start on the same SQLite file, and (c) the
 * first read ever of a session no citation view has read (every offloaded result stored then). Each figure is
 * measured in a child process: CPU (user + system), wall, the longest event-loop stall
 * (`monitorEventLoopDelay`, 1 ms resolution) and peak RSS.
 *
 *   node --experimental-strip-types --no-warnings bench/citation-read.ts 1000 10000 50000
 *
 * Sessions are `createScriptedConversation` (tool results 1–50 KB), built once per size in a temp directory and
 * copied for each measurement (the session with its items stored is kept too, so another checkout measures the
 * same files: `CITATION_BENCH_DIR`). `--skip-first-read-over=N` skips (c) above N messages. `--auto` measures
 * instead AutoContextMemory (`maxTokens` 128k): its first read ever, and its cold open + first read of the session it
 * read, beside the token window's cold start on that file.
 */

import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { ModelMessage } from 'ai';
import { createContentStore } from '../src/content/create-content-store.ts';
import { createConversationMemory } from '../src/memory/conversation-memory.ts';
import { createSqliteStore } from '../src/sqlite.ts';
import { createScriptedConversation } from '../src/testing/scripted-conversation.ts';
import { createTokenCounter } from '../src/tokens/index.ts';
import { createAutoContextMemory } from '../src/views/auto-context/index.ts';
import { createCitationMemory } from '../src/views/citation-memory.ts';
import { createTokenWindowMemory } from '../src/views/token-window-memory.ts';

const counter = createTokenCounter({ encoding: 'o200k_base' });
const sessionId = 'ses_bench';
const dir = process.env.CITATION_BENCH_DIR ?? path.join(os.tmpdir(), 'engram-citation-bench');

type Mode = 'citation' | 'auto' | 'window' | 'step';
interface Figures {
  cpuMs: number;
  wallMs: number;
  maxStallMs: number;
  rssMiB: number;
  messages: number;
}

const open = (file: string) => {
  const store = createSqliteStore({ path: file, durability: 'power' });
  const conversation = createConversationMemory({ store, sessionId, counter });
  const content = createContentStore({ store, counter });
  return { store, conversation, content };
};

/** Times `work` in this process: CPU, wall, longest event-loop stall. */
async function timed<T>(
  work: () => Promise<T>,
): Promise<{ value: T; cpuMs: number; wallMs: number; maxStallMs: number }> {
  const h = monitorEventLoopDelay({ resolution: 1 });
  h.enable();
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  const value = await work();
  const wallMs = performance.now() - t0;
  const used = process.cpuUsage(cpu);
  await new Promise((r) => setImmediate(r)); // the histogram sees the last stall
  h.disable();
  return { value, cpuMs: (used.user + used.system) / 1000, wallMs, maxStallMs: h.max / 1e6 };
}

/** One step an agent stores: a tool call, its 10–50 KB result, a reply. */
function step(i: number): ModelMessage[] {
  const toolCallId = `bench_${i}_${Date.now()}`;
  const page = createScriptedConversation({ seed: 1000 + i, messages: 40 })
    .map((m) => JSON.stringify(m.content))
    .join('\n')
    .slice(0, 10_000 + ((i * 7919) % 40_000));
  return [
    {
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId, toolName: 'fetch_page', input: { url: `u${i}` } }],
    },
    {
      role: 'tool',
      content: [
        { type: 'tool-result', toolCallId, toolName: 'fetch_page', output: { type: 'text', value: page } },
      ],
    },
    { role: 'assistant', content: `read page ${i}` },
  ];
}

/** The child: one measurement on `file`. */
async function child(mode: Mode, file: string): Promise<void> {
  let figures: Figures;
  if (mode === 'step') {
    const { store, conversation, content } = open(file);
    const view = createCitationMemory({ conversation, content });
    await view.read();
    const runs: Awaited<ReturnType<typeof timed>>[] = [];
    for (let i = 0; i < 7; i++) {
      await conversation.store(step(i));
      runs.push(await timed(() => view.read()));
    }
    const measured = runs.slice(2).sort((a, b) => a.cpuMs - b.cpuMs);
    const mid = measured[Math.floor(measured.length / 2)]!;
    figures = {
      cpuMs: mid.cpuMs,
      wallMs: mid.wallMs,
      maxStallMs: Math.max(...measured.map((r) => r.maxStallMs)),
      rssMiB: process.resourceUsage().maxRSS / 1024,
      messages: (await conversation.stats()).count,
    };
    await store.close();
  } else {
    const r = await timed(async () => {
      const { store, conversation, content } = open(file);
      const view =
        mode === 'citation'
          ? createCitationMemory({ conversation, content })
          : mode === 'auto'
            ? createAutoContextMemory({ conversation, content, maxTokens: 128_000 })
            : createTokenWindowMemory({ conversation, maxTokens: 100_000 });
      const out = await view.read();
      return { store, n: out.length };
    });
    figures = {
      cpuMs: r.cpuMs,
      wallMs: r.wallMs,
      maxStallMs: r.maxStallMs,
      rssMiB: process.resourceUsage().maxRSS / 1024,
      messages: r.value.n,
    };
    await r.value.store.close();
  }
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

/** Builds the session file of `n` messages once. */
async function build(n: number): Promise<string> {
  const file = path.join(dir, `session-${n}.db`);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  const { store, conversation } = open(`${file}.tmp`);
  const messages = createScriptedConversation({ seed: 23, messages: n });
  for (let i = 0; i < messages.length; i += 500) await conversation.store(messages.slice(i, i + 500));
  await store.close();
  execFileSync('mv', [`${file}.tmp`, file]);
  return file;
}

function run(mode: Mode, file: string): Figures {
  const out = execFileSync(
    process.execPath,
    [
      '--experimental-strip-types',
      '--no-warnings',
      '--max-old-space-size=12288',
      fileURLToPath(import.meta.url),
      '--child',
      mode,
      file,
    ],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  return JSON.parse(out.trim().split('\n').at(-1)!) as Figures;
}

const f = (x: number) => x.toFixed(x < 10 ? 1 : 0);
const row = (label: string, x: Figures) =>
  `| ${label} | ${f(x.cpuMs)} | ${f(x.wallMs)} | ${f(x.maxStallMs)} | ${f(x.rssMiB)} | ${x.messages} |`;

/** The citation view's rows for a session of `n` messages. */
function citationRows(n: number, base: string, skip: number): void {
  const prepared = path.join(dir, `prepared-${n}.db`);
  if (n <= skip) {
    const file = path.join(dir, `first-${n}-${process.pid}.db`);
    copyFileSync(base, file);
    console.log(row(`${n} | first read ever`, run('citation', file)));
    if (!existsSync(prepared)) copyFileSync(file, prepared);
  } else if (!existsSync(prepared)) {
    copyFileSync(base, `${prepared}.tmp`);
    run('citation', `${prepared}.tmp`); // stores the items, unmeasured
    execFileSync('mv', [`${prepared}.tmp`, prepared]);
  }
  const file = path.join(dir, `run-${n}-${process.pid}.db`);
  copyFileSync(prepared, file);
  console.log(row(`${n} | cold open + read, citation`, run('citation', file)));
  console.log(row(`${n} | cold open + read, token window`, run('window', file)));
  console.log(row(`${n} | read after one new step (median of 5)`, run('step', file)));
}

/** AutoContextMemory's rows for a session of `n` messages. */
function autoRows(n: number, base: string, skip: number): void {
  // AutoContext: its first read ever of the session (ladder steps written, results stored), then a cold open
  // plus first read of the session it has read, beside the token window's cold start on that same file.
  const autoPrepared = path.join(dir, `auto-prepared-${n}.db`);
  if (n <= skip) {
    const first = path.join(dir, `auto-first-${n}-${process.pid}.db`);
    copyFileSync(base, first);
    console.log(row(`${n} | first read ever, AutoContext`, run('auto', first)));
    if (!existsSync(autoPrepared)) copyFileSync(first, autoPrepared);
    rmSync(first, { force: true });
  } else if (!existsSync(autoPrepared)) {
    copyFileSync(base, `${autoPrepared}.tmp`);
    run('auto', `${autoPrepared}.tmp`); // steps and items stored, unmeasured
    execFileSync('mv', [`${autoPrepared}.tmp`, autoPrepared]);
  }
  const autoFile = path.join(dir, `auto-run-${n}-${process.pid}.db`);
  copyFileSync(autoPrepared, autoFile);
  console.log(row(`${n} | cold open + read, AutoContext`, run('auto', autoFile)));
  console.log(row(`${n} | cold open + read, token window (same file)`, run('window', autoFile)));
  rmSync(autoFile, { force: true });
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--child') return child(args[1] as Mode, args[2]!);
  const skip = Number(args.find((a) => a.startsWith('--skip-first-read-over='))?.split('=')[1] ?? Infinity);
  const auto = args.includes('--auto');
  const sizes = args.filter((a) => !a.startsWith('--')).map(Number);
  console.log('| session | measure | CPU ms | wall ms | max stall ms | peak RSS MiB | messages |');
  console.log('|---|---|---|---|---|---|---|');
  for (const n of sizes.length ? sizes : [1000, 10_000, 50_000]) {
    const base = await build(n);
    if (!auto) citationRows(n, base, skip);
    else autoRows(n, base, skip);
  }
}

await main();
