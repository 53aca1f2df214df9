import { afterAll, afterEach, beforeEach, describe, it } from 'vitest';
import { MemoryError } from '../../core/errors/memory-error.ts';
import type { Scope } from '../../core/scope.ts';
import type { LongTermStoreV1 } from '../../longterm/long-term-store-v1.ts';
import { uniqueScope } from '../fixtures.ts';
import { longTermCases } from './long-term-cases.ts';

/** A store holding long-term records, as the suite opens it. */
export interface LongTermStoreHandle {
  /** The long-term contract under test. */
  readonly longTermRecords: LongTermStoreV1;
  /** Releases the store. */
  close?(): Promise<void>;
}

/** How the suite opens stores of the driver under test. */
export interface LongTermStoreFactory {
  /** Opens a store; it may hold data of earlier cases (each case uses its own tenant). */
  open(): Promise<LongTermStoreHandle>;
  /** Closes `previous` and opens the same data again. Enables the reopen case. */
  reopen?(previous: LongTermStoreHandle): Promise<LongTermStoreHandle>;
  /** Runs once after the suite. */
  cleanup?(): Promise<void>;
}

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

/** The names of every long-term conformance case, for `skip`. */
export const longTermCaseNames: readonly string[] = longTermCases.map((c) => c.name);

/**
 * Declares the `LongTermStoreV1` conformance suite for one driver with vitest: round trips (with a reopen),
 * idempotent and atomic adds, versions and history (supersede, delete), BM25 full-text search with filters,
 * vector search by model, listing pages, purge, scope isolation with look-alike ids, typed errors for bad input,
 * and a model-based property. The vector cases are skipped, each with its reason, for a store that reports no
 * vector search (`vectorSearch` false); the capability case checks that such a store refuses vector calls.
 * Unknown names in `skip` fail the suite.
 * @example
 * describeLongTermStore('memory', { open: async () => createMemoryStore() });
 */
export function describeLongTermStore(
  name: string,
  factory: LongTermStoreFactory,
  options: { skip?: Record<string, string> } = {},
): void {
  const skip = options.skip ?? {};
  const unknown = Object.keys(skip).filter((k) => !longTermCaseNames.includes(k));
  describe(`LongTermStoreV1 conformance: ${name}`, () => {
    let current: LongTermStoreHandle | undefined;
    beforeEach(async () => {
      current = await factory.open();
    });
    afterEach(async () => {
      const handle = current;
      current = undefined;
      try {
        await handle?.close?.();
      } catch (error) {
        if (!MemoryError.hasCode(error, 'STORE_CLOSED')) throw error;
      }
    });
    afterAll(async () => {
      await factory.cleanup?.();
    });
    if (unknown.length > 0) {
      it('skip names are known cases', () => {
        throw new Error(`describeLongTermStore(${name}): unknown case names in skip: ${unknown.join(', ')}`);
      });
    }
    for (const c of longTermCases) {
      const reason = skip[c.name];
      if (reason !== undefined) {
        it.skip(`${c.name} (skipped: ${reason})`, () => {});
        continue;
      }
      if (c.needsReopen && !factory.reopen) {
        it.skip(`${c.name} (skipped: the factory has no reopen)`, () => {});
        continue;
      }
      it(c.name, { timeout: 120_000 }, async (vitestContext) => {
        if (c.needsVectors && current?.longTermRecords.vectorSearch !== true)
          vitestContext.skip('the store has no vector search (longTermRecords.vectorSearch is false)');
        await c.run({
          get records() {
            if (!current) throw new Error('no store is open');
            return current.longTermRecords;
          },
          scope: (extra) => uniqueScope(extra),
          async reopen() {
            if (!factory.reopen || !current) throw new Error('reopen is not available');
            current = await factory.reopen(current);
            return current.longTermRecords;
          },
        });
      });
    }
  });
}
