import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planTagQuery, tagRowsReadFirst } from './tag-query-plan.ts';

describe('planTagQuery', () => {
  it('answers exactly the items the criterion names, whatever the counts (property)', async () => {
    const tagArb = fc.constantFrom('a', 'b', 'c', 'd');
    await fc.assert(
      fc.asyncProperty(
        fc.array(tagArb, { minLength: 1, maxLength: 5 }),
        fc.constantFrom('any' as const, 'all' as const),
        fc.array(fc.uniqueArray(tagArb, { maxLength: 4 }), { maxLength: 30 }),
        fc.dictionary(tagArb, fc.integer({ min: 0, max: 2 * tagRowsReadFirst })),
        async (tags, mode, items, sizes) => {
          let asked = 0;
          const plan = await planTagQuery(tags, mode, async (some) => {
            asked++;
            const rows = some.reduce((n, tag) => n + (sizes[tag] ?? 0), 0);
            return Math.min(rows, tagRowsReadFirst);
          });
          const carries = (item: readonly string[], some: readonly string[]) =>
            some.some((t) => item.includes(t));
          for (const item of items) {
            const want = mode === 'all' ? tags.every((t) => item.includes(t)) : carries(item, tags);
            const got =
              (plan.readBy === undefined || carries(item, plan.readBy)) &&
              plan.checked.every((group) => carries(item, group));
            expect(got).toBe(want);
          }
          // Rows are read only below the bound, and the rarest tag's for `all`.
          if (plan.readBy) {
            const rows = plan.readBy.reduce((n, tag) => n + (sizes[tag] ?? 0), 0);
            expect(Math.min(rows, tagRowsReadFirst)).toBeLessThan(tagRowsReadFirst);
          }
          expect(asked).toBeLessThanOrEqual(new Set(tags).size);
        },
      ),
      { numRuns: 300 },
    );
  });
});
