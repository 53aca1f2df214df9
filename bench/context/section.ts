/** Renders the context-assembly section of BENCHMARKS.md from the sampled turns. */

import {
  commandLine,
  gcAvailable,
  int,
  median,
  ms,
  ratio,
  type SuiteOptions,
  sectionIntro,
  table,
} from '../report.ts';
import { type EngramPlace, engramPlaces, placeLabel } from './engram-contenders.ts';
import type { ContextPlan } from './index.ts';
import { budget, type TurnSample } from './simulate.ts';

/** Everything the section shows. */
export interface ContextFigures {
  options: SuiteOptions;
  plan: ContextPlan;
  seed: number;
  turns: number;
  totalTokens: number;
  samples: TurnSample[];
  naive?: { messages: number; naive: number; prefix: number };
  seconds: number;
  load: [number, number];
}

const turnMs = (s: TurnSample, p: EngramPlace) => s.engram[p].store + s.engram[p].read;
const verdict = (ok: boolean) => (ok ? '**met**' : '**missed**');

function byCheckpoint(f: ContextFigures) {
  return f.plan.checkpoints.map((c) => {
    const at = f.samples.filter((s) => s.checkpoint === c);
    const med = (fn: (s: TurnSample) => number) => median(at.map(fn));
    const range = `~${int(c)} (${int(Math.min(...at.map((s) => s.messages)))}–${int(Math.max(...at.map((s) => s.messages)))})`;
    return { c, at, med, range };
  });
}

function timesTable(f: ContextFigures): string {
  const rows = byCheckpoint(f).map(({ at, med, range }) => {
    const verified = at.filter((s) => s.memo !== undefined);
    return [
      range,
      `${int(med((s) => s.turnMessages))} / ${int(med((s) => s.toolBytes) / 1024)} KB / ${int(med((s) => s.turnTokens))}`,
      ...engramPlaces.map(
        (p) =>
          `${ms(med((s) => turnMs(s, p)))} (${ms(med((s) => s.engram[p].store))} + ${ms(med((s) => s.engram[p].read))})`,
      ),
      ms(med((s) => s.trim)),
      verified.length
        ? `${ms(median(verified.map((s) => s.memo!)))} (${verified.length} turn${verified.length > 1 ? 's' : ''})`
        : 'not run',
      ms(med((s) => s.prune)),
    ];
  });
  return table(
    [
      'messages in log',
      'turn: messages / tool results / tokens',
      ...engramPlaces.map((p) => `${placeLabel[p]} ms (store + read)`),
      'trimMessages, prefix-sum counter ms',
      'trimMessages, per-message memo ms (old baseline)',
      'pruneMessages + count ms',
    ],
    rows,
  );
}

function ratiosTable(f: ContextFigures): string {
  const rows = byCheckpoint(f).map(({ at, med, range }) => {
    const verified = at.filter((s) => s.memo !== undefined);
    return [
      range,
      ...engramPlaces.map((p) => ratio(med((s) => s.trim / turnMs(s, p)))),
      ratio(med((s) => s.prune / turnMs(s, 'sqlite-power'))),
      verified.length ? ratio(median(verified.map((s) => s.memo! / s.trim))) : 'not run',
      `${verified.length} of ${verified.length}`,
    ];
  });
  return table(
    [
      'messages in log',
      ...engramPlaces.map((p) => `trimMessages ÷ ${placeLabel[p]}`),
      "pruneMessages ÷ engram SQLite 'power'",
      'old memo ÷ prefix-sum counter',
      'verified turns with identical trimMessages output',
    ],
    rows,
  );
}

