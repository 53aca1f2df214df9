import { describe, expect, it } from 'vitest';
import { tempSqliteStores } from '../../test-support/temp-sqlite-store.ts';
import { createMemoryStore } from '../drivers/memory/index.ts';
import { expectMemoryError } from '../testing/fixtures.ts';
import { createEstimateTokenCounter } from '../tokens/estimate-token-counter.ts';
import { createSharedMemoryPool } from './shared-memory-pool.ts';

const counter = createEstimateTokenCounter();
const sqlite = tempSqliteStores('pool');
const scope = { tenant: 't' };

describe('createSharedMemoryPool: facts(query, limit)', () => {
  for (const [name, open] of [
    ['memory', createMemoryStore],
    ['sqlite', sqlite],
  ] as const)
    it(`without a query, a limit keeps the newest facts, still newest last (${name} store)`, async () => {
      const store = open();
      const pool = createSharedMemoryPool({ store, scope, pool: 'p', counter });
      for (const fact of ['one', 'two', 'three']) await pool.registerFact('scout', `Fact ${fact}.`);
      expect((await pool.facts()).map((f) => f.text)).toEqual(['Fact one.', 'Fact two.', 'Fact three.']);
      expect((await pool.facts(undefined, 2)).map((f) => f.text)).toEqual(['Fact two.', 'Fact three.']);
      expect((await pool.facts(undefined, 1)).map((f) => f.text)).toEqual(['Fact three.']);
      expect(await pool.facts(undefined, 5)).toHaveLength(3);
      expect((await pool.facts('two', 1)).map((f) => f.text)).toEqual(['Fact two.']);
      if ('close' in store) store.close();
    });

  it('a limit that is not a positive integer is INVALID_ARGUMENT naming facts and limit, with or without a query', async () => {
    const pool = createSharedMemoryPool({ pool: 'p', counter });
    await pool.registerFact('scout', 'The API rate limit is 100/min.');
    for (const query of [undefined, 'rate limit'])
      for (const limit of [-1, 0, 1.5, Number.NaN, '2'] as unknown[]) {
        const error = await expectMemoryError(() => pool.facts(query, limit as number), 'INVALID_ARGUMENT');
        expect(error.message).toContain('facts(query, limit)');
        expect(error.message).toContain('limit');
      }
    expect(await pool.facts()).toHaveLength(1);
  });
});
