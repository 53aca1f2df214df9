import { MemoryError } from '../core/errors/memory-error.ts';
import type { LogStats } from './memory-store.ts';

/** How a log changed other than by appends (see {@link logChangeBetween}). */
export type LogChange = 'recreated' | 'deleted';

/**
 * How a session's log changed between two `stats` reads other than by appends: `'recreated'` (deleted and created
 * again: a new `logId`), `'deleted'` (entries deleted: seqs assigned minus live entries grew), or undefined
 * (appends at most). A reader that pages through a log up to the `lastSeq` it started at (a copy, an export, a
 * background pass) checks it: after either change, the pages it read make a log that never was (a deleted message
 * kept, two logs mixed).
 */
export function logChangeBetween(start: LogStats, now: LogStats): LogChange | undefined {
  if (now.logId !== start.logId) return 'recreated';
  return now.lastSeq - now.count !== start.lastSeq - start.count ? 'deleted' : undefined;
}

/** A change in words, for an error message: `had messages deleted` / `was deleted and created again`. */
export const logChangeWords = (change: LogChange): string =>
  change === 'deleted' ? 'had messages deleted' : 'was deleted and created again';

/** The stats `read` gives, or undefined when the session is gone (`SESSION_NOT_FOUND`); other errors pass. */
export function statsUnlessDeleted(read: Promise<LogStats>): Promise<LogStats | undefined> {
  return read.catch((error: unknown) => {
    if (MemoryError.hasCode(error, 'SESSION_NOT_FOUND')) return undefined;
    throw error;
  });
}