function outputsTable(f: ContextFigures): string {
  const rows = byCheckpoint(f).map(({ at, med, range }) => [
    range,
    `${int(med((s) => s.engram['sqlite-power'].windowMessages))} / ${int(med((s) => s.engram['sqlite-power'].windowTokens))}`,
    int(med((s) => s.trimOutput)),
    int(med((s) => s.trimCounted)),
    int(med((s) => s.pruneTokens)),
    String(at.reduce((a, s) => a + s.splits, 0)),
  ]);
  return table(
    [
      'messages in log',
      'engram window msgs / tokens (equal on all three stores)',
      'trimMessages output msgs',
      'trimMessages: messages handed to the counter',
      'pruneMessages output tokens',
      'split tool pairs in any output',
    ],
    rows,
  );
}

function targets(f: ContextFigures): string[] {
  const rows = byCheckpoint(f);
  const at = (c: number) => rows.find((r) => r.c === c);
  const lines: string[] = [];
  for (const [c, want] of [
    [10_000, 20],
    [100_000, 100],
  ] as const) {
    const r = at(c);
    const got = r ? r.med((s) => s.trim / turnMs(s, 'sqlite-power')) : Number.NaN;
    lines.push(
      r
        ? `- Whole durable turn (SQLite \`power\`) vs \`trimMessages\` with the prefix-sum counter at ${int(c)} messages: ${ratio(got)} (target ≥ ${want}×): ${verdict(got >= want)}.`
        : `- Whole durable turn vs \`trimMessages\` at ${int(c)} messages (target ≥ ${want}×): not measured in this run.`,
    );
    if (r && !(got >= want)) {
      const allowed = r.med((s) => s.trim) / want;
      const inProcess = r.med((s) => turnMs(s, 'in-process'));
      const power = r.med((s) => turnMs(s, 'sqlite-power'));
      const syncs = power - r.med((s) => turnMs(s, 'sqlite-process'));
      lines.push(
        `  The limit, measured at ${int(c)} messages: ${want}× allows ${ms(allowed)} ms per turn. The same turn in process (validation, exact o200k counting, the window; no disk) takes ${ms(inProcess)} ms, and \`power\` takes ${ms(syncs)} ms more than \`process\` (synchronous=FULL: an fsync at each of the turn's commits, one per step as an agent loop stores; checkpoints inline rather than in a worker): ${ms(inProcess + syncs)} ms together, ${inProcess + syncs < allowed ? 'under' : 'over'} the allowance. The rest of the \`power\` turn, by difference: ${ms(power - inProcess - syncs)} ms (engram's SQL, the full-text index, WAL writes).`,
      );
    }
  }
  const reads = rows.map((r) => r.med((s) => s.engram['sqlite-power'].read));
  const worst = Math.max(...reads);
  const growth = reads[reads.length - 1]! / reads[0]!;
  lines.push(
    `- Window \`read()\` after a turn, SQLite \`power\`, ${int(budget)}-token budget: ${reads.map((x) => `${ms(x)} ms`).join(' → ')} across the checkpoints, the largest ${ratio(growth)} the smallest (target ≤ 0.5 ms and flat, i.e. the largest checkpoint within 2× of the smallest): ${verdict(worst <= 0.5 && growth <= 2)}.`,
  );
  return lines;
}

