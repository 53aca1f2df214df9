import type { LogEntry } from '../core/message.ts';

/** One of a session's own log rows: an entry, tombstoned or not. */
export interface LogRow {
  /** The stored entry (frozen). */
  readonly entry: LogEntry;
  /** Tombstoned. */
  deleted: boolean;
}

/**
 * The in-process index of one session's log, shared by the memory and json-file drivers: its own rows by
 * seq, the live ones by id, the inherited ids it deleted, cached live counts, and its fork link. What a
 * session sees is its parent's view up to `forkedAtSeq` (recursively) minus `hidden`, then its own live
 * rows. Change it through this module's functions, which keep the counts and links right (a replay may fill
 * `hidden` before {@link linkFork}, which counts what is left).
 */
export interface SessionLog {
  /** The session's id (unique within its tenant). */
  readonly id: string;
  /** Unique to this log: a session created again under its id gets a new log, so a new one (`LogStats.logId`). */
  readonly logId: string;
  /** Own rows, by increasing seq (a fork's start after `forkedAtSeq`). */
  rows: LogRow[];
  /** Index in `rows` of the oldest live row (`rows.length` when none): every row before it is tombstoned, so reads from the oldest end start here. */
  firstLive: number;
  /** The live own row per message id. */
  live: Map<string, LogRow>;
  /** Ids of inherited entries this fork deleted. */
  readonly hidden: Set<string>;
  /** Live own rows. */
  ownCount: number;
  /** Their tokens. */
  ownTokens: number;
  /** Live inherited entries (counted at the fork, lowered by hides; 0 for a root). */
  inheritedCount: number;
  /** Their tokens. */
  inheritedTokens: number;
  /** The newest seq ever assigned (0 when empty); deleted entries keep theirs. */
  lastSeq: number;
  /** The log this one forks, while linked. */
  parent: SessionLog | undefined;
  /** The parent's last shared seq, while linked. */
  forkedAtSeq: number | undefined;
  /** The logs linked as forks of this one. */
  readonly forks: Set<SessionLog>;
}
