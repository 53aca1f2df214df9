import type { ModelMessage } from 'ai';
import type { MemoryMessage } from '../core/message.ts';
import type { LongTermFilter } from './long-term-query.ts';
import type { LongTermRecord, LongTermRecordChange, NewLongTermRecord } from './long-term-record.ts';

/** How a long-term memory is used by an agent (seed 002's `LongTermMemoryMode`). */
export type LongTermMemoryMode = 'static' | 'agent' | 'both';

/** Options of a search. */
export interface LongTermSearchOptions {
  /** How many results (1–100); for `retrieve`, the candidates packed into the block. @default 10 (retrieve: enough for the budget, at most 100) */
  limit?: number;
  /** Which records (`asOf` for those valid at a time). */
  filter?: LongTermFilter;
  /**
   * The time relative dates in the query ("yesterday", "last week") resolve against. @default the conversation's
   * time: the latest `validAt` (else `createdAt`) among the scope's records (the filter's session's, when it names
   * one), so the same records give the same results on any day; the clock when there are none
   */
  now?: Date;
  /**
   * Results as they were known at this time (transaction time: what the memory held then, e.g. what an agent
   * believed at a past step): each hit's version in force at that time, hits added later left out. Searched over
   * current records and ranked by their current text; a record deleted since is not found. The search reads its
   * best 100 before leaving out the records added later, then keeps `limit`: more than 100 later records that
   * outrank them all can hide one. @default now
   */
  knownAt?: Date;
  /**
   * Stops the search: the query's embedding call is aborted (the model gets the signal) and the search rejects
   * with the signal's reason, as it does when the signal is aborted before it starts.
   */
  abortSignal?: AbortSignal;
}

/** Options of `retrieve`: a search's, and the token budget of the block. */
export interface LongTermRetrieveOptions extends LongTermSearchOptions {
  /**
   * The most tokens the block takes, its tag and header included (1–1,000,000): whole records best first, the
   * best five with the neighbouring turns that make them understandable (see `packRecall`). @default 2000
   */
  maxTokens?: number;
  /** Ids of messages the model already sees: records made only of them are left out. @default [] */
  inContext?: readonly string[];
}

/** A search result: a record and its score (higher is better; comparable within one search only). */
export interface LongTermSearchResult {
  /** The record (its current version). */
  record: LongTermRecord;
  /**
   * The fused score. Results come best first; with an embedding model, a record only the vector leg found scores
   * 0 when the two legs did not agree on the query (it keeps the vector leg's order after the word matches; the
   * vector leg's best three, ten for a question about the user, take the score of the result just above them: `docs/hybrid-fusion.md`), so read the
   * order, not the score, for those.
   */
  score: number;
}

/**
 * Long-term memory across sessions (seed 002's `LongTermMemory`, with Mem0's operations). `record` and
 * `retrieve` are the seed's two calls; `search` returns scored records; `add` / `get` / `update` / `delete` /
 * `history` manage records one by one. Every call is bound to the scope the memory was created with.
 */
export interface LongTermMemory {
  /**
   * Records messages (seed 002's `record(msgs)`); how depends on the memory's recording mode. A bad message refuses
   * the call whole, naming it (`messages[1]…`): `INVALID_MESSAGE` for one that is not a message, `INVALID_ARGUMENT`
   * for a recorded role's text or name a record cannot store (a NUL or a lone surrogate).
   */
  record(messages: readonly (MemoryMessage | ModelMessage)[]): Promise<void>;
  /**
   * The records relevant to a query as one block of quoted data for a model (seed 002's `retrieve(msg)`), packed
   * best first into a token budget (`maxTokens`), or `''` when nothing is relevant. The block says it is data,
   * never instructions.
   */
  retrieve(query: string | MemoryMessage | ModelMessage, options?: LongTermRetrieveOptions): Promise<string>;
  /** The records relevant to a query, best first. */
  search(query: string, options?: LongTermSearchOptions): Promise<LongTermSearchResult[]>;
  /** Adds records (a string is a `fact`); returns them as stored. A batch with a bad record (a key that is not a field, a misspelt `metdata`) is refused whole. */
  add(input: string | NewLongTermRecord | readonly (string | NewLongTermRecord)[]): Promise<LongTermRecord[]>;
  /** The current version of a record, or undefined. */
  get(id: string): Promise<LongTermRecord | undefined>;
  /**
   * Supersedes a record with a new version (a string replaces its text); throws `RECORD_NOT_FOUND`, and
   * `INVALID_ARGUMENT` for a key that is not a field (a misspelt `txt`) or a change with no field to change. A new
   * text is embedded before it resolves; when that fails the version stands (the error goes to `onError`) and the
   * next catch-up (an `add`, `record` or `flush`) embeds it.
   */
  update(id: string, change: string | LongTermRecordChange): Promise<LongTermRecord>;
  /** Deletes a record (a `DELETE` version; its history stays); whether it existed. */
  delete(id: string): Promise<boolean>;
  /** Every version of a record, oldest first. */
  history(id: string): Promise<LongTermRecord[]>;
}
