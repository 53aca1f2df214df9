import type { Scope } from '../core/scope.ts';
import type { ContentItem, ContentItemInfo } from './content-item.ts';
import type { ContentCriteria, ContentQueryPage } from './content-query.ts';

/**
 * The small contract a content-items driver implements; `createContentItems(driver)` builds the full
 * `ContentStoreV1` from it. Every method has exactly the semantics of the `ContentStoreV1` method of the same
 * name (scopes, spaces, the id and stored-value rules). The engine checks the store's open state, the scope,
 * the space and the arguments first (ids, items with `checkContentItem`, criteria with `checkContentCriteria`,
 * replacements with `checkReplacement`), so a method gets checked input; a driver that needs the normalized
 * criteria calls `checkContentCriteria` again (`selectItems` pages items held in process).
 *
 * Required: put, get, query, delete. Optional native paths: `getItemInfo` (fallback: `getItem` without its
 * content), `clearItems` (fallback: every queried id deleted), `replaceItems` (fallback: clear and put, inside
 * `transaction` when the driver has one, else serialized in process but not crash-atomic), `getItemInfos`
 * (fallback: `getItemInfo` per id), `putItems` (fallback: each missing item put, inside `transaction` when the
 * driver has one).
 */
export interface ContentDriverV1 {
  /** The contract version. */
  readonly specificationVersion: 'v1';
  /** The driver's name, for error messages. */
  readonly name: string;

  /** `ContentStoreV1.putItem`. */
  putItem(scope: Scope, space: string, item: ContentItem): Promise<ContentItemInfo>;
  /** `ContentStoreV1.getItem`. */
  getItem(scope: Scope, space: string, id: string): Promise<ContentItem | undefined>;
  /** `ContentStoreV1.queryItems`. */
  queryItems(scope: Scope, space: string, criteria?: ContentCriteria): Promise<ContentQueryPage>;
  /** `ContentStoreV1.deleteItem`. */
  deleteItem(scope: Scope, space: string, id: string): Promise<boolean>;

  /** `ContentStoreV1.getItemInfo`; fallback: `getItem` without its content. */
  getItemInfo?(scope: Scope, space: string, id: string): Promise<ContentItemInfo | undefined>;
  /** `ContentStoreV1.clearItems`; fallback: every item queried, then deleted. */
  clearItems?(scope: Scope, space: string): Promise<number>;
  /** `ContentStoreV1.replaceItems`; fallback: clear and put inside `transaction`. */
  replaceItems?(scope: Scope, space: string, items: readonly ContentItem[]): Promise<void>;
  /** `ContentStoreV1.getItemInfos`; fallback: `getItemInfo` per id. */
  getItemInfos?(scope: Scope, space: string, ids: readonly string[]): Promise<Map<string, ContentItemInfo>>;
  /** `ContentStoreV1.putItems`; fallback: each item whose id is free put, inside `transaction` when there is one. */
  putItems?(scope: Scope, space: string, items: readonly ContentItem[]): Promise<ContentItemInfo[]>;
  /**
   * Runs `work` atomically with the driver it passes (see `LogDriverV1.transaction`): the fallback
   * `clearItems` and `replaceItems` run inside it.
   */
  transaction?<T>(work: (driver: ContentDriverV1) => Promise<T>): Promise<T>;
}
