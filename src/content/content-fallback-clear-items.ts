import { readAllPages } from '../core/read-all-pages.ts';
import type { Scope } from '../core/scope.ts';
import type { ContentDriverV1 } from './content-driver.ts';
import { maxQueryLimit } from './content-query.ts';

/**
 * `clearItems` for a driver without its own: every id of the space, queried page by page (oldest first), then
 * each deleted; returns how many deletes found their item. Runs on the driver it is given (the engine passes
 * the transaction's when the driver has one). Throws `STORE_ERROR` when the driver's query repeats a cursor.
 */
export async function clearItemsOneByOne(
  driver: ContentDriverV1,
  scope: Scope,
  space: string,
  component: string,
): Promise<number> {
  const pages = await readAllPages(
    (cursor) =>
      driver.queryItems(scope, space, {
        limit: maxQueryLimit,
        order: 'oldest',
        ...(cursor === undefined ? {} : { cursor }),
      }),
    `driver "${driver.name}": queryItems`,
    component,
  );
  let deleted = 0;
  for (const page of pages)
    for (const info of page.items) if (await driver.deleteItem(scope, space, info.id)) deleted++;
  return deleted;
}
