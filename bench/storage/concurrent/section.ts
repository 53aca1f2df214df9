/** Renders the concurrent-appends section of BENCHMARKS.md. */

import { commandLine, int, median, ms, ratio, type SuiteOptions, sectionIntro, table } from '../../report.ts';
import type { FixtureFigures } from '../fixture.ts';
import type { ConcurrentResult } from '../tasks.ts';
import type { ConcurrentEntry, ConcurrentPlan } from './plan.ts';

/** One contender's runs, by session count (one result per round). */
export interface ConcurrentRow extends ConcurrentEntry {
  /** Results by session count, in round order. */
  runs: Map<number, ConcurrentResult[]>;
  /** Database settings read back. */
  settings?: string;
}

/** Everything the section shows. */
export interface ConcurrentFigures {
  options: SuiteOptions;
  plan: ConcurrentPlan;
  fixture: FixtureFigures;
  rows: ConcurrentRow[];
  skipped: string[];
  minutes: number;
}

const rate = (r: ConcurrentResult) => (r.count / r.ms) * 1000;
const verdict = (ok: boolean) => (ok ? '**met**' : '**missed**');

/** Median over rounds of `a`'s rate ÷ `b`'s rate, paired round by round (same round, same session count). */
function pairedRatio(a: ConcurrentRow | undefined, b: ConcurrentRow | undefined, sessions: number): number {
  const x = a?.runs.get(sessions) ?? [];
  const y = b?.runs.get(sessions) ?? [];
  const n = Math.min(x.length, y.length);
  return median(Array.from({ length: n }, (_, i) => rate(x[i]!) / rate(y[i]!)));
}

function counts(f: ConcurrentFigures): number[] {
  const pg = f.rows.some((r) => r.postgres);
  return [...f.plan.sessions, ...(pg ? f.plan.postgresSessions : [])].sort((a, b) => a - b);
}

function ratesTable(f: ConcurrentFigures): string {
  const ns = counts(f);
  const rows = f.rows.map((r) => [
    r.label,
    ...ns.map((n) => {
      const runs = r.runs.get(n);
      if (!runs?.length) return '';
      return `${int(median(runs.map(rate)))} (${ms(median(runs.map((x) => x.p50)))} / ${ms(median(runs.map((x) => x.p99)))})`;
    }),
  ]);
  return table(
    ['contender', ...ns.map((n) => `${n} session${n > 1 ? 's' : ''}: appends/s (p50 / p99 ms)`)],
    rows,
  );
}

function ratiosTable(f: ConcurrentFigures): string {
  const get = (key: string) => f.rows.find((r) => r.key === key);
  const pairs: [string, string, string][] = [
    ['engram `power` ÷ raw loop (FULL)', 'engram-power', 'raw-power'],
    ['engram `process` ÷ raw loop (NORMAL)', 'engram-process', 'raw-process'],
    ['engram `process` ÷ Mastra (both NORMAL)', 'engram-process', 'mastra'],
    ['engram `power` ÷ Mastra (FULL vs NORMAL)', 'engram-power', 'mastra'],
  ];
  const rows = pairs
    .filter(([, a, b]) => get(a) && get(b))
    .map(([label, a, b]) => [label, ...f.plan.sessions.map((n) => ratio(pairedRatio(get(a), get(b), n)))]);
  return table(
    ['aggregate appends/s', ...f.plan.sessions.map((n) => `${n} session${n > 1 ? 's' : ''}`)],
    rows,
  );
}

function targets(f: ConcurrentFigures): string[] {
  const get = (key: string) => f.rows.find((r) => r.key === key);
  const top = Math.max(...f.plan.sessions);
  const lines: string[] = [];
  const mastra = pairedRatio(get('engram-process'), get('mastra'), top);
  lines.push(
    Number.isFinite(mastra)
      ? `- ${top} concurrent sessions, engram \`process\` vs Mastra at equal durability: ${ratio(mastra)} (target ≥ 10×): ${verdict(mastra >= 10)}.`
      : `- ${top} concurrent sessions vs Mastra (target ≥ 10×): Mastra not measured in this run.`,
  );
  for (const d of ['power', 'process']) {
    const x = pairedRatio(get(`engram-${d}`), get(`raw-${d}`), top);
    lines.push(
      `- ${top} concurrent sessions, engram \`${d}\` vs the raw one-commit loop at the same durability: ${ratio(x)} (target > 1×, above the loop): ${verdict(x > 1)}.`,
    );
  }
  return lines;
}

/** The markdown of the section. */
export function renderConcurrentSection(f: ConcurrentFigures): string {
  const cmd = commandLine(f.options);
  return [
    '## Concurrent appends: N sessions at once (group commit)',
    '',
    ...sectionIntro(f.options, `the suite took ${f.minutes.toFixed(1)} min`),
    '',
    `N sessions append at once to one store in one process, each one message per awaited call (the next append of a session starts when its previous one is acknowledged, durable); ${int(f.plan.appends)} appends per run in all, split evenly over the sessions; aggregate appends/s = all appends ÷ wall time of the run. Every run is a fresh process on a fresh database; contenders and session counts interleave, ${f.plan.rounds} round${f.plan.rounds > 1 ? 's' : ''}, medians reported (ratios are paired within a round). Messages: the storage suite's scripted session (\`createScriptedConversation\`, seed 7, tool results at 0.1× size; ${int(f.fixture.meanBytes)} bytes and ${int(f.fixture.meanTokens)} o200k tokens per message on average), session k taking the k-th share. engram counts with o200k inside \`memory.store\`; Mastra's messages are converted before the clock starts; the raw loop's rows are built before it starts and its commits queue (node:sqlite is synchronous), so it shows what one commit per append allows, however many sessions wait.`,
    ...(f.skipped.length ? ['', `Skipped: ${f.skipped.join('; ')}.`] : []),
    '',
    cmd,
    '',
    ratesTable(f),
    '',
    'Ratios (median of per-round ratios):',
    '',
    cmd,
    '',
    ratiosTable(f),
    '',
    'Targets (issue 7):',
    ...targets(f),
  ].join('\n');
}
