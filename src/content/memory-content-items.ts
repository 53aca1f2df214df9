import { checkOptions } from '../core/check-options.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { checkId } from '../core/ids.ts';
import { checkScope, type Scope } from '../core/scope.ts';
import { copyJsonValue } from '../messages/json-value.ts';
import {
  checkContentCriteria,
  checkContentItem,
  checkReplacement,
  checkSpace,
  defaultMaxContentBytes,
} from './check-content.ts';
import type { ContentItem, ContentItemInfo } from './content-item.ts';
import type { ContentCriteria, ContentQueryPage } from './content-query.ts';
import type { ContentStoreV1 } from './content-store-v1.ts';
import { itemInfo, sameContentItem } from './prepare-content-item.ts';
import { selectItems } from './select-items.ts';

/** Options of {@link createMemoryContentItems}. */
export interface MemoryContentItemsOptions {
  /** The error prefix component. @default 'memory' */
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

/**
 * The content-store contract held in process (the memory driver's `contentItems`, and the default of
 * `createContentStore` without a store): a map per (owner scope, space), copies in and out.
 */
export function createMemoryContentItems(options: MemoryContentItemsOptions = {}): ContentStoreV1 {
  checkOptions(options, 'createMemoryContentItems', 'content');
  const component = options.component ?? 'memory';
  const max = options.maxContentBytes ?? defaultMaxContentBytes;
  const spaces = new Map<string, Map<string, ContentItem>>();
  const key = (scope: Scope, space: string) =>
    JSON.stringify([scope.tenant, scope.user ?? null, scope.agent ?? null, space]);
  const open = (scope: Scope, space: string) => {
    if (options.isClosed?.())
      throw new MemoryError({ code: 'STORE_CLOSED', component, message: 'store is closed' });
    checkScope(scope, component);
    checkSpace(space, component);
    return key(scope, space);
  };
  const itemsOf = (k: string) => spaces.get(k) ?? new Map<string, ContentItem>();

  return {
    specificationVersion: 'v1',
    async putItem(scope, space, item): Promise<ContentItemInfo> {
      const k = open(scope, space);
      checkContentItem(item, component, max);
      const items = itemsOf(k);
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
      return itemInfo(copy);
    },
    async getItem(scope, space, id) {
      const k = open(scope, space);
      checkId(id, 'id', component);
      const item = spaces.get(k)?.get(id);
      return item && copyItem(item);
    },
    async getItemInfo(scope, space, id) {
      const k = open(scope, space);
      checkId(id, 'id', component);
      const item = spaces.get(k)?.get(id);
      return item && itemInfo(item);
    },
    async queryItems(scope, space, criteria?: ContentCriteria): Promise<ContentQueryPage> {
      const k = open(scope, space);
      const checked = checkContentCriteria(criteria, component);
      return selectItems(spaces.get(k)?.values() ?? [], checked);
    },
    async deleteItem(scope, space, id) {
      const k = open(scope, space);
      checkId(id, 'id', component);
      return spaces.get(k)?.delete(id) ?? false;
    },
    async clearItems(scope, space) {
      const k = open(scope, space);
      const n = spaces.get(k)?.size ?? 0;
      spaces.delete(k);
      return n;
    },
    async replaceItems(scope, space, items) {
      const k = open(scope, space);
      checkReplacement(items, component, max);
      const next = new Map(items.map((item) => [item.id, copyItem(item)] as const));
      if (next.size === 0) spaces.delete(k);
      else spaces.set(k, next);
    },
  };
}
