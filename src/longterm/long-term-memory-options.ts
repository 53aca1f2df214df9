import type { EmbeddingModel } from 'ai';
import type { Clock } from '../core/clock.ts';
import type { Scope } from '../core/scope.ts';
import type { TokenCounter } from '../tokens/token-counter.ts';
import type { LongTermEmbedder } from './embedder.ts';
import type { FactExtractor } from './fact-extractor.ts';
import type { RankingOptions } from './hybrid-search.ts';
import type { CursorStateSlots } from './long-term-cursor-state.ts';
import type { LongTermMemory } from './long-term-memory.ts';
import type { HasLongTermRecords, LongTermStoreV1 } from './long-term-store-v1.ts';

/** How `record(messages)` records: each turn with its context (`turns`), facts an LLM extracts (`facts`, which also keeps the turns), or nothing. */
export type RecordingMode = 'turns' | 'facts' | 'none';

/** Options of `createLongTermMemory`. */
export interface LongTermMemoryOptions extends RankingOptions {
  /**
   * Where records live: a store with long-term records (SQLite, PostgreSQL, json-file, memory); its component
   * state, when it has some, keeps the background cursors across restarts. @default in process
   */
  store?: HasLongTermRecords & Partial<CursorStateSlots>;
  /** Whose memory this is; every record and search is bound to it. */
  scope: Scope;
  /** The conversation `record` attributes messages to (turn records' session and episode). @default none */
  session?: string;
  /** How `record` records. @default 'turns' */
  recording?: RecordingMode;
  /** Whether `record` also writes an `episode` record per call (the turns it got, as one text) for episode fusion. @default true */
  episodes?: boolean;
  /** Which roles `record` keeps (an empty list: none); add `tool` to keep tool output (marked with its tool). @default ['user', 'assistant'] */
  roles?: readonly ('user' | 'assistant' | 'tool' | 'system')[];
  /** Neighbouring turns on each side in a turn record's context (an integer, 0 or more). @default 2 */
  neighbours?: number;
  /**
   * Embeddings for the vector side of search: any AI SDK embedding model or an embedder. Off by default (full
   * text alone); unused on a store without vector search (`longTermRecords.vectorSearch` false), whose search is
   * full text alone.
   */
  embedding?: EmbeddingModel | LongTermEmbedder;
  /**
   * Whether `record` also keeps what the user says about themselves ("call me Ada", "I moved to Porto", "I'm
   * allergic to peanuts") as keyed, bi-temporal `fact` records in canonical words (no model): a later statement
   * of a key ends the earlier fact and the turn that stated it, so recall puts the current value first and marks
   * the old one superseded. Only user messages are read; a message's `name` is its speaker. @default true (with
   * `recording` 'turns' or 'facts')
   */
  selfFacts?: boolean;
  /** The fact extractor of `recording: 'facts'` (see `createLanguageModelExtractor` in `engram/ai-sdk`). */
  extractor?: FactExtractor;
  /** Facts one extraction run may add or change at most (an integer, 1 or more). @default 20 */
  maxFactsPerRun?: number;
  /** Results of `search` (and candidates `retrieve` packs) when the call does not say (1–100). @default 10 (retrieve: as many as its budget asks, at most 100) */
  limit?: number;
  /** Counts the tokens of `retrieve`'s block against its budget (`maxTokens`). @default exact o200k_base counts */
  counter?: TokenCounter;
  /** The clock of versions, and of relative dates in a query when the scope has no records (see `LongTermSearchOptions.now`). @default the system clock */
  clock?: Clock;
  /**
   * Keeps text out by where it came from. `toolDerived`: tool output, and what the model said or recorded after
   * reading tool output in the same exchange (it may repeat injected instructions); `agentRecorded`: what the model
   * chose to record (`record_to_memory`, origin `agent`). `'recall'` stores it but never returns it from `search` /
   * `retrieve` (nor from the agent's recall); `'memory'` never stores it (`record` leaves it out, `add` refuses it
   * with `INVALID_ARGUMENT`). Another key (a misspelt `toolDerivd`) is `INVALID_ARGUMENT`. @default nothing kept out
   */
  keepOut?: KeepOutOptions;
  /**
   * Called with each error of background work (embedding, extraction) and of an `update`'s embedding of its new text
   * (the update stands); the work is retried on the next `record` or `flush`.
   */
  onError?: (error: unknown) => void;
}

/** Where text of an untrusted origin is kept out of: recall only, or the memory entirely. */
export type KeepOut = 'recall' | 'memory';

/** What {@link LongTermMemoryOptions.keepOut} keeps out. */
export interface KeepOutOptions {
  /** Tool output and what the model said or recorded after reading it (`provenance.toolDerived`). @default kept */
  toolDerived?: KeepOut;
  /** What the model chose to record through `record_to_memory` (`provenance.origin` `agent`). @default kept */
  agentRecorded?: KeepOut;
}

/** A long-term memory with background work: embeddings and fact extraction run off the request path. */
export interface EngramLongTermMemory extends LongTermMemory {
  /** The store contract the memory writes to. */
  readonly records: LongTermStoreV1;
  /** The scope it is bound to. */
  readonly scope: Scope;
  /** Runs pending background work to the end (embeddings, extraction); throws its error. */
  flush(): Promise<void>;
}
