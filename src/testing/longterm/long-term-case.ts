import type { Scope } from '../../core/scope.ts';
import type { LongTermStoreV1 } from '../../longterm/long-term-store-v1.ts';

/** What a long-term case gets. */
export interface LongTermCaseContext {
  /** The contract of the open store. */
  readonly records: LongTermStoreV1;
  /** A scope with a tenant no other case uses. */
  scope(extra?: Omit<Scope, 'tenant'>): Scope;
  /** Closes and reopens the store (only in cases marked `needsReopen`). */
  reopen(): Promise<LongTermStoreV1>;
}

/** One conformance case. */
export interface LongTermCase {
  /** Its name (the vitest test name, and the key of `skip`). */
  name: string;
  /** Whether it needs the factory's `reopen`. */
  needsReopen?: boolean;
  /** Whether it needs vector search: skipped, with the reason, for a store whose `vectorSearch` is false. */
  needsVectors?: boolean;
  /** The case body. */
  run(t: LongTermCaseContext): Promise<void>;
}
