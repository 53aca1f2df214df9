import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import { checkContentCriteria } from './check-content.ts';
import type { ContentItem, ContentItemType } from './content-item.ts';
import type { ContentCriteria } from './content-query.ts';
import { createContentStore } from './create-content-store.ts';
import { prepareContentItem } from './prepare-content-item.ts';
import { compareItems, selectItems } from './select-items.ts';
import { selectSortedItems } from './select-sorted-items.ts';

/** Calls of the item check and the item order, by whoever imports them (the memory content store, the selection). */
const work = vi.hoisted(() => ({ filter: 0, compare: 0 }));
vi.mock('./select-items.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('./select-items.ts')>();
  return {
    ...real,
    matchesFilters: (...args: Parameters<typeof real.matchesFilters>) => {
      work.filter++;
      return real.matchesFilters(...args);
    },
    compareItems: (...args: Parameters<typeof real.compareItems>) => {
      work.compare++;
      return real.compareItems(...args);
    },
  };
});

const counter = createTokenCounter();
const types: ContentItemType[] = ['document', 'action_result', 'note'];
const item = fc
  .record({
    id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'),
    type: fc.constantFrom(...types),
    source: fc.constantFrom('s1', 's2'),
    tags: fc.uniqueArray(fc.constantFrom('x', 'y', 'z'), { maxLength: 3 }),
    content: fc.constantFrom('red apple', 'green pear', 'apple pie', 'plain'),
    ms: fc.integer({ min: 0, max: 3 }),
  })
  .map(({ ms, ...input }) =>
    prepareContentItem(
      { ...input, timestamp: new Date(ms) },
      { counter, clock: { now: () => new Date(ms) }, component: 'test' },
    ),
  );
const items = fc.uniqueArray(item, { selector: (i) => i.id, maxLength: 8 });
const criteria: fc.Arbitrary<ContentCriteria> = fc.record(
  {
    type: fc.oneof(fc.constantFrom(...types), fc.subarray(types)),
    source: fc.constantFrom('s1', 's2'),
    tags: fc.subarray(['x', 'y', 'z']),
    tagMatch: fc.constantFrom('any' as const, 'all' as const),
    timeRange: fc.record(
      {
        start: fc.integer({ min: 0, max: 3 }).map((ms) => new Date(ms)),
        end: fc.integer({ min: 0, max: 3 }).map((ms) => new Date(ms)),
      },
      { requiredKeys: [] },
    ),
    text: fc.constantFrom('apple', 'APPLE pie', 'document', 'x', 'nothing'),
    limit: fc.integer({ min: 1, max: 4 }),
    order: fc.constantFrom('oldest' as const, 'newest' as const),
  },
  { requiredKeys: [] },
);

describe('selectSortedItems', () => {
  it('gives every page of a query that selectItems gives (its first version), cursor by cursor', () => {
    fc.assert(
      fc.property(items, criteria, (list: ContentItem[], c) => {
        const sorted = [...list].sort(compareItems);
        let cursor: string | undefined;
        for (let pages = 0; pages <= list.length + 1; pages++) {
          const checked = checkContentCriteria({ ...c, ...(cursor ? { cursor } : {}) }, 'test');
          const expected = selectItems(list, checked);
          expect(selectSortedItems(sorted, checked)).toEqual(expected);
          cursor = expected.nextCursor;
          if (!cursor) break;
        }
      }),
    );
  });

  it('a memory content store pages through its items looking at each about once (a check and sort of every item for each page took ~35 s at 200,000)', async () => {
    const content = createContentStore();
    const n = 20_000;
    for (let i = 0; i < n; i++) await content.store({ type: 'note', source: 's', content: `item ${i}` });
    work.filter = 0;
    work.compare = 0;
    let cursor: string | undefined;
    let seen = 0;
    let pages = 0;
    do {
      const page = await content.query({ order: 'oldest', limit: 100, ...(cursor ? { cursor } : {}) });
      seen += page.items.length;
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(seen).toBe(n);
    // Counted, not timed: each item is checked about once over all pages (a page reads one past its limit), and
    // the space is sorted once (n log n comparisons) plus a binary search per page. Sorting and checking every item
    // for each of the 200 pages is 200 times that.
    expect(work.filter).toBeLessThanOrEqual(n + 2 * pages);
    expect(work.compare).toBeLessThanOrEqual(2 * n * Math.log2(n) + pages * Math.ceil(Math.log2(n) + 1));
  });
});
