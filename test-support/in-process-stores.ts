import { createMemoryStore } from '../src/drivers/memory/memory-driver.ts';
import { createSqliteStore } from '../src/drivers/sqlite/sqlite-driver.ts';
import type { MemoryStoreV1 } from '../src/store/memory-store.ts';

/**
 * The two stores a behaviour test runs on when it needs no files or server: the in-process store and SQLite in
 * memory, each `[name, open]` for `describe.each` (`open` makes a fresh, empty store).
 */
export const inProcessStores: readonly (readonly [string, () => MemoryStoreV1])[] = [
  ['memory', () => createMemoryStore()],
  ['sqlite', () => createSqliteStore({ path: ':memory:' })],
];
