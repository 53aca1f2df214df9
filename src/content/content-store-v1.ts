import { requireCapability } from '../core/require-capability.ts';
import type { Scope } from '../core/scope.ts';
import type { ContentItem, ContentItemInfo } from './content-item.ts';
import type { ContentCriteria, ContentQueryPage } from './content-query.ts';

/**
 * The content-store contract (seed 004's fourth channel) a store implements beside `MemoryStoreV1`: large
 * payloads kept outside the context, in named spaces. A built-in store exposes it as its `contentItems`
 * property (see {@link getContentItems}); a log-only third-party driver may leave it out.
 *
 * Items belong to an exact owner scope (tenant, user, agent; a missing `user` / `agent` means "none", as for
 * sessions) and to a space (an id: `default`, a run, a sub-agent) within it. Every call addresses exactly the
 * caller's scope and space: nothing any input can do reads, lists or changes another scope's or space's items.
 * Ids, spaces, types, sources and tags follow the id rule (`isValidId`), else `INVALID_ARGUMENT`; content,
 * metadata and every other value follow the stored-value rule (`jsonValueIssue`) and read back identical,
 * before and after a reopen. A driver validates every item with `checkContentItem` before writing it.
 * `getItem` reads one item by its key (never a scan of the store), so items of tens of MB are cheap to
 * fetch; `queryItems` returns info only (no content) and pages.
 */
export interface ContentStoreV1 {
  /** The contract version. */
  readonly specificationVersion: 'v1';
  /**
   * Stores an item under its id. Storing an item whose id already holds the same item (same digest, type,
   * format, source, tags, relatedTo and metadata) is a no-op that returns the stored info (its original
   * timestamp included); a different item under a taken id throws `INVALID_ARGUMENT` and changes nothing.
   */
  putItem(scope: Scope, space: string, item: ContentItem): Promise<ContentItemInfo>;
  /** The item with its content, or undefined. */
  getItem(scope: Scope, space: string, id: string): Promise<ContentItem | undefined>;
  /** The item's info without reading its content, or undefined. */
  getItemInfo(scope: Scope, space: string, id: string): Promise<ContentItemInfo | undefined>;
  /** One page of the items matching the criteria (checked with `checkContentCriteria`), in a stable order. */
  queryItems(scope: Scope, space: string, criteria?: ContentCriteria): Promise<ContentQueryPage>;
  /** Deletes one item; returns whether it existed. */
  deleteItem(scope: Scope, space: string, id: string): Promise<boolean>;
  /** Deletes every item of the space; returns how many. */
  clearItems(scope: Scope, space: string): Promise<number>;
  /**
   * Makes the space hold exactly `items`, atomically: a refused item or a crash leaves the old items whole.
   * Ids must be distinct, else `INVALID_ARGUMENT`.
   */
  replaceItems(scope: Scope, space: string, items: readonly ContentItem[]): Promise<void>;
  /**
   * Optional: the info of many items by id, in as few reads as the store can (a page of ids a query); the ids
   * found, each with its info (ids not found are left out). Callers fall back to `getItemInfo` per id
   * (`getItemInfos` in content-batch.ts does).
   */
  getItemInfos?(scope: Scope, space: string, ids: readonly string[]): Promise<Map<string, ContentItemInfo>>;
  /**
   * Optional: stores many items under their ids (distinct, else `INVALID_ARGUMENT`), in one transaction where
   * the store has them. An id that already holds an item keeps it, whether or not it is the same item: the
   * returned infos (in input order) are what each id holds after the call. Callers fall back to `putItem` per
   * item (`putItems` in content-batch.ts does).
   */
  putItems?(scope: Scope, space: string, items: readonly ContentItem[]): Promise<ContentItemInfo[]>;
  /**
   * Optional: the spaces of exactly `scope` that hold items, with how many each holds, by name (for tools that
   * show what a store holds, such as the inspector; stores without it show one space at a time).
   */
  listSpaces?(scope: Scope): Promise<ContentSpaceInfo[]>;
}

/** A space of a scope's content items, as {@link ContentStoreV1.listSpaces} lists it. */
export interface ContentSpaceInfo {
  /** The space. */
  space: string;
  /** How many items it holds. */
  items: number;
}

/** A store object that carries the content-store contract. */
export interface HasContentItems {
  /** The store's content items. */
  readonly contentItems: ContentStoreV1;
}

/**
 * The ContentStoreV1 a store declares (`HasContentItems`): a store without it is a compile error; a
 * JavaScript caller that passes one anyway gets `INVALID_ARGUMENT` naming the missing capability.
 */
export function getContentItems(store: Partial<HasContentItems>, component = 'content'): ContentStoreV1 {
  return requireCapability(
    store?.contentItems,
    { name: 'HasContentItems', property: 'contentItems', contract: 'ContentStoreV1' },
    component,
  );
}
