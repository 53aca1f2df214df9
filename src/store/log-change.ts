import { MemoryError } from '../core/errors/memory-error.ts';
import type { Scope } from '../core/scope.ts';
import type { LogStats, MemoryStoreV1 } from './memory-store.ts';

/** How a log changed other than by appends (see {@link logChangeBetween}). */
export type LogChange = 'recreated' | 'deleted';

/**
 * How a session's log changed between two `stats` reads other than by appends: `'recreated'` (deleted and created
 * again: a new `logId`), `'deleted'` (entries deleted: seqs assigned minus live entries grew), or undefined
 * (appends at most). A pass that only needs to know whether anything it may have read is gone (a background pass
 * that starts again on the next read) checks this; a reader of the part up to the `lastSeq` it started at checks
 * {@link rangeChangeSince}, which does not count deletes of messages stored after that.
 */
export function logChangeBetween(start: LogStats, now: LogStats): LogChange | undefined {
  if (now.logId !== start.logId) return 'recreated';
  return deletedSeqs(now) !== deletedSeqs(start) ? 'deleted' : undefined;
}

/** Seqs assigned and no longer live: grows with each delete, never with an append. */
const deletedSeqs = (stats: LogStats) => stats.lastSeq - stats.count;

/** Entries read a page at a time when counting the ones stored after a reader's start. */
const countPage = 500;

/**
 * How the part of a session's log up to `start.lastSeq` changed since `start` (its `stats` when a reader began to
 * page through that part: a copy, an export): `'recreated'`, `'deleted'` (a message of that part deleted), or
 * undefined. Messages stored after the start are not the reader's: their deletes change nothing, as their appends
 * do not. Costs one `stats` read when nothing was deleted; otherwise the live messages stored after the start
 * are counted (read a page at a time, up to the `lastSeq` of a `stats` read before them) and the part's live
 * count, the log's minus those, compared with `start.count`. A delete while they are counted (seen by a second
 * `stats` read) makes it count again, up to `tries` times; a log that keeps changing is reported `'deleted'`,
 * so its reader can read again. Throws `SESSION_NOT_FOUND` when the session is gone, as `stats` does.
 */
export async function rangeChangeSince(
  store: MemoryStoreV1,
  scope: Scope,
  sessionId: string,
  start: LogStats,
  tries = 5,
): Promise<LogChange | undefined> {
  let now = await store.stats(scope, sessionId);
  for (let attempt = 1; ; attempt++) {
    const change = logChangeBetween(start, now);
    if (change !== 'deleted') return change;
    let after = 0;
    for (let fromSeq = start.lastSeq + 1; fromSeq <= now.lastSeq; ) {
      const page = await store.readRange(scope, sessionId, { fromSeq, toSeq: now.lastSeq, limit: countPage });
      const last = page.at(-1);
      if (!last) break;
      after += page.length;
      fromSeq = last.seq + 1;
    }
    const again = await store.stats(scope, sessionId);
    // Appends alone meanwhile leave the messages up to `now.lastSeq` as `now` counted them.
    if (logChangeBetween(now, again) === undefined)
      return now.count - after === start.count ? undefined : 'deleted';
    if (attempt >= tries) return logChangeBetween(start, again);
    now = again;
  }
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
