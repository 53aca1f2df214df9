import { checkKnownKeys, checkOptions } from '../core/check-options.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { Scope } from '../core/scope.ts';
import { copyJsonValue } from '../messages/json-value.ts';
import { checkContentCriteria } from './check-content.ts';
import type { ContentDriverV1 } from './content-driver.ts';
import type { ContentItem, ContentItemInfo } from './content-item.ts';
import type { ContentQueryPage } from './content-query.ts';
import type { ContentStoreV1 } from './content-store-v1.ts';
import { contentItemsOptionKeys, createContentItems } from './create-content-items.ts';
import { itemInfo, sameContentItem } from './prepare-content-item.ts';
import { compareItems } from './select-items.ts';
import { selectSortedItems } from './select-sorted-items.ts';

/** Options of {@link createMemoryContentItems}. */
export interface MemoryContentItemsOptions {
  /** The error prefix component, also the driver's name. @default 'memory' */
  component?: string;
  /** Largest content accepted, in UTF-8 bytes. @default 64 MiB */
  maxContentBytes?: number;
  /** Whether the owning store is closed (calls then throw `STORE_CLOSED`). @default never */
  isClosed?: () => boolean;
}

/** A deep copy of an item, so callers never share objects with the store. */
export function copyItem(item: ContentItem): ContentItem {
  const content = typeof item.content === 'string' ? item.content : copyJsonValue(item.content);
  return { ...itemInfo(item), content };
}

/** What each in-process driver holds, for {@link memoryContentHeld}. */
const held = new WeakMap<ContentDriverV1, () => MemoryContentHeld>();

/** How many spaces an in-process content driver holds items of, and keeps a sorted list of. */
export interface MemoryContentHeld {
  /** Spaces (by owner scope and space) holding at least one item. */
  spaces: number;
  /** Spaces whose items are kept sorted for queries. */
  sorted: number;
}

/**
 * What an in-process content driver ({@link createMemoryContentDriver}) holds now, or undefined for another driver:
 * for tests that a space emptied or only queried is not kept.
 */
export function memoryContentHeld(driver: ContentDriverV1): MemoryContentHeld | undefined {
  return held.get(driver)?.();
}

/**
 * The in-process content driver: a map per (owner scope, space), copies in and out, with its own
 * `getItemInfo`, `clearItems` and an atomic `replaceItems` (one map swapped for another). Arguments arrive
 * checked by `createContentItems`.
 */
export function createMemoryContentDriver(
  options: Pick<MemoryContentItemsOptions, 'component'> = {},
): ContentDriverV1 {
  const component = options.component ?? 'memory';
  const spaces = new Map<string, Map<string, ContentItem>>();
  /**
   * Each space's items oldest first, made by the first query after a change: pages need not sort them again. Kept
   * only for a space that holds items (a query of an empty or unknown space keeps nothing).
   */
  const sortedSpaces = new Map<string, ContentItem[]>();
  const sortedItems = (k: string): ContentItem[] => {
    let sorted = sortedSpaces.get(k);
    if (!sorted) {
      const items = spaces.get(k);
      if (!items) return [];
      sorted = [...items.values()].sort(compareItems);
      sortedSpaces.set(k, sorted);
    }
    return sorted;
  };
  const key = (scope: Scope, space: string) =>
    JSON.stringify([scope.tenant, scope.user ?? null, scope.agent ?? null, space]);
  const stored = (scope: Scope, space: string, id: string) => spaces.get(key(scope, space))?.get(id);

  const driver: ContentDriverV1 = {
    specificationVersion: 'v1',
    name: component,
    async putItem(scope, space, item): Promise<ContentItemInfo> {
      const k = key(scope, space);
      const items = spaces.get(k) ?? new Map<string, ContentItem>();
      const existing = items.get(item.id);
      if (existing) {
        if (sameContentItem(existing, item)) return itemInfo(existing);
        throw new MemoryError({
          code: 'INVALID_ARGUMENT',
          component,
          message: `content item "${item.id}" already exists with different content`,
        });
      }
      const copy = copyItem(item);
      items.set(item.id, copy);
      spaces.set(k, items);
      sortedSpaces.delete(k);
      return itemInfo(copy);
    },
    async getItem(scope, space, id) {
      const item = stored(scope, space, id);
      return item && copyItem(item);
    },
    async getItemInfo(scope, space, id) {
      const item = stored(scope, space, id);
      return item && itemInfo(item);
    },
    async queryItems(scope, space, criteria): Promise<ContentQueryPage> {
      const checked = checkContentCriteria(criteria, component);
      return selectSortedItems(sortedItems(key(scope, space)), checked);
    },
    async deleteItem(scope, space, id) {
      const k = key(scope, space);
      sortedSpaces.delete(k);
      const items = spaces.get(k);
      const deleted = items?.delete(id) ?? false;
      // A space whose last item goes is forgotten, as `clearItems` forgets it.
      if (items?.size === 0) spaces.delete(k);
      return deleted;
    },
    async clearItems(scope, space) {
      const k = key(scope, space);
      const n = spaces.get(k)?.size ?? 0;
      spaces.delete(k);
      sortedSpaces.delete(k);
      return n;
    },
    async replaceItems(scope, space, items) {
      const k = key(scope, space);
      const next = new Map(items.map((item) => [item.id, copyItem(item)] as const));
      if (next.size === 0) spaces.delete(k);
      else spaces.set(k, next);
      sortedSpaces.delete(k);
    },
  };
  held.set(driver, () => ({ spaces: spaces.size, sorted: sortedSpaces.size }));
  return driver;
}

/**
 * The content-store contract held in process (the memory driver's `contentItems`, and the default of
 * `createContentStore` without a store): the in-process driver ({@link createMemoryContentDriver}) through
 * `createContentItems`.
 */
export function createMemoryContentItems(options: MemoryContentItemsOptions = {}): ContentStoreV1 {
  checkOptions(options, 'createMemoryContentItems', 'content');
  checkKnownKeys(options, contentItemsOptionKeys, 'createMemoryContentItems', 'content');
  const component = options.component ?? 'memory';
  return createContentItems(createMemoryContentDriver({ component }), {
    component,
    ...(options.maxContentBytes === undefined ? {} : { maxContentBytes: options.maxContentBytes }),
    ...(options.isClosed ? { isClosed: options.isClosed } : {}),
  });
}
