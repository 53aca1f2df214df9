/**
 * A token window's `read()` after a turn, on the stores a user runs: SQLite with `durability: 'power'` and
 * `'process'`, and the in-process store, as one session grows to 1k, 10k and 100k messages. Each measured turn
 * is what an agent loop stores — a user message, three tool exchanges (an assistant tool call, then a 2–8 KB
 * tool result), a reply: eight awaited `memory.store` calls — then one `view.read()` of a 100,000-token
 * `createTokenWindowMemory`. The view lives across turns, as it does in an agent. A fourth contender stores the
 * turn through a second memory on the session (as another process would), so the view must read it from the store.
 *
 *   npm run bench -- window-read              # full: 1k / 10k / 100k messages
 *   npm run bench -- window-read --quick      # 1k / 5k, printed only
 *
 * `measureWindowRead()` returns the raw figures for a harness that wants them without the markdown.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ModelMessage } from 'ai';
import { defaultScope } from '../src/core/scope.ts';
import { createMemoryStore } from '../src/drivers/memory/memory-driver.ts';
import { createConversationMemory } from '../src/memory/conversation-memory.ts';
import { toMemoryMessage } from '../src/messages/from-model-message.ts';
import { validateMessage } from '../src/messages/validate.ts';
import { createSqliteStore } from '../src/sqlite.ts';
import type { AppendInput, MemoryStoreV1 } from '../src/store/memory-store.ts';
import { createPrng } from '../src/testing/prng.ts';
import { createScriptedConversation } from '../src/testing/scripted-conversation.ts';
import { createTokenCounter } from '../src/tokens/index.ts';
import { createTokenWindowMemory } from '../src/views/token-window-memory.ts';
import { collectGarbage, gcAvailable, int, machine, median, ms, type Suite, table } from './report.ts';

const BUDGET = 100_000;
/** The contenders: where the session's log lives. */
export type WindowReadStore = 'sqlite-power' | 'sqlite-process' | 'in-process' | 'sqlite-power, other writer';
const STORES: readonly WindowReadStore[] = [
  'sqlite-power',
  'sqlite-process',
  'in-process',
  'sqlite-power, other writer',
];

/** Options of {@link measureWindowRead}. */
export interface WindowReadOptions {
  /** Log sizes (messages) at which turns are measured. @default [1_000, 10_000, 100_000] */
  checkpoints?: readonly number[];
  /** Measured turns per checkpoint and store (after 3 warm-up turns). @default 15 */
  turns?: number;
  /** Progress output. */
  log?: (line: string) => void;
}

/** One store's figures at one checkpoint (medians over the measured turns, ms). */
export interface WindowReadRow {
  checkpoint: number;
  store: WindowReadStore;
  /** Messages in the log when the first measured turn started. */
  messages: number;
  /** `view.read()` after the turn: median and 90th percentile. */
  read: number;
  readP90: number;
  /** The eight `memory.store` calls. */
  store8: number;
  /** Store calls plus the read. */
  turn: number;
  /** What the window held (median). */
  windowMessages: number;
  windowTokens: number;
}

const counter = createTokenCounter({ encoding: 'o200k_base' });

const rng = createPrng;

/** Realistic text to cut tool results and prose from: the scripted session's messages, as JSON. */
const corpus = createScriptedConversation({ seed: 7, messages: 400 })
  .map((m) => JSON.stringify(m.content))
  .join('\n');

/** Makes turns: user, 3 × (assistant tool call, 2–8 KB tool result), reply. */
function createTurns(seed: number) {
  const random = rng(seed);
  let call = 0;
  const cut = (min: number, max: number) => {
    const size = min + Math.floor(random() * (max - min));
    const at = Math.floor(random() * (corpus.length - size));
    return corpus.slice(at, at + size);
  };
  return (): ModelMessage[] => {
    const out: ModelMessage[] = [{ role: 'user', content: cut(80, 600) }];
    for (let i = 0; i < 3; i++) {
      const toolCallId = `call_${seed}_${++call}`;
      out.push({
        role: 'assistant',
        content: [
          { type: 'text', text: cut(40, 300) },
          { type: 'tool-call', toolCallId, toolName: 'web_search', input: { query: cut(20, 60) } },
        ],
      });
      out.push({
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId,
            toolName: 'web_search',
            output: { type: 'text', value: cut(2_048, 8_192) },
          },
        ],
      });
    }
    out.push({ role: 'assistant', content: cut(200, 1_500) });
    return out;
  };
}

