import { type CheckedContentCriteria, encodeCursor } from './check-content.ts';
import type { ContentItem, ContentItemInfo } from './content-item.ts';
import { maxIndexedChars } from './content-query.ts';
import { itemInfo, serializeContent } from './prepare-content-item.ts';

/** The text a text criterion looks at: type, source, tags and the first `maxIndexedChars` of the content. */
export function indexedText(item: ContentItem): string {
  const content = serializeContent(item.format, item.content).slice(0, maxIndexedChars);
  return `${item.type} ${item.source} ${item.tags.join(' ')} ${content}`;
}

/** Whether an item's info meets every criterion except `text` and the cursor. */
export function matchesFilters(info: ContentItemInfo, c: CheckedContentCriteria): boolean {
  if (c.types && !c.types.includes(info.type)) return false;
  if (c.source !== undefined && info.source !== c.source) return false;
  if (c.tags) {
    const has = (t: string) => info.tags.includes(t);
    if (c.tagMatch === 'all' ? !c.tags.every(has) : !c.tags.some(has)) return false;
  }
  const at = info.timestamp.getTime();
  if (c.startMs !== undefined && at < c.startMs) return false;
  if (c.endMs !== undefined && at > c.endMs) return false;
  return true;
}

/** Orders by (timestamp, id) ascending; the query's order reverses it for `newest`. */
export function compareItems(a: ContentItemInfo, b: ContentItemInfo): number {
  const d = a.timestamp.getTime() - b.timestamp.getTime();
  return d !== 0 ? d : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * One page of a query over items held in process (the memory and json-file drivers): filters, the text
 * criterion as case-insensitive substrings of {@link indexedText}, the stable order, the cursor and the limit.
 */
export function selectItems(
  items: Iterable<ContentItem>,
  c: CheckedContentCriteria,
): { items: ContentItemInfo[]; nextCursor?: string } {
  const sign = c.order === 'newest' ? -1 : 1;
  const words = c.words?.map((w) => w.toLowerCase());
  const matched: ContentItem[] = [];
  for (const item of items) {
    if (!matchesFilters(item, c)) continue;
    if (c.after) {
      const pos = compareItems(item, {
        timestamp: new Date(c.after.timestampMs),
        id: c.after.id,
      } as ContentItemInfo);
      if (pos * sign <= 0) continue;
    }
    if (words) {
      if (words.length === 0) continue;
      const text = indexedText(item).toLowerCase();
      if (!words.every((w) => text.includes(w))) continue;
    }
    matched.push(item);
  }
  matched.sort((a, b) => sign * compareItems(a, b));
  const page = matched.slice(0, c.limit);
  const last = page.at(-1);
  return {
    items: page.map(itemInfo),
    ...(matched.length > c.limit && last
      ? { nextCursor: encodeCursor(last.timestamp.getTime(), last.id) }
      : {}),
  };
}
