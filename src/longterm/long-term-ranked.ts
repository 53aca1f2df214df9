import type { LongTermHit } from './long-term-query.ts';
import type { LongTermRecord } from './long-term-record.ts';

/**
 * A hit as a store ranks it, without its record read: the id and score, the store's handle to read the record
 * later (`LongTermStoreV1.loadRanked`), and the few fields hybrid ranking reads (kind, session, episode,
 * creation time, hash, the string `metadata.speaker`, whether the user said it, the validity times). Ranking reads
 * these; only the final results are loaded.
 */
export interface LongTermRankedHit {
  /** The record's id. */
  id: string;
  /** The score `searchText` / `searchVector` gives the same hit. */
  score: number;
  /** The store's handle of this version, for `loadRanked` (opaque; meaningful to that store only). */
  ref: string;
  /** The record's kind. */
  kind: string;
  /** The record's session, if any. */
  session?: string;
  /** The record's episode, if any. */
  episode?: string;
  /** When the record was first written. */
  createdAt: Date;
  /** The record's content hash. */
  hash: string;
  /** `metadata.speaker` when it is a string. */
  speaker?: string;
  /** Set when the record is the user's own words ({@link isFromUser}): a question about the user ranks it higher. */
  fromUser?: true;
  /** The record's `validAt`, if any (time ranking reads it). */
  validAt?: Date;
  /** The record's `invalidAt`, if any (time ranking reads it). */
  invalidAt?: Date;
}

/**
 * Whether a record with this metadata is the user's own words: a turn said in the user role (`metadata.role`,
 * as `record()` writes it) or a fact the user stated about themselves (`metadata.selfFact`, the self facts).
 */
export const isFromUser = (metadata: Readonly<Record<string, unknown>>): boolean =>
  metadata.role === 'user' || typeof metadata.selfFact === 'string';

/** A ranked hit with the record when the store read it anyway (a store without `rankText`): no load needed. */
export type RankedCandidate = LongTermRankedHit & { record?: LongTermRecord };

/** The ranked hit of a materialized hit (the fallback for a store without the ranking methods), record kept. */
export function rankedOf(hit: LongTermHit): RankedCandidate {
  const { record } = hit;
  const speaker = record.metadata.speaker;
  return {
    id: hit.id,
    score: hit.score,
    ref: '',
    kind: record.kind,
    ...(record.session === undefined ? {} : { session: record.session }),
    ...(record.episode === undefined ? {} : { episode: record.episode }),
    createdAt: record.createdAt,
    hash: record.hash,
    ...(typeof speaker === 'string' ? { speaker } : {}),
    ...(isFromUser(record.metadata) ? { fromUser: true as const } : {}),
    ...(record.validAt === undefined ? {} : { validAt: record.validAt }),
    ...(record.invalidAt === undefined ? {} : { invalidAt: record.invalidAt }),
    record,
  };
}
