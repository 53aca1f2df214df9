import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { allCases } from './cases/index.ts';
import { describeSuite } from './describe-suite.ts';
import { uniqueScope } from './fixtures.ts';

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
  const maxMessageBytes = options.maxMessageBytes ?? 16 * 1024 * 1024;
  describeSuite({
    title: `MemoryStoreV1 conformance: ${name}`,
    caller: `describeMemoryStore(${name})`,
    cases: allCases,
    factory,
    skip: options.skip,
    run: (c, handle) =>
      c.run({
        get store() {
          return handle.current();
        },
        scope: (extra) => uniqueScope(extra),
        reopen: () => handle.reopen(),
        skip: (why) => handle.skip(why),
        maxMessageBytes,
      }),
  });
}
