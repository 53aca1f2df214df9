import type { BaseStore } from '@langchain/langgraph-checkpoint';

/** Options of `EngramStore.get`: `refreshTtl` overrides the store's `refreshOnRead` for this read. */
export interface StoreGetOptions {
  /** Restart the item's TTL on this read (or not), whatever `refreshOnRead` says. */
  refreshTtl?: boolean;
}

/** Options of `EngramStore.put`: `ttl` (minutes, `null` for none) overrides the default TTL. */
export interface StorePutOptions {
  /** Minutes the item lives; `null`: no expiry. */
  ttl?: number | null;
}

/** Options of `EngramStore.search` (LangGraph's, plus `refreshTtl`). */
export interface StoreSearchOptions {
  /** Items whose value matches (LangGraph's filter). */
  filter?: Record<string, unknown>;
  /** Most items returned. @default 10 */
  limit?: number;
  /** Items skipped first. @default 0 */
  offset?: number;
  /** Ranks items by it (vectors with `embed`, else BM25). */
  query?: string;
  /** Restart the found items' TTL on this read (or not), whatever `refreshOnRead` says. */
  refreshTtl?: boolean;
}

/** Options of `EngramStore.listNamespaces` (LangGraph's). */
export type StoreListNamespacesOptions = NonNullable<Parameters<BaseStore['listNamespaces']>[0]>;

/**
 * Every key of each `EngramStore` method's options, typed from the option types above (the compiler keeps each
 * complete): any other, or a null where the key is not `'nullable'`, is refused by `checkKnownKeys`, so
 * `store.search(ns, { limt: 3 })` is `INVALID_ARGUMENT` naming `limt`, not a search of the default 10.
 */
export const storeOptionKeys: {
  get: Record<keyof StoreGetOptions, true>;
  put: Record<keyof StorePutOptions, 'nullable'>;
  search: Record<keyof StoreSearchOptions, true>;
  listNamespaces: Record<keyof StoreListNamespacesOptions, true>;
} = {
  get: { refreshTtl: true },
  // `ttl: null` is documented: no expiry.
  put: { ttl: 'nullable' },
  search: { filter: true, limit: true, offset: true, query: true, refreshTtl: true },
  listNamespaces: { prefix: true, suffix: true, maxDepth: true, limit: true, offset: true },
};
