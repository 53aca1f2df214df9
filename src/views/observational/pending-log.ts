import type { LogEntry } from '../../core/message.ts';
import { firstAtLeast } from '../../core/sorted-search.ts';
import type { ConversationMemory } from '../../memory/conversation-memory.ts';
import type { MessageUnit } from '../../messages/units.ts';
import { createViewLog } from '../view-log.ts';

const firstSeq = (unit: MessageUnit<LogEntry>) => unit.items[0]!.seq;

/** The units of the live log from a sequence number on: `units` from index `start` (the array is live: do not mutate). */
export interface PendingUnits {
  /** Units, of which those from `start` are the log's from the asked sequence number on. */
  readonly units: readonly MessageUnit<LogEntry>[];
  /** The index of the first of them. */
  readonly start: number;
  /** The log these units are of (`LogStats.logId`: a session deleted and created again has another). */
  readonly logId: string;
}

/** Consolidation's copy of the log after the observed range, kept between ranges. */
export interface PendingLog {
  /**
   * The live entries with a sequence number from `from` on, grouped into units from `from` (as `groupUnits` of a
   * fresh `entries({ fromSeq: from })` groups them), as of a `stats()` call made now. What is held and still the
   * store's is not read again: it is the views' copy of the log (`createViewLog`), which after only appends reads
   * just the new entries and after anything else (a delete or a replace by any writer, the session created again)
   * reads from `from` again.
   */
  unitsFrom(from: number): Promise<PendingUnits>;
}

/**
 * Creates the {@link PendingLog} of `conversation` over a view log: each range observed costs what it reads, not the
 * rest of the log. Units wholly before the next `from` are skipped and released once they are most of what is held
 * (`ViewLog.release`), so catching up a long log reads and groups each entry about once; the held part is grouped
 * again from `from` only when `from` falls inside a unit or a skipped unit still waits for an answer (a late answer
 * would join it, where a grouping from `from` has no call for it).
 */
export function createPendingLog(conversation: ConversationMemory): PendingLog {
  const log = createViewLog(conversation);
  /**
   * The leading held units known to wait for no answer (of the grouping `seen`): a unit waiting for none is never
   * merged into, nor absorbed (only a waiting, older unit absorbs), so it stays so until the log is grouped again.
   */
  let seen: readonly MessageUnit<LogEntry>[] | undefined;
  let settled = 0;
  /** The index among the held units of the first one from `from`, or undefined when they must be grouped from it. */
  const firstFrom = (from: number): number | undefined => {
    const units = log.units;
    if (units !== seen) {
      seen = units;
      settled = 0;
    }
    const k = firstAtLeast(units, from, firstSeq);
    for (; settled < k; settled++) if (units[settled]!.pending.size > 0) return undefined;
    const cut = k > 0 && units[k - 1]!.items.at(-1)!.seq >= from;
    // Some unit must be left: a reasoning-only turn left last takes the next assistant message.
    return cut || (k > 0 && k === units.length) ? undefined : k;
  };
  return {
    async unitsFrom(from) {
      const stats = await log.sync();
      const first = log.entries[0]?.seq;
      if (first === undefined || from < first || from > stats.lastSeq) {
        await log.holdFrom(from);
        return { units: log.units, start: 0, logId: stats.logId };
      }
      const k = firstFrom(from);
      if (k === undefined) {
        await log.holdFrom(from);
        return { units: log.units, start: 0, logId: stats.logId };
      }
      log.release(k);
      // Released units shift the rest: the first from `from` is found again (no regrouping when none went).
      return { units: log.units, start: firstFrom(from) ?? 0, logId: stats.logId };
    },
  };
}
