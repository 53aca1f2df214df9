import type { Context, Hono } from 'hono';
import { MemoryError } from '../../core/errors/memory-error.ts';
import type { LongTermRecord } from '../../longterm/long-term-record.ts';
import { type ApiContext, handle, intParam, param } from './api-context.ts';
import { type OriginLink, originLink } from './origin-links.ts';

/** The kinds of the records working memory and core blocks are kept as. */
export const workingKinds = ['engram.working', 'engram.block'];

/** The session and message a record version came from, when it says. */
async function recordOrigin(api: ApiContext, record: LongTermRecord): Promise<OriginLink | null> {
  const session = record.session ?? record.provenance.session;
  if (session === undefined) return null;
  return originLink(api, api.source.scope, session, record.provenance.messageIds[0]);
}

/**
 * `GET /api/records?kind=&cursor=` (current long-term records, oldest first, in pages),
 * `GET /api/records/search?q=` (the live retriever's hits with their scores) and `GET /api/records/:id` (every
 * version of a record with its validity and recording times, and the session and message it came from) and
 * `GET /api/working` (working memory and core blocks: each with every version).
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
      const current = versions.at(-1)!;
      return { id, versions, origin: await recordOrigin(api, current) };
    }),
  );
  app.get(
    '/api/working',
    handle(api, async () => {
      const { records: current } = await records().listRecords(scope, {
        limit: 1000,
        filter: { kinds: workingKinds },
      });
      return Promise.all(
        current.map(async (r) => ({
          id: r.id,
          kind: r.kind,
          versions: await records().history(scope, r.id),
        })),
      );
    }),
  );
}
