/**
 * Found by a bug hunt: a search or retrieve whose `filter.kinds` is not an array (a number, an object, an array-like) must be
 * refused with a typed `INVALID_QUERY` naming `filter.kinds`, as the store's `checkFilter` does — not a raw TypeError.
 */
import { describe, expect, it } from 'vitest';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createLongTermMemory } from './create-long-term-memory.ts';

describe.each([
  ['memory', () => createMemoryStore()],
  ['sqlite', () => createSqliteStore({ path: ':memory:' })],
] as const)('filter.kinds of the wrong type (%s store)', (_name, open) => {
  for (const kinds of [5, {}, { length: 1, 0: 'fact' }, true])
    it(`search and retrieve refuse kinds ${JSON.stringify(kinds)} with INVALID_QUERY`, async () => {
      const store = open();
      const memory = createLongTermMemory({ store, scope: { tenant: 't', user: 'u' } });
      await memory.add('Ada lives in Lisbon');
      for (const call of [
        () => memory.search('Lisbon', { filter: { kinds } as never }),
        () => memory.retrieve('Lisbon', { filter: { kinds } as never }),
      ]) {
        const error = await call().then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(MemoryError.isInstance(error), String(error)).toBe(true);
        expect(error).toMatchObject({
          code: 'INVALID_QUERY',
          message: expect.stringContaining('filter.kinds'),
        });
      }
      await store.close();
    });
});
