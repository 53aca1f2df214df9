import type { ContentStoreV1 } from '../../content/content-store-v1.ts';
import { prepareContentItem } from '../../content/prepare-content-item.ts';
import { createEstimateTokenCounter } from '../../tokens/estimate-token-counter.ts';
import { describeSuite } from '../describe-suite.ts';
import { uniqueScope } from '../fixtures.ts';
import { contentCases } from './content-cases.ts';

/** A store holding content items, as the suite opens it. */
export interface ContentStoreHandle {
  /** The content-store contract under test. */
  readonly contentItems: ContentStoreV1;
  /** Releases the store; afterwards every content call throws `STORE_CLOSED`. */
  close?(): Promise<void>;
}

/** How the suite opens stores of the driver under test. */
export interface ContentStoreFactory {
  /** Opens a store; it may hold data of earlier cases (each case uses its own tenant). */
  open(): Promise<ContentStoreHandle>;
  /** Closes `previous` and opens the same data again. Enables the reopen cases. */
  reopen?(previous: ContentStoreHandle): Promise<ContentStoreHandle>;
  /** Runs once after the suite. */
  cleanup?(): Promise<void>;
}

/** The names of every content conformance case, for `skip`. */
export const contentCaseNames: readonly string[] = contentCases.map((c) => c.name);

const counter = createEstimateTokenCounter();

/**
 * Declares the `ContentStoreV1` conformance suite for one driver with vitest: round trips (with a reopen),
 * idempotent puts, every criterion, stable paging, full-text, scope and space isolation with look-alike ids,
 * atomic replace, large items, typed errors for bad input, and a model-based property. Unknown names in
 * `skip` fail the suite.
 * @example
 * describeContentStore('memory', { open: async () => createMemoryStore() });
 */
export function describeContentStore(
  name: string,
  factory: ContentStoreFactory,
  options: { skip?: Record<string, string> } = {},
): void {
  describeSuite({
    title: `ContentStoreV1 conformance: ${name}`,
    caller: `describeContentStore(${name})`,
    cases: contentCases,
    factory,
    skip: options.skip,
    timeout: 60_000,
    run: async (c, handle) => {
      if (c.needsClose && !handle.current().close) return handle.skip('the store has no close');
      await c.run({
        get items() {
          return handle.current().contentItems;
        },
        scope: (extra) => uniqueScope(extra),
        item: (input) =>
          prepareContentItem(
            { type: 'custom', source: 'test', content: 'x', ...input },
            { counter, clock: { now: () => new Date() }, component: 'test' },
          ),
        reopen: async () => (await handle.reopen()).contentItems,
        async close() {
          await handle.current().close?.();
        },
      });
    },
  });
}
