import type { LogEntry } from '../core/message.ts';
import type { MessageUnit } from '../messages/units.ts';

/**
 * What a view log learned of the whole log's grouping while it held the whole log: which of its units are tool
 * output whose call is not in the log (orphans) or hold a tool message answering no call before it (`strays`).
 * Grouped from a part of the log such units also show where a held part starts inside a unit; those the whole log
 * has stay so until a late result merges them into an older unit (a call never comes after its result), so a view
 * needs the whole log for them once.
 */
export interface IrregularUnits {
  /**
   * Records the irregular units of `units`, the whole log's grouping: of the units changed since the last record
   * (the others kept as they were).
   */
  record(units: readonly MessageUnit<LogEntry>[]): void;
  /** Whether `unit` (an orphan or a unit with strays) was one in the whole log's grouping, items and all. */
  known(unit: MessageUnit<LogEntry>): boolean;
  /** Forgets everything (the log was read again: something was removed or it was created again). */
  reset(): void;
}

/** Creates an empty {@link IrregularUnits}. */
export function createIrregularUnits(): IrregularUnits {
  /** First sequence numbers of the irregular units, as of `throughSeq`. */
  let seen: { throughSeq: number; starts: Set<number> } | undefined;
  const irregular = (unit: MessageUnit<LogEntry>) => unit.kind === 'orphan' || unit.strays === true;
  return {
    record(units) {
      const through = units.at(-1)?.items.at(-1)?.seq ?? 0;
      if (seen?.throughSeq === through) return;
      const since = seen?.throughSeq ?? 0;
      const starts = seen?.starts ?? new Set<number>();
      // The units changed since the last record: those holding an entry after it. A late result merges every unit
      // from its call's on into one, so starts recorded inside that range may be no unit's any more: forgotten,
      // then the changed units' irregular starts recorded again.
      let u = units.length;
      while (u > 0 && units[u - 1]!.items.at(-1)!.seq > since) u--;
      const from = u < units.length ? units[u]!.items[0]!.seq : Number.POSITIVE_INFINITY;
      for (const start of starts) if (start >= from) starts.delete(start);
      for (; u < units.length; u++) if (irregular(units[u]!)) starts.add(units[u]!.items[0]!.seq);
      seen = { throughSeq: through, starts };
    },
    known(unit) {
      if (!seen?.starts.has(unit.items[0]!.seq)) return false;
      return unit.items.at(-1)!.seq <= seen.throughSeq;
    },
    reset() {
      seen = undefined;
    },
  };
}
