import type { LongTermFilter } from '../long-term-query.ts';
import type { LongTermRecord } from '../long-term-record.ts';
import { ownedRecords } from '../owned-records.ts';
import { sameWords } from './self-fact-ends.ts';
import {
  factTimes,
  keyOf,
  type SelfFactRecords,
  type SelfFactsPlace,
  selfFactEndKind,
} from './self-fact-records.ts';

/** What a call stated of one key: when first, and in which words. */
export interface StatedKey {
  /** The time of its earliest statement of the key (the `validAt` of its fact). */
  from: Date;
  /** The words of each value it stated of the key (`words`). */
  words: readonly (readonly string[])[];
}

/**
 * What a call's statements can change: the keys it stated facts of and the families it ended. The facts of other
 * keys neither end nor are ended by them.
 */
export interface TouchedFacts {
  /** The keys of the facts stated (`user.home`, `user.allergy:peanuts`), each with what was stated of it. */
  keys: ReadonlyMap<string, StatedKey>;
  /** Families of the ends stated (`user.diet`). */
  families: ReadonlySet<string>;
}

/** The other key a keyed fact may be stored under: a name's with a possessive `-s`, as before 239f263 (stored-self-fact.ts). */
const possessiveKey = (key: string) => (key.includes(':') ? [`${key}-s`] : []);

/** The records of a listing that `keep` keeps and the scope owns (see `ownedRecords`), every page. */
async function ownListing(
  o: SelfFactsPlace,
  filter: LongTermFilter,
  keep: (r: LongTermRecord) => boolean,
): Promise<LongTermRecord[]> {
  const out: LongTermRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await o.records.listRecords(o.scope, {
      limit: 1000,
      filter,
      ...(cursor === undefined ? {} : { cursor }),
    });
    out.push(...(await ownedRecords(o.records, o.scope, page.records.filter(keep))));
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return out;
}

const isEnd = (r: LongTermRecord) => r.kind === selfFactEndKind && Array.isArray(r.metadata.selfFactEnd);
const isFact = (r: LongTermRecord) => r.kind === 'fact' && typeof r.metadata.selfFact === 'string';

/** The facts of `key` (by the key they read as, `storedSelfFact`) that also meet `when`. */
async function factsOfKey(o: SelfFactsPlace, key: string, when: LongTermFilter): Promise<LongTermRecord[]> {
  const out: LongTermRecord[] = [];
  for (const k of [key, ...possessiveKey(key)])
    out.push(
      ...(await ownListing(
        o,
        { kinds: ['fact'], metadata: { selfFact: k }, ...when },
        (r) => keyOf(r) === key,
      )),
    );
  return out;
}

/** The millisecond before `ms`, or undefined when there is none (`ms` is no time, or the first a Date holds). */
const justBefore = (ms: number) => {
  const d = new Date(ms - 1);
  return Number.isNaN(d.getTime()) ? undefined : d;
};

/** Most times {@link factsAround} reads back through a run of one value before it reads every fact of the key. */
const mostRunSteps = 4;

/**
 * The facts of `key` whose end or stating turn's end a call's statements of it (`stated`, none before `stated.from`,
 * `from` below) can move, with every statement later than each of them: what `dueEnds` needs to say when they end.
 * Other facts of the key are ended already, in a store settled before the call (every end as `dueEnds` says, what
 * each call leaves):
 * - A fact ended at or before `from` keeps its end; those not ended by then are valid just before `from` (read, as
 *   `asOf`) or stated from `from` on. Every fact stated from the earliest of those on is read (`validFrom`).
 * - An older fact's turn still open after `from` has its words, and so have the facts stated between it and
 *   `from`, the last of which is valid just before `from` (an end naming it would have ended the older turn too).
 *   So when those valid just before `from` have mixed words, or the call states only their words (a restatement
 *   ends no turn), no older turn can move. Else the facts of those words are read back, one time at a time (those
 *   valid the millisecond before the earliest read), up to a time of none or of other words (the older turns are
 *   ended by then), or, after {@link mostRunSteps} times, every fact of the key is read.
 * Two writers at once (one restating Paris, one moving to Lyon) each read what their own statement changes,
 * whatever the other wrote, and each reads the other's statement once written (when earlier, it is valid just
 * before its own; when later, stated after the earliest fact read): so the writer whose last read comes last reads
 * both, where both count, as when every fact of the key was read.
 */
async function factsAround(o: SelfFactsPlace, key: string, stated: StatedKey): Promise<LongTermRecord[]> {
  const t = stated.from.getTime();
  if (Number.isNaN(t)) return factsOfKey(o, key, {});
  const before = justBefore(t);
  const valid = before === undefined ? [] : await factsOfKey(o, key, { asOf: before });
  const times = factTimes(valid);
  const since = Math.min(t, ...times.map((f) => f.validAt.getTime()));
  const out = [...valid, ...(await factsOfKey(o, key, { validFrom: new Date(since) }))];
  const run = times[0]?.words;
  if (run === undefined || times.some((f) => !sameWords(f.words, run))) return out;
  if (stated.words.every((w) => sameWords(w, run))) return out;
  for (let cur = since, step = 0; ; step++) {
    const at = justBefore(cur);
    if (at === undefined) return out;
    // A longer run of one value, changed: every fact of the key is read (only where a new value follows such a run).
    if (step === mostRunSteps) return factsOfKey(o, key, {});
    const group = await factsOfKey(o, key, { asOf: at });
    out.push(...group);
    const earlier = factTimes(group);
    const first = Math.min(...earlier.map((f) => f.validAt.getTime()));
    if (earlier.length === 0 || earlier.some((f) => !sameWords(f.words, run)) || !(first < cur)) return out;
    cur = first;
  }
}

/**
 * The self-fact records and ends the scope owns: not those of the users or agents a wide scope's listing also
 * holds, which this scope neither ends nor is ended by. With `touched`, only what those statements can concern: the
 * facts of their keys that they can end or whose ends they can move ({@link factsAround}: about the current value,
 * not every fact ever stated of the key) and every end; every fact of every key when they end a family; without
 * `touched`, every one.
 */
export async function selfFactsOf(o: SelfFactsPlace, touched?: TouchedFacts): Promise<SelfFactRecords> {
  const out: SelfFactRecords = { facts: new Map(), ends: new Map() };
  // An end names families, whose keys a metadata filter cannot match by prefix: read every fact then (ends are rare).
  if (touched === undefined || touched.families.size > 0) {
    for (const r of await ownListing(o, { kinds: ['fact', selfFactEndKind] }, (r) => isEnd(r) || isFact(r)))
      (isEnd(r) ? out.ends : out.facts).set(r.id, r);
    return out;
  }
  for (const r of await ownListing(o, { kinds: [selfFactEndKind] }, isEnd)) out.ends.set(r.id, r);
  for (const [key, stated] of touched.keys)
    for (const r of await factsAround(o, key, stated)) out.facts.set(r.id, r);
  return out;
}
