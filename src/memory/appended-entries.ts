import type { LogEntry } from '../core/message.ts';
import type { LogStats } from '../store/memory-store.ts';
import type { ConversationLog } from './conversation-log.ts';

/**
 * What `appended()` returns, kept between calls: the live entries after the memory's baseline. A call costs what
 * changed since the one before, not what the memory appended so far.
 */
export interface AppendedEntries {
  /**
   * The live entries after the baseline, oldest first (call inside the log's queue). When only appends happened
   * since the last call (same `logId`, same `lastSeq - count`, see `LogStats`) it adds just the new entries: those
   * appended through this memory as they were stored (`recentAppends`), the others read from the store; after
   * anything else (a delete, clear, prune, replace, the session created again) it reads them afresh.
   */
  read(): Promise<readonly LogEntry[]>;
  /** Forgets what it holds (the baseline moved: `loadState`). */
  reset(): void;
}

/** Creates the incremental `appended()` of a conversation log (see {@link AppendedEntries}). */
export function createAppendedEntries(log: ConversationLog): AppendedEntries {
  const { storage, scope, sessionId } = log;
  let held: LogEntry[] = [];
  /** The stats `held` is exact for, and the baseline it starts after; undefined until read (or after a reset). */
  let synced: { stats: LogStats; baseline: number } | undefined;
  /** Marks `log.recentAppends` from just after the last call's stats came back. */
  let mark: number | undefined;

  const onlyAppends = (stats: LogStats, last: LogStats): boolean =>
    stats.logId === last.logId &&
    stats.lastSeq >= last.lastSeq &&
    stats.lastSeq - stats.count === last.lastSeq - last.count;

  /** The entries `from .. to`, all live: from `mine` when it holds each, else from the store. */
  const fetchNew = async (
    from: number,
    to: number,
    mine: readonly LogEntry[] | undefined,
  ): Promise<LogEntry[] | undefined> => {
    const stored = mine && exactRange(mine, from, to);
    if (stored) return stored;
    const fresh = await storage.readRange(scope, sessionId, { fromSeq: from, toSeq: to });
    // Fewer means something in the range went between the stats and this read: read afresh.
    return fresh.length === to - from + 1 ? fresh : undefined;
  };

  return {
    async read() {
      // Taken before and marked after the stats call (inside the log's queue, so this memory appends nothing in
      // between): every entry of `mine` was stored before the stats, in the log they describe.
      const mine = mark === undefined ? undefined : log.recentAppends(mark).entries;
      const stats = await storage.stats(scope, sessionId);
      mark = log.recentAppends().mark;
      const baseline = log.baselineSeq();
      const last = synced;
      if (last && last.baseline === baseline && onlyAppends(stats, last.stats)) {
        // The new entries after the baseline (a session created again numbers its log from 1, under it).
        const from = Math.max(last.stats.lastSeq, baseline) + 1;
        if (stats.lastSeq < from) {
          synced = { stats, baseline };
          return held;
        }
        const fresh = await fetchNew(from, stats.lastSeq, mine);
        if (fresh) {
          for (const e of fresh) held.push(e);
          synced = { stats, baseline };
          return held;
        }
      }
      const all = await storage.readRange(scope, sessionId, { fromSeq: baseline + 1, toSeq: stats.lastSeq });
      held = all;
      synced = { stats, baseline };
      return held;
    },
    reset() {
      held = [];
      synced = undefined;
    },
  };
}

/** The entries with sequence numbers `from..to`, in order, when `entries` holds every one of them; else undefined. */
export function exactRange(entries: readonly LogEntry[], from: number, to: number): LogEntry[] | undefined {
  const out: LogEntry[] = new Array(to - from + 1);
  let found = 0;
  for (const e of entries) {
    if (e.seq < from || e.seq > to || out[e.seq - from] !== undefined) continue;
    out[e.seq - from] = e;
    found++;
  }
  return found === out.length ? out : undefined;
}
