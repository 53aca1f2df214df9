/** The markdown of the write-path section: tables of the runs, paired ratios, each target's verdict, its limits. */

import { commandLine, int, median, ms, ratio, sectionIntro, table } from '../report.ts';
import { contentionTable } from './contention-table.ts';
import { type FigureReader, readFigures, sessionsLabel, verdict, type WritePathFigures } from './figures.ts';
import { limits } from './limits.ts';
import { cpuTable, settingsLines } from './settings-table.ts';

/** The contenders' keys among `f`'s runs that pass `keep`, in run order, and their labels. */
function keysOf(f: WritePathFigures, keep: (pg: boolean) => boolean): { key: string; label: string }[] {
  const seen = new Map<string, string>();
  for (const r of f.runs)
    if (keep(r.entry.counts === 'pgSessions') && !seen.has(r.entry.key)) seen.set(r.entry.key, r.entry.label);
  return [...seen].map(([key, label]) => ({ key, label }));
}

/** A rates table: median appends/s per session count, each round's figure after it. */
function ratesTable(f: WritePathFigures, read: FigureReader, pg: boolean, counts: number[]): string {
  const cell = (key: string, n: number) => {
    const r = read.find(key, n);
    return r ? `${int(median(r.rates))} (${r.rates.map(int).join(' · ')})` : '';
  };
  return table(
    ['contender', ...counts.map(sessionsLabel)],
    keysOf(f, (isPg) => isPg === pg).map(({ key, label }) => [label, ...counts.map((n) => cell(key, n))]),
  );
}

/** Latency of one awaited call (p50 / p99, ms, medians over rounds) at every session count. */
function latencyTable(f: WritePathFigures, read: FigureReader): string {
  const cell = (key: string, n: number) => {
    const results = read.find(key, n)?.results ?? [];
    if (results.length === 0) return '';
    return `${ms(median(results.map((r) => r.p50)))} / ${ms(median(results.map((r) => r.p99)))}`;
  };
  return table(
    ['contender', ...f.plan.sessions.map(sessionsLabel)],
    keysOf(f, (pg) => !pg).map(({ key, label }) => [label, ...f.plan.sessions.map((n) => cell(key, n))]),
  );
}

/** Paired ratios of aggregate appends/s at every session count. */
function ratiosTable(f: WritePathFigures, read: FigureReader): string {
  const pairs: [string, string, string][] = [
    ['`memory.store` (power) ÷ raw loop (power)', 'engram-after-memory-power', 'raw-power'],
    ['`memory.store` (process) ÷ raw loop (process)', 'engram-after-memory-process', 'raw-process'],
    ['`memory.store` (process) ÷ Mastra (both synchronous=NORMAL)', 'engram-after-memory-process', 'mastra'],
    ['`memory.store` (power) ÷ Mastra (FULL vs NORMAL)', 'engram-after-memory-power', 'mastra'],
    [
      '`memory.store` (process) after ÷ before',
      'engram-after-memory-process',
      'engram-before-memory-process',
    ],
    ['`memory.store` (power) after ÷ before', 'engram-after-memory-power', 'engram-before-memory-power'],
  ];
  const rows = pairs
    .filter(([, a, b]) => read.find(a, 1) && read.find(b, 1))
    .map(([label, a, b]) => [label, ...f.plan.sessions.map((n) => ratio(read.paired(a, b, n)))]);
  return table(['aggregate appends/s', ...f.plan.sessions.map(sessionsLabel)], rows);
}

/** The SQLite targets of issues 7 and 23 with their verdicts. */
function targets(f: WritePathFigures, read: FigureReader): string[] {
  const top = Math.max(...f.plan.sessions);
  const line = (label: string, x: number, target: number, strict = false) =>
    `- ${label}: ${ratio(x)} (target ${strict ? '>' : '≥'} ${target}×): ${verdict(strict ? x > target : x >= target)}`;
  const lines: string[] = [];
  if (read.find('mastra', 1))
    lines.push(
      line(
        'single writer `memory.store` vs Mastra, equal durability (process = NORMAL), issue 23 (aim 1.5×)',
        read.paired('engram-after-memory-process', 'mastra', 1),
        1,
      ),
      line(
        `${top} sessions, \`memory.store\` (process) vs Mastra, equal durability`,
        read.paired('engram-after-memory-process', 'mastra', top),
        10,
      ),
    );
  for (const d of ['process', 'power'] as const)
    lines.push(
      line(
        `${top} sessions, \`memory.store\` (${d}) vs the raw one-commit loop (${d}), both at ${top} sessions`,
        read.paired(`engram-after-memory-${d}`, `raw-${d}`, top),
        1,
        true,
      ),
    );
  return lines;
}

