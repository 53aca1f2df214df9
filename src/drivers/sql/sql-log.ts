import { DuplicateMessageIdError } from '../../core/errors/duplicate-message-id-error.ts';
import type { LogEntry } from '../../core/message.ts';
import type { Scope } from '../../core/scope.ts';
import { checkTokenTotal, type PreparedInput } from '../../store/check-inputs.ts';
import type { AppendInput, AppendOptions, LogStats, RangeQuery } from '../../store/memory-store.ts';
import { planReplace } from '../../store/replace-plan.ts';
import { sessionNotFound } from '../../store/store-helpers.ts';
import { storedCopy } from '../../store/stored-copy.ts';
import { appendToRoot, distinctInputs, type PreparedAppend, rowColumns } from './sql-append.ts';
import type { SqlClient } from './sql-client.ts';
import { queryAll, queryGet, queryRun } from './sql-exec.ts';
import { joinSql, raw, type SqlFragment, sql } from './sql-fragment.ts';
import { type SessionRow, toEntry, toSessionRow } from './sql-rows.ts';
import { detachForks } from './sql-sessions.ts';
import {
  chunks,
  inheritedStats,
  loadSession,
  ownerWhere,
  segmentWhere,
  type ViewSegment,
  viewSegments,
} from './sql-view.ts';

/** What the log operations need from the store. */
export interface LogContext {
  /** The error prefix component. */
  component: string;
  /** Largest serialized message accepted, in bytes. */
  maxMessageBytes: number;
}

/** Live visible entries (with their stored body) among `ids`, by message id. */
async function visibleById(
  tx: SqlClient,
  tenant: string,
  segments: readonly ViewSegment[],
  ids: readonly string[],
): Promise<Map<string, { entry: LogEntry; body: string }>> {
  const found = new Map<string, { entry: LogEntry; body: string }>();
  for (const part of chunks(ids)) {
    for (const segment of segments) {
      const rows = await queryAll(
        tx,
        sql`SELECT m.seq, m.body, m.tokens FROM engram_messages m WHERE ${segmentWhere(tx, tenant, segment)} AND m.message_id IN (${joinSql(part)})`,
      );
      for (const row of rows) {
        const entry = toEntry(row);
        found.set(entry.message.id, { entry, body: String(row.body) });
      }
    }
  }
  return found;
}

/**
 * Appends in one transaction: idempotent by id, seq assigned from the session row's `last_seq` counter. With
 * `condition` (a conditional append, `AppendOptions`) it throws `CONFLICT` unless that counter is `ifLastSeq` and
 * the row's `log_id` is `ifLogId` (each when set; a missing session with `ifLogId` too), read with the session row
 * locked (the fast path's UPDATE, or `SELECT … FOR UPDATE` on PostgreSQL; SQLite's write transaction holds the
 * database), so no other append, delete or re-creation of the session commits between the check and the write.
 */
export async function appendEntries(
  tx: SqlClient,
  ctx: LogContext,
  scope: Scope,
  sessionId: string,
  prepared: readonly { input: AppendInput; json: string }[],
  condition?: AppendOptions,
): Promise<LogEntry[]> {
  const fast = await appendDistinct(tx, ctx, scope, sessionId, prepared, condition);
  if (fast) return fast;
  const session = await loadSession(tx, scope, sessionId, ctx.component, true, condition);
  const segments = session.parentId === null ? [] : await viewSegments(tx, session);
  const own = segments.at(-1) ?? { source: session.logId, maxSeq: Number.POSITIVE_INFINITY, hiders: [] };
  const existing = await visibleById(tx, session.tenant, segments.length > 0 ? segments : [own], [
    ...new Set(prepared.map((p) => p.input.message.id)),
  ]);
  const planned: { json: string; input: AppendInput; index: number }[] = [];
  const result: (LogEntry | number)[] = [];
  // An id met before in this call (its slot in `planned`), or already in the log (its entry).
  const pending = new Map<string, { body: string; result: LogEntry | number }>();
  for (const p of prepared) {
    const id = p.input.message.id;
    const stored = existing.get(id);
    const prior = pending.get(id) ?? (stored && { body: stored.body, result: stored.entry });
    if (prior) {
      if (prior.body !== p.json)
        throw new DuplicateMessageIdError({ messageId: id, component: ctx.component });
      result.push(prior.result);
      continue;
    }
    pending.set(id, { body: p.json, result: planned.length });
    result.push(planned.length);
    planned.push({ json: p.json, input: p.input, index: planned.length });
  }
  if (planned.length === 0) return result as LogEntry[];
  const now = Date.now();
  const tokens = planned.reduce((sum, p) => sum + p.input.tokens, 0);
  const held = session.liveTokens + (await inheritedStats(tx, session)).tokens;
  checkTokenTotal(held, tokens, session.id, ctx.component);
  const counter = await queryGet(
    tx,
    sql`UPDATE engram_sessions SET last_seq = last_seq + ${planned.length}, live_count = live_count + ${planned.length}, live_tokens = live_tokens + ${tokens}, updated_at = ${now} WHERE tenant = ${session.tenant} AND log_id = ${session.logId} RETURNING last_seq`,
  );
  const base = Number(counter?.last_seq) - planned.length;
  const entries = planned.map(
    (p, i): LogEntry =>
      Object.freeze({
        seq: base + i + 1,
        message: storedCopy(p.input.message, p.json),
        tokens: p.input.tokens,
      }),
  );
  for (const [i, p] of planned.entries()) {
    const entry = entries[i]!;
    const { created, text } = rowColumns(tx.dialect, p, now);
    await queryRun(
      tx,
      sql`INSERT INTO engram_messages (tenant, session_id, seq, message_id, role, created_at, tokens, deleted, body, text) VALUES (${session.tenant}, ${session.logId}, ${entry.seq}, ${entry.message.id}, ${entry.message.role}, ${created}, ${entry.tokens}, ${raw(tx.dialect.false)}, ${p.json}, ${text})`,
    );
  }
  return result.map((r) => (typeof r === 'number' ? entries[r]! : r));
}

