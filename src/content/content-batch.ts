import type { Scope } from '../core/scope.ts';
import { itemInfosOneByOne, putItemsOneByOne } from './content-fallback-batch.ts';
import type { ContentItem, ContentItemInfo } from './content-item.ts';
import type { ContentStoreV1 } from './content-store-v1.ts';

/** The info of the items of `ids` that exist: the store's `getItemInfos`, else `getItemInfo` per id. */
export function getItemInfos(
  items: ContentStoreV1,
  scope: Scope,
  space: string,
  ids: readonly string[],
): Promise<Map<string, ContentItemInfo>> {
  return items.getItemInfos
    ? items.getItemInfos(scope, space, ids)
    : itemInfosOneByOne(items, scope, space, ids);
}

/**
 * Stores `batch` (distinct ids): the store's `putItems` (one transaction where it has them), else `putItem` per
 * item. An id already holding an item keeps it; the infos returned (input order) are what each id holds.
 */
export function putItems(
  items: ContentStoreV1,
  scope: Scope,
  space: string,
  batch: readonly ContentItem[],
): Promise<ContentItemInfo[]> {
  return items.putItems ? items.putItems(scope, space, batch) : putItemsOneByOne(items, scope, space, batch);
}
