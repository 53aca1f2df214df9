/** Renders the cold-start section of BENCHMARKS.md. */

import { commandLine, int, median, ms, ratio, type SuiteOptions, sectionIntro, table } from '../report.ts';
import type { ColdSample, ColdStartPlan } from './index.ts';
import { type ViewName, viewLabel, viewNames, viewOptions } from './views.ts';

/** Everything the section shows. */
export interface ColdStartFigures {
  options: SuiteOptions;
  plan: ColdStartPlan;
  seed: number;
  samples: ColdSample[];
  neverRead: ColdSample;
  seconds: number;
  load: [number, number];
}

const verdict = (ok: boolean) => (ok ? '**met**' : '**missed**');
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

/** Medians over the repetitions (CPU, wall, RSS), the worst stall. */
function summary(f: ColdStartFigures, size: number, view: ViewName) {
  const at = f.samples.filter((s) => s.size === size && s.view === view);
  if (at.length === 0) return undefined;
  const med = (fn: (s: ColdSample) => number) => median(at.map(fn));
  return {
    cpu: med((s) => s.cpu),
    wall: med((s) => s.wall),
    stall: Math.max(...at.map((s) => s.stall)),
    rss: med((s) => s.rss),
    peakRss: med((s) => s.peakRss),
    messages: med((s) => s.messages),
    n: at.length,
  };
}

const sizesOf = (f: ColdStartFigures) => [...new Set(f.samples.map((s) => s.size))];

/** The columns of a measurement table. */
const HEAD = [
  'messages in session',
  'view',
  'CPU ms',
  'wall ms',
  'longest event-loop stall ms',
  'RSS after',
  'peak RSS',
  'messages returned',
];

/** A measurement table's row. */
const rowOf = (
  size: number,
  view: ViewName,
  s: { cpu: number; wall: number; stall: number; rss: number; peakRss: number; messages: number },
) => [
  int(size),
  viewLabel[view],
  ms(s.cpu),
  ms(s.wall),
  ms(s.stall),
  mib(s.rss),
  mib(s.peakRss),
  int(s.messages),
];

function timesTable(f: ColdStartFigures): string {
  const rows = sizesOf(f).flatMap((size) =>
    viewNames.flatMap((view) => {
      const s = summary(f, size, view);
      return s ? [rowOf(size, view, s)] : [];
    }),
  );
  return table(HEAD, rows);
}

function ratiosTable(f: ColdStartFigures): string {
  const rows = sizesOf(f).flatMap((size) => {
    const base = summary(f, size, 'token-window');
    if (!base) return [];
    return viewNames
      .filter((v) => v !== 'token-window')
      .flatMap((view) => {
        const s = summary(f, size, view);
        return s
          ? [
              [
                int(size),
                viewLabel[view],
                ratio(s.cpu / base.cpu),
                ratio(s.wall / base.wall),
                ratio(s.peakRss / base.peakRss),
              ],
            ]
          : [];
      });
  });
  return table(
    ['messages in session', 'view', 'CPU ÷ token window', 'wall ÷ token window', 'peak RSS ÷ token window'],
    rows,
  );
}

function targets(f: ColdStartFigures): string[] {
  const sizes = sizesOf(f);
  const at = sizes.includes(50_000) ? 50_000 : sizes.at(-1)!;
  const auto = summary(f, at, 'auto-context');
  const window = summary(f, at, 'token-window');
  const lines: string[] = [];
  const where = at === 50_000 ? '' : ' (the target is stated at 50,000 messages; not that size in this run)';
  if (auto && window) {
    const cpu = auto.cpu / window.cpu;
    const rss = auto.peakRss / window.peakRss;
    lines.push(
      `- AutoContext cold start (open + first read) at ${int(at)} messages${where}: ${ms(auto.cpu)} ms CPU, ${ms(auto.wall)} ms wall vs the token window's ${ms(window.cpu)} / ${ms(window.wall)} ms on the same file: ${ratio(cpu)} the CPU (target ≤ 3×): ${verdict(cpu <= 3)}; peak RSS ${mib(auto.peakRss)} vs ${mib(window.peakRss)}, ${ratio(rss)} (target within 1.5×): ${verdict(rss <= 1.5)}.`,
    );
  }
  const n = f.neverRead;
  const target = n.size === 10_000 ? '' : ' (the target is stated at 10,000 messages)';
  lines.push(
    `- First AutoContext read of a never-read ${int(n.size)}-message session${target}: ${ms(n.wall)} ms wall (${ms(n.cpu)} ms CPU; target under 10 s): ${verdict(n.wall < 10_000)}; longest event-loop stall ${ms(n.stall)} ms (target ≤ 100 ms): ${verdict(n.stall <= 100)}; peak RSS ${mib(n.peakRss)}.`,
  );
  return lines;
}

/** The markdown of the section. */
export function renderColdStartSection(f: ColdStartFigures): string {
  const { options, plan } = f;
  const cmd = commandLine(options);
  return [
    '## Long-session cold start (open + first read through each view, a fresh process each)',
    '',
    ...sectionIntro(
      options,
      `${plan.reps} fresh process${plan.reps > 1 ? 'es' : ''} per view and size, views in rotated order, medians (the stall: the worst); suite ${f.seconds.toFixed(0)} s; 1-minute load average ${f.load[0].toFixed(1)} at the start, ${f.load[1].toFixed(1)} at the end`,
    ),
    '',
    `Workload: one SQLite file (\`createSqliteStore({ path })\`, durability \`power\`) holding a session grown from \`createScriptedConversation({ seed: ${f.seed} })\` (a tool-using agent session: web_search 2–8 KB, fetch_page 10–50 KB, read_file, run_sql results, parallel calls) in batches of about ${int(plan.batch)} messages through \`conversation.store\`, each batch then read through every view that keeps state beside the log (citation, summarizing, AutoContext), so their offloads, summaries and ladder steps exist as after a process that used them. At each size, a fresh Node process opens the file (store, o200k counter, conversation, content store, the view) and reads once; the clock covers the open and the read, not Node's start or module loading. CPU is \`process.cpuUsage()\`; the stall is the longest the event loop went without turning (\`monitorEventLoopDelay\` and a 5 ms ticker); RSS is the whole process's (Node and the modules included), after the read and at its peak. Views: ${viewNames.map((v) => `${viewLabel[v]} (\`${viewOptions[v]}\`)`).join('; ')}.`,
    '',
    `The never-read case: a second file holding a ${int(f.neverRead.size)}-message session stored through \`conversation.store\` only, read once through \`createAutoContextMemory\` in a fresh process (one measurement: after it the session has been read).`,
    '',
    '### Open + first read',
    '',
    cmd,
    '',
    timesTable(f),
    '',
    '### Each view against the token window on the same file',
    '',
    cmd,
    '',
    ratiosTable(f),
    '',
    '### The never-read session',
    '',
    cmd,
    '',
    table(HEAD, [rowOf(f.neverRead.size, 'auto-context', f.neverRead)]),
    '',
    'Targets (issue 23):',
    ...targets(f),
  ].join('\n');
}