/** The markdown of the section. */
export function renderContextSection(f: ContextFigures): string {
  const { options, plan } = f;
  const cmd = commandLine(options);
  const naive = f.naive;
  return [
    '## Context assembly per turn (engram vs LangChain `trimMessages` vs AI SDK `pruneMessages`)',
    '',
    ...sectionIntro(
      options,
      `${plan.perCheckpoint} timed turns per checkpoint, medians reported; ${gcAvailable ? 'a minor GC before the timed phase of every contender alike (right after a forced full GC of this multi-GB heap any code runs about 2× slower for a while, so none is forced; full collections fall in the phases whose allocations trigger them)' : 'no GC between phases (V8 refused `--expose-gc`)'}; suite ${f.seconds.toFixed(0)} s; 1-minute load average ${f.load[0].toFixed(1)} at the start, ${f.load[1].toFixed(1)} at the end`,
    ),
    '',
    `Workload: \`createScriptedConversation({ seed: ${f.seed}, messages: ${int(plan.total)} })\` — a tool-using agent session (${int(f.turns)} user turns; reasoning, web_search 2–8 KB, fetch_page 10–50 KB, read_file, run_sql, parallel calls, approvals; ${int(f.totalTokens)} o200k tokens in all). Budget: ${int(budget)} tokens. Timed turns: at each checkpoint, the ${plan.perCheckpoint} turns ending nearest at or before it that have the shape of a realistic agent turn — a user message, three tool steps (an assistant message with its calls, then their results), a reply: eight messages. Every contender takes the same turn, back to back, and assembles the context for the next model call:`,
    '',
    "- **engram** stores the turn the way an agent loop does, one awaited `view.store(step)` per step, as seed 000's loop stores after each model call (the user message, then each assistant message with its tool results: five calls for an eight-message turn with three tool steps; each call validates, counts with o200k and appends durably), then reads `createTokenWindowMemory({ conversation, maxTokens: 100,000 })` — in process (`createConversationMemory()`), and on SQLite files at `durability: 'power'` (WAL + `synchronous=FULL`, engram's default) and `'process'` (`synchronous=NORMAL`). Untimed turns are stored with one `store(turn)` call each; from the turn before the first timed turn of a checkpoint on, every turn also reads the window, so a view that keeps state is one turn behind, as in a loop.",
    "- **LangChain** `trimMessages(all, { maxTokens: 100,000, strategy: 'last', startOn: 'human', includeSystem: true, tokenCounter })` over the whole LangChain message list (converted once as messages arrive, untimed). `tokenCounter` is the fastest correct counter a LangChain user can write: each message is counted once with gpt-tokenizer o200k as it arrives (inside the timed phase of its turn, as engram counts inside `store`) and kept in running prefix sums, so a call on a contiguous run of the conversation (what `trimMessages` passes) costs two lookups; any other list is summed message by message. The counter used before issue 7 (a per-message memo that sums cached counts on every call) runs on the verified turns beside it, and the bench fails unless both return the identical message list (ids, types and content, position by position).",
    "- **AI SDK** `pruneMessages({ messages: all, reasoning: 'before-last-message', toolCalls: 'before-last-2-messages', emptyMessages: 'remove' })` then a gpt-tokenizer o200k count of the result (what a plain AI SDK user must do to learn whether it fits).",
    '',
    '### Time per turn',
    '',
    cmd,
    '',
    timesTable(f),
    '',
    '### Ratios per checkpoint (medians of the per-turn ratios; each turn timed for every contender back to back)',
    '',
    cmd,
    '',
    ratiosTable(f),
    '',
    '### What each returned',
    '',
    cmd,
    '',
    outputsTable(f),
    '',
    'Targets (issue 7):',
    ...targets(f),
    ...(naive
      ? [
          '',
          `With the straightforward counter (tokenizing every message on every call), one \`trimMessages\` call at the end of a ${int(naive.messages)}-message session took ${ms(naive.naive)} ms (prefix sums: ${ms(naive.prefix)} ms); it re-tokenizes the list once per dropped message, so at thousands of messages it takes minutes per turn and is not measured above.`,
        ]
      : []),
    '',
    'Why: engram counts each message once, when it is stored, and keeps the count in the log entry; the token window reads the log backward only until the budget is full and sums cached counts, so a turn costs the new messages\' validation, tokenization and durable appends plus work proportional to the window — it does not grow with the log. `trimMessages` copies every message of the history and then calls `tokenCounter` on ever shorter slices of the reversed list, once per message it drops (the "messages handed to the counter" column): even when each call costs O(1), building those slices grows with the square of the history. `pruneMessages` walks and rebuilds the whole list and enforces no budget: its output keeps every user and assistant text message and is far over 100,000 tokens at these sizes, and counting it re-tokenizes the whole history each turn.',
  ].join('\n');
}
