import type { LogEntry } from '../core/message.ts';
import type { ConversationMemory } from '../memory/conversation-memory.ts';

/** A session's system messages with their cached token total. */
export interface SystemMessages {
  /** System entries, oldest first. */
  entries: readonly LogEntry[];
  /** Sum of their cached token counts. */
  tokens: number;
}

/**
 * Caches a session's system messages between reads. The cache is keyed by `stats()`'s `lastSeq` and `count`:
 * when only appends happened since the last read it fetches the new system messages alone; after any delete
 * (the count then lags the sequence) it re-reads them all.
 */
export function createSystemMessageCache(
  memory: ConversationMemory,
): (stats: { lastSeq: number; count: number }) => Promise<SystemMessages> {
  let cached: { lastSeq: number; count: number; value: SystemMessages } | undefined;
  return async (stats) => {
    if (cached && cached.lastSeq === stats.lastSeq && cached.count === stats.count) return cached.value;
    let entries: LogEntry[];
    const onlyAppends =
      cached !== undefined &&
      stats.lastSeq > cached.lastSeq &&
      stats.count - cached.count === stats.lastSeq - cached.lastSeq;
    if (onlyAppends && cached) {
      // Backward with a limit (the new range holds at most that many entries): stores serve it from the newest rows.
      const fresh = await memory.entries({
        roles: ['system'],
        fromSeq: cached.lastSeq + 1,
        toSeq: stats.lastSeq,
        direction: 'backward',
        limit: stats.lastSeq - cached.lastSeq,
      });
      entries =
        fresh.length === 0 ? (cached.value.entries as LogEntry[]) : [...cached.value.entries, ...fresh];
    } else {
      entries = await memory.entries({ roles: ['system'], toSeq: stats.lastSeq });
    }
    let tokens = 0;
    for (const e of entries) tokens += e.tokens;
    cached = { lastSeq: stats.lastSeq, count: stats.count, value: { entries, tokens } };
    return cached.value;
  };
}

/** Merges two lists of entries ordered by `seq` into one, dropping duplicates. */
export function mergeBySeq(a: readonly LogEntry[], b: readonly LogEntry[]): LogEntry[] {
  const out: LogEntry[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = a[i];
    const y = b[j];
    if (y === undefined || (x !== undefined && x.seq < y.seq)) {
      out.push(x!);
      i++;
    } else if (x === undefined || y.seq < x.seq) {
      out.push(y);
      j++;
    } else {
      out.push(x);
      i++;
      j++;
    }
  }
  return out;
}
