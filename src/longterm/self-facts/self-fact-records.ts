import type { Scope } from '../../core/scope.ts';
import type { LongTermRecord } from '../long-term-record.ts';
import type { LongTermStoreV1 } from '../long-term-store-v1.ts';
import type { EndTimes, FactTimes } from './self-fact-ends.ts';
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

/** A stored fact's key as the extractor writes it now (a name stored with a possessive `'s` read without it). */
export const keyOf = (r: LongTermRecord) => storedSelfFact(r)?.key ?? String(r.metadata.selfFact);
/** A stored fact's value as the extractor writes it now. */
const factValue = (r: LongTermRecord) => storedSelfFact(r)?.value ?? String(r.metadata.value ?? '');

/** What `dueEnds` reads of stored facts (those without `validAt`, never written so, are left out). */
export const factTimes = (facts: Iterable<LongTermRecord>): FactTimes[] =>
  [...facts].flatMap((r) =>
    r.validAt ? [{ id: r.id, key: keyOf(r), words: words(factValue(r)), validAt: r.validAt }] : [],
  );

/** What `dueEnds` reads of stored ends. */
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
