import type { ContentItem } from '../content/content-item.ts';
import type { ContentStoreV1, HasContentItems } from '../content/content-store-v1.ts';
import { type ContentStore, createContentStore } from '../content/create-content-store.ts';
import type { Scope } from '../core/scope.ts';
import { createLongTermMemory } from '../longterm/create-long-term-memory.ts';
import type { LongTermMemory } from '../longterm/long-term-memory.ts';
import type { HasLongTermRecords, LongTermStoreV1 } from '../longterm/long-term-store-v1.ts';
import { ownerOf, scopeCovers } from '../longterm/record-filter.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';

/** The read methods of a conversation log the inspector uses (a write through it is a type error). */
export type ReadOnlyLog = Pick<
  MemoryStoreV1,
  'listSessions' | 'getSession' | 'readRange' | 'getMessages' | 'stats' | 'listArtifacts'
>;

/** The read methods of a content store the inspector uses. */
export type ReadOnlyContentItems = Pick<
  ContentStoreV1,
  'specificationVersion' | 'getItem' | 'getItemInfo' | 'queryItems' | 'listSpaces'
>;

/** The read methods of long-term records the inspector uses (the live retriever needs no more). */
export type ReadOnlyLongTerm = Pick<
  LongTermStoreV1,
  | 'specificationVersion'
  | 'getRecord'
  | 'getRecords'
  | 'history'
  | 'listRecords'
  | 'searchText'
  | 'searchVector'
>;

/** What the inspector reads: a store's read methods only, and the scope it may read. */
export interface InspectorSource {
  /** Everything the inspector shows lies within this scope. */
  readonly scope: Scope;
  /** The conversation log. */
  readonly log: ReadOnlyLog;
  /** Content items, when the store has them. */
  readonly content?: ReadOnlyContentItems;
  /**
   * The content store's reads over one space of those items; with `shown`, each item read passes through it
   * before a transform shapes it (the inspector redacts the whole content there, before an excerpt cuts it).
   */
  readonly contentSpace?: (
    space: string,
    shown?: (item: ContentItem) => Promise<ContentItem>,
  ) => Pick<ContentStore, 'query' | 'retrieve'>;
  /** Long-term records, when the store has them. */
  readonly longTerm?: ReadOnlyLongTerm;
  /** The live retriever over those records (`recording: 'none'`), its search alone. */
  readonly recall?: Pick<LongTermMemory, 'search'>;
  /**
   * The owners within {@link scope} that have a current record of this id, when the store can tell (its
   * inventory): a scope that leaves out `user` / `agent` lists records of every user / agent in it, each of which
   * is addressed only by its own owner.
   */
  readonly recordOwners?: (id: string) => Promise<Scope[]>;
}

/** A store the inspector reads: a conversation log, with content items and long-term records when it has them. */
export type InspectedStore = MemoryStoreV1 &
  Partial<HasContentItems & HasLongTermRecords> & {
    /** The owners of a record id across the database (SQL stores), read only to find owners within the scope. */
    readonly experimental_inventory?: { recordOwners(id: string): Promise<Scope[]> };
  };

/** A new object holding only `keys` of `target`, each method bound to it: nothing else is reachable. */
function pick<T extends object, K extends keyof T>(target: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const key of keys) {
    const value = target[key];
    out[key] = (typeof value === 'function' ? value.bind(target) : value) as T[K];
  }
  return Object.freeze(out);
}

/** The items, each one `getItem` reads passed through `shown` first; every other method is the items' own. */
function showingItems(
  items: ContentStoreV1,
  shown: (item: ContentItem) => Promise<ContentItem>,
): ContentStoreV1 {
  const getItem: ContentStoreV1['getItem'] = async (scope, space, id) => {
    const item = await items.getItem(scope, space, id);
    return item && shown(item);
  };
  return new Proxy(items, {
    get(target, key) {
      if (key === 'getItem') return getItem;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * The read-only view of a store the inspector serves: new objects that hold only the store's read methods
 * (so neither the type nor the object itself offers a write), for the log, its content items and its
 * long-term records (when the store has them), the content store's reads and the live retriever's search, and
 * the owners of a record id within `scope` (when the store has an inventory).
 */
export function readOnlySource(store: InspectedStore, scope: Scope): InspectorSource {
  const items = store.contentItems;
  const records = store.longTermRecords;
  const inventory = store.experimental_inventory;
  return Object.freeze({
    scope,
    log: pick(store, ['listSessions', 'getSession', 'readRange', 'getMessages', 'stats', 'listArtifacts']),
    ...(items
      ? {
          content: pick(items, [
            'specificationVersion',
            'getItem',
            'getItemInfo',
            'queryItems',
            'listSpaces',
          ]),
          contentSpace: (space: string, shown?: (item: ContentItem) => Promise<ContentItem>) =>
            pick(
              createContentStore({
                store: { contentItems: shown ? showingItems(items, shown) : items },
                scope,
                space,
              }),
              ['query', 'retrieve'],
            ),
        }
      : {}),
    ...(records
      ? {
          longTerm: pick(records, [
            'specificationVersion',
            'getRecord',
            'getRecords',
            'history',
            'listRecords',
            'searchText',
            'searchVector',
          ]),
          recall: pick(
            createLongTermMemory({ store: { longTermRecords: records }, scope, recording: 'none' }),
            ['search'],
          ),
          ...(inventory
            ? {
                recordOwners: async (id: string) =>
                  (await inventory.recordOwners(id)).filter((owner) => scopeCovers(scope, ownerOf(owner))),
              }
            : {}),
        }
      : {}),
  });
}
