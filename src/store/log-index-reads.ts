import type { LogEntry } from '../core/message.ts';
import { firstAtLeast } from '../core/sorted-search.ts';
import { checkAppendCondition, checkAppendOptions } from './check-inputs.ts';
import type { LogStats, RangeQuery } from './memory-store.ts';
import type { LogRow, SessionLog } from './session-log.ts';

/**
 * One stretch of what a session sees: `log`'s own rows up to `maxSeq`, minus ids hidden by any of `hiders`
 * (the forks between the viewer and `log`). A session's segments have disjoint, increasing seq ranges, so
 * its view is their concatenation.
 */
interface Segment {
  log: SessionLog;
  maxSeq: number;
  hiders: SessionLog[];
}

/** The segments a log sees, oldest first: its ancestors' shared prefixes, then its own rows. */
function segments(log: SessionLog): Segment[] {
  const out: Segment[] = [{ log, maxSeq: Number.POSITIVE_INFINITY, hiders: [] }];
  let maxSeq = Number.POSITIVE_INFINITY;
  const hiders: SessionLog[] = [];
  for (let current = log; current.parent !== undefined; current = current.parent) {
    maxSeq = Math.min(maxSeq, current.forkedAtSeq ?? 0);
    if (current.hidden.size > 0) hiders.push(current);
    out.unshift({ log: current.parent, maxSeq, hiders: [...hiders] });
  }
  return out;
}

/**
 * The live entries of some segments a range query selects, oldest first: binary search to the range, and
 * reading forward never before a log's first live row, so tombstones at the oldest end cost nothing.
 */
function readSegments(segs: readonly Segment[], query: RangeQuery): LogEntry[] {
  const from = query.fromSeq ?? 1;
  const to = query.toSeq ?? Number.POSITIVE_INFINITY;
  const roles = query.roles ? new Set(query.roles) : undefined;
  const limit = query.limit ?? Number.POSITIVE_INFINITY;
  const keep = (row: LogRow, seg: Segment) =>
    !row.deleted &&
    (!roles || roles.has(row.entry.message.role)) &&
    !seg.hiders.some((h) => h.hidden.has(row.entry.message.id));
  const out: LogEntry[] = [];
  if (query.direction === 'backward') {
    for (let s = segs.length - 1; s >= 0 && out.length < limit; s--) {
      const seg = segs[s]!;
      const rows = seg.log.rows;
      const first = seg.log.firstLive;
      for (let i = firstAbove(rows, Math.min(to, seg.maxSeq)) - 1; i >= first && out.length < limit; i--) {
        const row = rows[i]!;
        if (row.entry.seq < from) break;
        if (keep(row, seg)) out.push(row.entry);
      }
    }
    return out.reverse();
  }
  for (const seg of segs) {
    const rows = seg.log.rows;
    const last = Math.min(to, seg.maxSeq);
    const start = Math.max(firstAbove(rows, from - 1), seg.log.firstLive);
    for (let i = start; i < rows.length && out.length < limit; i++) {
      const row = rows[i]!;
      if (row.entry.seq > last) break;
      if (keep(row, seg)) out.push(row.entry);
    }
  }
  return out;
}

/** The live entries a range query selects from what `log` sees, oldest first. */
export function readLog(log: SessionLog, query: RangeQuery = {}): LogEntry[] {
  return readSegments(segments(log), query);
}

/** The live entries `log` inherits (its ancestors' shared prefixes minus its hides), oldest first. */
export function readInherited(log: SessionLog): LogEntry[] {
  return readSegments(segments(log).slice(0, -1), {});
}

/** The live inherited entry under `id` that `log` sees, if any (walks up the fork chain). */
export function findInherited(log: SessionLog, id: string): LogEntry | undefined {
  let maxSeq = Number.POSITIVE_INFINITY;
  for (let current = log; current.parent !== undefined; current = current.parent) {
    if (current.hidden.has(id)) return undefined;
    maxSeq = Math.min(maxSeq, current.forkedAtSeq ?? 0);
    const row = current.parent.live.get(id);
    if (row && row.entry.seq <= maxSeq) return row.entry;
  }
  return undefined;
}

/** The live entry under `id` that `log` sees (its own, else an inherited one), if any. */
export function findLive(log: SessionLog, id: string): LogEntry | undefined {
  return log.live.get(id)?.entry ?? findInherited(log, id);
}

/** The live entries with these ids that `log` sees, in log order; unknown ids are skipped. */
export function liveByIds(log: SessionLog, ids: Iterable<string>): LogEntry[] {
  const out: LogEntry[] = [];
  for (const id of new Set(ids)) {
    const entry = findLive(log, id);
    if (entry) out.push(entry);
  }
  return out.sort((a, b) => a.seq - b.seq);
}

/** Counts of what `log` sees, from its cached counters (O(1)). */
export function logStats(log: SessionLog): LogStats {
  return {
    count: log.ownCount + log.inheritedCount,
    tokens: log.ownTokens + log.inheritedTokens,
    lastSeq: log.lastSeq,
    logId: log.logId,
  };
}

/** Index of the first row whose seq is above `seq` (rows sorted by seq; seqs are integers). */
export function firstAbove(rows: readonly LogRow[], seq: number): number {
  return firstAtLeast(rows, Math.floor(seq) + 1, (r) => r.entry.seq);
}

/**
 * An in-process log's check of `append`'s options (`checkAppendOptions`) and, for a conditional append, of its
 * condition on `log`, the session's log, undefined when the session is missing (`checkAppendCondition`:
 * `CONFLICT`); made in the same synchronous step as the write, or under the lock it holds.
 */
export function checkLogAppend(
  log: SessionLog | undefined,
  options: unknown,
  sessionId: string,
  component: string,
): void {
  checkAppendCondition(log && logStats(log), checkAppendOptions(options, component), sessionId, component);
}
