import type { LogStats } from './memory-store.ts';

/**
 * How a session's log changed between two `stats` reads other than by appends: `'recreated'` (deleted and created
 * again: a new `logId`), `'deleted'` (entries deleted: seqs assigned minus live entries grew), or undefined
 * (appends at most). A reader that pages through a log up to the `lastSeq` it started at (a copy, an export)
 * checks it once done: after either change, the pages it read make a log that never was (a deleted message kept,
 * two logs mixed).
 */
export function logChangeBetween(start: LogStats, now: LogStats): 'recreated' | 'deleted' | undefined {
  if (now.logId !== start.logId) return 'recreated';
  return now.lastSeq - now.count !== start.lastSeq - start.count ? 'deleted' : undefined;
}
