/** The runs of the write-path suite and their sizes. */

import type { Durability } from '../storage/tasks.ts';
import type { WriteContender } from './tasks.ts';

/** Sizes of a run. */
export interface WritePlan {
  /** Interleaved rounds: every run once per round, medians reported. */
  rounds: number;
  /** SQLite and Mastra: messages appended per run, split over the sessions (divisible by every count). */
  messages: number;
  /** Concurrent session counts on SQLite and Mastra. */
  sessions: number[];
  /** PostgreSQL: messages per run. */
  pgMessages: number;
  /** Concurrent session counts on PostgreSQL. */
  pgSessions: number[];
  /** Contention: processes, and messages each appends. */
  contenders: number;
  contendMessages: number;
  /** The FTS5 probe: one-row commits per pass, and passes of each kind (alternating, medians reported). */
  ftsCommits: number;
  ftsPasses: number;
}

/** The full run. */
const full: WritePlan = {
  rounds: 5,
  messages: 2_400,
  sessions: [1, 8, 32],
  pgMessages: 1_600,
  pgSessions: [1, 8, 16, 32],
  contenders: 4,
  contendMessages: 800,
  ftsCommits: 3_000,
  ftsPasses: 3,
};

/** The full run or the quick one (a smoke run in seconds: every run once, at tiny sizes). */
export function writePlanOf(quick: boolean): WritePlan {
  return quick
    ? { ...full, rounds: 1, messages: 320, pgMessages: 320, contendMessages: 80, ftsPasses: 1 }
    : full;
}

/** One contender of the concurrent-sessions runs, with its row label. */
export interface WriteEntry {
  /** Stable key. */
  key: string;
  /** Row label. */
  label: string;
  contender: WriteContender;
  /** Which counts it runs at. */
  counts: 'sessions' | 'pgSessions' | 'single';
}

const engram = (tree: 'before' | 'after', api: 'memory' | 'store', durability: Durability): WriteEntry => ({
  key: `engram-${tree}-${api}-${durability}`,
  label: `engram ${tree} \`${api === 'memory' ? 'memory.store' : 'store.append'}\` (${durability})`,
  contender: { kind: 'engram', tree, store: 'sqlite', api, durability },
  counts: api === 'memory' ? 'sessions' : 'single',
});

/** Every contender; `before` ones only when a snapshot of the older commit is there, Mastra only with the peers. */
export function writeEntries(o: { before: boolean; peers: boolean; postgres: boolean }): WriteEntry[] {
  const trees = o.before ? (['after', 'before'] as const) : (['after'] as const);
  const list: WriteEntry[] = [];
  for (const durability of ['power', 'process'] as const) {
    for (const tree of trees)
      list.push(engram(tree, 'memory', durability), engram(tree, 'store', durability));
    list.push({
      key: `raw-${durability}`,
      label: `raw node:sqlite one-commit loop, bare table (${durability})`,
      contender: { kind: 'raw', durability },
      counts: 'sessions',
    });
  }
  if (o.peers)
    list.push({
      key: 'mastra',
      label: 'Mastra `saveMessages` (synchronous=NORMAL)',
      contender: { kind: 'mastra' },
      counts: 'sessions',
    });
  if (o.postgres)
    for (const tree of trees)
      list.push({
        key: `pg-${tree}`,
        label: `engram ${tree} postgres \`store.append\``,
        contender: { kind: 'engram', tree, store: 'postgres', api: 'store' },
        counts: 'pgSessions',
      });
  return list;
}
