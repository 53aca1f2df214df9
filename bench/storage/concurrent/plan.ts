/** The contenders and sizes of the concurrent-appends suite. */

import type { Contender } from '../tasks.ts';

/** Sizes of a run. */
export interface ConcurrentPlan {
  /** Appends per run, split evenly over the sessions (a multiple of every session count). */
  appends: number;
  /** Session counts measured. */
  sessions: number[];
  /** Extra session counts measured for PostgreSQL only (issue 7 names 16 for it). */
  postgresSessions: number[];
  /** Runs per contender and session count (each a fresh process and a fresh database); medians reported. */
  rounds: number;
}

/** The full run or the smoke run (`--quick`). */
export function concurrentPlan(quick: boolean): ConcurrentPlan {
  return quick
    ? { appends: 64, sessions: [1, 8, 32], postgresSessions: [16], rounds: 1 }
    : { appends: 3_200, sessions: [1, 8, 32], postgresSessions: [16], rounds: 3 };
}

/** A contender of the suite. */
export interface ConcurrentEntry {
  /** Stable key (also the database file name). */
  key: string;
  /** Label in the report. */
  label: string;
  /** Who. */
  contender: Contender;
  /** Whether the contender also runs the PostgreSQL-only session counts. */
  postgres?: boolean;
}

/** The contenders: the raw one-commit loop, engram at both durabilities, Mastra, engram on PostgreSQL. */
export function concurrentEntries(options: { peers: boolean; postgres: boolean }): ConcurrentEntry[] {
  const list: ConcurrentEntry[] = [];
  for (const durability of ['power', 'process'] as const) {
    const sync = durability === 'power' ? 'FULL' : 'NORMAL';
    list.push(
      {
        key: `raw-${durability}`,
        label: `raw node:sqlite one-commit loop, bare table (${sync})`,
        contender: { kind: 'raw', durability },
      },
      {
        key: `engram-${durability}`,
        label: `engram SQLite \`memory.store\`, \`durability: '${durability}'\` (${sync})`,
        contender: { kind: 'engram-sqlite', api: 'memory', durability },
      },
    );
  }
  if (options.peers)
    list.push({
      key: 'mastra',
      label: 'Mastra `saveMessages` (LibSQLStore, NORMAL)',
      contender: { kind: 'mastra' },
    });
  if (options.postgres)
    list.push({
      key: 'pg',
      label: 'engram PostgreSQL `memory.store` (synchronous_commit on)',
      contender: { kind: 'engram-postgres', api: 'memory' },
      postgres: true,
    });
  return list;
}
