/** Renders the agent-step section of BENCHMARKS.md. */

import { commandLine, int, median, ms, ratio, type SuiteOptions, sectionIntro, table } from '../report.ts';
import type { ChildResult, Contender } from './child.ts';
import { MAX_TOKENS } from './engram-stack.ts';
import type { AgentStepPlan, ColdPair } from './index.ts';
import { PAGE_KB, STEPS } from './instant-model.ts';

/** Everything the section shows. */
export interface AgentStepFigures {
  options: SuiteOptions;
  plan: AgentStepPlan;
  seed: number;
  results: ChildResult[];
  /**
   * The warm measurement (`plan.warm`): both contenders again, more untimed runs first, and engram without long-term
   * memory (the ablation); empty when not run.
   */
  warm: ChildResult[];
  /** The cold pairs after the first at the warm measurement's size (`plan.pairs`); empty when not run. */
  pairs: ColdPair[];
  /** engram's many runs in one process (`plan.longRuns`), when measured. */
  long: ChildResult | undefined;
  seconds: number;
  load: [number, number];
}

const verdict = (ok: boolean) => (ok ? '**met**' : '**missed**');
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

/** Per-step figures of one child: medians of the runs (CPU, wall, commits), worst of the runs (stall, RSS, commits). */
function perStep(r: ChildResult) {
  const most = r.runs.reduce<ChildResult['runs'][number] | undefined>(
    (a, x) => (a === undefined || x.commits > a.commits ? x : a),
    undefined,
  );
  return {
    mostCommits: most?.commits ?? 0,
    mostFlushed: most?.flushedCommits ?? 0,
    cpu: median(r.runs.map((x) => x.cpu)) / STEPS,
    wall: median(r.runs.map((x) => x.wall)) / STEPS,
    stall: Math.max(...r.runs.map((x) => x.stall)),
    rss: Math.max(...r.runs.map((x) => x.rss)),
    commits: median(r.runs.map((x) => x.commits)),
    flushed: median(r.runs.map((x) => x.flushedCommits)),
    prompt: median(r.runs.map((x) => x.promptMessages)),
  };
}

/** Median commits (fsynced), and the most of any run when a run made more. */
const commitsCell = (s: ReturnType<typeof perStep>): string =>
  `${int(s.commits)} (${int(s.flushed)})${s.mostCommits > s.commits ? `, at most ${int(s.mostCommits)} (${int(s.mostFlushed)})` : ''}`;

function find(f: AgentStepFigures, contender: Contender, messages: number, warm = false) {
  const r = (warm ? f.warm : f.results).find(
    (x) => x.request.contender === contender && x.request.messages === messages,
  );
  return r ? perStep(r) : undefined;
}

const contenderName = (contender: Contender) =>
  contender === 'engram'
    ? 'engram `agent()`, full memory stack'
    : contender === 'engram-no-long-term'
      ? 'engram `agent()`, the same stack without long-term memory (ablation)'
      : 'bare AI SDK loop';

function timesTable(f: AgentStepFigures): string {
  const rows = f.results.map((r) => {
    const s = perStep(r);
    return [
      int(r.request.messages),
      contenderName(r.request.contender),
      ms(s.cpu),
      ms(s.wall),
      ms(s.stall),
      mib(s.rss),
      r.request.contender !== 'bare' ? commitsCell(s) : '—',
      int(s.prompt),
      r.request.contender === 'engram' ? r.prefillSeconds.toFixed(0) : '—',
    ];
  });
  return table(
    [
      'messages in session',
      'contender',
      'CPU per step ms',
      'wall per step ms',
      'longest event-loop stall ms',
      'RSS',
      `commits per ${STEPS}-step run (fsynced)`,
      'messages sent at the last step',
      'pre-fill s (untimed)',
    ],
    rows,
  );
}

