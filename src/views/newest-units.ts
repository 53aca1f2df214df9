import type { LogEntry } from '../core/message.ts';
import { isSendable, type MessageUnit, newestLiveUnit } from '../messages/units.ts';
import { type StartOn, startOnUser } from './start-on-user.ts';
import type { TailSize, ViewLog } from './view-log.ts';

/** Options of {@link selectNewestUnits}. */
export interface SelectNewestUnitsOptions {
  /** How much to hold when the held part runs out: grown ×2 while more is needed. */
  read: TailSize;
  /**
   * Cost of a unit's non-system items (messages or tokens), given `after`: how many messages the read holds after
   * the unit (system messages included), which is where pruning takes the newest messages from.
   */
  cost: (unit: MessageUnit<LogEntry>, after: number) => number;
  /** What the selected units may cost in total. */
  capacity: number;
  /** Whether a user message must lead the selection where the log allows ({@link startOnUser}). */
  startOn: StartOn;
}

/** What {@link selectNewestUnits} found. */
export interface NewestUnits {
  /** Selected units, oldest first (all complete, except possibly a trailing in-flight one). */
  units: MessageUnit<LogEntry>[];
  /** For each selected unit (or the oversized one), the messages the read holds after it (system ones included). */
  after: number[];
  /** Their total cost. */
  cost: number;
  /** Set when the newest sendable unit alone costs more than the capacity (then `units` is empty). */
  oversized?: MessageUnit<LogEntry>;
  /** Non-system units the view read and left out (older ones, orphans, unanswered non-trailing calls). */
  droppedUnits: number;
  /**
   * The user message put first because it opened the turn of the units after it (the first of `units`, a unit of
   * its own; the units between it and the rest are left out): see {@link startOnUser}.
   */
  opener?: LogEntry;
}

/** Cost of a unit without its system items (system messages are kept by every view and counted apart). */
export function nonSystem(unit: MessageUnit<LogEntry>): LogEntry[] {
  return unit.items.some((e) => e.message.role === 'system')
    ? unit.items.filter((e) => e.message.role !== 'system')
    : unit.items;
}

/**
 * Picks the newest whole, sendable, non-system units whose cost fits `capacity`, from the newest part of the
 * log a {@link ViewLog} holds (synced by the caller), growing it backward only as far as needed. The oldest held
 * unit may be cut at its head, so it is never selected unless the view log holds the whole log; and where the cut
 * falls among units the held part groups otherwise than the whole log (an orphan or a unit with strays: a late
 * tool result whose call is older than the held part), more is held first (`ViewLog.settledFrom`: once only for
 * a result whose call is gone from the log). System units are
 * skipped (callers keep system messages separately). Afterwards the view log releases what no later read needs:
 * units older than the one before the oldest one looked at.
 */
export async function selectNewestUnits(
  log: ViewLog,
  options: SelectNewestUnitsOptions,
): Promise<NewestUnits> {
  let size = options.read;
  for (;;) {
    const units = log.units;
    const wholeLog = log.whole;
    const start = wholeLog ? 0 : 1;
    let used = 0;
    let dropped = 0;
    const picked: MessageUnit<LogEntry>[] = [];
    const after: number[] = [];
    const costs: number[] = [];
    let later = 0;
    const newest = newestLiveUnit(units);
    for (let i = units.length - 1; i >= start; i--) {
      const unit = units[i]!;
      if (unit.kind === 'system') {
        later += unit.items.length;
        continue;
      }
      if (!isSendable(unit, i >= newest)) {
        dropped++;
        later += unit.items.length - nonSystem(unit).length;
        continue;
      }
      const cost = options.cost(unit, later);
      // A cut among units the held part grouped otherwise than the whole log (a late result whose call is not
      // held) would not be a fresh read's: hold more first.
      const stops = used + cost > options.capacity;
      if (stops && !log.settledFrom(i)) break;
      if (picked.length === 0 && cost > options.capacity) {
        const droppedUnits = dropped + countNonSystem(units, start, i - 1);
        log.release(i - 1);
        return { units: [], after: [later], cost: 0, oversized: unit, droppedUnits };
      }
      if (stops) {
        const droppedUnits = dropped + countNonSystem(units, start, i);
        log.release(i - 1);
        return startOnUserUnit(log, options, costs.reverse(), {
          units: picked.reverse(),
          after: after.reverse(),
          cost: used,
          droppedUnits,
        });
      }
      picked.push(unit);
      after.push(later);
      costs.push(cost);
      later += unit.items.length;
      used += cost;
    }
    if (wholeLog)
      return startOnUserUnit(log, options, costs.reverse(), {
        units: picked.reverse(),
        after: after.reverse(),
        cost: used,
        droppedUnits: dropped,
      });
    await log.grow(size);
    size =
      'maxMessages' in size ? { maxMessages: size.maxMessages * 2 } : { minTokens: size.minTokens * 2 + 1 };
  }
}

/**
 * Applies {@link startOnUser} to a selection: leaves out its oldest units, or puts the user message that opened
 * their turn first (as a unit of its own), so the prompt starts with the user where the log allows it. `costs` are
 * the selected units' (oldest first), as the selection computed them.
 */
async function startOnUserUnit(
  log: ViewLog,
  options: SelectNewestUnitsOptions,
  costs: readonly number[],
  selected: NewestUnits,
): Promise<NewestUnits> {
  const { units, after } = selected;
  if (options.startOn === 'any' || units.length === 0 || units[0]!.kind === 'user') return selected;
  const opener = await log.userBefore(units[0]!.items[0]!.seq);
  const openerUnit: MessageUnit<LogEntry> | undefined = opener && {
    kind: 'user',
    items: [opener],
    tokens: opener.tokens,
    pending: new Set(),
  };
  const openerAfter = after[0]! + units[0]!.items.length;
  const openerCost = openerUnit && options.cost(openerUnit, openerAfter);
  const start = startOnUser(
    units.map((u) => u.kind),
    costs,
    options.capacity,
    openerCost,
  );
  if (start.drop === 0 && !start.opener) return selected;
  const kept = units.slice(start.drop);
  const keptAfter = after.slice(start.drop);
  let cost = 0;
  for (const c of costs.slice(start.drop)) cost += c;
  const droppedUnits = selected.droppedUnits + start.drop;
  if (!start.opener || !openerUnit) return { units: kept, after: keptAfter, cost, droppedUnits };
  return {
    units: [openerUnit, ...kept],
    after: [keptAfter[0]! + kept[0]!.items.length, ...keptAfter],
    cost: cost + openerCost!,
    droppedUnits: Math.max(0, droppedUnits - 1),
    opener: openerUnit.items[0]!,
  };
}

function countNonSystem(units: readonly MessageUnit<LogEntry>[], from: number, to: number): number {
  let n = 0;
  for (let i = from; i <= to; i++) if (units[i]!.kind !== 'system') n++;
  return n;
}
