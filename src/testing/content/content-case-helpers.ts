import { expect } from 'vitest';
import type { ContentItemInfo } from '../../content/content-item.ts';
import type { ContentCriteria } from '../../content/content-query.ts';
import type { ContentStoreV1 } from '../../content/content-store-v1.ts';
import type { Scope } from '../../core/scope.ts';

/** The space most cases use. */
export const space = 'default';
/** A time `ms` after the start of 2026. */
export const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);

/** Every item of a query, following cursors page by page. */
export async function queryAll(
  items: ContentStoreV1,
  scope: Scope,
  where: string,
  criteria: ContentCriteria = {},
): Promise<ContentItemInfo[]> {
  const out: ContentItemInfo[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 10_000; page++) {
    const result = await items.queryItems(scope, where, { ...criteria, ...(cursor ? { cursor } : {}) });
    out.push(...result.items);
    if (!result.nextCursor) return out;
    expect(result.items.length).toBe(criteria.limit ?? 20);
    cursor = result.nextCursor;
  }
  throw new Error('queryAll: too many pages');
}

/** The ids of infos, in order. */
export const ids = (infos: readonly { id: string }[]) => infos.map((i) => i.id);
