import type { Scope } from '../core/scope.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';

/** What one conformance case gets: the store opened for it and helpers. */
export interface StoreCaseContext {
  /** The store opened for this case (the reopened one after `reopen()`). */
  readonly store: MemoryStoreV1;
  /** A scope with a tenant unique to this case. */
  scope(extra?: Omit<Scope, 'tenant'>): Scope;
  /** Closes the current store and opens the same data again; only in cases marked `needsReopen`. */
  reopen(): Promise<MemoryStoreV1>;
  /** Marks the running case skipped (e.g. a capability the store does not claim). */
  skip(reason: string): void;
  /** Largest serialized message the factory's stores accept. */
  readonly maxMessageBytes: number;
}

/** One named conformance case. */
export interface StoreCase {
  /** Unique across the suite: `area: what it checks`. Drivers name it in `skip`. */
  name: string;
  /** The case needs `factory.reopen`; it is skipped without it. */
  needsReopen?: boolean;
  /** The check. */
  run(t: StoreCaseContext): Promise<void>;
}
