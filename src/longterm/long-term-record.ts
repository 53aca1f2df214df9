import type { JSONValue } from 'ai';

/** What a record holds: a `fact` (extracted or added), a `turn` (a message with its context), an `episode`, or any id-like kind. */
export type LongTermRecordKind = 'fact' | 'turn' | 'episode' | 'note' | (string & {});

/** What a change to a record did, as `history(id)` lists it (Mem0's events). */
export type LongTermRecordEvent = 'ADD' | 'UPDATE' | 'DELETE';

/**
 * Who a record's text came from: the `user` said it, the model said it (`assistant`), a `tool` returned it, the
 * model chose to record it (`agent`, through `record_to_memory`), an extractor derived it from turns (`extracted`),
 * it gathers several turns (`conversation`, an episode), the application added it (`app`), or it was stored before
 * records carried their origin (`unknown`).
 */
export type LongTermOrigin =
  | 'user'
  | 'assistant'
  | 'tool'
  | 'agent'
  | 'extracted'
  | 'conversation'
  | 'system'
  | 'app'
  | 'unknown';

/** Every {@link LongTermOrigin}, in a fixed order. */
export const longTermOrigins: readonly LongTermOrigin[] = [
  'user',
  'assistant',
  'tool',
  'agent',
  'extracted',
  'conversation',
  'system',
  'app',
  'unknown',
];

/** Where a record came from: who said it, the messages it was made from, their roles, and the tool when tool output went into it. */
export interface LongTermProvenance {
  /** Who the text came from. @default 'app' for a new record; 'unknown' for one stored before origins were kept */
  origin: LongTermOrigin;
  /**
   * Whether tool output went into the text: a tool returned it, or the model said or recorded it after reading tool
   * output in the same exchange (since the user last spoke), or it was derived from such text. Text a tool returned
   * is not the user's word and may carry injected instructions. @default false (true when `tool` is set)
   */
  toolDerived: boolean;
  /** Ids of the source messages. @default [] */
  messageIds: string[];
  /** Roles of the source messages (`user`, `assistant`, `tool`, …). @default [] */
  roles: string[];
  /** The tool whose output the record came from (or, for a model's turn, the tool whose output it had read). */
  tool?: string;
  /** The conversation (session) the source messages belong to. */
  session?: string;
  /** The tool call that recorded it (`record_to_memory`). */
  toolCallId?: string;
}

/** A record to add: text plus what a search filters and ranks by. */
export interface NewLongTermRecord {
  /** The record's id; generated (`ltm_…`) when missing. Follows the id rule (`isValidId`). */
  id?: string;
  /** What it is. @default 'fact' */
  kind?: LongTermRecordKind;
  /** The text a search finds and a model reads (at most 64 KiB). */
  text: string;
  /** Secondary text that helps find the record (neighbouring turns, a date), ranked with a lower weight and never shown as the record. */
  context?: string;
  /** The conversation (session) the record came from; a search may filter by it. */
  session?: string;
  /** The episode (a session, a task) the record belongs to; searches may fuse by it. */
  episode?: string;
  /**
   * Free-form JSON (a plain object) whose keys and strings are well-formed text without NUL, as `text` is; a search
   * may filter on top-level values. @default {}
   */
  metadata?: Record<string, JSONValue>;
  /** Where it came from. @default no messages */
  provenance?: Partial<LongTermProvenance>;
  /**
   * When what it says became true (event time), e.g. the date of the session it was said in. @default none: an
   * `asOf` filter counts the record as true from when it was added (`createdAt`), or, when its `invalidAt` is at
   * or before that (a fact that had ended when it was recorded), from the beginning of time up to `invalidAt`
   */
  validAt?: Date;
  /** When what it says stopped being true (event time; exclusive: not valid at `invalidAt` itself). */
  invalidAt?: Date;
}

/** One version of a stored record. */
export interface LongTermRecord {
  /** Stable across versions. */
  id: string;
  /** 1 for the first version, +1 per change. */
  version: number;
  /** What this version did. */
  event: LongTermRecordEvent;
  /** What it is. */
  kind: LongTermRecordKind;
  /** The text. */
  text: string;
  /** Secondary search text, when any. */
  context?: string;
  /** The source session, when any. */
  session?: string;
  /** The episode, when any. */
  episode?: string;
  /** Free-form JSON. */
  metadata: Record<string, JSONValue>;
  /** Where it came from. */
  provenance: LongTermProvenance;
  /** SHA-256 (hex) of the normalised text: equal hashes mean the same statement, for dedupe. */
  hash: string;
  /** Event time: since when it holds. */
  validAt?: Date;
  /** Event time: until when it held. */
  invalidAt?: Date;
  /** Transaction time: when the first version was written. */
  createdAt: Date;
  /** Transaction time: when this version was written. */
  recordedAt: Date;
  /** Transaction time: when a later version (an update or a delete) superseded this one; absent on the current version. */
  expiredAt?: Date;
}

/** What an update changes; fields left out keep their value. */
export interface LongTermRecordChange {
  /** The new text. */
  text?: string;
  /** The new secondary text (`null` removes it). */
  context?: string | null;
  /** The new metadata (replaces the old). */
  metadata?: Record<string, JSONValue>;
  /** New event-time start (`null` removes it). */
  validAt?: Date | null;
  /** New event-time end (`null` removes it). */
  invalidAt?: Date | null;
  /** Provenance of the change (appended to the record's). */
  provenance?: Partial<LongTermProvenance>;
  /**
   * Optimistic concurrency: apply the change only if the record's current version is this one, else throw
   * `CONFLICT` (another writer changed it first; read it again and retry on the new version).
   */
  expectedVersion?: number;
}

/** The prefix of engram's own record kinds (working memory, core blocks…), which recall leaves out unless asked. */
export const engramKindPrefix = 'engram.';

/** Whether a record kind is one of engram's own (`engram.…`): never conversation, recalled only when a filter names it (false for a non-string). */
export const isEngramKind = (kind: string): boolean =>
  typeof kind === 'string' && kind.startsWith(engramKindPrefix);
