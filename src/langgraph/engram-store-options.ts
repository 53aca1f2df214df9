import type { Scope } from '../core/scope.ts';
import type { HasLongTermRecords } from '../longterm/long-term-store-v1.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import type { EmbeddingsLike } from './store-embedder.ts';
import type { EngramStoreTtl } from './store-ttl.ts';

/** Options of `createEngramStore` (and `new EngramStore`). */
export interface EngramStoreOptions {
  /** The engram store whose long-term records hold the items (any driver with long-term records). */
  store: MemoryStoreV1 & HasLongTermRecords;
  /**
   * Whose items these are: a store never reads or writes another scope's (checked at construction: a misspelt `usr`
   * is `INVALID_ARGUMENT`). @default { tenant: 'default' }
   */
  scope?: Scope;
  /**
   * Embeds item texts for semantic `search` with a `query` (a function of texts, or LangChain `Embeddings`).
   * Without it, or on a store without vector search (`longTermRecords.vectorSearch` false), a `query` ranks items
   * by BM25 over their text. @default none (BM25)
   */
  embed?: ((texts: string[]) => Promise<number[][]>) | EmbeddingsLike;
  /** The embedding's dimensions; a vector of another length is refused. @default not checked */
  dims?: number;
  /** The vectors' model id (vectors of different models are never compared). @default 'langgraph-store' */
  model?: string;
  /** The value fields whose text is indexed (LangGraph's `IndexConfig.fields`: `$`, `a.b`, `list[*].x`). @default ['$'] */
  fields?: string[];
  /**
   * Time to live of items (minutes), LangGraph's TTL config; another key (a misspelt `defaultTTL`) is
   * `INVALID_ARGUMENT`. @default no expiry
   */
  ttl?: EngramStoreTtl;
  /** Told of a failed background sweep (the store's closing only stops it). @default logs it to the console */
  onSweepError?: (error: unknown) => void;
}

/** Every option of `createEngramStore`: any other key is refused (a misspelling). */
export const engramStoreOptionKeys: Record<keyof EngramStoreOptions, true> = {
  store: true,
  scope: true,
  embed: true,
  dims: true,
  model: true,
  fields: true,
  ttl: true,
  onSweepError: true,
};
