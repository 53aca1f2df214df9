import type { Scope } from '../core/scope.ts';
import type { ContentDriverV1 } from './content-driver.ts';
import type { ContentItemInfo } from './content-item.ts';
import { itemInfo } from './prepare-content-item.ts';

/** `getItemInfo` for a driver without its own: the item read with `getItem`, its content left out. */
export async function itemInfoByGet(
  driver: ContentDriverV1,
  scope: Scope,
  space: string,
  id: string,
): Promise<ContentItemInfo | undefined> {
  const item = await driver.getItem(scope, space, id);
  return item && itemInfo(item);
}
