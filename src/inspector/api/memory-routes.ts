import type { Context, Hono } from 'hono';
import { MemoryError } from '../../core/errors/memory-error.ts';
import type { Scope } from '../../core/scope.ts';
import { listAllRecords } from '../../longterm/list-all-records.ts';
import type { LongTermRecord } from '../../longterm/long-term-record.ts';
import { ownersWithin } from '../../longterm/record-filter.ts';
import { type ApiContext, badRequest, handle, idQuery, intParam, ownerScope, param } from './api-context.ts';
import { type OriginLink, originLink } from './origin-links.ts';
import { foundOutsideSecrets } from './search-oracle.ts';

/** The kinds of the records working memory and core blocks are kept as. */
export const workingKinds = ['engram.working', 'engram.block'];

/** The session and message a record version came from (a session of the record's owner), when it says. */
async function recordOrigin(
  api: ApiContext,
  owner: Scope,
  record: LongTermRecord,
): Promise<OriginLink | null> {
  const session = record.session ?? record.provenance.session;
  if (session === undefined) return null;
  return originLink(api, owner, session, record.provenance.messageIds[0]);
}

/**
 * The owners record `id` is addressed by within `within` (the inspector's scope, or the part of it a request's
 * `?user=` / `?agent=` names): a listing of a scope that leaves out user / agent shows their records, but each is
 * addressed only by its exact owner. `[within]` itself when the store cannot tell, or no owner has a current one.
 */
async function ownersOf(api: ApiContext, within: Scope, id: string): Promise<Scope[]> {
  return ownersWithin(api.source.recordOwners ? await api.source.recordOwners(id) : [], within);
}

const ownerWords = (o: Scope) =>
  [o.user && `user ${o.user}`, o.agent && `agent ${o.agent}`].filter(Boolean).join(' / ') ||
  `tenant ${o.tenant}`;

/** An owner as the API sends it, as sessions are: its user and agent, null for none. */
const ownerOf = (o: Scope) => ({ user: o.user ?? null, agent: o.agent ?? null });

/**
 * `GET /api/records?kind=&cursor=` (current long-term records, oldest first, in pages),
 * `GET /api/records/search?q=` (the live retriever's hits with their scores; while secrets are hidden, not a hit
 * that only a secret's words matched) and `GET /api/records/:id` (every
 * version of a record with its validity and recording times, its owner, and the session and message it came from;
 * `?user=` / `?agent=` name the owner when several within the scope have that id) and `GET /api/working` (working
 * memory and core blocks, all of them: each owner's, with every version).
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
      const kind = idQuery(c, 'kind');
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
    handle(api, async (c: Context) => {
      const q = c.req.query('q') ?? '';
      const hits = await retriever().search(q, { limit: intParam(c, 'limit', 20, 1, 100) });
      if (api.showSecrets) return hits;
      const shownHits = [];
      for (const hit of hits) if (await foundOutsideSecrets(q, hit.record)) shownHits.push(hit);
      return shownHits;
    }),
  );
  app.get(
    '/api/records/:id',
    handle(api, async (c: Context) => {
      const id = param(c, 'id');
      const owners = await ownersOf(api, ownerScope(api.source, c), id);
      if (owners.length > 1)
        throw badRequest(
          `record "${id}" exists for ${owners.map(ownerWords).join(', ')}: give ?user= / ?agent= to name one`,
        );
      const owner = owners[0]!;
      const versions = await records().history(owner, id);
      if (versions.length === 0)
        throw new MemoryError({
          code: 'RECORD_NOT_FOUND',
          component: 'inspector',
          message: `record "${id}" not found`,
        });
      const current = versions.at(-1)!;
      return { id, owner: ownerOf(owner), versions, origin: await recordOrigin(api, owner, current) };
    }),
  );
  app.get(
    '/api/working',
    handle(api, async () => {
      const current = await listAllRecords(records(), scope, { filter: { kinds: workingKinds } });
      // A wide scope lists one record per owner under the same id (`engram.working:resource`): each id once,
      // then each owner's record of it with that owner's versions.
      const kinds = new Map(current.map((r) => [r.id, r.kind]));
      const blocks = [];
      for (const [id, kind] of kinds)
        for (const owner of await ownersOf(api, scope, id))
          blocks.push({ id, kind, ...ownerOf(owner), versions: await records().history(owner, id) });
      return blocks;
    }),
  );
}
