import type { Scope } from '../../core/scope.ts';
import { maxResultLimit } from '../check-record.ts';
import { type EndResult, endRecord } from '../end-record.ts';
import type { LongTermFilter } from '../long-term-query.ts';
import type { LongTermRecord } from '../long-term-record.ts';
import type { LongTermStoreV1 } from '../long-term-store-v1.ts';
import { ownedRecords } from '../owned-records.ts';
import { dueEnds, type EndTimes, earlier, type FactTimes } from './self-fact-ends.ts';
import { storedSelfFact } from './stored-self-fact.ts';

/** The kind of a stored end of self facts ("I'm no longer vegetarian"): engram's own, so recall leaves it out. */
export const selfFactEndKind = 'engram.self-fact-end';

/** Whose self facts, where, and the transaction time of the writes (what `recordSelfFacts` is given). */
export interface SelfFactsPlace {
  /** Where records live. */
  records: LongTermStoreV1;
  /** Whose records. */
  scope: Scope;
  /** Transaction time of the writes. */
  now(): Date;
}

/** Most passes {@link settleEnds} makes: each reads every self fact again after the writes of the one before. */
const mostSettlePasses = 4;

/** A value's words, lowercase (letters and digits). */
export const words = (v: string) =>
  v
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** The scope's own self facts and ends of them (every current version, ended facts included), by id. */
export interface SelfFactRecords {
  facts: Map<string, LongTermRecord>;
  ends: Map<string, LongTermRecord>;
}

/**
 * What a call's statements can change: the keys it stated facts of and the families it ended. The facts of other
 * keys neither end nor are ended by them.
 */
export interface TouchedFacts {
  /** Keys of the facts stated (`user.home`, `user.allergy:peanuts`). */
  keys: ReadonlySet<string>;
  /** Families of the ends stated (`user.diet`). */
  families: ReadonlySet<string>;
}

/** The other key a keyed fact may be stored under: a name's with a possessive `-s`, as before 239f263 (stored-self-fact.ts). */
const possessiveKey = (key: string) => (key.includes(':') ? [`${key}-s`] : []);

/** The listings {@link selfFactsOf} reads: every self fact and end, or the ends and the facts of the touched keys. */
function listingsOf(touched: TouchedFacts | undefined): LongTermFilter[] {
  // An end names families, whose keys a metadata filter cannot match by prefix: read every fact then (ends are rare).
  if (touched === undefined || touched.families.size > 0) return [{ kinds: ['fact', selfFactEndKind] }];
  return [
    { kinds: [selfFactEndKind] },
    ...[...touched.keys].flatMap((key) =>
      [key, ...possessiveKey(key)].map(
        (k) => ({ kinds: ['fact'], metadata: { selfFact: k } }) as LongTermFilter,
      ),
    ),
  ];
}

/**
 * The self-fact records and ends the scope owns: not those of the users or agents a wide scope's listing also
 * holds, which this scope neither ends nor is ended by. With `touched`, only what those statements can concern:
 * the facts of their keys (by the key they read as, `storedSelfFact`) and every end; without it, every one.
 */
export async function selfFactsOf(o: SelfFactsPlace, touched?: TouchedFacts): Promise<SelfFactRecords> {
  const out: SelfFactRecords = { facts: new Map(), ends: new Map() };
  for (const filter of listingsOf(touched)) {
    let cursor: string | undefined;
    do {
      const page = await o.records.listRecords(o.scope, {
        limit: 1000,
        filter,
        ...(cursor === undefined ? {} : { cursor }),
      });
      const listed = page.records.filter((r) =>
        r.kind === selfFactEndKind
          ? Array.isArray(r.metadata.selfFactEnd)
          : typeof r.metadata.selfFact === 'string' &&
            (touched === undefined || touched.families.size > 0 || touched.keys.has(keyOf(r))),
      );
      for (const r of await ownedRecords(o.records, o.scope, listed))
        (r.kind === selfFactEndKind ? out.ends : out.facts).set(r.id, r);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
  }
  return out;
}

/** A stored fact's key and value as the extractor writes them now (a name stored with a possessive `'s` read without it). */
const keyOf = (r: LongTermRecord) => storedSelfFact(r)?.key ?? String(r.metadata.selfFact);
const factValue = (r: LongTermRecord) => storedSelfFact(r)?.value ?? String(r.metadata.value ?? '');

/** What {@link dueEnds} reads of stored facts (those without `validAt`, never written so, are left out). */
export const factTimes = (facts: Iterable<LongTermRecord>): FactTimes[] =>
  [...facts].flatMap((r) =>
    r.validAt ? [{ id: r.id, key: keyOf(r), words: words(factValue(r)), validAt: r.validAt }] : [],
  );

/** What {@link dueEnds} reads of stored ends. */
export const endTimes = (ends: Iterable<LongTermRecord>): EndTimes[] =>
  [...ends].flatMap((r) =>
    r.validAt
      ? [
          {
            families: (r.metadata.selfFactEnd as unknown[]).filter((f): f is string => typeof f === 'string'),
            words: words(String(r.metadata.value ?? '')),
            at: r.validAt,
          },
        ]
      : [],
  );

/**
 * Ends every self fact of the scope (of the `touched` keys and families when given: {@link selfFactsOf}), and the
 * turn that stated it, that is not ended when {@link dueEnds} says, read afresh from the store; again after any write, until a read finds nothing to end or after
 * {@link mostSettlePasses} reads. Each write is conditional on the version read (`expectedVersion`): a record
 * another writer changed in between is read again by the next pass.
 */
export async function settleEnds(
  o: SelfFactsPlace,
  outcome: { ended: number },
  touched?: TouchedFacts,
): Promise<void> {
  for (let pass = 0; pass < mostSettlePasses; pass++) {
    const { facts, ends } = await selfFactsOf(o, touched);
    const due = dueEnds(factTimes(facts.values()), endTimes(ends.values()));
    const results: EndResult[] = [];
    const turns = new Map<string, Date>();
    for (const r of facts.values()) {
      const end = due.get(r.id);
      if (end?.fact) results.push(await endRecord(o.records, o.scope, r, end.fact, o.now()));
      const turn = typeof r.metadata.turn === 'string' ? r.metadata.turn : undefined;
      if (end?.turn && turn !== undefined) turns.set(turn, earlier(turns.get(turn), end.turn));
    }
    const ids = [...turns.keys()];
    const stated: LongTermRecord[] = [];
    for (let i = 0; i < ids.length; i += maxResultLimit)
      stated.push(...(await o.records.getRecords(o.scope, ids.slice(i, i + maxResultLimit))));
    for (const r of stated)
      results.push(await endRecord(o.records, o.scope, r, turns.get(r.id) as Date, o.now()));
    outcome.ended += results.filter((x) => x === 'ended').length;
    if (results.every((x) => x === 'unchanged')) return;
  }
}
