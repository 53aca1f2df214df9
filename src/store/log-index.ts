import { MemoryError } from '../core/errors/memory-error.ts';
import { createId } from '../core/ids.ts';
import type { LogEntry } from '../core/message.ts';
import { findInherited, findLive, firstAbove, readInherited } from './log-index-reads.ts';
import type { LogRow, SessionLog } from './session-log.ts';

/**
 * An empty root log; `lastSeq` starts at `seqFloor` (a fork point kept after its parent went); `logId` when the
 * log is read back from where a driver kept its id (else a new one).
 */
export function createSessionLog(id: string, seqFloor = 0, logId = createId('log')): SessionLog {
  return {
    id,
    logId,
    rows: [],
    firstLive: 0,
    live: new Map(),
    hidden: new Set(),
    ownCount: 0,
    ownTokens: 0,
    inheritedCount: 0,
    inheritedTokens: 0,
    lastSeq: seqFloor,
    parent: undefined,
    forkedAtSeq: undefined,
    forks: new Set(),
  };
}

/**
 * Adds an own row; `deleted` when copying a tombstoned one. Its seq must be above every row's (rows stay
 * sorted for binary search): a log file out of order throws here.
 */
export function appendRow(log: SessionLog, entry: LogEntry, deleted = false): LogRow {
  const previous = log.rows.at(-1)?.entry.seq ?? 0;
  if (!(entry.seq > previous)) {
    const message = `log rows out of order: seq ${entry.seq} after ${previous}`;
    throw new MemoryError({ code: 'STORE_ERROR', component: 'log-index', message });
  }
  const row: LogRow = { entry, deleted };
  log.rows.push(row);
  if (deleted && log.firstLive === log.rows.length - 1) log.firstLive++;
  if (!deleted) {
    log.live.set(entry.message.id, row);
    log.ownCount++;
    log.ownTokens += entry.tokens;
  }
  if (entry.seq > log.lastSeq) log.lastSeq = entry.seq;
  return row;
}

/** Tombstones an own row (nothing when it already is). */
export function tombstoneRow(log: SessionLog, row: LogRow): void {
  if (row.deleted) return;
  row.deleted = true;
  if (log.rows[log.firstLive] === row) {
    // Pruning deletes from the oldest end: step over the tombstones once, here, not on every read.
    do log.firstLive++;
    while (log.firstLive < log.rows.length && log.rows[log.firstLive]!.deleted);
  }
  if (log.live.get(row.entry.message.id) === row) log.live.delete(row.entry.message.id);
  log.ownCount--;
  log.ownTokens -= row.entry.tokens;
}

/** The own row at `seq`, by binary search. */
export function rowAt(log: SessionLog, seq: number): LogRow | undefined {
  const i = firstAbove(log.rows, seq) - 1;
  const row = log.rows[i];
  return row?.entry.seq === seq ? row : undefined;
}

/**
 * Links `child` as a fork of `parent` at `atSeq`: it inherits the parent's view up to there minus the ids
 * already in `child.hidden` (replayed hides). Counts what it inherits: O(hidden) when forked at the parent's
 * end, else one walk of the shared prefix.
 */
export function linkFork(child: SessionLog, parent: SessionLog, atSeq: number): void {
  child.parent = parent;
  child.forkedAtSeq = atSeq;
  parent.forks.add(child);
  if (atSeq > child.lastSeq) child.lastSeq = atSeq;
  let count = 0;
  let tokens = 0;
  if (atSeq >= parent.lastSeq) {
    count = parent.ownCount + parent.inheritedCount;
    tokens = parent.ownTokens + parent.inheritedTokens;
    for (const id of child.hidden) {
      const gone = findLive(parent, id);
      if (gone) {
        count--;
        tokens -= gone.tokens;
      }
    }
  } else {
    for (const e of readInherited(child)) {
      count++;
      tokens += e.tokens;
    }
  }
  child.inheritedCount = count;
  child.inheritedTokens = tokens;
}

/** What deleting some ids would tombstone (own live rows) and hide (inherited live entries). */
export interface Deletion {
  /** Own live rows to tombstone. */
  rows: LogRow[];
  /** Inherited live entries to hide. */
  inherited: LogEntry[];
  /** How many live entries go. */
  count: number;
  /** The lowest seq among them (Infinity when none): forks at or after it share one (copy-on-delete). */
  fromSeq: number;
}

/** Plans deleting `ids` from what `log` sees; change nothing yet (a driver writes its files first). */
export function planDeletion(log: SessionLog, ids: Iterable<string>): Deletion {
  const rows: LogRow[] = [];
  const inherited: LogEntry[] = [];
  let fromSeq = Number.POSITIVE_INFINITY;
  for (const id of new Set(ids)) {
    const row = log.live.get(id);
    if (row) rows.push(row);
    const entry = findInherited(log, id);
    if (entry) inherited.push(entry);
    fromSeq = Math.min(fromSeq, row?.entry.seq ?? fromSeq, entry?.seq ?? fromSeq);
  }
  return { rows, inherited, count: rows.length + inherited.length, fromSeq };
}

/** Applies a {@link planDeletion} (after the forks sharing it were detached). */
export function applyDeletion(log: SessionLog, deletion: Deletion): void {
  for (const row of deletion.rows) tombstoneRow(log, row);
  for (const entry of deletion.inherited) {
    if (log.hidden.has(entry.message.id)) continue;
    log.hidden.add(entry.message.id);
    log.inheritedCount--;
    log.inheritedTokens -= entry.tokens;
  }
}

/** The direct forks of `log` forked at or after `fromSeq`: those sharing an entry at `fromSeq` or later. */
export function forksSharing(log: SessionLog, fromSeq: number): SessionLog[] {
  return [...log.forks].filter((f) => (f.forkedAtSeq ?? 0) >= fromSeq);
}

/**
 * Copy-on-delete: gives a fork its own copy of every entry it inherits (same entries, same seqs) and makes it
 * a root, so nothing its ancestors do later changes what it sees; its own forks read through it unchanged.
 * `inherited` is what {@link readInherited} returns for it (a durable driver reads and writes it first).
 */
export function detachFork(child: SessionLog, inherited = readInherited(child)): void {
  const own = child.rows;
  child.rows = [];
  child.firstLive = 0;
  child.live = new Map();
  child.ownCount = 0;
  child.ownTokens = 0;
  for (const entry of inherited) appendRow(child, entry);
  for (const row of own) appendRow(child, row.entry, row.deleted);
  unlinkLog(child);
}

/** Removes a log from its parent's forks (a deleted session, after its own forks were detached). */
export function unlinkLog(log: SessionLog): void {
  log.parent?.forks.delete(log);
  log.parent = undefined;
  log.forkedAtSeq = undefined;
  log.hidden.clear();
  log.inheritedCount = 0;
  log.inheritedTokens = 0;
}
