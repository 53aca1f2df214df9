import type { LongTermStoreV1 } from '../../longterm/long-term-store-v1.ts';
import { describeSuite } from '../describe-suite.ts';
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

/** The names of every long-term conformance case, for `skip`. */
export const longTermCaseNames: readonly string[] = longTermCases.map((c) => c.name);

/**
 * Declares the `LongTermStoreV1` conformance suite for one driver with vitest: round trips (with a reopen),
 * idempotent and atomic adds, versions and history (supersede, delete), BM25 full-text search with filters,
 * vector search by model, listing pages, purge, pruning old versions (`pruneVersions`, when the store has it), a
 * found version's history from a wide scope (`historyOf`, when the store has it),
 * scope isolation with look-alike ids, typed errors for bad input, and model-based properties. The vector cases
 * are skipped, each with its reason, for a store that reports no vector search (`vectorSearch` false); the
 * capability case checks that such a store refuses vector calls.
 * Unknown names in `skip` fail the suite.
 * @example
 * describeLongTermStore('memory', { open: async () => createMemoryStore() });
 */
export function describeLongTermStore(
  name: string,
  factory: LongTermStoreFactory,
  options: { skip?: Record<string, string> } = {},
): void {
  describeSuite({
    title: `LongTermStoreV1 conformance: ${name}`,
    caller: `describeLongTermStore(${name})`,
    cases: longTermCases,
    factory,
    skip: options.skip,
    timeout: 120_000,
    run: (c, handle) => {
      if (c.needsVectors && !handle.current().longTermRecords.vectorSearch)
        handle.skip('the store has no vector search (longTermRecords.vectorSearch is false)');
      return c.run({
        get records() {
          return handle.current().longTermRecords;
        },
        scope: (extra) => uniqueScope(extra),
        reopen: async () => (await handle.reopen()).longTermRecords,
      });
    },
  });
}
