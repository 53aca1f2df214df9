import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { checkScope, type Scope } from '../core/scope.ts';
import { checkListOptions } from './check-inputs.ts';
import type { SessionRecord } from './memory-store.ts';
import type { SessionLister } from './session-lister.ts';

/** Where a page of sessions goes on: the last session of the previous page (a `SessionRecord` will do). */
export type SessionPageCursor = Pick<SessionRecord, 'id' | 'scope' | 'createdAt'>;

/** Options of {@link listSessionPage}. */
export interface SessionPageOptions {
  /** At most this many. @default all of them */
  limit?: number;
  /** Only sessions created before it (exclusive: its whole millisecond is left out). @default no bound */
  before?: Date;
  /** Only sessions listed after this one (the last of the previous page); not with `before`. @default the newest */
  startAfter?: SessionPageCursor;
}

const owner = (r: SessionPageCursor) => [r.id, r.scope.user ?? '', r.scope.agent ?? ''] as const;

/**
 * The listing's order: newest first, then, within a millisecond, by id, user and agent (descending, by UTF-16 code
 * units), which tells every session a tenant-wide scope lists apart. Negative when `a` is listed first.
 */
export function compareSessions(a: SessionPageCursor, b: SessionPageCursor): number {
  const byTime = b.createdAt.getTime() - a.createdAt.getTime();
  if (byTime !== 0) return byTime;
  const [x, y] = [owner(a), owner(b)];
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return (x[i] as string) < (y[i] as string) ? 1 : -1;
  return 0;
}

/** `n`, or the largest count a store takes (`limit` is a safe integer) when `n` is larger. */
const capped = (n: number) => Math.min(n, Number.MAX_SAFE_INTEGER);

/** Every session created in the millisecond `ms`, read `first * 2^k` at a time until the millisecond is whole. */
export async function listMillisecond(
  lister: SessionLister,
  scope: Scope,
  ms: number,
  first: number,
): Promise<SessionRecord[]> {
  for (let limit = Math.max(2, first); ; limit = capped(limit * 2)) {
    const bucket = await lister.listSessions(scope, { limit, before: new Date(ms + 1) });
    const same = bucket.filter((r) => r.createdAt.getTime() === ms);
    if (same.length < bucket.length || bucket.length < limit) return same;
  }
}

const invalid = (message: string) =>
  new MemoryError({ code: 'INVALID_ARGUMENT', component: 'session', message: `sessions.list: ${message}` });

function checkCursor(cursor: unknown): asserts cursor is SessionPageCursor {
  if (typeof cursor !== 'object' || cursor === null || Array.isArray(cursor))
    throw invalid(
      `startAfter must be a session (the last of the previous page), got ${describeValue(cursor)}`,
    );
  const { id, scope, createdAt } = cursor as Partial<SessionPageCursor>;
  if (typeof id !== 'string') throw invalid(`startAfter.id must be a string, got ${describeValue(id)}`);
  if (!(createdAt instanceof Date && Number.isFinite(createdAt.getTime())))
    throw invalid(`startAfter.createdAt must be a valid Date, got ${describeValue(createdAt)}`);
  checkScope(scope as Scope, 'session');
}

/**
 * One page of `listSessions(scope)` in {@link compareSessions} order, whatever order the store gives sessions that
 * share a millisecond: a page that ends inside a millisecond reads that millisecond whole and keeps its first
 * sessions in that order, so the next page, `startAfter` the last session of this one, goes on exactly where it
 * stopped: no session is skipped or listed twice, however many share a millisecond. (`before: last.createdAt`
 * would skip the others of its millisecond: `before` is exclusive.) `startAfter` and `before` together, or a bad
 * cursor, a `limit` that is not a count or a `before` that is not a valid Date, are `INVALID_ARGUMENT`.
 * @example
 * let page = await listSessionPage(store, scope, { limit: 50 });
 * while (page.length === 50) page = await listSessionPage(store, scope, { limit: 50, startAfter: page.at(-1) });
 */
export async function listSessionPage(
  lister: SessionLister,
  scope: Scope,
  options: SessionPageOptions = {},
): Promise<SessionRecord[]> {
  const { limit, before, startAfter } = options;
  checkListOptions({ limit, before }, 'session');
  if (startAfter === undefined)
    return readPage(lister, scope, limit, before === undefined ? {} : { before }, []);
  if (before !== undefined) throw invalid('give before or startAfter, not both');
  checkCursor(startAfter);
  const ms = startAfter.createdAt.getTime();
  const follows = (r: SessionRecord) => compareSessions(startAfter, r) < 0;
  if (limit === undefined) {
    const rest = await lister.listSessions(scope, { before: new Date(ms + 1) });
    return rest.filter(follows).sort(compareSessions);
  }
  // The rest of the cursor's millisecond first.
  const here = (await listMillisecond(lister, scope, ms, capped(limit + 1)))
    .filter(follows)
    .sort(compareSessions);
  if (here.length >= limit) return here.slice(0, limit);
  return readPage(lister, scope, limit, { before: startAfter.createdAt }, here);
}

/**
 * `head` followed by the sessions before `bound`, up to `limit` in all. One read of one session more than wanted
 * shows whether the page ends inside a millisecond; only then is that millisecond read whole.
 */
async function readPage(
  lister: SessionLister,
  scope: Scope,
  limit: number | undefined,
  bound: { before?: Date },
  head: SessionRecord[],
): Promise<SessionRecord[]> {
  const want = limit === undefined ? undefined : limit - head.length;
  const page = await lister.listSessions(
    scope,
    want === undefined ? bound : { ...bound, limit: capped(want + 1) },
  );
  if (want === undefined || page.length <= want) return [...head, ...page.sort(compareSessions)];
  const kept = page.slice(0, want);
  const ms = kept.at(-1)?.createdAt.getTime();
  if (ms === undefined || ms !== (page[want] as SessionRecord).createdAt.getTime())
    return [...head, ...kept.sort(compareSessions)];
  const newer = kept.filter((r) => r.createdAt.getTime() > ms).sort(compareSessions);
  const tied = (await listMillisecond(lister, scope, ms, capped(2 * (want + 1)))).sort(compareSessions);
  return [...head, ...newer, ...tied].slice(0, limit);
}
