import type { Scope } from '../../core/scope.ts';
import { checkAppendCondition } from '../../store/check-inputs.ts';
import type { AppendOptions, LogStats } from '../../store/memory-store.ts';
import { sessionNotFound } from '../../store/store-helpers.ts';
import type { SqlClient, SqlRow } from './sql-client.ts';
import { queryGet } from './sql-exec.ts';
import { joinSql, raw, type SqlFragment, sql } from './sql-fragment.ts';
import { type SessionRow, toSessionRow } from './sql-rows.ts';

/**
 * One stretch of the log a session sees: rows of `source` up to `maxSeq`, minus ids hidden by any of
 * `hiders` (the forks between the viewer and `source`). A session's segments have disjoint, increasing seq
 * ranges, so its visible log is their concatenation.
 */
export interface ViewSegment {
  /** The `log_id` of the session whose rows these are. */
  source: string;
  /** Last seq included (Infinity for the viewer's own rows). */
  maxSeq: number;
  /** The `log_id`s of sessions whose `engram_fork_hidden` ids are excluded. */
  hiders: readonly string[];
}

/**
 * The WHERE condition of the rows a scope contains (tenant, and user / agent when given): the sessions
 * `listSessions` returns, and the long-term records of a scope.
 */
export function scopeWhere(scope: Scope, alias = ''): SqlFragment {
  const a = alias ? `${alias}.` : '';
  let where = sql`${raw(`${a}tenant = `)}${scope.tenant}`;
  if (scope.user !== undefined) where = sql`${where}${raw(` AND ${a}user_id = `)}${scope.user}`;
  if (scope.agent !== undefined) where = sql`${where}${raw(` AND ${a}agent_id = `)}${scope.agent}`;
  return where;
}

/** The WHERE condition of the session rows owned by exactly `scope` (`''` for no user / no agent). */
export function ownerWhere(scope: Scope, alias = ''): SqlFragment {
  const a = alias ? `${alias}.` : '';
  return sql`${raw(`${a}tenant = `)}${scope.tenant}${raw(` AND ${a}user_id = `)}${scope.user ?? ''}${raw(` AND ${a}agent_id = `)}${scope.agent ?? ''}`;
}

/**
 * Loads the session owned by exactly `scope` (optionally locking its row until commit), or throws
 * SESSION_NOT_FOUND. For an append, with `condition` (`AppendOptions`, checked by `checkAppendOptions`) its
 * condition is checked on the row read (`checkAppendCondition`: `CONFLICT`, also for a missing session with
 * `ifLogId`).
 */
export async function loadSession(
  client: SqlClient,
  scope: Scope,
  id: string,
  component: string,
  lock = false,
  condition?: AppendOptions,
): Promise<SessionRow> {
  const row = await queryGet(
    client,
    sql`SELECT * FROM engram_sessions WHERE ${ownerWhere(scope)} AND id = ${id}${raw(lock ? client.dialect.forUpdate : '')}`,
  );
  const session = row && toSessionRow(row);
  checkAppendCondition(session, condition, id, component);
  if (!session) throw sessionNotFound(id, component);
  return session;
}

/** The segments a session sees, oldest first: its ancestors' shared prefixes, then its own rows. */
export async function viewSegments(client: SqlClient, session: SessionRow): Promise<ViewSegment[]> {
  const segments: ViewSegment[] = [{ source: session.logId, maxSeq: Number.POSITIVE_INFINITY, hiders: [] }];
  let current = session;
  let maxSeq = Number.POSITIVE_INFINITY;
  const hiders: string[] = [];
  for (let depth = 0; current.parentId !== null && depth < 10_000; depth++) {
    maxSeq = Math.min(maxSeq, current.forkedAtSeq ?? 0);
    hiders.push(current.logId);
    const parent = await queryGet(
      client,
      sql`SELECT * FROM engram_sessions WHERE tenant = ${session.tenant} AND log_id = ${current.parentLog}`,
    );
    if (!parent) break;
    current = toSessionRow(parent);
    segments.unshift({ source: current.logId, maxSeq, hiders: [...hiders] });
  }
  return segments;
}

/** The live rows (alias `m`) of one segment of a tenant's log. */
export function segmentWhere(client: SqlClient, tenant: string, segment: ViewSegment): SqlFragment {
  const d = client.dialect;
  let where = sql`m.tenant = ${tenant} AND m.session_id = ${segment.source} AND m.deleted = ${raw(d.false)}`;
  if (Number.isFinite(segment.maxSeq)) where = sql`${where} AND m.seq <= ${segment.maxSeq}`;
  if (segment.hiders.length > 0) {
    where = sql`${where} AND NOT EXISTS (SELECT 1 FROM engram_fork_hidden h WHERE h.tenant = ${tenant} AND h.session_id IN (${joinSql(segment.hiders)}) AND h.message_id = m.message_id)`;
  }
  return where;
}

/** Live count and tokens of some segments, counted row by row (cost proportional to their length). */
export async function segmentStats(
  client: SqlClient,
  tenant: string,
  segments: readonly ViewSegment[],
): Promise<Pick<LogStats, 'count' | 'tokens'>> {
  let count = 0;
  let tokens = 0;
  for (const segment of segments) {
    const row = await queryGet(
      client,
      sql`SELECT count(*) AS n, coalesce(sum(m.tokens), 0) AS t FROM engram_messages m WHERE ${segmentWhere(client, tenant, segment)}`,
    );
    count += Number(row?.n ?? 0);
    tokens += Number(row?.t ?? 0);
  }
  return { count, tokens };
}

/**
 * Live count and tokens a fork inherits (0 for a root). Forks keep them on their session row
 * (`inherited_count`, `inherited_tokens`, schema v3): the inherited prefix never changes once forked
 * (copy-on-delete), except by the fork's own hides, which adjust them. Forks made before v3 have NULL and
 * are counted. `row` is the session's `SELECT *` row when the caller has it.
 */
export async function inheritedStats(
  client: SqlClient,
  session: SessionRow,
  row?: SqlRow,
): Promise<Pick<LogStats, 'count' | 'tokens'>> {
  if (session.parentId === null) return { count: 0, tokens: 0 };
  const stored =
    row ??
    (await queryGet(
      client,
      sql`SELECT inherited_count, inherited_tokens FROM engram_sessions WHERE tenant = ${session.tenant} AND log_id = ${session.logId}`,
    ));
  if (stored?.inherited_count !== null && stored?.inherited_count !== undefined) {
    return { count: Number(stored.inherited_count), tokens: Number(stored.inherited_tokens ?? 0) };
  }
  return segmentStats(client, session.tenant, (await viewSegments(client, session)).slice(0, -1));
}

/** What a new fork of `parent` at `atSeq` inherits: the parent's totals when forked at its end, else counted. */
export async function forkInheritance(
  client: SqlClient,
  parent: SessionRow,
  atSeq: number,
): Promise<Pick<LogStats, 'count' | 'tokens'>> {
  if (atSeq >= parent.lastSeq) {
    const up = await inheritedStats(client, parent);
    return { count: parent.liveCount + up.count, tokens: parent.liveTokens + up.tokens };
  }
  const segments = (await viewSegments(client, parent)).map((s) => ({
    ...s,
    maxSeq: Math.min(s.maxSeq, atSeq),
  }));
  return segmentStats(client, parent.tenant, segments);
}

/** Splits a list into chunks small enough for one `IN (…)` list. */
export function chunks<T>(items: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
