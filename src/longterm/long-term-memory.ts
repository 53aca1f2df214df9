import type { ModelMessage } from 'ai';
import type { MemoryMessage } from '../core/message.ts';
import type { LongTermFilter } from './long-term-query.ts';
import type { LongTermRecord, LongTermRecordChange, NewLongTermRecord } from './long-term-record.ts';

/** How a long-term memory is used by an agent (seed 002's `LongTermMemoryMode`). */
export type LongTermMemoryMode = 'static' | 'agent' | 'both';

/** Options of a search. */
export interface LongTermSearchOptions {
  /** How many results (1–100). @default 10 */
  limit?: number;
  /** Which records. */
  filter?: LongTermFilter;
}

/** A search result: a record and its score (higher is better; comparable within one search only). */
export interface LongTermSearchResult {
  /** The record (its current version). */
  record: LongTermRecord;
  /** The fused score. */
  score: number;
}

/**
 * Long-term memory across sessions (seed 002's `LongTermMemory`, with Mem0's operations). `record` and
 * `retrieve` are the seed's two calls; `search` returns scored records; `add` / `get` / `update` / `delete` /
 * `history` manage records one by one. Every call is bound to the scope the memory was created with.
 */
export interface LongTermMemory {
  /** Records messages (seed 002's `record(msgs)`); how depends on the memory's recording mode. */
  record(messages: readonly (MemoryMessage | ModelMessage)[]): Promise<void>;
  /**
   * The records relevant to a query as one block of quoted data for a model (seed 002's `retrieve(msg)`), or
   * `''` when nothing is relevant. The block says it is data, never instructions.
   */
  retrieve(query: string | MemoryMessage | ModelMessage, options?: LongTermSearchOptions): Promise<string>;
  /** The records relevant to a query, best first. */
  search(query: string, options?: LongTermSearchOptions): Promise<LongTermSearchResult[]>;
  /** Adds records (a string is a `fact`); returns them as stored. */
  add(input: string | NewLongTermRecord | readonly (string | NewLongTermRecord)[]): Promise<LongTermRecord[]>;
  /** The current version of a record, or undefined. */
  get(id: string): Promise<LongTermRecord | undefined>;
  /** Supersedes a record with a new version (a string replaces its text); throws `RECORD_NOT_FOUND`. */
  update(id: string, change: string | LongTermRecordChange): Promise<LongTermRecord>;
  /** Deletes a record (a `DELETE` version; its history stays); whether it existed. */
  delete(id: string): Promise<boolean>;
  /** Every version of a record, oldest first. */
  history(id: string): Promise<LongTermRecord[]>;
}
