import type { ContentItemInfo } from '../content/content-item.ts';
import type { Scope } from '../core/scope.ts';
import { ownerOf, scopeCovers } from '../longterm/record-filter.ts';
import type { OpenedStore } from './open-store.ts';

/** One owner's content space: the owner (the scope or a user / agent within it) and the space's name. */
export interface OwnedSpace {
  /** Who holds the items: a content item is read only with its exact owner. */
  owner: Scope;
  /** The space's name. */
  space: string;
}

/**
 * The content spaces of every owner within `scope`, as `sessions list` and `memory list` read it: the scope
 * itself and, for the `user` / `agent` it leaves out, each user / agent of its tenant that holds items (never
 * another tenant's). Only the spaces named `space` when it is given. Owners and spaces in the inventory's order.
 */
export async function contentSpaces(store: OpenedStore, scope: Scope, space?: string): Promise<OwnedSpace[]> {
  const owners = await store.experimental_inventory.owners({ newestSessions: 0 });
  return owners
    .filter((o) => scopeCovers(scope, ownerOf(o.scope)))
    .flatMap((o) =>
      o.content
        .filter((c) => space === undefined || c.space === space)
        .map((c) => ({ owner: o.scope, space: c.space })),
    );
}

/**
 * Calls `visit` with each page of the items of `spaces` (each read with its own owner), matching every word of
 * `text` when given, until it returns `false` or every page has been read. `limit` is the page size (at most 1000).
 */
export async function forEachContentPage(
  store: OpenedStore,
  spaces: readonly OwnedSpace[],
  visit: (at: OwnedSpace, items: ContentItemInfo[]) => unknown,
  options: { text?: string; limit?: number } = {},
): Promise<void> {
  for (const at of spaces) {
    let cursor: string | undefined;
    do {
      const page = await store.contentItems.queryItems(at.owner, at.space, {
        limit: Math.min(options.limit ?? 1000, 1000),
        ...(options.text !== undefined && { text: options.text }),
        ...(cursor && { cursor }),
      });
      if (visit(at, page.items) === false) return;
      cursor = page.nextCursor;
    } while (cursor);
  }
}
