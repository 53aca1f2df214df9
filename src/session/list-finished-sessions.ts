import type { Scope } from '../core/scope.ts';
import { isUnfinished } from '../store/abandoned-session.ts';
import { listSessionPage, type SessionPageOptions } from '../store/list-session-page.ts';
import type { SessionRecord } from '../store/memory-store.ts';
import type { SessionLister } from '../store/session-lister.ts';

/**
 * One page of {@link listSessionPage} without the sessions a run is still writing or a crash left unfinished
 * (`isUnfinished`: a copy or an import under way), filled from the pages after it so a page is short only at the
 * end of the listing: `limit` finished sessions whenever that many remain, and the next page, `startAfter` its
 * last session, goes on where it stopped.
 */
export async function listFinishedSessions(
  lister: SessionLister,
  scope: Scope,
  options?: SessionPageOptions,
): Promise<SessionRecord[]> {
  let page = await listSessionPage(lister, scope, options);
  const out = page.filter((r) => !isUnfinished(r.metadata));
  const limit = options?.limit;
  while (limit !== undefined && page.length === limit && limit > 0 && out.length < limit) {
    page = await listSessionPage(lister, scope, { limit, startAfter: page.at(-1)! });
    for (const r of page) if (!isUnfinished(r.metadata) && out.length < limit) out.push(r);
  }
  return out;
}
