import type { Context, Hono } from 'hono';
import { isContentCursor } from '../../content/check-content.ts';
import type { ContentItem } from '../../content/content-item.ts';
import type { ContentTransform } from '../../content/content-transform.ts';
import type { ContentStore } from '../../content/create-content-store.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import type { InspectorSource } from '../read-only-source.ts';
import { type ApiContext, badRequest, handle, idQuery, intParam, param, shown } from './api-context.ts';
import { originLink } from './origin-links.ts';
import { foundOutsideSecrets } from './search-oracle.ts';

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

/** The spaces of the scope that hold items, with their counts (empty when the store cannot list them). */
async function spacesOf(source: InspectorSource): Promise<{ space: string; items: number }[]> {
  const list = source.content?.listSpaces;
  return list ? list(source.scope) : [];
}

/** The space holding item `id`: the first listed space that has it, else `default`. */
async function spaceOfItem(source: InspectorSource, id: string): Promise<string> {
  for (const { space } of await spacesOf(source))
    if (await source.content?.getItemInfo(source.scope, space, id)) return space;
  return 'default';
}

/**
 * `GET /api/spaces` (the scope's content spaces with their item counts, `listed: false` when the store cannot
 * list them), `GET /api/content?space=&text=&cursor=` (a page of a space's items: id, type, size, tokens) and
 * `GET /api/content/:id?space=&transform=…` (an item's content shaped by a transform, the space found when not
 * given, and its origin: the session, message and step that made it), over the store's content items read only.
 */
export function registerContentRoutes(app: Hono, api: ApiContext): void {
  const source = api.source;
  const { contentSpace } = source;
  // An item's whole content is redacted before a transform cuts it (an excerpt starting inside a secret would show
  // the rest of it in clear) or matches a pattern or query in it (which would tell what the secret holds).
  const redacted = async (item: ContentItem): Promise<ContentItem> => ({
    ...item,
    content: await shown(api, item.content),
  });
  // Only the content store's reads: a write through it would not type-check (nor run: the object has none).
  const storeOf = (space: string): Pick<ContentStore, 'query' | 'retrieve'> => {
    if (!contentSpace)
      throw new MemoryError({
        code: 'ITEM_NOT_FOUND',
        component: 'inspector',
        message: 'this store has no content items',
      });
    return contentSpace(space, api.showSecrets ? undefined : redacted);
  };
  app.get(
    '/api/spaces',
    handle(api, async () => ({
      listed: source.content?.listSpaces !== undefined,
      spaces: await spacesOf(source),
    })),
  );
  app.get(
    '/api/content',
    handle(api, async (c) => {
      const text = c.req.query('text');
      const cursor = c.req.query('cursor') || undefined;
      if (cursor !== undefined && !isContentCursor(cursor))
        throw badRequest(`cursor: not a cursor this API gave (${JSON.stringify(cursor.slice(0, 40))})`);
      const space = idQuery(c, 'space') ?? 'default';
      const page = await storeOf(space).query({
        limit: intParam(c, 'limit', 100, 1, 1000),
        ...(text ? { text } : {}),
        ...(cursor ? { cursor } : {}),
      });
      if (!text || api.showSecrets) return page;
      // Not an item found only through a secret's words (that it matched would confirm a guessed secret).
      const items = [];
      for (const item of page.items) {
        const stored = await source.content?.getItem(source.scope, space, item.id);
        if (await foundOutsideSecrets(text, stored ?? item)) items.push(item);
      }
      return { ...page, items };
    }),
  );
  app.get(
    '/api/content/:id',
    handle(api, async (c) => {
      const id = param(c, 'id');
      const space = idQuery(c, 'space') ?? (await spaceOfItem(source, id));
      const item = await storeOf(space).retrieve(id, transformOf(c));
      const { log, messageId } = item.metadata;
      const origin =
        typeof log === 'string'
          ? await originLink(api, source.scope, log, typeof messageId === 'string' ? messageId : undefined)
          : null;
      return { ...item, space, origin };
    }),
  );
}
