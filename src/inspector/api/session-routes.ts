import type { Hono } from 'hono';
import { NotFoundError } from '../../core/errors/not-found-error.ts';
import { checkId } from '../../core/ids.ts';
import type { Scope } from '../../core/scope.ts';
import { messageText } from '../../messages/serialize.ts';
import { importState } from '../../store/abandoned-session.ts';
import { unlessSessionGone } from '../../store/unless-session-gone.ts';
import { assemblyArtifactKind } from '../../views/assembly/assembly-records.ts';
import { type ApiContext, handle, idQuery, intParam, ownerScope, param, shown } from './api-context.ts';
import { messageView } from './message-view.ts';
import { decodeSessionsCursor, encodeSessionsCursor, sessionsPage } from './sessions-page.ts';

/** Messages per page of the timeline, unless the request asks for fewer. */
export const messagePageSize = 200;

/** Messages shown before the one a link names (`?message=`). */
const contextBefore = 2;

/** The session or a 404; a 400 naming `id` for one no session can have (NUL, over 256 characters: {@link checkId}). */
export async function requireSession(api: ApiContext, scope: Scope, id: string) {
  checkId(id, 'id', 'inspector');
  const session = await api.source.log.getSession(scope, id);
  if (!session) throw new NotFoundError({ kind: 'session', id, component: 'inspector' });
  return session;
}

/**
 * `GET /api/sessions` (the scope's sessions, newest first, with message and token counts and how many steps
 * were recorded; `?limit=` of them, 100 unless asked, and when more follow a `Link: <…?cursor=…>; rel="next"`
 * header naming the next page), `GET /api/sessions/:id` (one, with its log's counts) and `GET /api/sessions/:id/messages`
 * (a page of its log, `?after=<seq>&limit=<n>`, or from just before a message, `?message=<id>`; tokens as cached
 * in the log; `from` when the page does not start at the log's beginning). Each names the session's import `state`
 * (`complete`, or `importing` / `incomplete`: an import has not finished it, and it holds only part of its messages).
 */
export function registerSessionRoutes(app: Hono, api: ApiContext): void {
  const { log } = api.source;
  app.get(
    '/api/sessions',
    handle(api, async (c) => {
      const limit = intParam(c, 'limit', 100, 1, 1000);
      const cursor = decodeSessionsCursor(c.req.query('cursor'));
      const { sessions, next } = await sessionsPage(log, api.source.scope, limit, cursor);
      if (next) {
        const url = new URL(c.req.url);
        url.searchParams.set('cursor', encodeSessionsCursor(next));
        c.header('Link', `<${url.pathname}${url.search}>; rel="next"`);
      }
      // A session deleted since it was listed (by the application, or an import that failed) is left out.
      const rows = await Promise.all(
        sessions.map(async (s) => {
          const read = await unlessSessionGone(() =>
            Promise.all([
              log.stats(s.scope, s.id),
              // Counted, not read: a session's records are ~20 KB each.
              log.listArtifacts(s.scope, s.id, assemblyArtifactKind, undefined, { data: false }),
            ]),
          );
          if (!read) return undefined;
          const [stats, steps] = read;
          return {
            id: s.id,
            user: s.scope.user ?? null,
            agent: s.scope.agent ?? null,
            state: importState(s.metadata),
            messages: stats.count,
            tokens: stats.tokens,
            steps: steps.length,
            updatedAt: s.updatedAt,
          };
        }),
      );
      return rows.filter((row) => row !== undefined);
    }),
  );
  app.get(
    '/api/sessions/:id',
    handle(api, async (c) => {
      const scope = ownerScope(api.source, c);
      const session = await requireSession(api, scope, param(c, 'id'));
      const stats = await log.stats(scope, session.id);
      return {
        ...session,
        state: importState(session.metadata),
        stats: { count: stats.count, tokens: stats.tokens, lastSeq: stats.lastSeq },
      };
    }),
  );
  app.get(
    '/api/sessions/:id/messages',
    handle(api, async (c) => {
      const scope = ownerScope(api.source, c);
      const id = param(c, 'id');
      const limit = intParam(c, 'limit', messagePageSize, 1, 1000);
      const session = await requireSession(api, scope, id);
      const at = idQuery(c, 'message');
      let after = intParam(c, 'after', 0, 0, Number.MAX_SAFE_INTEGER - 1); // the page starts at after + 1
      if (at) {
        const [entry] = await log.getMessages(scope, id, [at]);
        if (!entry) throw new NotFoundError({ kind: 'message', id: at, component: 'inspector' });
        after = Math.max(0, entry.seq - 1 - contextBefore);
      }
      const entries = await log.readRange(scope, id, { fromSeq: after + 1, limit: limit + 1 });
      const page = entries.slice(0, limit);
      // Redacted whole, then cut: a cut inside a secret would leave a part no rule recognises.
      const texts = await shown(
        api,
        page.map((e) => messageText(e.message)),
      );
      return {
        state: importState(session.metadata),
        messages: page.map((e, i) => messageView(e, texts[i])),
        ...(entries.length > limit ? { next: page.at(-1)!.seq } : {}),
        ...(page.length > 0 && page[0]!.seq > 1 ? { from: page[0]!.seq } : {}),
      };
    }),
  );
}
