/** The contention part of the write-path section: several processes appending to one SQLite file, event loops watched. */

import { int, median, ms, table } from '../report.ts';
import { verdict, type WritePathFigures } from './figures.ts';
import type { WriteResult } from './tasks.ts';

/** The worst (largest) value of one figure over the processes of a contention round. */
const worst = (rs: readonly WriteResult[], key: 'loopP99' | 'loopMax' | 'max') =>
  Math.max(...rs.map((r) => r[key] ?? Number.NaN));

/** Aggregate appends/s of a contention round: all appends ÷ the slowest process's wall time. */
const roundRate = (rs: readonly WriteResult[]) =>
  (rs.reduce((s, r) => s + r.count, 0) / Math.max(...rs.map((r) => r.ms))) * 1000;

/** The heading, the table (under `cmd`, the run's Command: line) and the event-loop target's verdict. */
export function contentionTable(f: WritePathFigures, cmd: string): string[] {
  const cellOf = (values: number[], fmt: (v: number) => string) =>
    `${fmt(median(values))} (${values.map(fmt).join(' · ')})`;
  const rows = f.contention.map((c) => [
    c.tree,
    cellOf(c.rounds.map(roundRate), int),
    cellOf(
      c.rounds.map((rs) => worst(rs, 'loopP99')),
      ms,
    ),
    cellOf(
      c.rounds.map((rs) => worst(rs, 'loopMax')),
      ms,
    ),
    cellOf(
      c.rounds.map((rs) => worst(rs, 'max')),
      ms,
    ),
  ]);
  const out = [
    `### Contention: ${f.plan.contenders} processes × ${int(f.plan.contendMessages)} \`memory.store\` calls into one session of one SQLite file (power)`,
    '',
    'Each process samples its event loop with `monitorEventLoopDelay` (10 ms resolution) and a 5 ms ticker (a loop that never turns records no sample: its whole run is then one delay).',
    '',
    cmd,
    '',
    table(
      [
        'code',
        'appends/s, all processes',
        'event-loop delay p99 (worst process), ms',
        'longest event-loop stall, ms',
        'slowest append, ms',
      ],
      rows,
    ),
  ];
  const after = f.contention.find((c) => c.tree === 'after');
  if (after) {
    const p99 = median(after.rounds.map((rs) => worst(rs, 'loopP99')));
    out.push(
      '',
      `- event-loop delay p99 under contention (median over rounds of the worst process): ${ms(p99)} ms (target ≤ 50 ms): ${verdict(p99 <= 50)}`,
    );
  }
  return out;
}
