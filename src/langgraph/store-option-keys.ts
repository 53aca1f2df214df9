import type { EngramStore } from './engram-store.ts';

/** The options object of `EngramStore`'s method `M`, at argument `at`. */
type OptionsOf<M extends keyof EngramStore, At extends number> = NonNullable<
  Parameters<Extract<EngramStore[M], (...args: never[]) => unknown>>[At]
>;

/**
 * Every key of each `EngramStore` method's options, read from the method's signature (the compiler keeps each
 * complete): any other, or a null where the key is not `'nullable'`, is refused by `checkKnownKeys`, so
 * `store.search(ns, { limt: 3 })` is `INVALID_ARGUMENT` naming `limt`, not a search of the default 10.
 */
export const storeOptionKeys: {
  get: Record<keyof OptionsOf<'get', 2>, true>;
  put: Record<keyof OptionsOf<'put', 4>, 'nullable'>;
  search: Record<keyof OptionsOf<'search', 1>, true>;
  listNamespaces: Record<keyof OptionsOf<'listNamespaces', 0>, true>;
} = {
  get: { refreshTtl: true },
  // `ttl: null` is documented: no expiry.
  put: { ttl: 'nullable' },
  search: { filter: true, limit: true, offset: true, query: true, refreshTtl: true },
  listNamespaces: { prefix: true, suffix: true, maxDepth: true, limit: true, offset: true },
};
