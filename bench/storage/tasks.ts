/**
 * What the storage suite asks a child process to do, and what the child hands back. Every measurement runs in
 * its own process (worker.ts), so each contender starts with a fresh heap and every cold open is really cold.
 */

/** How durable an acknowledged append is. `power`: WAL + synchronous=FULL; `process`: WAL + synchronous=NORMAL. */
export type Durability = 'power' | 'process';

/** Who is measured. */
export type ContenderKind = 'raw' | 'engram-sqlite' | 'engram-postgres' | 'mastra' | 'langgraph';

/** A contender and how it is configured. */
export interface Contender {
  /** The library (or the raw loop). */
  kind: ContenderKind;
  /** engram only: `memory` = `createConversationMemory().store(message)`, `store` = raw `store.append`. */
  api?: 'memory' | 'store';
  /** raw and engram-sqlite only. */
  durability?: Durability;
  /**
   * raw only: `plain` = one bare table with engram's row shape (the least a durable append can cost);
   * `engram` = engram's own schema (created by engram's migrations: its indexes, the session counter, the
   * full-text index its triggers keep) with the least SQL an append needs on it, so the schema and the library are
   * priced separately. @default 'plain'
   */
  schema?: 'plain' | 'engram';
}

/** A task for worker.ts. */
export interface Task {
  /**
   * `append`: timed awaited appends, one message per call; `fill`: untimed bulk load; `cold-open`: open +
   * window. (N sessions appending at once: the write-path suite.)
   */
  op: 'append' | 'fill' | 'cold-open';
  /** Who. */
  contender: Contender;
  /** The database file (SQLite, libSQL) or connection string (PostgreSQL). */
  db: string;
  /** The session / thread id. */
  session: string;
  /** The fixture file (JSON array of ModelMessages). */
  fixture: string;
  /** How many messages to append or load. */
  count: number;
  /** `append`: the index of the first fixture message (rounds continue the same session). @default 0 */
  from?: number;
  /** Where the child writes its JSON result. */
  out: string;
  /** LangGraph append: how many per-message puts to time before sampling larger checkpoints. */
  perMessageLimit?: number;
  /** PostgreSQL: the schema holding engram's tables (dropped after the run). */
  pgSchema?: string;
  /** `cold-open` of engram sqlite: time every SQL statement (a diagnostic run, not a timed figure). */
  profileSql?: boolean;
  /** Keep every WAL frame (`wal_autocheckpoint=0`) and report WAL pages written per append. */
  countWalPages?: boolean;
  /** The window's token budget for `cold-open`. */
  maxTokens?: number;
}

/** The result of an `append` (or `fill`) task. */
export interface AppendResult {
  /** Messages appended one per awaited call (may be fewer than asked for when infeasible; see `estimate`). */
  count: number;
  /** Milliseconds for those appends. */
  ms: number;
  /** Cumulative milliseconds at each tenth of `count` (flatness of appends as the log grows). */
  marks: number[];
  /** The database's effective settings, read back from it (`journal_mode`, `synchronous`). */
  settings?: string;
  /** Size of the database on disk afterwards, bytes. */
  bytes?: number;
  /** An extrapolation to the full count when only part was measured, with its model. */
  estimate?: { count: number; ms: number; model: string };
  /** WAL pages written per append (with `countWalPages`). */
  walPagesPerAppend?: number;
  /** Free-form facts worth reporting. */
  notes?: string[];
}

/** The result of a `cold-open` task. */
export interface ColdOpenResult {
  /** Milliseconds from creating the store handle to holding the window (module imports excluded). */
  ms: number;
  /** Milliseconds to import the library's modules in this fresh process. */
  importMs: number;
  /** Messages in the window. */
  messages: number;
  /** Tokens in the window, by the contender's own counter. */
  tokens: number;
  /** A breakdown when the contender's path has distinct steps. */
  parts?: Record<string, number>;
}

/** Runs `append(i)` for i in [0, count) awaiting each, and records the time at every tenth. */
export async function timeAppends(
  count: number,
  append: (i: number) => Promise<unknown> | unknown,
): Promise<Pick<AppendResult, 'count' | 'ms' | 'marks'>> {
  const marks: number[] = [];
  const step = Math.max(1, Math.floor(count / 10));
  const t0 = performance.now();
  for (let i = 0; i < count; i++) {
    await append(i);
    if ((i + 1) % step === 0 && marks.length < 10) marks.push(performance.now() - t0);
  }
  const ms = performance.now() - t0;
  if (marks.length < 10) marks.push(ms);
  return { count, ms, marks };
}
