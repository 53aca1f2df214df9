import type { Scope } from '../../core/scope.ts';
import { listAllSessions } from '../../store/list-all-sessions.ts';
import type { SessionRecord } from '../../store/memory-store.ts';
import type { SessionLister } from '../../store/session-lister.ts';
import { badRequest } from './api-context.ts';

/**
 * Where a page of sessions continues: below the sessions created at `ms` already shown (`shown` of them, in the
 * listing's order: newest first, then the driver's own fixed order within a millisecond).
 */
export interface SessionsCursor {
  /** The creation time (ms) of the last session shown. */
  ms: number;
  /** How many sessions created at `ms` were shown. */
  shown: number;
}

/** A cursor as `?cursor=` carries it: `<ms>.<shown>`, both in base 36. */
export const encodeSessionsCursor = (c: SessionsCursor): string =>
  `${c.ms.toString(36)}.${c.shown.toString(36)}`;

/**
 * The cursor `?cursor=` names, undefined when absent or empty; a 400 (`INVALID_ARGUMENT` naming `cursor`) for one
 * this API did not make: two base-36 integers joined by a dot, a time from 0 to 8.64e15 ms and a count of at least 1.
 */
export function decodeSessionsCursor(raw: string | undefined): SessionsCursor | undefined {
  if (raw === undefined || raw === '') return undefined;
  const m = /^([0-9a-z]{1,11})\.([0-9a-z]{1,11})$/.exec(raw);
  const ms = m ? Number.parseInt(m[1] as string, 36) : Number.NaN;
  const shown = m ? Number.parseInt(m[2] as string, 36) : Number.NaN;
  if (!(ms >= 0 && ms <= 8.64e15 && Number.isSafeInteger(shown) && shown >= 1))
    throw badRequest(`cursor: not a cursor this API gave (${JSON.stringify(raw.slice(0, 40))})`);
  return { ms, shown };
}

/** A page of sessions and, when more follow, the cursor of the next. */
export interface SessionsPage {
  /** At most the limit asked, newest first. */
  sessions: SessionRecord[];
  /** The next page's cursor, when there is one. */
  next?: SessionsCursor;
}

/**
 * The scope's sessions newest first, `limit` of them, after `cursor`: every session exactly once across pages (a
 * millisecond shared by sessions split across two pages continues where the first stopped), read through
 * {@link listAllSessions} from the cursor's millisecond on.
 */
export async function sessionsPage(
  lister: SessionLister,
  scope: Scope,
  limit: number,
  cursor?: SessionsCursor,
): Promise<SessionsPage> {
  const sessions: SessionRecord[] = [];
  let skip = cursor?.shown ?? 0;
  const start = cursor ? new Date(cursor.ms + 1) : undefined;
  let more = false;
  for await (const s of listAllSessions(lister, scope, Math.min(limit + 1, 1000), start)) {
    if (cursor && skip > 0 && s.createdAt.getTime() === cursor.ms) {
      skip--;
      continue;
    }
    if (sessions.length === limit) {
      more = true;
      break;
    }
    sessions.push(s);
  }
  const last = sessions.at(-1);
  if (!more || !last) return { sessions };
  const ms = last.createdAt.getTime();
  const here = sessions.filter((s) => s.createdAt.getTime() === ms).length;
  return { sessions, next: { ms, shown: here + (cursor?.ms === ms ? cursor.shown : 0) } };
}
