import { MemorySaver } from '@langchain/langgraph-checkpoint';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createEngramCheckpointSaver } from './engram-checkpoint-saver.ts';

/** The saver's channel versions: LangGraph's own for every version it makes, a typed error for anything else. */
describe('EngramCheckpointSaver.getNextVersion', () => {
  const store = createSqliteStore({ path: ':memory:' });
  const saver = createEngramCheckpointSaver({ store, scope: { tenant: 't' } });
  const langGraph = new MemorySaver();
  afterAll(() => store.close());

  it("answers as LangGraph's default for undefined and every number it can count on from", () => {
    expect(saver.getNextVersion(undefined)).toBe(1);
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -(2 ** 52), max: 2 ** 52 }),
          fc.double({ min: -1e15, max: 1e15, noNaN: true }),
        ),
        (n) => {
          expect(saver.getNextVersion(n)).toBe(langGraph.getNextVersion(n));
          expect(saver.getNextVersion(n)).toBeGreaterThan(n);
        },
      ),
    );
  });

  // Before, a string threw LangGraph's plain Error, and null, an object, NaN or Infinity gave 1, NaN or Infinity.
  for (const bad of [
    'x',
    '1',
    null,
    {},
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    2 ** 53,
  ]) {
    it(`refuses ${String(bad)} with INVALID_ARGUMENT naming getNextVersion(current)`, () => {
      expect(() => saver.getNextVersion(bad as never)).toThrow(
        expect.objectContaining({
          name: 'MemoryError',
          code: 'INVALID_ARGUMENT',
          component: 'langgraph',
          message: expect.stringContaining('getNextVersion(current): current must be'),
        }),
      );
    });
  }
});
