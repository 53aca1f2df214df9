import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planTagQuery, tagRowsReadFirst, tagsCountedAtMost } from './tag-query-plan.ts';

describe('planTagQuery', () => {
  it('answers exactly the items the criterion names, whatever the counts (property)', async () => {
    const tagArb = fc.constantFrom<string>('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j');
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'), {
          minLength: 1,
          maxLength: 12,
        }),
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
              (plan.anyOf === undefined || carries(item, plan.anyOf)) &&
              (plan.allOf === undefined || plan.allOf.every((t) => item.includes(t)));
            expect(got).toBe(want);
          }
          // Rows are read only below the bound, and the rarest tag's for `all`.
          if (plan.readBy) {
            const rows = plan.readBy.reduce((n, tag) => n + (sizes[tag] ?? 0), 0);
            expect(Math.min(rows, tagRowsReadFirst)).toBeLessThan(tagRowsReadFirst);
          }
          expect(asked).toBeLessThanOrEqual(Math.min(new Set(tags).size, tagsCountedAtMost));
          if (plan.anyOf) expect(plan.anyOf.length).toBeGreaterThan(0);
          if (plan.allOf) expect(plan.allOf.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 300 },
    );
  });
});
