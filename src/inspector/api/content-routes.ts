import type { Context, Hono } from 'hono';
import type { ContentTransform } from '../../content/content-transform.ts';
import type { ContentStore } from '../../content/create-content-store.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { type ApiContext, badRequest, handle, intParam, param } from './api-context.ts';

/** The transform a request names: `full`, `head` / `tail` (`?n=` lines), `filtered` (`?pattern=`), `excerpt` (`?query=`), `summary`. */
export function transformOf(c: Context): ContentTransform {
  const name = c.req.query('transform') ?? 'full';
  const n = intParam(c, 'n', 40, 1, 100_000);
  switch (name) {
    case 'full':
      return { type: 'full' };
    case 'head':
      return { type: 'first_n', n, unit: 'lines' };
    case 'tail':
      return { type: 'last_n', n, unit: 'lines' };
    case 'filtered':
      return { type: 'filtered', pattern: c.req.query('pattern') ?? '', maxLines: 500 };
    case 'excerpt':
      return { type: 'excerpt', query: c.req.query('query') ?? '', length: 2000 };
    case 'summary':
      return { type: 'summary', maxTokens: 400 };
    default:
      throw badRequest(`unknown transform "${name}" (full, head, tail, filtered, excerpt, summary)`);
  }
}

/**
 * `GET /api/content?space=&text=&cursor=` (a page of the space's items: id, type, size, tokens) and
 * `GET /api/content/:id?space=&transform=…` (an item's content shaped by a transform), over the store's
 * content items read only.
 */
export function registerContentRoutes(app: Hono, api: ApiContext): void {
  const { contentSpace } = api.source;
  // Only the content store's reads: a write through it would not type-check (nor run: the object has none).
  const storeOf = (c: Context): Pick<ContentStore, 'query' | 'retrieve'> => {
    if (!contentSpace)
      throw new MemoryError({
        code: 'ITEM_NOT_FOUND',
        component: 'inspector',
        message: 'this store has no content items',
      });
    return contentSpace(c.req.query('space') || 'default');
  };
  app.get(
    '/api/content',
    handle(api, async (c) => {
      const text = c.req.query('text');
      const cursor = c.req.query('cursor');
      const page = await storeOf(c).query({
        limit: intParam(c, 'limit', 100, 1, 1000),
        ...(text ? { text } : {}),
        ...(cursor ? { cursor } : {}),
      });
      return page;
    }),
  );
  app.get(
    '/api/content/:id',
    handle(api, async (c) => storeOf(c).retrieve(param(c, 'id'), transformOf(c))),
  );
}
