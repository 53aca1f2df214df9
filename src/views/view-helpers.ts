import { checkInteger as checkIntegerIn } from '../core/check-options.ts';
import type { LogEntry, MemoryMessage } from '../core/message.ts';
import type { MessageUnit } from '../messages/units.ts';
import { nonSystem } from './newest-units.ts';

/** Throws INVALID_ARGUMENT unless `value` is an integer ≥ `min` ({@link checkIntegerIn} for views). */
export function checkInteger(value: unknown, name: string, min: number): number {
  return checkIntegerIn(value, name, 'views', min);
}

/** The messages of system entries and selected units, in log order. */
export function assemble(
  systems: readonly LogEntry[],
  units: readonly MessageUnit<LogEntry>[],
): MemoryMessage[] {
  return assembleEntries(systems, units).map((e) => e.message);
}

/** The entries {@link assemble} returns the messages of. */
export function assembleEntries(
  systems: readonly LogEntry[],
  units: readonly MessageUnit<LogEntry>[],
): LogEntry[] {
  const picked: LogEntry[] = [];
  for (const unit of units) for (const e of nonSystem(unit)) picked.push(e);
  return mergeBySeq(systems, picked);
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