/** The cold pairs at the verdict's size: each pair's CPU per step and ratio (the first pair is the cold rows'). */
function pairsTable(f: AgentStepFigures): string[] {
  const n = f.plan.warm?.messages;
  const e = n === undefined ? undefined : find(f, 'engram', n);
  const b = n === undefined ? undefined : find(f, 'bare', n);
  if (n === undefined || !e || !b || f.pairs.length === 0) return [];
  const first = f.plan.sizes.indexOf(n) % 2 === 0 ? 'engram, bare' : 'bare, engram';
  const rows = [
    ['1 (the rows above)', first, ms(e.cpu), ms(b.cpu), ratio(e.cpu / b.cpu)],
    ...f.pairs.map((p, i) => {
      const pe = perStep(p.engram).cpu;
      const pb = perStep(p.bare).cpu;
      return [String(i + 2), p.order.join(', '), ms(pe), ms(pb), ratio(pe / pb)];
    }),
  ];
  return [
    `Cold pairs at ${int(n)} messages (each contender in a fresh process, ${f.plan.warmups} untimed and ${f.plan.runs} timed runs; engram on the pre-filled file in the first pair, on a copy of it made before any run in each other): the verdict is their median ratio.`,
    '',
    table(['pair', 'order', 'engram CPU per step ms', 'bare CPU per step ms', 'engram ÷ bare'], rows),
    '',
  ];
}

function ratiosTable(f: AgentStepFigures): string {
  const rows = f.plan.sizes.flatMap((n) => {
    const e = find(f, 'engram', n);
    const b = find(f, 'bare', n);
    return e && b ? [[int(n), ratio(e.cpu / b.cpu), ratio(e.wall / b.wall), ratio(e.rss / b.rss)]] : [];
  });
  return table(
    [
      'messages in session',
      'CPU per step, engram ÷ bare',
      'wall per step, engram ÷ bare',
      'RSS, engram ÷ bare',
    ],
    rows,
  );
}

function targets(f: AgentStepFigures): string[] {
  const sizes = f.plan.sizes;
  const lines: string[] = [];
  const from = sizes.find((n) => n >= 1_000) ?? sizes[0]!;
  const to = sizes.at(-1)!;
  const a = find(f, 'engram', from);
  const b = find(f, 'engram', to);
  if (a && b && to > from) {
    const growth = b.cpu / a.cpu;
    lines.push(
      `- engram CPU per step flat, ${int(from)} → ${int(to)} messages: ${ms(a.cpu)} → ${ms(b.cpu)} ms, ${ratio(growth)} (target ≤ 1.5×${to < 50_000 ? '; the target is stated from 1,000 to 50,000 messages' : ''}): ${verdict(growth <= 1.5)}.`,
    );
  }
  for (const n of sizes.filter((x) => x >= 10_000)) {
    const e = find(f, 'engram', n);
    const bare = find(f, 'bare', n);
    const we = find(f, 'engram', n, true);
    const wb = find(f, 'bare', n, true);
    const pairs = n === f.plan.warm?.messages ? f.pairs : [];
    if (!e || !bare) continue;
    // With cold pairs, the verdict is their median ratio; else the one pair's.
    const ratios = [e.cpu / bare.cpu, ...pairs.map((p) => perStep(p.engram).cpu / perStep(p.bare).cpu)];
    const mid = median(ratios);
    const steady =
      we && wb
        ? `the verdict is the cold ${pairs.length > 0 ? 'pairs' : 'row'}; warm, a long-running process's steady state: ${ms(we.cpu)} vs ${ms(wb.cpu)} ms, ${ratio(we.cpu / wb.cpu)}`
        : '';
    const without = find(f, 'engram-no-long-term', n);
    const limit =
      without && mid >= 1
        ? ` Limit, same run: the same stack without long-term memory, cold, costs ${ms(without.cpu)} ms a step (${ratio(without.cpu / bare.cpu)} the bare loop's); long-term memory (each run's static recall and the recording of its messages) adds ${ms(e.cpu - without.cpu)} ms a step, ${ms(STEPS * (e.cpu - without.cpu))} ms a run, in a process that has served ${int(f.plan.warmups)} runs.`
        : '';
    if (pairs.length > 0)
      lines.push(
        `- engram CPU per step below the bare loop's at ${int(n)} messages, in ${ratios.length} cold pairs (each contender in a fresh process, the order alternating; the first pair is the rows above: ${ms(e.cpu)} vs ${ms(bare.cpu)} ms): ${ratios.map(ratio).join(', ')}, median ${ratio(mid)}: ${verdict(mid < 1)} (below it in ${ratios.filter((r) => r < 1).length} of ${ratios.length} pairs${steady ? `; ${steady}` : ''}).${limit}`,
      );
    else
      lines.push(
        `- engram CPU per step below the bare loop's at ${int(n)} messages: ${ms(e.cpu)} vs ${ms(bare.cpu)} ms (${ratio(mid)}): ${verdict(mid < 1)}${steady ? ` (${steady})` : ''}.${limit}`,
      );
  }
  if (!sizes.some((x) => x >= 10_000))
    lines.push(
      '- engram CPU per step vs the bare loop at 10,000 messages and beyond: not measured in this run.',
    );
  const counted = f.plan.sizes.flatMap((n) => {
    const s = find(f, 'engram', n);
    return s ? [s] : [];
  });
  const worst = Math.max(...counted.map((s) => s.mostCommits));
  lines.push(
    `- Commits per ${STEPS}-step run (every timed run): ${counted.map((s) => `${commitsCell(s).replace(/\((\d+)\)/g, '($1 fsynced)')}`).join('; ')} across the sizes (target ≤ 6): ${verdict(worst <= 6)}${worst > 6 ? ' (a run whose closing read made a ladder step writes it in a commit of its own, unflushed)' : ''}.`,
  );
  const last = find(f, 'engram', to);
  if (last)
    lines.push(
      `- Longest event-loop stall in a run at ${int(to)} messages: ${ms(last.stall)} ms (target: none over 50 ms at 50,000 messages${to < 50_000 ? '; not at that size in this run' : ''}): ${verdict(last.stall <= 50)}.`,
    );
  return lines;
}

