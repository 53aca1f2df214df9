import type { LogEntry } from '../core/message.ts';
import type { ConversationMemory } from '../memory/conversation-memory.ts';
import { groupUnits, isSendable, type MessageUnit } from '../messages/units.ts';

/** Options of {@link selectNewestUnits}. */
export interface SelectNewestUnitsOptions {
  /** What to read first: `tail({ maxMessages })` or `tail({ minTokens })`; grown ×2 while more is needed. */
  read: { maxMessages: number } | { minTokens: number };
  /** Live messages in the log (from `stats()`), to know when a tail holds all of it. */
  liveCount: number;
  /** Cost of a unit's non-system items (messages or tokens). */
  cost: (unit: MessageUnit<LogEntry>) => number;
  /** What the selected units may cost in total. */
  capacity: number;
}

/** What {@link selectNewestUnits} found. */
export interface NewestUnits {
  /** Selected units, oldest first (all complete, except possibly a trailing in-flight one). */
  units: MessageUnit<LogEntry>[];
  /** Their total cost. */
  cost: number;
  /** Set when the newest sendable unit alone costs more than the capacity (then `units` is empty). */
  oversized?: MessageUnit<LogEntry>;
  /** Non-system units the view read and left out (older ones, orphans, unanswered non-trailing calls). */
  droppedUnits: number;
}

/** Cost of a unit without its system items (system messages are kept by every view and counted apart). */
export function nonSystem(unit: MessageUnit<LogEntry>): LogEntry[] {
  return unit.items.some((e) => e.message.role === 'system')
    ? unit.items.filter((e) => e.message.role !== 'system')
    : unit.items;
}

/**
 * Picks the newest whole, sendable, non-system units whose cost fits `capacity`, reading the log backward
 * only as far as needed. The oldest unit of a partial tail may be cut at its head, so it is never selected
 * unless the tail holds the whole log; when the selection could go further back, the tail is read again
 * with twice the size. System units are skipped (callers keep system messages separately).
 */
export async function selectNewestUnits(
  memory: ConversationMemory,
  options: SelectNewestUnitsOptions,
): Promise<NewestUnits> {
  let read = options.read;
  for (;;) {
    const entries = await memory.tail(read);
    const wholeLog =
      entries.length >= options.liveCount ||
      entries[0]?.seq === 1 ||
      ('maxMessages' in read ? entries.length < read.maxMessages : sumTokens(entries) <= read.minTokens);
    const units = groupUnits(entries, { message: (e) => e.message, tokens: (e) => e.tokens });
    const start = wholeLog ? 0 : 1;
    const selected: MessageUnit<LogEntry>[] = [];
    let used = 0;
    let dropped = 0;
    for (let i = units.length - 1; i >= start; i--) {
      const unit = units[i]!;
      if (unit.kind === 'system') continue;
      if (!isSendable(unit, i === units.length - 1)) {
        dropped++;
        continue;
      }
      const cost = options.cost(unit);
      if (selected.length === 0 && cost > options.capacity) {
        return {
          units: [],
          cost: 0,
          oversized: unit,
          droppedUnits: dropped + countNonSystem(units, start, i - 1),
        };
      }
      if (used + cost > options.capacity) {
        return {
          units: selected.reverse(),
          cost: used,
          droppedUnits: dropped + countNonSystem(units, start, i),
        };
      }
      selected.push(unit);
      used += cost;
    }
    if (wholeLog) return { units: selected.reverse(), cost: used, droppedUnits: dropped };
    read =
      'maxMessages' in read ? { maxMessages: read.maxMessages * 2 } : { minTokens: read.minTokens * 2 + 1 };
  }
}

function sumTokens(entries: readonly LogEntry[]): number {
  let total = 0;
  for (const e of entries) total += e.tokens;
  return total;
}

function countNonSystem(units: readonly MessageUnit<LogEntry>[], from: number, to: number): number {
  let n = 0;
  for (let i = from; i <= to; i++) if (units[i]!.kind !== 'system') n++;
  return n;
}
