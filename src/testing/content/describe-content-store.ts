import { afterAll, afterEach, beforeEach, describe, it } from 'vitest';
import type { ContentStoreV1 } from '../../content/content-store-v1.ts';
import { prepareContentItem } from '../../content/prepare-content-item.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { createEstimateTokenCounter } from '../../tokens/estimate-token-counter.ts';
import { uniqueScope } from '../fixtures.ts';
import type { ContentCaseContext } from './content-case.ts';
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
  const skip = options.skip ?? {};
  const unknown = Object.keys(skip).filter((k) => !contentCaseNames.includes(k));

  describe(`ContentStoreV1 conformance: ${name}`, () => {
    let current: ContentStoreHandle | undefined;
    beforeEach(async () => {
      current = await factory.open();
    });
    afterEach(async () => {
      const handle = current;
      current = undefined;
      if (handle?.close) {
        try {
          await handle.close();
        } catch (error) {
          if (!MemoryError.hasCode(error, 'STORE_CLOSED')) throw error;
        }
      }
    });
    afterAll(async () => {
      await factory.cleanup?.();
    });
    if (unknown.length > 0) {
      it('skip names are known cases', () => {
        throw new Error(`describeContentStore(${name}): unknown case names in skip: ${unknown.join(', ')}`);
      });
    }
    for (const c of contentCases) {
      const reason = skip[c.name];
      if (reason !== undefined) {
        it.skip(`${c.name} (skipped: ${reason})`, () => {});
        continue;
      }
      if (c.needsReopen && !factory.reopen) {
        it.skip(`${c.name} (skipped: the factory has no reopen)`, () => {});
        continue;
      }
      it(c.name, { timeout: 60_000 }, async (vitestContext) => {
        if (c.needsClose && !current?.close) vitestContext.skip('the store has no close');
        const t: ContentCaseContext = {
          get items() {
            if (!current) throw new Error('no store is open');
            return current.contentItems;
          },
          scope: (extra) => uniqueScope(extra),
          item: (input) =>
            prepareContentItem(
              { type: 'custom', source: 'test', content: 'x', ...input },
              { counter, clock: { now: () => new Date() }, component: 'test' },
            ),
          async reopen() {
            if (!factory.reopen || !current) throw new Error('reopen is not available');
            current = await factory.reopen(current);
            return current.contentItems;
          },
          async close() {
            await current?.close?.();
          },
        };
        await c.run(t);
      });
    }
  });
}
