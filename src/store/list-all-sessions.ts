import type { Scope } from '../core/scope.ts';
import { listMillisecond } from './list-session-page.ts';
import type { SessionRecord } from './memory-store.ts';
import type { SessionLister } from './session-lister.ts';

/**
 * Every session `listSessions(scope)` lists, newest first, `pageSize` at a time (created before `start` when given,
 * exclusive). `before` is exclusive and several sessions may share a creation millisecond, so when a page ends
 * inside one, that millisecond is read whole before moving on: nothing is skipped or listed twice (a page that
 * stopped at the last session of a millisecond and went on `before` it would skip that millisecond's others).
 * @example for await (const session of listAllSessions(store, scope)) console.log(session.id);
 */
export async function* listAllSessions(
  lister: SessionLister,
  scope: Scope,
  pageSize = 500,
  start?: Date,
): AsyncGenerator<SessionRecord> {
  let before: Date | undefined = start;
  for (;;) {
    const page = await lister.listSessions(scope, before ? { limit: pageSize, before } : { limit: pageSize });
    if (page.length < pageSize) {
      yield* page;
      return;
    }
    const last = (page.at(-1) as SessionRecord).createdAt.getTime();
    yield* page.filter((r) => r.createdAt.getTime() > last);
    yield* await listMillisecond(lister, scope, last, 2 * pageSize);
    before = new Date(last);
  }
}
