import type { LogEntry } from '../core/message.ts';
import { pushAll } from '../core/push-all.ts';
import { createUnitGrouper } from '../messages/units.ts';
import type { RangeQuery } from '../store/memory-store.ts';

/** Visits a log's live entries oldest first, a page at a time, until the visitor returns false. */
export type PageWalker = (
  query: RangeQuery,
  visit: (page: LogEntry[]) => boolean | undefined,
) => Promise<void>;

/**
 * Seed 001's prune, without reading more of the log than it removes: walks the log from the oldest entry,
 * grouping atomic units as it goes, and picks the oldest whole non-system units until they hold at least
 * `excessTokens`. A unit is only taken once a newer unit has started (until then it may still grow); the
 * newest unit is taken only when the whole log has been read.
 */
export async function selectPrunable(excessTokens: number, walk: PageWalker): Promise<LogEntry[]> {
  const grouper = createUnitGrouper<LogEntry>({ message: (e) => e.message, tokens: (e) => e.tokens });
  const closedTokens = () => {
    let total = 0;
    const units = grouper.units;
    for (let i = 0; i < units.length - 1; i++) if (units[i]!.kind !== 'system') total += units[i]!.tokens;
    return total;
  };
  let complete = true;
  await walk({}, (page) => {
    for (const entry of page) grouper.push(entry);
    complete = closedTokens() < excessTokens;
    return complete;
  });
  const units = grouper.units;
  const removable = complete ? units.length : units.length - 1;
  const removed: LogEntry[] = [];
  let freed = 0;
  for (let i = 0; i < removable && freed < excessTokens; i++) {
    const unit = units[i]!;
    if (unit.kind === 'system') continue;
    pushAll(removed, unit.items);
    freed += unit.tokens;
  }
  return removed;
}