/**
 * The warm rows: each contender in a fresh process again, with more untimed runs before the timed ones; beside its
 * cold figures (the table above) and the other contender's warm ones.
 */
function warmProcess(f: AgentStepFigures, cmd: string): string[] {
  const w = f.plan.warm;
  if (!w || f.warm.length === 0) return [];
  const n = w.messages;
  const rows = f.warm.map((r) => {
    const s = perStep(r);
    const cold = find(f, r.request.contender, n);
    return [
      int(n),
      contenderName(r.request.contender),
      ms(s.cpu),
      cold ? ms(cold.cpu) : '—',
      cold ? ratio(s.cpu / cold.cpu) : '—',
      ms(s.wall),
      ms(s.stall),
      mib(s.rss),
      r.request.contender !== 'bare' ? commitsCell(s) : '—',
      int(s.prompt),
    ];
  });
  const e = find(f, 'engram', n, true);
  const a = find(f, 'engram-no-long-term', n, true);
  const b = find(f, 'bare', n, true);
  const request = (contender: Contender) =>
    `\`{"contender":"${contender}","messages":${n},"warmups":${w.warmups},"runs":${w.runs},…}\``;
  return [
    `### Warm process at ${int(n)} messages (steady state of a long-running process; not the verdict)`,
    '',
    `The same measurement in a fresh process per contender, with ${w.warmups} untimed ${STEPS}-step runs instead of ${f.plan.warmups} before ${w.runs} timed ones (child requests ${request('engram')} and ${request('bare')}, contenders in the reverse order of the cold pair; engram on a copy of the file pre-filled for its cold row): what a step costs a process that has already served ${w.warmups} runs, its JIT tiers and compiled regular expressions warm.${f.options.quick ? '' : ` ${w.warmups} is where engram's per-run CPU stopped falling in probes at 10,000 messages (the bare loop's stops after 2).`} The cold rows above stay the headline and the verdict.`,
    '',
    cmd,
    '',
    table(
      [
        'messages in session',
        'contender',
        'CPU per step ms, warm',
        'CPU per step ms, cold (above)',
        'warm ÷ cold',
        'wall per step ms, warm',
        'longest event-loop stall ms',
        'RSS',
        `commits per ${STEPS}-step run (fsynced)`,
        'messages sent at the last step',
      ],
      rows,
    ),
    '',
    ...(e && b
      ? [
          `Warm, engram ÷ bare: CPU per step ${ratio(e.cpu / b.cpu)}, wall per step ${ratio(e.wall / b.wall)}, RSS ${ratio(e.rss / b.rss)}.`,
          '',
        ]
      : []),
    ...(e && b && a
      ? [
          `Ablation (child request ${request('engram-no-long-term')}, after the pair, on its own copy of the same pre-filled file): without long-term memory engram's warm step costs ${ms(a.cpu)} ms CPU, ${ratio(a.cpu / b.cpu)} the bare loop's; long-term memory (the static recall of each run's prompt and the recording of its messages, once per ${STEPS}-step run) adds ${ms(e.cpu - a.cpu)} ms a step, ${ms(STEPS * (e.cpu - a.cpu))} ms a run.`,
          '',
        ]
      : []),
  ];
}

