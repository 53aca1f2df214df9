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
const sameWords = (a: readonly string[], b: readonly string[]) =>
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
 * exists. Statements made at the same time do not end each other. The map holds every fact given, by id.
 * @example dueEnds([lisbonOnDay1, portoOnDay9], []).get(lisbonOnDay1.id) // { fact: day 9, turn: day 9 }
 */
export function dueEnds(facts: readonly FactTimes[], ends: readonly EndTimes[]): Map<string, DueEnd> {
  const out = new Map<string, DueEnd>();
  const byKey = new Map<string, FactTimes[]>();
  for (const f of facts) {
    const same = byKey.get(f.key);
    if (same) same.push(f);
    else byKey.set(f.key, [f]);
  }
  for (const f of facts) out.set(f.id, dueEnd(f, byKey.get(f.key) ?? [], ends));
  return out;
}
