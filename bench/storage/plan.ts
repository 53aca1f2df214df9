/** The contenders of the storage suite and the sizes of a full and a quick run. */

import type { Contender } from './tasks.ts';

/** Sizes of a run. */
export interface Plan {
  /** Messages appended per contender (and the long session of the cold open). */
  messages: number;
  /** The appends run in this many interleaved rounds: each contender appends a fifth, then the next one does. */
  rounds: number;
  /** The short session of the flatness check. */
  shortMessages: number;
  /** LangGraph: per-message puts timed before extrapolating. */
  langgraphPerMessage: number;
  /** PostgreSQL: messages appended per API (a durable commit per append over a socket is slower; see the report). */
  postgresMessages: number;
  /** Cold opens per contender and session (fresh processes); the median is reported. */
  coldOpens: number;
  /** Messages of the WAL-pages diagnostic. */
  walPagesMessages: number;
  /** The window's token budget. */
  maxTokens: number;
}

/** The full run (`npm run bench -- --only storage`) or the smoke run (`--quick`, seconds). */
export function planOf(quick: boolean): Plan {
  return quick
    ? {
        messages: 200,
        rounds: 2,
        shortMessages: 50,
        langgraphPerMessage: 20,
        postgresMessages: 100,
        coldOpens: 1,
        walPagesMessages: 100,
        maxTokens: 100_000,
      }
    : {
        messages: 100_000,
        rounds: 5,
        shortMessages: 1_000,
        langgraphPerMessage: 1_000,
        postgresMessages: 10_000,
        coldOpens: 5,
        walPagesMessages: 2_000,
        maxTokens: 100_000,
      };
}

/** A contender of the append rounds, with its label in the report. */
export interface AppendEntry {
  /** Stable key (also the database file name). */
  key: string;
  /** Label in the report. */
  label: string;
  /** Who. */
  contender: Contender;
  /** Which message count of the plan it appends. */
  size: 'messages' | 'postgresMessages';
}

/** Interleaved append contenders (LangGraph runs separately: it cannot do the full count). */
export function appendEntries(options: { peers: boolean; postgres: boolean }): AppendEntry[] {
  const list: AppendEntry[] = [];
  for (const durability of ['power', 'process'] as const) {
    list.push(
      {
        key: `raw-${durability}`,
        label: 'raw node:sqlite loop, bare table (the limit)',
        contender: { kind: 'raw', durability },
        size: 'messages',
      },
      {
        key: `raw-engram-${durability}`,
        label: "raw node:sqlite loop on engram's schema",
        contender: { kind: 'raw', durability, schema: 'engram' },
        size: 'messages',
      },
      {
        key: `engram-store-${durability}`,
        label: 'engram sqlite `store.append`',
        contender: { kind: 'engram-sqlite', api: 'store', durability },
        size: 'messages',
      },
      {
        key: `engram-memory-${durability}`,
        label: 'engram sqlite `memory.store` (public path)',
        contender: { kind: 'engram-sqlite', api: 'memory', durability },
        size: 'messages',
      },
    );
  }
  if (options.postgres) {
    list.push(
      {
        key: 'pg-store',
        label: 'engram postgres `store.append`',
        contender: { kind: 'engram-postgres', api: 'store' },
        size: 'postgresMessages',
      },
      {
        key: 'pg-memory',
        label: 'engram postgres `memory.store`',
        contender: { kind: 'engram-postgres', api: 'memory' },
        size: 'postgresMessages',
      },
    );
  }
  if (options.peers)
    list.push({
      key: 'mastra',
      label: 'Mastra `saveMessages` (LibSQLStore)',
      contender: { kind: 'mastra' },
      size: 'messages',
    });
  return list;
}
