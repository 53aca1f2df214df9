import {
  type ContentDriverV1,
  type ContentItem,
  checkContentCriteria,
  itemInfo,
  MemoryError,
  type Scope,
  sameContentItem,
  selectItems,
} from '../src/driver.ts';

/**
 * A content driver written as a third party would, against `engram/driver` only: the four required methods
 * over a map per (owner scope, space) in process, nothing else, so that `createContentItems` supplies
 * `getItemInfo`, `clearItems` and `replaceItems` (serialized in process: this driver has no transaction). The
 * engine has checked every argument before a method runs.
 */
export function createMinimalContentDriver(): ContentDriverV1 {
  const spaces = new Map<string, Map<string, ContentItem>>();
  const key = (scope: Scope, space: string) =>
    JSON.stringify([scope.tenant, scope.user ?? null, scope.agent ?? null, space]);
  return {
    specificationVersion: 'v1',
    name: 'minimal',
    async putItem(scope, space, item) {
      const items = spaces.get(key(scope, space)) ?? new Map<string, ContentItem>();
      const existing = items.get(item.id);
      if (existing && !sameContentItem(existing, item))
        throw new MemoryError({
          code: 'INVALID_ARGUMENT',
          component: 'minimal',
          message: `content item "${item.id}" already exists with different content`,
        });
      if (!existing) items.set(item.id, structuredClone(item));
      spaces.set(key(scope, space), items);
      return itemInfo(existing ?? item);
    },
    async getItem(scope, space, id) {
      return structuredClone(spaces.get(key(scope, space))?.get(id));
    },
    async queryItems(scope, space, criteria) {
      return selectItems(
        spaces.get(key(scope, space))?.values() ?? [],
        checkContentCriteria(criteria, 'minimal'),
      );
    },
    async deleteItem(scope, space, id) {
      return spaces.get(key(scope, space))?.delete(id) ?? false;
    },
  };
}