/** How a run's CPU moves over many runs in one process: the median of the first quarter of runs vs the last. */
function longProcess(f: AgentStepFigures): string[] {
  const runs = f.long?.runs ?? [];
  const quarter = Math.floor(runs.length / 4);
  if (!f.long || quarter === 0) return [];
  const first = median(runs.slice(0, quarter).map((r) => r.cpu));
  const last = median(runs.slice(-quarter).map((r) => r.cpu));
  const n = int(f.long.request.messages);
  return [
    '### One process serving many runs',
    '',
    `engram at ${n} messages, ${runs.length} timed ${STEPS}-step runs on one memory in one process (after ${f.long.request.warmups} untimed): CPU per run, median of runs 1–${quarter} vs ${runs.length - quarter + 1}–${runs.length}: ${ms(first)} vs ${ms(last)} ms (${ratio(last / first)}); RSS after the last run ${mib(runs.at(-1)!.rss)}. A run should cost the same whatever the process served before it.`,
    '',
  ];
}

/** The markdown of the section. */
export function renderAgentStepSection(f: AgentStepFigures): string {
  const { options, plan } = f;
  const cmd = commandLine(options);
  return [
    '## Agent step with the full memory stack (engram `agent()` vs the bare AI SDK loop)',
    '',
    ...sectionIntro(
      options,
      `the timed runs in a fresh process per size and contender (engram's pre-fill in another before it); ${plan.warmups} untimed and ${plan.runs} timed ${STEPS}-step runs each, medians per step; suite ${f.seconds.toFixed(0)} s; 1-minute load average ${f.load[0].toFixed(1)} at the start, ${f.load[1].toFixed(1)} at the end`,
    ),
    '',
    `Workload: a session pre-filled (untimed) with \`createScriptedConversation({ seed: ${f.seed}, messages })\` (a tool-using agent session: web_search 2–8 KB, fetch_page 10–50 KB, read_file, run_sql results, parallel calls), then runs of ${STEPS} steps against \`MockLanguageModelV4\` (\`ai/test\`) answering at once: ${STEPS - 1} steps calling \`fetch_page\`, whose results are ${PAGE_KB.join(', ')} KB pages, then a text answer. A step's CPU is \`process.cpuUsage()\` (user + system) over the run ÷ ${STEPS}, its wall time the same; the stall is the longest the event loop went without turning during a run (\`monitorEventLoopDelay\` and a 5 ms ticker, worst run); RSS after the runs (worst).`,
    '',
    `- **engram**: \`agent({ model, tools, instructions, memory, contentStore, longTermMemory: { memory, mode: 'static' }, recordAssembly: true })\` on a SQLite file at \`durability: 'power'\` (WAL + \`synchronous=FULL\`, read back on the handle), memory = \`createAutoContextMemory({ conversation, content, maxTokens: ${int(MAX_TOKENS)} })\` over \`createConversationMemory\` and \`createContentStore\` on that store (o200k counter), long-term memory \`createLongTermMemory\` on the same store. A first process pre-fills the file (untimed): whole turns in batches of about ${int(plan.batch)} messages through the view, each batch recorded in long-term memory and the view read after it (its offloads and ladder steps made as the session grew); a second, fresh process opens the file, as an app resumes a long session, and runs the agent (its cold start falls in the untimed runs). Commits are counted on the handle (a \`COMMIT\`, or a write outside a transaction), which wraps \`node:sqlite\`'s \`DatabaseSync\` handed to \`createSqliteStore({ database })\`: each statement classified once when prepared, a write's run one extra function call.`,
    "- **bare AI SDK loop**: `streamText({ model, tools, system, messages, stopWhen: isStepCount(5) })` with the whole history in an array (the pre-filled messages, then each run's prompt and response messages), as an AI SDK app without memory carries it: nothing is stored, nothing bounds the context.",
    '',
    '### Per step',
    '',
    cmd,
    '',
    timesTable(f),
    '',
    '### Ratios (same sizes, processes run back to back)',
    '',
    cmd,
    '',
    ratiosTable(f),
    '',
    ...pairsTable(f),
    ...warmProcess(f, cmd),
    ...longProcess(f),
    'Targets (issue 23):',
    ...targets(f),
  ].join('\n');
}
