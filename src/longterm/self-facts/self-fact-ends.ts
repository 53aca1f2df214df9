import { inFamily } from './self-statement.ts';

/** A stored self fact as {@link dueEnds} reads it. */
export interface FactTimes {
  /** The record's id. */
  id: string;
  /** Its key (`user.home`, `user.allergy:peanuts`). */
  key: string;
  /** Its value's words, lowercase (`['porto']`). */
  words: readonly string[];
  /** When it was stated (`validAt`). */
  validAt: Date;
}

/** A stored end of self facts ("I'm no longer vegetarian") as {@link dueEnds} reads it. */
export interface EndTimes {
  /** The key families it ends (`user.diet`). */
  families: readonly string[];
  /** The words of the value no longer true; empty ends the families' facts whatever their value. */
  words: readonly string[];
  /** When it was said. */
  at: Date;
}

/** When one fact stops being true, and when the turn that stated it does. */
export interface DueEnd {
  /** The fact's `invalidAt`: the next statement of its key, by time, or an end said later that names it. */
  fact?: Date;
  /**
   * The stating turn's `invalidAt`: as the fact's, except that a later statement of the same value (a restatement)
   * does not end the turn (what it said is still true); the first later statement of another value does.
   */
  turn?: Date;
}

/** The earlier of two times (`b` when `a` is undefined). */
export const earlier = (a: Date | undefined, b: Date): Date =>
  a === undefined || b.getTime() < a.getTime() ? b : a;
/** Whether two values have the same words. */
export const sameWords = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((w, i) => w === b[i]);

/**
 * When `f` is due to end (see {@link dueEnds}), given the statements of its key (`sameKey`, in any order, `f` among
 * them or not) and the ends known: linear in them.
 */
export function dueEnd(f: FactTimes, sameKey: readonly FactTimes[], ends: readonly EndTimes[]): DueEnd {
  const due: DueEnd = {};
  const t = f.validAt.getTime();
  for (const g of sameKey) {
    if (g.key !== f.key || g.validAt.getTime() <= t) continue;
    due.fact = earlier(due.fact, g.validAt);
    if (!sameWords(g.words, f.words)) due.turn = earlier(due.turn, g.validAt);
  }
  return withEnds(f, due, ends);
}

/** `due` (what `f`'s key's later statements say, set in place) moved earlier by the first later end that names `f`. */
export function withEnds(f: FactTimes, due: DueEnd, ends: readonly EndTimes[]): DueEnd {
  const t = f.validAt.getTime();
  for (const e of ends) {
    if (e.at.getTime() <= t || !e.families.some((family) => inFamily(f.key, family))) continue;
    if (!e.words.every((w) => f.words.includes(w))) continue;
    due.fact = earlier(due.fact, e.at);
    due.turn = earlier(due.turn, e.at);
  }
  return due;
}

/**
 * When each self fact is due to end, computed from every statement known, whatever the order they were recorded
 * in: a fact ends at the first later statement of its key (a fact with a later `validAt`), or at the first later
 * end of one of its key's families whose words are all in its value, whichever comes first; never, when neither
 * exists. Statements made at the same time do not end each other; of two due at the same time, the one given first
 * is the one returned (a fact's before an end's). The map holds every fact given, by id (the last of an id given
 * twice). Each key's statements are sorted once by time (O(n log n)), and the ends naming its families are
 * filtered once per distinct value of it, then binary-searched.
 * @example dueEnds([lisbonOnDay1, portoOnDay9], []).get(lisbonOnDay1.id) // { fact: day 9, turn: day 9 }
 */
export function dueEnds(facts: readonly FactTimes[], ends: readonly EndTimes[]): Map<string, DueEnd> {
  const due: DueEnd[] = [];
  const byKey = new Map<string, number[]>();
  for (const [i, f] of facts.entries()) {
    const same = byKey.get(f.key);
    if (same) same.push(i);
    else byKey.set(f.key, [i]);
  }
  const valid = (d: Date) => !Number.isNaN(d.getTime());
  if (!facts.every((f) => valid(f.validAt)) || !ends.every((e) => valid(e.at)))
    // An invalid time compares as neither earlier nor later: the pairwise reading alone says what it ends.
    for (const same of byKey.values()) {
      const sameKey = same.map((j) => facts[j] as FactTimes);
      for (const i of same) due[i] = dueEnd(facts[i] as FactTimes, sameKey, ends);
    }
  else {
    const endsOf = endsByFamily(ends);
    for (const [key, same] of byKey) {
      laterStatements(facts, same, due);
      const firstEnd = laterEnds(key, ends, endsOf);
      for (const i of same) {
        const f = facts[i] as FactTimes;
        const end = firstEnd(f);
        if (end === undefined) continue;
        const d = due[i] as DueEnd;
        d.fact = earlier(d.fact, end);
        d.turn = earlier(d.turn, end);
      }
    }
  }
  const out = new Map<string, DueEnd>();
  for (const [i, f] of facts.entries()) out.set(f.id, due[i] as DueEnd);
  return out;
}