/** Renders the section. */
export function renderWritePath(f: WritePathFigures): string {
  const read = readFigures(f);
  const cmd = commandLine(f.options);
  const before = f.beforeCommit
    ? `before = commit ${f.beforeCommit} (\`ENGRAM_BENCH_BEFORE\`), after = this tree`
    : 'no before figures (set `ENGRAM_BENCH_BEFORE=<git ref>`)';
  const out = [
    '## Write path: durable appends, group commit, lock waits',
    '',
    ...sectionIntro(f.options, `${before} · the suite took ${f.minutes.toFixed(1)} min`),
    '',
    `Messages: the storage suite's scripted agent session (${int(f.fixture.messages)} messages, ${int(f.fixture.meanBytes)} bytes and ${int(f.fixture.meanTokens)} o200k tokens each on average). Each session appends its share one message per awaited call (its next append starts when the previous one is acknowledged, durable); N sessions run concurrently in one process over one store; aggregate appends/s = all appends ÷ wall time of the run. \`memory.store\` validates and counts exactly (o200k) inside the timed call; \`store.append\` takes pre-counted inputs; Mastra's messages are converted before the clock starts; the raw loop's rows are built before it starts and its commits queue (node:sqlite is synchronous), so it shows what one commit per append allows, however many sessions wait. Every run is a fresh process and database; ${f.plan.rounds} interleaved round${f.plan.rounds > 1 ? 's' : ''}, cells are the median appends/s (each round's figure after it); ratios are medians of per-round ratios (both sides measured in the same round).`,
    '',
    `### SQLite and Mastra: aggregate appends/s, ${int(f.plan.messages)} messages per run`,
    '',
    cmd,
    '',
    ratesTable(f, read, false, f.plan.sessions),
    '',
    'Latency of one awaited call, p50 / p99 in ms (medians over rounds):',
    '',
    cmd,
    '',
    latencyTable(f, read),
    '',
    'CPU time of the process per append, µs (medians over rounds):',
    '',
    cmd,
    '',
    cpuTable(f, read),
    '',
    "Settings read back from each run's database after its appends (Mastra: `PRAGMA synchronous` on every connection of its libSQL pool, which the suite sets to the NORMAL Mastra claims before the clock; libSQL opens connections lazily and a pragma reaches only the connection it borrowed, so its extra connections otherwise ran at FULL):",
    '',
    ...settingsLines(f),
    '',
    'Ratios (medians of per-round ratios):',
    '',
    cmd,
    '',
    ratiosTable(f, read),
    '',
    'Targets (issues 7 and 23):',
    '',
    ...targets(f, read),
    '',
    ...limits(f, read),
  ];
  if (f.runs.some((r) => r.entry.counts === 'pgSessions')) {
    out.push(
      '',
      `### PostgreSQL \`store.append\`: aggregate appends/s, ${int(f.plan.pgMessages)} messages per run (fsync on, synchronous_commit on)`,
      '',
      cmd,
      '',
      ratesTable(f, read, true, f.plan.pgSessions),
    );
    if (f.beforeCommit)
      out.push(
        '',
        ...f.plan.pgSessions.map((n) => {
          const x = read.paired('pg-after', 'pg-before', n);
          const target = n === 1 || n === 16 ? ` (target ≥ 2×): ${verdict(x >= 2)}` : '';
          return `- PostgreSQL, ${sessionsLabel(n)}: after / before: ${ratio(x)}${target}`;
        }),
      );
  }
  if (f.contention.length > 0) out.push('', ...contentionTable(f, cmd));
  if (f.skipped.length > 0) out.push('', `Not measured: ${f.skipped.join('; ')}.`);
  return out.join('\n');
}
