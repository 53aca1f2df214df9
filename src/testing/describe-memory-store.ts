import { afterAll, afterEach, beforeEach, describe, it } from 'vitest';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { allCases } from './cases/index.ts';
import { uniqueScope } from './fixtures.ts';
import type { StoreCaseContext } from './store-case.ts';

/** How the suite opens stores of the driver under test. */
export interface MemoryStoreFactory {
  /**
   * Opens a store. It may hold data left by earlier cases (every case works in its own fresh tenant), so one
   * database can serve the whole suite.
   */
  open(): Promise<MemoryStoreV1>;
  /** Closes `previous` if needed and opens the same data again (running migrations again). Enables the reopen cases. */
  reopen?(previous: MemoryStoreV1): Promise<MemoryStoreV1>;
  /** Runs once after the suite (drop the database, remove the directory). */
  cleanup?(): Promise<void>;
}

/** Options of {@link describeMemoryStore}. */
export interface DescribeMemoryStoreOptions {
  /** Cases not run, by case name (see `storeCaseNames`), each with the written reason. @default {} */
  skip?: Record<string, string>;
  /** The largest serialized message the factory's stores accept, for the over-limit case. @default 16 MiB */
  maxMessageBytes?: number;
}

/** The names of every conformance case, for `skip`. */
export const storeCaseNames: readonly string[] = allCases.map((c) => c.name);

/**
 * Declares the `MemoryStoreV1` conformance suite for one driver with vitest. A driver's own test file only
 * calls it. Unknown names in `skip` fail the suite, so skips cannot silently rot.
 * @example
 * describeMemoryStore('memory', { open: async () => createMemoryStore() });
 */
export function describeMemoryStore(
  name: string,
  factory: MemoryStoreFactory,
  options: DescribeMemoryStoreOptions = {},
): void {
  const skip = options.skip ?? {};
  const unknown = Object.keys(skip).filter((k) => !storeCaseNames.includes(k));
  const maxMessageBytes = options.maxMessageBytes ?? 16 * 1024 * 1024;

  describe(`MemoryStoreV1 conformance: ${name}`, () => {
    let current: MemoryStoreV1 | undefined;

    beforeEach(async () => {
      current = await factory.open();
    });
    afterEach(async () => {
      const store = current;
      current = undefined;
      if (store) await closeQuietly(store);
    });
    afterAll(async () => {
      await factory.cleanup?.();
    });

    if (unknown.length > 0) {
      it('skip names are known cases', () => {
        throw new Error(`describeMemoryStore(${name}): unknown case names in skip: ${unknown.join(', ')}`);
      });
    }

    for (const c of allCases) {
      const reason = skip[c.name];
      if (reason !== undefined) {
        it.skip(`${c.name} (skipped: ${reason})`, () => {});
        continue;
      }
      if (c.needsReopen && !factory.reopen) {
        it.skip(`${c.name} (skipped: the factory has no reopen)`, () => {});
        continue;
      }
      it(c.name, async (vitestContext) => {
        const t: StoreCaseContext = {
          get store() {
            if (!current) throw new Error('no store is open');
            return current;
          },
          scope: (extra) => uniqueScope(extra),
          async reopen() {
            if (!factory.reopen || !current) throw new Error('reopen is not available');
            current = await factory.reopen(current);
            return current;
          },
          skip: (why) => vitestContext.skip(why),
          maxMessageBytes,
        };
        await c.run(t);
      });
    }
  });
}

async function closeQuietly(store: MemoryStoreV1): Promise<void> {
  try {
    await store.close();
  } catch (error) {
    if (!MemoryError.hasCode(error, 'STORE_CLOSED')) throw error;
  }
}
