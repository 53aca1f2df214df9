import type { LogEntry } from '../../core/message.ts';
import type { ConversationMemory } from '../../memory/conversation-memory.ts';
import { createUnitGrouper, type MessageUnit, type UnitGrouper } from '../../messages/units.ts';

/** The log's stats as the memory reports them (`LogStats`). */
type LogStats = Awaited<ReturnType<ConversationMemory['stats']>>;

/** The units of the live log from a sequence number on: `units` from index `start` (the array is live: do not mutate). */
export interface PendingUnits {
  /** Units, of which those from `start` are the log's from the asked sequence number on. */
  readonly units: readonly MessageUnit<LogEntry>[];
  /** The index of the first of them. */
  readonly start: number;
}

/** Consolidation's copy of the log after the observed range, kept between ranges. */
export interface PendingLog {
  /**
   * The live entries with a sequence number from `from` on, grouped into units from `from` (as `groupUnits` of a
   * fresh `entries({ fromSeq: from })` groups them), as of a `stats()` call made now. What is held and still the
   * store's is not read again: after only appends (same `logId`, same `lastSeq - count`) just the new entries are
   * read; after anything else (a delete or a replace by any writer, the session created again) every entry from
   * `from` is read again, forward in pages.
   */
  unitsFrom(from: number): Promise<PendingUnits>;
}

/** Options of {@link createPendingLog}. */
export interface PendingLogOptions {
  /** Entries read at a time (a page of the log, with a turn of the event loop between pages). @default 1,024 */
  pageSize?: number;
}

/** Reads tried when the log changes under them (a delete or replace between the stats and the read). */
const attempts = 3;
const unitOptions = { message: (e: LogEntry) => e.message, tokens: (e: LogEntry) => e.tokens };

/** Whether `b` is `a`'s log with at most appends since (nothing removed or renumbered). */
const onlyAppends = (a: LogStats, b: LogStats) =>
  a.logId === b.logId && b.lastSeq >= a.lastSeq && a.lastSeq - a.count === b.lastSeq - b.count;

/**
 * Creates the {@link PendingLog} of `conversation`. Each range observed costs what it reads, not the rest of the log:
 * units wholly before the next `from` are skipped (their number kept, the held units regrouped only once they are
 * most of what is held), so catching up a long log reads and groups each entry about once.
 */
export function createPendingLog(
  conversation: ConversationMemory,
  options: PendingLogOptions = {},
): PendingLog {
  const page = options.pageSize ?? 1024;
  let synced: LogStats | undefined;
  let grouper: UnitGrouper<LogEntry> = createUnitGrouper(unitOptions);
  /** The index of the first held unit from `startSeq` on. */
  let base = 0;
  let startSeq = 1;

  const regroup = (entries: readonly LogEntry[], from: number) => {
    grouper = createUnitGrouper(unitOptions);
    for (const e of entries) grouper.push(e);
    base = 0;
    startSeq = from;
  };

  /** The held entries from `from` on. */
  const heldFrom = (from: number): LogEntry[] => {
    const out: LogEntry[] = [];
    const units = grouper.units;
    for (let u = base; u < units.length; u++) for (const e of units[u]!.items) if (e.seq >= from) out.push(e);
    return out;
  };

  /**
   * Skips the held units before `from`. They must end before it and wait for no answer (a late answer to them
   * would join them, where a grouping from `from` has no call for it), and some unit must be left (a reasoning-only
   * turn left last takes the next assistant message); otherwise what is held from `from` is grouped again.
   */
  const advance = (from: number) => {
    if (from <= startSeq) return;
    const units = grouper.units;
    let k = base;
    let waits = false;
    for (; k < units.length && units[k]!.items[0]!.seq < from; k++) waits ||= units[k]!.pending.size > 0;
    const cut = k > base && units[k - 1]!.items.at(-1)!.seq >= from;
    if (waits || cut || k === units.length) return regroup(heldFrom(from), from);
    base = k;
    startSeq = from;
    if (base * 2 >= units.length) regroup(heldFrom(from), from);
  };

  /** Reads the live entries from `fromSeq` to `toSeq` forward in pages; how many. */
  const readForward = async (fromSeq: number, toSeq: number, take: (e: LogEntry) => void) => {
    let n = 0;
    for (let next = fromSeq; next <= toSeq; ) {
      if (n > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      const entries = await conversation.entries({ fromSeq: next, toSeq, limit: page });
      for (const e of entries) take(e);
      n += entries.length;
      if (entries.length < page) break;
      next = entries.at(-1)!.seq + 1;
    }
    return n;
  };

  return {
    async unitsFrom(from) {
      for (let attempt = 1; ; attempt++) {
        const stats = await conversation.stats();
        const known = synced;
        synced = undefined; // until this read is confirmed whole
        let whole = true;
        if (known && onlyAppends(known, stats) && from >= startSeq && from <= known.lastSeq + 1) {
          advance(from);
          const added = await readForward(known.lastSeq + 1, stats.lastSeq, (e) => grouper.push(e));
          // Fewer means one of them went after the stats: read afresh.
          whole = added === stats.lastSeq - known.lastSeq;
        } else {
          const fresh: LogEntry[] = [];
          await readForward(from, stats.lastSeq, (e) => fresh.push(e));
          regroup(fresh, from);
        }
        // Nothing removed while the pages were read: they are the live log of `stats` from `from` on.
        if (whole && onlyAppends(stats, await conversation.stats())) synced = stats;
        if (synced || attempt === attempts) return { units: grouper.units, start: base };
      }
    },
  };
}
