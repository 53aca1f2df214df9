import type { ContentItem, ContentItemInput } from '../../content/content-item.ts';
import type { ContentStoreV1 } from '../../content/content-store-v1.ts';
import type { Scope } from '../../core/scope.ts';

/** What one content-store conformance case gets. */
export interface ContentCaseContext {
  /** The content items of the store opened for this case (the reopened one after `reopen()`). */
  readonly items: ContentStoreV1;
  /** A scope with a tenant unique to this case. */
  scope(extra?: Omit<Scope, 'tenant'>): Scope;
  /** A complete item from an input (id, size, tokens, digest computed as `createContentStore` does). */
  item(input: Partial<ContentItemInput> & { id?: string }): ContentItem;
  /** Closes the current store and opens the same data again; only in cases marked `needsReopen`. */
  reopen(): Promise<ContentStoreV1>;
  /** Closes the current store (its later calls must throw `STORE_CLOSED`); only in cases marked `needsClose`. */
  close(): Promise<void>;
}

/** One named content-store conformance case. */
export interface ContentCase {
  /** Unique across the suite: `area: what it checks`. */
  name: string;
  /** Needs `factory.reopen`. */
  needsReopen?: boolean;
  /** Needs a store with a `close`. */
  needsClose?: boolean;
  /** The check. */
  run(t: ContentCaseContext): Promise<void>;
}
