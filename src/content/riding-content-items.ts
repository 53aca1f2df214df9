import { createRideChannel, hasOpenRide } from '../core/ride-on-append.ts';
import type { Scope } from '../core/scope.ts';
import { checkReplacement } from './check-content.ts';
import { getItemInfos, putItems } from './content-batch.ts';
import type { ContentItem } from './content-item.ts';
import type { ContentStoreV1 } from './content-store-v1.ts';
import { itemInfo } from './prepare-content-item.ts';

/** Content items riding on an append (`withRide`): a batch for one content store's scope and space. */
export interface RidingContent {
  /** Their owner. */
  readonly scope: Scope;
  /** Their space. */
  readonly space: string;
  /** The items, checked, ids distinct and not stored when offered. */
  readonly batch: readonly ContentItem[];
  /** Whether an item still waits to be written (false once it was written otherwise, e.g. before a delete). */
  waiting(item: ContentItem): boolean;
  /** Called by the store that wrote them in its append's transaction, once it committed. */
  settled(): void;
}

/**
 * The channel content items ride on: a store whose append can write content items in its transaction (the SQL
 * stores) takes the batches offered for its own `contentItems` (`contentRide.take(store.contentItems)`).
 */
export const contentRide = createRideChannel<RidingContent>();

/** Each wrapper's driver. */
const driverUnder = new WeakMap<ContentStoreV1, ContentStoreV1>();
const byDriver = new WeakMap<ContentStoreV1, ContentStoreV1>();

const keyOf = (scope: Scope, space: string, id: string) =>
  JSON.stringify([scope.tenant, scope.user ?? '', scope.agent ?? '', space, id]);

/**
 * The items as written: the driver under a {@link ridingContentItems} wrapper (items an open ride still carries
 * are neither seen nor written by it), any other store itself. For work that must not count a step's pending
 * items as stored, nor write them early (a background pass outside the step).
 */
export function writtenContentItems(items: ContentStoreV1): ContentStoreV1 {
  return driverUnder.get(items) ?? items;
}

/**
 * `driver` with its `putItems` riding on the next append of the caller's context when one is open (`withRide`,
 * an agent step): items a view offloads while it reads commit with the step's messages (one transaction on the
 * SQL stores), or are written after the step by `driver` itself. Until written they are visible to this wrapper's
 * `getItem`, `getItemInfo` and `getItemInfos`; any other call writes them first. `putItems` outside a ride, and
 * every other call, go to `driver`. One wrapper per driver (wrapping a wrapper returns it).
 */
export function ridingContentItems(driver: ContentStoreV1): ContentStoreV1 {
  if (driverUnder.has(driver)) return driver;
  const known = byDriver.get(driver);
  if (known) return known;
  /** Offered items not yet known written, by scope, space and id. */
  const pending = new Map<string, { scope: Scope; space: string; item: ContentItem }>();
  const forget = (scope: Scope, space: string, batch: readonly ContentItem[]) => {
    for (const item of batch) {
      const key = keyOf(scope, space, item.id);
      if (pending.get(key)?.item === item) pending.delete(key);
    }
  };
  const writeAlone = async (c: RidingContent) => {
    const left = c.batch.filter((item) => c.waiting(item));
    if (left.length > 0) await putItems(driver, c.scope, c.space, left);
    forget(c.scope, c.space, left);
  };
  /** Writes every pending item now, one at a time (idempotent: an id already stored keeps its item). */
  const writePending = async () => {
    for (const { scope, space, item } of [...pending.values()]) {
      await putItems(driver, scope, space, [item]);
      forget(scope, space, [item]);
    }
  };
  const first =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (pending.size > 0) await writePending();
      return call(...args);
    };
  const wrapper: ContentStoreV1 = {
    specificationVersion: 'v1',
    putItem: first((scope, space, item) => driver.putItem(scope, space, item)),
    async getItem(scope, space, id) {
      return pending.get(keyOf(scope, space, id))?.item ?? driver.getItem(scope, space, id);
    },
    async getItemInfo(scope, space, id) {
      const held = pending.get(keyOf(scope, space, id));
      return held ? itemInfo(held.item) : driver.getItemInfo(scope, space, id);
    },
    async getItemInfos(scope, space, ids) {
      const rest = ids.filter((id) => !pending.has(keyOf(scope, space, id)));
      const found = await getItemInfos(driver, scope, space, rest);
      for (const id of ids) {
        const held = pending.get(keyOf(scope, space, id));
        if (held) found.set(id, itemInfo(held.item));
      }
      return found;
    },
    async putItems(scope, space, items) {
      if (!hasOpenRide()) {
        if (pending.size > 0) await writePending();
        return putItems(driver, scope, space, items);
      }
      checkReplacement(items, 'content');
      const stored = await wrapper.getItemInfos!(
        scope,
        space,
        items.map((i) => i.id),
      );
      const fresh = items.filter((i) => !stored.has(i.id));
      if (fresh.length > 0) {
        const riding: RidingContent = {
          scope,
          space,
          batch: fresh,
          waiting: (item) => pending.get(keyOf(scope, space, item.id))?.item === item,
          settled: () => forget(scope, space, fresh),
        };
        if (!contentRide.offer(driver, riding, () => writeAlone(riding)))
          return putItems(driver, scope, space, items);
        for (const item of fresh) pending.set(keyOf(scope, space, item.id), { scope, space, item });
      }
      return items.map((i) => stored.get(i.id) ?? itemInfo(i));
    },
    queryItems: first((scope, space, criteria) => driver.queryItems(scope, space, criteria)),
    deleteItem: first((scope, space, id) => driver.deleteItem(scope, space, id)),
    clearItems: first((scope, space) => driver.clearItems(scope, space)),
    replaceItems: first((scope, space, items) => driver.replaceItems(scope, space, items)),
    ...(driver.listSpaces ? { listSpaces: first((scope: Scope) => driver.listSpaces!(scope)) } : {}),
  };
  driverUnder.set(wrapper, driver);
  byDriver.set(driver, wrapper);
  return wrapper;
}
