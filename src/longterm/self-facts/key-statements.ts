import { type DueEnd, dueEnd, type EndTimes, type FactTimes, sameWords, withEnds } from './self-fact-ends.ts';

/**
 * The known statements of each key, kept sorted by time (of equal times, as noted) as a call adds facts, so that one
 * fact's end is read in O(log n) where {@link dueEnd} reads every statement of its key: a call recording messages in
 * time order adds each fact after every statement it knows.
 */
export interface KeyStatements {
  /** Notes statements, in the order given (of two due at the same time, the one noted first is returned). */
  note(times: Iterable<FactTimes>): void;
  /** What {@link dueEnd} says of `f`, given every statement noted of its key, in the order noted, and `ends`. */
  dueEnd(f: FactTimes, ends: readonly EndTimes[]): DueEnd;
}

/** One key's statements: as noted, and sorted by time (unless one has an invalid time: then only as noted). */
interface Noted {
  noted: FactTimes[];
  sorted: FactTimes[] | undefined;
}

/** The first index of `sorted` whose time is later than `t`. */
function firstAfter(sorted: readonly FactTimes[], t: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as FactTimes).validAt.getTime() <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Creates an empty {@link KeyStatements}. A fact's turn ends at the first later statement of other words: the
 * later statements of its own words before that one are stepped over (none, when facts are added in time order).
 * @example const known = createKeyStatements(); known.note(factTimes(records)); known.dueEnd(fact, ends)
 */
export function createKeyStatements(): KeyStatements {
  const byKey = new Map<string, Noted>();
  return {
    note(times) {
      for (const f of times) {
        const key = byKey.get(f.key) ?? { noted: [], sorted: [] };
        byKey.set(f.key, key);
        key.noted.push(f);
        const t = f.validAt.getTime();
        if (Number.isNaN(t)) key.sorted = undefined;
        else key.sorted?.splice(firstAfter(key.sorted, t), 0, f);
      }
    },
    dueEnd(f, ends) {
      const key = byKey.get(f.key);
      const t = f.validAt.getTime();
      // An invalid time compares as neither earlier nor later: the reading of every statement alone says.
      if (key?.sorted === undefined || Number.isNaN(t)) return dueEnd(f, key?.noted ?? [], ends);
      const due: DueEnd = {};
      const sorted = key.sorted;
      const next = firstAfter(sorted, t);
      if (next < sorted.length) due.fact = (sorted[next] as FactTimes).validAt;
      for (let i = next; i < sorted.length; i++) {
        const g = sorted[i] as FactTimes;
        if (sameWords(g.words, f.words)) continue;
        due.turn = g.validAt;
        break;
      }
      return withEnds(f, due, ends);
    },
  };
}
