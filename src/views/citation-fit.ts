/** How a budgeted citation view cuts the held part of a log: the newest whole units whose cited tokens fit. */
import type { CitationTrack } from '../content/citation-track.ts';
import type { LogEntry } from '../core/message.ts';
import { firstAtLeast } from '../core/sorted-search.ts';
import { type MessageUnit, newestLiveUnit, sendableItems, sendsWhole } from '../messages/units.ts';
import type { ViewLog } from './view-log.ts';

/** Where the budget cut the held units: the oldest unit returned, and the unit that did not fit (if one did not). */
export interface Fit {
  /** The index of the oldest held unit the read returns from (the units' length when none). */
  unitFrom: number;
  /** The index of the unit the budget stopped at; undefined when every held unit fits. */
  stoppedAt?: number;
  /**
   * Whether the units from `stoppedAt` on are the whole log's (`ViewLog.settledFrom`, always so when the whole log
   * is held), so the read releases what is older and a later read can hold from there.
   */
  settled?: boolean;
}

/**
 * Holds as much of the log's newest part as the budget needs after citation, with the track brought up to it:
 * the whole log without a budget; otherwise the held part grows backward (at least doubling, from the budget's
 * worth of stored tokens, which citations only shrink) until a unit does not fit and every unit from it on is
 * one the whole log has (`ViewLog.settledFrom`), or the log's start is held. Cited forms of held entries are
 * exact: every later entry is held.
 */
export async function holdFitting(
  log: ViewLog,
  track: CitationTrack,
  budget: number | undefined,
): Promise<Fit> {
  if (budget === undefined) {
    if (!log.whole) await log.holdFrom(1);
    await track.update(log.entries);
    return { unitFrom: 0 };
  }
  let size = budget;
  for (;;) {
    await track.update(log.entries);
    const fit = newestFitting(log.units, log.entries, track.tokens, log.systems.tokens, budget);
    const settled = fit.stoppedAt !== undefined && log.settledFrom(fit.stoppedAt);
    if (settled || log.whole) return { ...fit, settled };
    await log.grow({ minTokens: size });
    size = size * 2 + 1;
  }
}

/**
 * The newest whole, sendable held units whose cited tokens (plus every system message's) fit the budget. Units
 * are taken from the newest back and never split; the newest sendable unit is always kept; unsendable units
 * (tool output whose call is gone, calls left without results before the newest unit) are left out and cost
 * nothing; system units cost nothing (their tokens are counted once, with every system message's). Walks back
 * only as far as the budget reaches. The oldest held unit may be cut at its head: it is never taken unless every
 * held unit fits (then the caller holds more, or holds the whole log); a cut unit that does not fit would not fit
 * whole either.
 */
function newestFitting(
  units: readonly MessageUnit<LogEntry>[],
  entries: readonly LogEntry[],
  tokens: readonly number[],
  systemTokens: number,
  budget: number,
): Fit {
  let used = systemTokens;
  let taken = false;
  let unitFrom = units.length;
  const newest = newestLiveUnit(units);
  for (let u = units.length - 1; u >= 0; u--) {
    const unit = units[u]!;
    if (unit.kind !== 'system' && sendsWhole(units, u, newest)) {
      const cost = citedCost(unit, entries, tokens);
      if (used + cost > budget && taken) return { unitFrom, stoppedAt: u };
      used += cost;
      taken = true;
    }
    unitFrom = u;
  }
  return { unitFrom };
}

/** The cited tokens of a held unit's non-system items (`tokens` are the track's, by held index). */
export function citedCost(
  unit: MessageUnit<LogEntry>,
  entries: readonly LogEntry[],
  tokens: readonly number[],
): number {
  let cost = 0;
  for (const item of unit.items)
    if (item.message.role !== 'system') cost += tokens[firstAtLeast(entries, item.seq, bySeq)]!;
  return cost;
}

/**
 * The indices of the entries a read returns from the held units from `unitFrom` on: every item of system and
 * sendable units, the system items of the others; ascending (units are contiguous runs of the log, in order).
 */
export function sentIndices(
  units: readonly MessageUnit<LogEntry>[],
  entries: readonly LogEntry[],
  unitFrom: number,
): number[] {
  return sendableItems(units.slice(unitFrom), (e) => e.message).map((e) =>
    firstAtLeast(entries, e.seq, bySeq),
  );
}

const bySeq = (e: { seq: number }) => e.seq;
