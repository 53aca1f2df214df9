import { indexOfText } from '../core/text-occurrences.ts';
import type { CheckedContentCriteria } from './check-content.ts';
import type { ContentItem, ContentItemInfo } from './content-item.ts';
import { compareItems, indexedText, matchesFilters, queryPage } from './select-items.ts';

/**
 * One page of a query over items already checked and sorted oldest first by {@link compareItems} (the memory
 * driver's own copies): the page {@link selectItems} gives for the same items and criteria, found by a binary
 * search for the cursor and a walk from it that stops once the page is full, so paging through a space of n
 * items costs n, not n for each page.
 */
export function selectSortedItems(
  sorted: readonly ContentItem[],
  c: CheckedContentCriteria,
): { items: ContentItemInfo[]; nextCursor?: string } {
  const newest = c.order === 'newest';
  const words = c.words?.map((w) => w.toLowerCase());
  if (words?.length === 0) return { items: [] };
  const step = newest ? -1 : 1;
  let at = newest ? sorted.length - 1 : 0;
  if (c.after) {
    const after = { timestamp: new Date(c.after.timestampMs), id: c.after.id } as ContentItemInfo;
    at = newest
      ? firstWhere(sorted, (item) => compareItems(item, after) >= 0) - 1
      : firstWhere(sorted, (item) => compareItems(item, after) > 0);
  }
  const matched: ContentItem[] = [];
  for (; at >= 0 && at < sorted.length && matched.length <= c.limit; at += step) {
    const item = sorted[at]!;
    if (!matchesFilters(item, c)) continue;
    if (words) {
      const text = indexedText(item).toLowerCase();
      if (!words.every((w) => indexOfText(text, w) >= 0)) continue;
    }
    matched.push(item);
  }
  return queryPage(matched, c.limit);
}

/** The first index of `sorted` whose item meets `test` (false up to some index, true from it); its length if none. */
function firstWhere<T>(sorted: readonly T[], test: (item: T) => boolean): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (test(sorted[mid]!)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