/**
 * The fast path of {@link appendEntries} for a root session: drops repeats of an id within the batch (the
 * same message twice is one entry), then appends the distinct inputs with {@link appendToRoot}. Undefined,
 * having changed nothing, when the session is a fork or not in scope, or the batch holds two different
 * messages under one id (the general path then reports the right error).
 */
async function appendDistinct(
  tx: SqlClient,
  ctx: LogContext,
  scope: Scope,
  sessionId: string,
  prepared: readonly PreparedAppend[],
  condition: AppendOptions | undefined,
): Promise<LogEntry[] | undefined> {
  if (prepared.length === 0) return undefined;
  const batch = distinctInputs(prepared);
  if (!batch) return undefined;
  const entries = await appendToRoot(tx, ctx.component, scope, sessionId, batch.distinct, condition);
  return entries && batch.order.map((slot) => entries[slot]!);
}

/** A page of a session's visible log, oldest first, reading only the rows it returns. */
export async function readEntries(
  client: SqlClient,
  tenant: string,
  segments: readonly ViewSegment[],
  query: RangeQuery,
): Promise<LogEntry[]> {
  const backward = query.direction === 'backward';
  let remaining = query.limit ?? Number.POSITIVE_INFINITY;
  let filter: SqlFragment = raw('');
  if (query.fromSeq !== undefined) filter = sql`${filter} AND m.seq >= ${query.fromSeq}`;
  if (query.toSeq !== undefined) filter = sql`${filter} AND m.seq <= ${query.toSeq}`;
  if (query.roles) {
    if (query.roles.length === 0) return [];
    filter = sql`${filter} AND m.role IN (${joinSql([...new Set(query.roles)])})`;
  }
  const order = raw(backward ? ' ORDER BY m.seq DESC' : ' ORDER BY m.seq');
  const out: LogEntry[] = [];
  const ordered = backward ? [...segments].reverse() : segments;
  for (const segment of ordered) {
    if (remaining <= 0) break;
    const limit = Number.isFinite(remaining) ? sql` LIMIT ${remaining}` : raw('');
    const rows = await queryAll(
      client,
      sql`SELECT m.seq, m.body, m.tokens FROM engram_messages m WHERE ${segmentWhere(client, tenant, segment)}${filter}${order}${limit}`,
    );
    for (const row of rows) out.push(toEntry(row));
    remaining -= rows.length;
  }
  return backward ? out.reverse() : out;
}

/** Live visible entries with these ids, in log order. */
export async function entriesById(
  client: SqlClient,
  tenant: string,
  segments: readonly ViewSegment[],
  ids: readonly string[],
): Promise<LogEntry[]> {
  const found = await visibleById(client, tenant, segments, [...new Set(ids)]);
  return [...found.values()].map((f) => f.entry).sort((a, b) => a.seq - b.seq);
}

/** A session's stats: its own live counters plus what it inherits (stored on a fork's row since schema v3). */
export async function sessionStats(
  client: SqlClient,
  scope: Scope,
  sessionId: string,
  component: string,
): Promise<LogStats> {
  const row = await queryGet(
    client,
    sql`SELECT * FROM engram_sessions WHERE ${ownerWhere(scope)} AND id = ${sessionId}`,
  );
  if (!row) throw sessionNotFound(sessionId, component);
  const session = toSessionRow(row);
  const inherited = await inheritedStats(client, session, row);
  return {
    count: session.liveCount + inherited.count,
    tokens: session.liveTokens + inherited.tokens,
    lastSeq: session.lastSeq,
    logId: session.logId,
  };
}

