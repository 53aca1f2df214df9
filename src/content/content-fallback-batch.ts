import { MemoryError } from '../core/errors/memory-error.ts';
import type { Scope } from '../core/scope.ts';
import type { ContentItem, ContentItemInfo } from './content-item.ts';

/** The two single-item calls the batch fallbacks are made of (a `ContentStoreV1`, or a driver with its info fallback). */
export interface SingleItemCalls {
  /** `ContentStoreV1.getItemInfo`. */
  getItemInfo(scope: Scope, space: string, id: string): Promise<ContentItemInfo | undefined>;
  /** `ContentStoreV1.putItem`. */
  putItem(scope: Scope, space: string, item: ContentItem): Promise<ContentItemInfo>;
}

/** `getItemInfos` without a native one: one `getItemInfo` per id; the ids found, with their info. */
export async function itemInfosOneByOne(
  calls: SingleItemCalls,
  scope: Scope,
  space: string,
  ids: readonly string[],
): Promise<Map<string, ContentItemInfo>> {
  const found = new Map<string, ContentItemInfo>();
  for (const id of ids) {
    const info = await calls.getItemInfo(scope, space, id);
    if (info) found.set(id, info);
  }
  return found;
}

/**
 * `putItems` without a native one: each item stored with `putItem` unless its id is taken; an id taken by a
 * different item keeps it (its stored info is returned, as for a taken id found before the put).
 */
export async function putItemsOneByOne(
  calls: SingleItemCalls,
  scope: Scope,
  space: string,
  items: readonly ContentItem[],
): Promise<ContentItemInfo[]> {
  const out: ContentItemInfo[] = [];
  for (const item of items) {
    const stored = await calls.getItemInfo(scope, space, item.id);
    if (stored) {
      out.push(stored);
      continue;
    }
    try {
      out.push(await calls.putItem(scope, space, item));
    } catch (error) {
      // Another writer stored a different item under the id in between: the id keeps it.
      if (!MemoryError.hasCode(error, 'INVALID_ARGUMENT')) throw error;
      const taken = await calls.getItemInfo(scope, space, item.id);
      if (!taken) throw error;
      out.push(taken);
    }
  }
  return out;
}
