import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { indexOfText } from '../core/text-occurrences.ts';
import { type CheckedContentCriteria, checkItemInfo, encodeCursor } from './check-content.ts';
import type { ContentItem, ContentItemInfo } from './content-item.ts';
import { maxIndexedChars } from './content-query.ts';
import { storedTerms } from './key-terms.ts';
import { itemInfo, serializeContent } from './prepare-content-item.ts';

/**
 * The text a text criterion looks at: type, source, tags, the item's key terms (its `terms` metadata, a list of
 * strings: citations store the terms `extractKeyTerms` finds) and the first `maxIndexedChars` of the content,
 * in Unicode normal form C as the criterion's words are (`toSearchWords`), so a decomposed `é` (e + U+0301) is
 * found by the text that holds it. Throws a typed error naming the field unless `item` is a content item.
 */
export function indexedText(item: ContentItem): string {
  checkItemInfo(item, 'content');
  const content = serializeContent(item.format, item.content).slice(0, maxIndexedChars);
  const terms = storedTerms(item.metadata);
  return `${item.type} ${item.source} ${item.tags.join(' ')} ${terms.length > 0 ? `${terms.join(' ')} ` : ''}${content}`.normalize(
    'NFC',
  );
}

/**
 * Whether an item's info meets every criterion except `text` and the cursor. An empty `tags` list matches
 * nothing, with `tagMatch` `all` as with `any` (as the SQL stores answer it).
 */
export function matchesFilters(info: ContentItemInfo, c: CheckedContentCriteria): boolean {
  if (c.types && !c.types.includes(info.type)) return false;
  if (c.source !== undefined && info.source !== c.source) return false;
  if (c.tags) {
    const has = (t: string) => info.tags.includes(t);
    if (c.tags.length === 0 || (c.tagMatch === 'all' ? !c.tags.every(has) : !c.tags.some(has))) return false;
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
  checkCriteria(c);
  const list = [...checkIterable(items)];
  for (const item of list) checkItemInfo(item, 'content');
  const sign = c.order === 'newest' ? -1 : 1;
  const words = c.words?.map((w) => w.toLowerCase());
  const matched: ContentItem[] = [];
  for (const item of list) {
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
      if (!words.every((w) => indexOfText(text, w) >= 0)) continue;
    }
    matched.push(item);
  }
  matched.sort((a, b) => sign * compareItems(a, b));
  return queryPage(matched, c.limit);
}

/** The first `limit` of `matched` (in page order) as a page, with a cursor after its last item when more matched. */
export function queryPage(
  matched: readonly ContentItem[],
  limit: number,
): { items: ContentItemInfo[]; nextCursor?: string } {
  const page = matched.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(itemInfo),
    ...(matched.length > limit && last
      ? { nextCursor: encodeCursor(last.timestamp.getTime(), last.id) }
      : {}),
  };
}

const invalid = (message: string) =>
  new MemoryError({ code: 'INVALID_ARGUMENT', component: 'content', message });

function checkIterable<T>(items: Iterable<T>): Iterable<T> {
  if (typeof (items as Partial<Iterable<T>> | null)?.[Symbol.iterator] !== 'function')
    throw invalid(`selectItems(items): expected an iterable of content items, got ${describeValue(items)}`);
  return items;
}

/** The shape `checkContentCriteria` returns: an object with a limit, an order and a tag match. */
function checkCriteria(c: CheckedContentCriteria): void {
  if (typeof c !== 'object' || c === null)
    throw invalid(`selectItems(items, criteria): expected checked criteria, got ${describeValue(c)}`);
  if (!Number.isSafeInteger(c.limit) || c.limit < 0)
    throw invalid(`selectItems(criteria): limit must be an integer, got ${describeValue(c.limit)}`);
  if (c.order !== 'oldest' && c.order !== 'newest')
    throw invalid(`selectItems(criteria): order must be 'oldest' or 'newest', got ${describeValue(c.order)}`);
  for (const key of ['types', 'tags', 'words'] as const)
    if (c[key] !== undefined && !Array.isArray(c[key]))
      throw invalid(`selectItems(criteria): ${key} must be an array, got ${describeValue(c[key])}`);
  if (c.words?.some((w) => typeof w !== 'string'))
    throw invalid('selectItems(criteria): words must be strings');
  const after = c.after as Partial<NonNullable<CheckedContentCriteria['after']>> | undefined;
  if (after !== undefined && (!Number.isSafeInteger(after?.timestampMs) || typeof after?.id !== 'string'))
    throw invalid('selectItems(criteria): after must be a decoded cursor');
}