/** Indices ordered by a time, then by index (the order in which {@link earlier} keeps the first of equal times). */
const byTime = (indices: readonly number[], time: (i: number) => number) =>
  [...indices].sort((a, b) => time(a) - time(b) || a - b);

/**
 * Sets `due[i]`, for the facts `same` (indices into `facts`, all of one key), to when its key's later statements
 * end it, as {@link dueEnd} reads them: a sweep from the latest time back, keeping the first later statement and
 * the first later one of other words than that one's (the first of other words than any fact's is one of the two).
 */
function laterStatements(facts: readonly FactTimes[], same: readonly number[], due: DueEnd[]): void {
  const at = (i: number) => (facts[i] as FactTimes).validAt.getTime();
  const order = byTime(same, at);
  let first: FactTimes | undefined; // the first statement later than the group swept
  let other: FactTimes | undefined; // the first later one whose words are not `first`'s
  for (let hi = order.length; hi > 0; ) {
    let lo = hi - 1;
    while (lo > 0 && at(order[lo - 1] as number) === at(order[hi - 1] as number)) lo--;
    for (let k = lo; k < hi; k++) {
      const i = order[k] as number;
      const d: DueEnd = {};
      if (first) {
        d.fact = first.validAt;
        const turn = sameWords(first.words, (facts[i] as FactTimes).words) ? other : first;
        if (turn) d.turn = turn.validAt;
      }
      due[i] = d;
    }
    // The group [lo, hi) comes before every statement swept: its first is the first now.
    const head = facts[order[lo] as number] as FactTimes;
    let next: FactTimes | undefined;
    for (let k = lo + 1; k < hi && next === undefined; k++) {
      const g = facts[order[k] as number] as FactTimes;
      if (!sameWords(g.words, head.words)) next = g;
    }
    if (next === undefined && first) next = sameWords(first.words, head.words) ? other : first;
    first = head;
    other = next;
    hi = lo;
  }
}

/** The families a key is in (see `inFamily`): itself and each prefix before one of its `:`. */
const familiesOf = (key: string) => [key, ...[...key.matchAll(/:/g)].map((m) => key.slice(0, m.index))];

/** The indices of the ends naming each family. */
function endsByFamily(ends: readonly EndTimes[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const [i, e] of ends.entries())
    for (const family of e.families) {
      const named = out.get(family);
      if (named) named.push(i);
      else out.set(family, [i]);
    }
  return out;
}

/**
 * For the facts of `key`, the first end said after one (by time, then as given) that names one of the key's
 * families and whose words are all in its value, as {@link dueEnd} reads them: the key's ends sorted once, those
 * of each value kept once, then a binary search.
 */
function laterEnds(
  key: string,
  ends: readonly EndTimes[],
  endsOf: ReadonlyMap<string, number[]>,
): (f: FactTimes) => Date | undefined {
  const at = (i: number) => (ends[i] as EndTimes).at.getTime();
  const named = byTime([...new Set(familiesOf(key).flatMap((family) => endsOf.get(family) ?? []))], at);
  const byValue = new Map<string, number[]>();
  return (f) => {
    if (named.length === 0) return undefined;
    const value = JSON.stringify(f.words);
    let matching = byValue.get(value);
    if (matching === undefined) {
      matching = named.filter((i) => (ends[i] as EndTimes).words.every((w) => f.words.includes(w)));
      byValue.set(value, matching);
    }
    const t = f.validAt.getTime();
    let lo = 0;
    let hi = matching.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (at(matching[mid] as number) <= t) lo = mid + 1;
      else hi = mid;
    }
    return lo < matching.length ? (ends[matching[lo] as number] as EndTimes).at : undefined;
  };
}
