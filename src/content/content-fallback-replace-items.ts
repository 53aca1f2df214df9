import type { Scope } from '../core/scope.ts';
import type { ContentDriverV1 } from './content-driver.ts';
import { clearItemsOneByOne } from './content-fallback-clear-items.ts';
import type { ContentItem } from './content-item.ts';

/**
 * `replaceItems` for a driver without its own, on already checked items: the space cleared (the driver's
 * `clearItems`, else {@link clearItemsOneByOne}), then each item put, in order. The engine runs it inside
 * the driver's `transaction` when it has one (atomic, as the contract asks); without one it runs serialized
 * with the engine's other writes in this process, but a crash or a failed write half-way leaves the space
 * partly replaced: such a driver is not crash-atomic.
 */
export async function replaceItemsByClearAndPut(
  driver: ContentDriverV1,
  scope: Scope,
  space: string,
  items: readonly ContentItem[],
  component: string,
): Promise<void> {
  if (driver.clearItems) await driver.clearItems(scope, space);
  else await clearItemsOneByOne(driver, scope, space, component);
  for (const item of items) await driver.putItem(scope, space, item);
}
