import type { Context, Hono } from 'hono';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { type ApiContext, handle, intParam, param } from './api-context.ts';

/**
 * `GET /api/records?kind=&cursor=` (current long-term records, oldest first, in pages),
 * `GET /api/records/search?q=` (the live retriever's hits with their scores) and `GET /api/records/:id` (every
 * version of a record with its validity and recording times).
 */
export function registerMemoryRoutes(app: Hono, api: ApiContext): void {
  const { longTerm, recall, scope } = api.source;
  const present = <T>(part: T | undefined): T => {
    if (!part)
      throw new MemoryError({
        code: 'RECORD_NOT_FOUND',
        component: 'inspector',
        message: 'this store has no long-term records',
      });
    return part;
  };
  const records = () => present(longTerm);
  const retriever = () => present(recall);
  app.get(
    '/api/records',
    handle(api, async (c: Context) => {
      const kind = c.req.query('kind');
      const cursor = c.req.query('cursor');
      return records().listRecords(scope, {
        limit: intParam(c, 'limit', 100, 1, 1000),
        ...(kind ? { filter: { kinds: [kind] } } : {}),
        ...(cursor ? { cursor } : {}),
      });
    }),
  );
  app.get(
    '/api/records/search',
    handle(api, async (c: Context) =>
      retriever().search(c.req.query('q') ?? '', { limit: intParam(c, 'limit', 20, 1, 100) }),
    ),
  );
  app.get(
    '/api/records/:id',
    handle(api, async (c: Context) => {
      const id = param(c, 'id');
      const versions = await records().history(scope, id);
      if (versions.length === 0)
        throw new MemoryError({
          code: 'RECORD_NOT_FOUND',
          component: 'inspector',
          message: `record "${id}" not found`,
        });
      return { id, versions };
    }),
  );
}
