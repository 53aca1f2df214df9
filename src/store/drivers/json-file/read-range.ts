import type { LogEntry } from '../../../core/message.ts';
import type { RangeQuery } from '../../memory-store.ts';
import { type SessionData, visible } from './session-log.ts';

/** The live entries of a session that a range query selects, oldest first. */
export function readRangeOf(data: SessionData, query: RangeQuery): LogEntry[] {
  const from = query.fromSeq ?? 1;
  const to = query.toSeq ?? Number.POSITIVE_INFINITY;
  const roles = query.roles ? new Set(query.roles) : undefined;
  const keep = (e: LogEntry) => e.seq >= from && e.seq <= to && (!roles || roles.has(e.message.role));
  if (!data.parent && query.direction === 'backward' && query.limit !== undefined) {
    // Hot path for context views: walk the newest rows only.
    const out: LogEntry[] = [];
    for (let i = data.own.length - 1; i >= 0 && out.length < query.limit; i--) {
      const row = data.own[i]!;
      if (row.entry.seq < from) break;
      if (!row.deleted && keep(row.entry)) out.push(row.entry);
    }
    return out.reverse();
  }
  const all = visible(data).filter(keep);
  if (query.limit === undefined) return all;
  return query.direction === 'backward'
    ? all.slice(Math.max(0, all.length - query.limit))
    : all.slice(0, query.limit);
}