/** The lowest seq among the live rows a tombstone call would remove from what `session` sees, if any. */
async function firstAffectedSeq(
  tx: SqlClient,
  session: SessionRow,
  segments: readonly ViewSegment[],
  parts: readonly (readonly string[] | undefined)[],
): Promise<number | undefined> {
  let first: number | undefined;
  for (const part of parts) {
    if (part?.length === 0) continue;
    const which = part ? sql` AND m.message_id IN (${joinSql(part)})` : raw('');
    for (const segment of segments) {
      const row = await queryGet(
        tx,
        sql`SELECT min(m.seq) AS s FROM engram_messages m WHERE ${segmentWhere(tx, session.tenant, segment)}${which}`,
      );
      if (row?.s !== null && row?.s !== undefined)
        first = Math.min(first ?? Number.POSITIVE_INFINITY, Number(row.s));
    }
  }
  return first;
}

/** Tombstones own rows and hides inherited ones; `ids` undefined means every live message. Returns how many. */
export async function tombstone(
  tx: SqlClient,
  ctx: LogContext,
  scope: Scope,
  sessionId: string,
  ids: readonly string[] | undefined,
): Promise<number> {
  const session = await loadSession(tx, scope, sessionId, ctx.component, true);
  const d = tx.dialect;
  const t = session.tenant;
  let count = 0;
  let tokens = 0;
  let hidden = 0;
  let hiddenTokens = 0;
  const parts = ids === undefined ? [undefined] : chunks([...new Set(ids)]);
  const all = await viewSegments(tx, session);
  // Copy-on-delete: forks sharing a row about to go get their own copy of what they inherit first.
  const hasForks = await queryGet(
    tx,
    sql`SELECT 1 AS x FROM engram_sessions WHERE tenant = ${t} AND parent_log = ${session.logId} LIMIT 1`,
  );
  if (hasForks) {
    const first = await firstAffectedSeq(tx, session, all, parts);
    if (first !== undefined) await detachForks(tx, session, first);
  }
  const segments = all.slice(0, -1);
  for (const part of parts) {
    if (part?.length === 0) continue;
    const which = part ? sql` AND message_id IN (${joinSql(part)})` : raw('');
    const rows = await queryAll(
      tx,
      sql`UPDATE engram_messages SET deleted = ${raw(d.true)} WHERE tenant = ${t} AND session_id = ${session.logId} AND deleted = ${raw(d.false)}${which} RETURNING tokens`,
    );
    count += rows.length;
    for (const row of rows) tokens += Number(row.tokens);
    const inherited = part ? sql` AND m.message_id IN (${joinSql(part)})` : raw('');
    for (const segment of segments) {
      const where = sql`${segmentWhere(tx, t, segment)}${inherited}`;
      const sum = await queryGet(
        tx,
        sql`SELECT count(*) AS n, coalesce(sum(m.tokens), 0) AS t FROM engram_messages m WHERE ${where}`,
      );
      if (Number(sum?.n ?? 0) === 0) continue;
      const r = await queryRun(
        tx,
        sql`INSERT INTO engram_fork_hidden (tenant, session_id, message_id) SELECT DISTINCT m.tenant, ${session.logId}, m.message_id FROM engram_messages m WHERE ${where} ON CONFLICT (tenant, session_id, message_id) DO NOTHING`,
      );
      hidden += r.changes;
      hiddenTokens += Number(sum?.t ?? 0);
    }
  }
  if (count + hidden > 0) {
    await queryRun(
      tx,
      sql`UPDATE engram_sessions SET live_count = live_count - ${count}, live_tokens = live_tokens - ${tokens}, inherited_count = inherited_count - ${hidden}, inherited_tokens = inherited_tokens - ${hiddenTokens}, updated_at = ${Date.now()} WHERE tenant = ${t} AND log_id = ${session.logId}`,
    );
  }
  return count + hidden;
}

/**
 * Replaces a session's live log with `prepared` inside the caller's transaction (see `replaceMessages`): reads
 * the live log with the session row locked, keeps the equal prefix, tombstones the rest, appends the remaining
 * inputs. Writes nothing when the log already equals the inputs.
 */
export async function replaceEntries(
  tx: SqlClient,
  ctx: LogContext,
  scope: Scope,
  sessionId: string,
  prepared: readonly PreparedInput[],
): Promise<LogEntry[]> {
  const session = await loadSession(tx, scope, sessionId, ctx.component, true);
  const live = await readEntries(tx, session.tenant, await viewSegments(tx, session), {});
  const plan = planReplace(live, prepared, sessionId, ctx.component);
  if (plan.remove.length > 0) await tombstone(tx, ctx, scope, sessionId, plan.remove);
  const added = plan.rest.length > 0 ? await appendEntries(tx, ctx, scope, sessionId, plan.rest) : [];
  return [...plan.kept, ...added];
}
