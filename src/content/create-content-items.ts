import { checkDriver } from '../core/check-driver.ts';
import { checkKnownKeys, checkOptionalInteger, checkOptions } from '../core/check-options.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { checkId } from '../core/ids.ts';
import { checkScope, type Scope } from '../core/scope.ts';
import { createSerialQueue } from '../core/serial-queue.ts';
import {
  checkContentCriteria,
  checkContentItem,
  checkReplacement,
  checkSpace,
  defaultMaxContentBytes,
} from './check-content.ts';
import type { ContentDriverV1 } from './content-driver.ts';
import { itemInfosOneByOne, putItemsOneByOne, type SingleItemCalls } from './content-fallback-batch.ts';
import { clearItemsOneByOne } from './content-fallback-clear-items.ts';
import { itemInfoByGet } from './content-fallback-item-info.ts';
import { replaceItemsByClearAndPut } from './content-fallback-replace-items.ts';
import type { ContentStoreV1 } from './content-store-v1.ts';

/** Options of {@link createContentItems}. */
export interface ContentItemsOptions {
  /** The component named in errors. @default the driver's `name` */
  component?: string;
  /** Largest content accepted, in UTF-8 bytes (`PAYLOAD_TOO_LARGE` above). @default 64 MiB */
  maxContentBytes?: number;
  /** Whether the owning store is closed: every call then throws `STORE_CLOSED`. @default never */
  isClosed?: () => boolean;
}

/** Every option of {@link createContentItems}: any other key is refused (a misspelling). */
export const contentItemsOptionKeys: Record<keyof ContentItemsOptions, true> = {
  component: true,
  maxContentBytes: true,
  isClosed: true,
};

/**
 * The full `ContentStoreV1` from a small {@link ContentDriverV1}. Every call first checks that the store is
 * open (`STORE_CLOSED`), the scope and space, and its arguments (ids, items with `checkContentItem`, criteria
 * with `checkContentCriteria`, replacements with `checkReplacement`), so every driver refuses the same inputs
 * with the same errors; then it calls the driver, or the fallback of a method the driver leaves out:
 * `getItemInfo` reads the item and drops its content; `clearItems` deletes every queried id; `replaceItems`
 * clears and puts inside the driver's `transaction`, or, for a driver without one, serialized with every
 * other write of this store in this process, which is not crash-atomic (a crash half-way leaves the space
 * partly replaced); `getItemInfos` reads each id's info; `putItems` puts each item whose id is free, inside
 * the driver's `transaction` when it has one (else one write each). Throws `INVALID_ARGUMENT` for a driver without the required methods.
 * @example
 * const items = createContentItems(myDriver, { isClosed: () => closed });
 * await items.putItem(scope, 'default', prepareContentItem(input, { counter, clock, component: 'my-driver' }));
 */
export function createContentItems(
  driver: ContentDriverV1,
  options: ContentItemsOptions = {},
): ContentStoreV1 {
  checkOptions(options, 'createContentItems(driver, options)', 'content');
  checkKnownKeys(options, contentItemsOptionKeys, 'createContentItems', 'content');
  checkDriver(
    driver,
    'createContentItems(driver)',
    options.component ?? 'content',
    ['putItem', 'getItem', 'queryItems', 'deleteItem'],
    ['getItemInfo', 'clearItems', 'replaceItems', 'transaction', 'getItemInfos', 'putItems'],
  );
  checkOptionalInteger(options.maxContentBytes, 'createContentItems(options): maxContentBytes', 'content', 1);
  const component = options.component ?? driver.name;
  const max = options.maxContentBytes ?? defaultMaxContentBytes;
  const open = (scope: Scope, space: string) => {
    if (options.isClosed?.())
      throw new MemoryError({ code: 'STORE_CLOSED', component, message: 'store is closed' });
    checkScope(scope, component);
    checkSpace(space, component);
  };
  const openWithId = (scope: Scope, space: string, id: string) => {
    open(scope, space);
    checkId(id, 'id', component);
  };
  // Without a native replace or a transaction, the fallback replace is atomic to this process only if no other
  // write of this store runs in between: writes then go one at a time.
  const serial = driver.replaceItems || driver.transaction ? undefined : createSerialQueue();
  const write = <T>(fn: () => Promise<T>): Promise<T> => (serial ? serial.run(fn) : fn());
  const nativeClear = driver.clearItems?.bind(driver);
  const nativeReplace = driver.replaceItems?.bind(driver);
  const atomically = <T>(work: (d: ContentDriverV1) => Promise<T>): Promise<T> =>
    driver.transaction ? driver.transaction(work) : write(() => work(driver));
  const single = (d: ContentDriverV1): SingleItemCalls => ({
    getItemInfo: (scope, space, id) =>
      d.getItemInfo ? d.getItemInfo(scope, space, id) : itemInfoByGet(d, scope, space, id),
    putItem: (scope, space, item) => d.putItem(scope, space, item),
  });
  const checkIds = (ids: readonly string[]) => {
    if (!Array.isArray(ids))
      throw new MemoryError({
        code: 'INVALID_ARGUMENT',
        component,
        message: 'ids: expected an array of ids',
      });
    ids.forEach((id, i) => {
      checkId(id, `ids[${i}]`, component);
    });
  };

  return {
    specificationVersion: 'v1',
    async putItem(scope, space, item) {
      open(scope, space);
      checkContentItem(item, component, max);
      return write(() => driver.putItem(scope, space, item));
    },
    async getItem(scope, space, id) {
      openWithId(scope, space, id);
      return driver.getItem(scope, space, id);
    },
    async getItemInfo(scope, space, id) {
      openWithId(scope, space, id);
      return driver.getItemInfo
        ? driver.getItemInfo(scope, space, id)
        : itemInfoByGet(driver, scope, space, id);
    },
    async queryItems(scope, space, criteria) {
      open(scope, space);
      checkContentCriteria(criteria, component);
      return driver.queryItems(scope, space, criteria);
    },
    async deleteItem(scope, space, id) {
      openWithId(scope, space, id);
      return write(() => driver.deleteItem(scope, space, id));
    },
    async clearItems(scope, space) {
      open(scope, space);
      if (nativeClear) return write(() => nativeClear(scope, space));
      return atomically((d) => clearItemsOneByOne(d, scope, space, component));
    },
    async replaceItems(scope, space, items) {
      open(scope, space);
      checkReplacement(items, component, max);
      if (nativeReplace) return nativeReplace(scope, space, items);
      return atomically((d) => replaceItemsByClearAndPut(d, scope, space, items, component));
    },
    async getItemInfos(scope, space, ids) {
      open(scope, space);
      checkIds(ids);
      return driver.getItemInfos
        ? driver.getItemInfos(scope, space, ids)
        : itemInfosOneByOne(single(driver), scope, space, ids);
    },
    async putItems(scope, space, items) {
      open(scope, space);
      checkReplacement(items, component, max);
      if (driver.putItems) {
        const native = driver.putItems.bind(driver);
        return write(() => native(scope, space, items));
      }
      if (driver.transaction)
        return driver.transaction((d) => putItemsOneByOne(single(d), scope, space, items));
      const calls = single(driver);
      return putItemsOneByOne(
        { getItemInfo: calls.getItemInfo, putItem: (...a) => write(() => driver.putItem(...a)) },
        scope,
        space,
        items,
      );
    },
  };
}
