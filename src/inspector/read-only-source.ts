import type { ContentStoreV1 } from '../content/content-store-v1.ts';
import { getContentItems } from '../content/content-store-v1.ts';
import type { Scope } from '../core/scope.ts';
import type { LongTermStoreV1 } from '../longterm/long-term-store-v1.ts';
import { getLongTermRecords } from '../longterm/long-term-store-v1.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';

/** The read methods of a conversation log the inspector uses (a write through it is a type error). */
export type ReadOnlyLog = Pick<
  MemoryStoreV1,
  'listSessions' | 'getSession' | 'readRange' | 'getMessages' | 'stats' | 'listArtifacts'
>;

/** The read methods of a content store the inspector uses. */
export type ReadOnlyContentItems = Pick<
  ContentStoreV1,
  'specificationVersion' | 'getItem' | 'getItemInfo' | 'queryItems'
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
  /** Long-term records, when the store has them. */
  readonly longTerm?: ReadOnlyLongTerm;
}

/** A new object holding only `keys` of `target`, each method bound to it: nothing else is reachable. */
function pick<T extends object, K extends keyof T>(target: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const key of keys) {
    const value = target[key];
    out[key] = (typeof value === 'function' ? value.bind(target) : value) as T[K];
  }
  return Object.freeze(out);
}

/**
 * The read-only view of a store the inspector serves: new objects that hold only the store's read methods
 * (so neither the type nor the object itself offers a write), for the log, its content items and its
 * long-term records (found by feature detection).
 */
export function readOnlySource(store: MemoryStoreV1, scope: Scope): InspectorSource {
  const items = getContentItems(store);
  const records = getLongTermRecords(store);
  return Object.freeze({
    scope,
    log: pick(store, ['listSessions', 'getSession', 'readRange', 'getMessages', 'stats', 'listArtifacts']),
    ...(items
      ? { content: pick(items, ['specificationVersion', 'getItem', 'getItemInfo', 'queryItems']) }
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
        }
      : {}),
  });
}
