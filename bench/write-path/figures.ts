/** What the write-path section is made of, and how its figures are read: medians, paired ratios, CPU per append. */

import { median, type SuiteOptions } from '../report.ts';
import type { FixtureFigures } from '../storage/fixture.ts';
import type { WriteEntry, WritePlan } from './plan.ts';
import type { FtsCost } from './probes.ts';
import type { WriteResult } from './tasks.ts';

/** One contender at one session count, over the rounds. */
export interface RunFigures {
  entry: WriteEntry;
  sessions: number;
  /** The round of each result (a run that failed leaves its round out). */
  rounds: number[];
  /** Aggregate appends/s per result. */
  rates: number[];
  results: WriteResult[];
}

/** The contention runs of one tree: per round, each process's result. */
export interface ContendFigures {
  tree: 'before' | 'after';
  rounds: WriteResult[][];
}

/** Everything the section shows. */
export interface WritePathFigures {
  options: SuiteOptions;
  plan: WritePlan;
  fixture: FixtureFigures;
  runs: RunFigures[];
  contention: ContendFigures[];
  beforeCommit?: string;
  /**
   * Measured in the same run: first-pass o200k counting (µs per message), SQLite FTS5 at commit, PostgreSQL
   * round trip, WAL flush and the least cost of one durable row on a copy of engram's message table (ms).
   */
  diagnostics: {
    countUs: number;
    fts: FtsCost;
    postgres?: { roundTripMs: number; flushMs: number; rowFloorMs?: number };
  };
  skipped: string[];
  minutes: number;
}

/** Reading a run's figures by contender key and session count. */
export interface FigureReader {
  /** The runs of `key` at `n` sessions. */
  find(key: string, n: number): RunFigures | undefined;
  /** Median aggregate appends/s (NaN when not measured). */
  rate(key: string, n: number): number;
  /** Median over rounds of `a`'s rate ÷ `b`'s, paired round by round (`a` at `n` sessions, `b` at `nb`). */
  paired(a: string, b: string, n: number, nb?: number): number;
  /** Median CPU µs per append of the whole process. */
  cpu(key: string, n: number): number;
}

/** A reader over `f`'s runs. */
export function readFigures(f: Pick<WritePathFigures, 'runs'>): FigureReader {
  const find = (key: string, n: number) => f.runs.find((r) => r.entry.key === key && r.sessions === n);
  return {
    find,
    rate: (key, n) => median(find(key, n)?.rates ?? []),
    paired(a, b, n, nb = n) {
      const x = find(a, n);
      const y = find(b, nb);
      if (!x || !y) return Number.NaN;
      const ratios = x.rounds.flatMap((round, i) => {
        const j = y.rounds.indexOf(round);
        return j < 0 ? [] : [x.rates[i]! / y.rates[j]!];
      });
      return median(ratios);
    },
    cpu: (key, n) => median(find(key, n)?.results.map((r) => r.cpuUs ?? Number.NaN) ?? []),
  };
}

/** µs per call at a rate of appends/s. */
export const usPer = (perSecond: number) => 1e6 / perSecond;

/** `**met**` or `**missed**`. */
export const verdict = (ok: boolean) => (ok ? '**met**' : '**missed**');

/** `1 session`, `8 sessions`. */
export const sessionsLabel = (n: number) => `${n} session${n > 1 ? 's' : ''}`;
