import type { ContentItemInfo, ContentItemType } from './content-item.ts';

/** Seed 004's `MemoryCriteria`: which items `query` returns. Every given criterion must hold. */
export interface ContentCriteria {
  /** Only items of this type (or of any of these types: at most 10,000 distinct, else `INVALID_QUERY`). */
  type?: ContentItemType | readonly ContentItemType[];
  /** Only items from exactly this source. */
  source?: string;
  /**
   * Only items carrying these tags: any of them, or all of them (`tagMatch`). An empty list matches nothing; more
   * than 10,000 distinct tags is `INVALID_QUERY`.
   */
  tags?: readonly string[];
  /** How `tags` match. @default 'any' */
  tagMatch?: 'any' | 'all';
  /** Only items whose timestamp is within the range (both ends included, either may be left out). */
  timeRange?: { start?: Date; end?: Date };
  /**
   * Only items whose content (its first `maxIndexedChars` characters), type, source or tags hold every word of
   * this text: stemmed full-text matching where the driver has it (FTS5, tsvector), case-insensitive
   * substrings otherwise. Bounded like message search (4,096 characters, 64 distinct words) or `INVALID_QUERY`.
   */
  text?: string;
  /** At most this many items per page (1–1,000). @default 20 */
  limit?: number;
  /** Oldest or newest first, by timestamp and then id, so the order is stable. @default 'newest' */
  order?: 'oldest' | 'newest';
  /** Continue after the page that returned this cursor (with the same criteria). */
  cursor?: string;
}

/** One page of a query. */
export interface ContentQueryPage {
  /** The items of this page, in the requested order. */
  items: ContentItemInfo[];
  /** Pass as `cursor` to get the next page; absent on the last page. */
  nextCursor?: string;
}

/** The most items one query page returns. */
export const maxQueryLimit = 1000;
/** The default page size of a query. */
export const defaultQueryLimit = 20;
/** How many leading characters of an item's content a text query looks at. */
export const maxIndexedChars = 256 * 1024;