/**
 * History appended untimed, in batches, with exact token counts: messages are cut from a pool whose counts are
 * computed once, so a 100k-message log is built in seconds (the measured turns count every message).
 */
function createHistory() {
  const next = createTurns(1);
  const pool = Array.from({ length: 64 }, () =>
    next().map((m) => {
      const message = validateMessage(toMemoryMessage(m));
      return { message, tokens: counter.count(message) };
    }),
  );
  let n = 0;
  return (count: number): AppendInput[] => {
    const out: AppendInput[] = [];
    while (out.length < count) {
      const turn = pool[n++ % pool.length]!;
      for (const input of turn) {
        if (out.length === count) break;
        out.push({ ...input, message: { ...input.message, id: `h${n}_${out.length}` } });
      }
    }
    return out;
  };
}

const p90 = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)]!;

/** Measures window reads after turns on each store at each checkpoint (see the module comment). */
export async function measureWindowRead(options: WindowReadOptions = {}): Promise<WindowReadRow[]> {
  const checkpoints = options.checkpoints ?? [1_000, 10_000, 100_000];
  const turns = options.turns ?? 15;
  const log = options.log ?? (() => {});
  const dir = mkdtempSync(path.join(os.tmpdir(), 'engram-window-read-'));
  const file = path.join(dir, 'window.db');
  const builder = createSqliteStore({ path: file, durability: 'process' });
  const inProcess = createMemoryStore();
  /** Each contender has its own session (the two SQLite ones in one file), built from the same history. */
  const targets: [MemoryStoreV1, WindowReadStore][] = [
    [builder, 'sqlite-power'],
    [builder, 'sqlite-process'],
    [inProcess, 'in-process'],
    [builder, 'sqlite-power, other writer'],
  ];
  for (const [store, session] of targets) await store.createSession(defaultScope, { id: session });
  const history = createHistory();
  const nextTurn = createTurns(2);
  const rows: WindowReadRow[] = [];
  /** History messages appended so far (to each session). */
  let size = 0;
  try {
    for (const checkpoint of checkpoints) {
      log(`building the log to ${int(checkpoint)} messages…`);
      while (size < checkpoint) {
        const batch = history(Math.min(1_000, checkpoint - size));
        for (const [store, session] of targets) await store.append(defaultScope, session, batch);
        size += batch.length;
      }
      const stores: Record<WindowReadStore, MemoryStoreV1> = {
        'sqlite-power': createSqliteStore({ path: file, durability: 'power' }),
        'sqlite-process': createSqliteStore({ path: file, durability: 'process' }),
        'in-process': inProcess,
        'sqlite-power, other writer': createSqliteStore({ path: file, durability: 'power' }),
      };
      const samples = new Map<
        WindowReadStore,
        { read: number; store: number; msgs: number; tokens: number }[]
      >(STORES.map((s) => [s, []]));
      const views = STORES.map((name) => {
        const open = () => createConversationMemory({ store: stores[name], sessionId: name, counter });
        const memory = open();
        // The turn stored by another memory (as another process would): the view reads it from the store.
        const writer = name === 'sqlite-power, other writer' ? open() : memory;
        return {
          name,
          memory,
          writer,
          view: createTokenWindowMemory({ conversation: memory, maxTokens: BUDGET }),
        };
      });
      const startedAt = new Map<WindowReadStore, number>();
      for (const { name, memory } of views) startedAt.set(name, (await memory.stats()).count);
      log(`measuring ${turns} turns per store at ${int(size)} messages…`);
      for (let t = -3; t < turns; t++) {
        // Interleaved, so drift in machine load touches every store alike.
        for (const { name, writer, view } of views) {
          const turn = nextTurn();
          collectGarbage();
          const t0 = performance.now();
          for (const m of turn) await writer.store(m);
          const t1 = performance.now();
          const window = await view.read();
          const t2 = performance.now();
          if (t < 0) continue;
          samples.get(name)!.push({
            read: t2 - t1,
            store: t1 - t0,
            msgs: window.length,
            tokens: view.lastStats()?.tokens ?? 0,
          });
        }
      }
      for (const name of STORES) {
        const s = samples.get(name)!;
        rows.push({
          checkpoint,
          store: name,
          messages: startedAt.get(name)!,
          read: median(s.map((x) => x.read)),
          readP90: p90(s.map((x) => x.read)),
          store8: median(s.map((x) => x.store)),
          turn: median(s.map((x) => x.read + x.store)),
          windowMessages: median(s.map((x) => x.msgs)),
          windowTokens: median(s.map((x) => x.tokens)),
        });
      }
      await stores['sqlite-power'].close();
      await stores['sqlite-process'].close();
      await stores['sqlite-power, other writer'].close();
    }
  } finally {
    await builder.close();
    await inProcess.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

/** The window-read suite (section `window-read`). */
export const windowRead: Suite = async ({ quick, log }) => {
  const checkpoints = quick ? [1_000, 5_000] : [1_000, 10_000, 100_000];
  const turns = quick ? 5 : 15;
  const started = performance.now();
  const rows = await measureWindowRead({ checkpoints, turns, log });
  const seconds = (performance.now() - started) / 1000;
  const flat = (store: WindowReadStore) => {
    const at = rows.filter((r) => r.store === store);
    return at.at(-1)!.read / at[0]!.read;
  };
  const power = rows.filter((r) => r.store === 'sqlite-power');
  const met = power.every((r) => r.read <= 0.5) && flat('sqlite-power') <= 2;
  const markdown = `## Window read after a turn (durable SQLite and in-process)

Command: \`npm run bench -- window-read\`; ${turns} turns per store and checkpoint after 3 warm-up turns, interleaved
across stores; medians (and 90th percentiles) reported; ${gcAvailable ? 'a full GC before each turn' : 'no GC between turns'};
suite ${seconds.toFixed(0)} s. Machine: ${machine()}.

A turn is what an agent loop stores: a user message, three tool exchanges (an assistant tool call, then a
2–8 KB tool result), a reply — eight awaited \`memory.store\` calls (validation, exact o200k counting, append) —
then \`read()\` of a \`createTokenWindowMemory({ conversation, maxTokens: ${int(BUDGET)} })\` that lives across turns.
The session's history is made of the same kind of turns. SQLite \`power\` is \`synchronous=FULL\` (engram's
default), \`process\` is \`synchronous=NORMAL\`; both open one file, each store its own session. In the
"other writer" rows the turn is stored through a second \`ConversationMemory\` on the session (as another
process would store it), so the view reads the new entries from SQLite instead of keeping the ones its own memory
stored.

${table(
  ['messages in log', 'store', 'read ms (p90)', '8 × store ms', 'whole turn ms', 'window msgs / tokens'],
  rows.map((r) => [
    `~${int(r.checkpoint)} (${int(r.messages)})`,
    r.store,
    `${ms(r.read)} (${ms(r.readP90)})`,
    ms(r.store8),
    ms(r.turn),
    `${int(r.windowMessages)} / ${int(r.windowTokens)}`,
  ]),
)}

Read time at the largest checkpoint over the smallest: SQLite power ${flat('sqlite-power').toFixed(2)}×, process
${flat('sqlite-process').toFixed(2)}×, in-process ${flat('in-process').toFixed(2)}×, power with another writer
${flat('sqlite-power, other writer').toFixed(2)}×.
Target (window \`read()\` after a turn, durable SQLite \`power\`, ${int(BUDGET)}-token budget: ≤ 0.5 ms and flat, i.e. the largest checkpoint within 2× of the smallest):
${met ? 'met' : '**not met**'} (${power.map((r) => `${ms(r.read)} ms at ~${int(r.checkpoint)}`).join(', ')}).
`;
  return { id: 'window-read', markdown };
};
