import type { JSONValue } from 'ai';
import type { LongTermOrigin, LongTermRecord, LongTermRecordKind } from './long-term-record.ts';

/** Which records a search or a listing considers, within its scope. Every condition must hold. */
export interface LongTermFilter {
  /** Only these kinds. */
  kinds?: readonly LongTermRecordKind[];
  /** Only records of this session. */
  session?: string;
  /** Only records of these episodes. */
  episodes?: readonly string[];
  /** Only records whose metadata has each of these top-level values (strings, numbers, booleans or null). */
  metadata?: Record<string, JSONValue>;
  /** Only records of these origins (`provenance.origin`). */
  origins?: readonly LongTermOrigin[];
  /** Only records whose text has (true) or has not (false) tool output in it (`provenance.toolDerived`). */
  toolDerived?: boolean;
  /** Only records whose `validAt` is at or after this time (records without one are left out). */
  validFrom?: Date;
  /** Only records whose `validAt` is at or before this time (records without one are left out). */
  validTo?: Date;
  /**
   * Only records valid at this time (event time, bi-temporal): `validAt` at or before it and no `invalidAt`, or
   * one after it. A record without `validAt` counts as valid from its `createdAt`, or from the beginning of time
   * when its `invalidAt` is at or before its `createdAt` (a record "true until 2020" added today is found as of
   * 2019; one ended after it was added still starts when it was added).
   */
  asOf?: Date;
}

/** A full-text query as a store receives it: analysed terms (see `analyzeText`), at most 64, and how many hits. */
export interface LongTermTextQuery {
  /** The query's terms, as `analyzeText` makes them. */
  terms: readonly string[];
  /** How many hits, best first (1–1000). */
  limit: number;
  /** Which records. */
  filter?: LongTermFilter;
  /** How much a hit in `context` counts against one in `text` (0–1). @default 0.5 */
  contextWeight?: number;
}

/** A vector query: nearest records by cosine similarity among those embedded with `model`. */
export interface LongTermVectorQuery {
  /** The query embedding. */
  vector: readonly number[];
  /** The embedding model's id; only vectors of this model are compared. */
  model: string;
  /** How many hits, best first (1–1000). */
  limit: number;
  /** Which records. */
  filter?: LongTermFilter;
}

/** A hit: a record and its score (higher is better; comparable only within one search). */
export interface LongTermHit {
  /** The record's id. */
  id: string;
  /** BM25 for full text, cosine similarity for vectors. */
  score: number;
  /** The record's current version (a wide scope's hits may belong to several users or agents). */
  record: LongTermRecord;
}

/** One page of a listing. */
export interface LongTermPage {
  /** Current versions, oldest recorded first. */
  records: LongTermRecord[];
  /** Pass back as `cursor` for the next page; absent on the last page. */
  nextCursor?: string;
  /** The cursor just after this page's last record, also on the last page: pass it later to list only records added since. */
  endCursor?: string;
}

/** Options of `latestRecordTime`. */
export interface LongTermLatestOptions {
  /** Only the records of this session (`LongTermFilter.session`). */
  session?: string;
}

/** What `LongTermStoreV1.latestRecordTime` finds among a scope's current records. */
export interface LongTermLatestTime {
  /** The latest `validAt` (else `createdAt`) of the records, engram's own kinds (`engram.…`) left out; absent when there is none. */
  latest?: Date;
  /**
   * The `endCursor` a listing of every one of the records (engram's kinds too) ends with: pass it to `listRecords`
   * to list only the records added since. Absent when there is none.
   */
  endCursor?: string;
}

/** Options of a listing. */
export interface LongTermListOptions {
  /** Which records. */
  filter?: LongTermFilter;
  /** Page size (1–1000). @default 100 */
  limit?: number;
  /** From a previous page's `nextCursor`. */
  cursor?: string;
}

/** An embedding stored for a record. */
export interface LongTermEmbedding {
  /** The record's id. */
  id: string;
  /** The embedding model's id. */
  model: string;
  /** The vector (finite numbers a float32 holds: at most `maxVectorComponent`, about 3.4e38, in magnitude). */
  vector: readonly number[];
  /**
   * The `hash` of the record version whose text the vector was computed from: the vector is stored only while
   * the record's current version has it, else skipped (not counted), so a vector that a later write of another
   * text overtook never ranks that text. Without it, the vector is stored for whatever version is current.
   */
  hash?: string;
}
