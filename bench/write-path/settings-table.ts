/** The write-path section's CPU-per-append table and the settings each run read back from its database. */

import { int, table } from '../report.ts';
import { type FigureReader, sessionsLabel, type WritePathFigures } from './figures.ts';

/** SQLite and Mastra contenders, in run order, with their labels. */
function sqliteKeys(f: WritePathFigures): { key: string; label: string }[] {
  const seen = new Map<string, string>();
  for (const r of f.runs)
    if (r.entry.counts !== 'pgSessions' && !seen.has(r.entry.key)) seen.set(r.entry.key, r.entry.label);
  return [...seen].map(([key, label]) => ({ key, label }));
}

/** CPU time of the whole process per append (µs, medians over rounds) at every session count. */
export function cpuTable(f: WritePathFigures, read: FigureReader): string {
  const cell = (key: string, n: number) => {
    const x = read.find(key, n) ? read.cpu(key, n) : Number.NaN;
    return Number.isFinite(x) ? int(x) : '';
  };
  return table(
    ['contender', ...f.plan.sessions.map(sessionsLabel)],
    sqliteKeys(f).map(({ key, label }) => [label, ...f.plan.sessions.map((n) => cell(key, n))]),
  );
}

/**
 * The settings every run read back from its database after its appends (journal mode, `synchronous`; for
 * Mastra, each connection of its libSQL pool), each distinct one with the session counts it was read at.
 */
export function settingsLines(f: WritePathFigures): string[] {
  return sqliteKeys(f).map(({ key, label }) => {
    const seen = new Map<string, Set<number>>();
    for (const r of f.runs.filter((x) => x.entry.key === key))
      for (const result of r.results) {
        const s = result.settings ?? 'not read';
        seen.set(s, (seen.get(s) ?? new Set()).add(r.sessions));
      }
    const parts = [...seen].map(([s, ns]) => `${s} (${[...ns].sort((a, b) => a - b).join(', ')} sessions)`);
    return `- ${label}: ${parts.join('; ')}`;
  });
}
