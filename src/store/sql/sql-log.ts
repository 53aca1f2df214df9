import { DuplicateMessageIdError } from '../../core/errors/duplicate-message-id-error.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import type { LogEntry } from '../../core/message.ts';
import type { Scope } from '../../core/scope.ts';
import type { AppendInput, LogStats, RangeQuery } from '../memory-store.ts';
import { deserializeMessage, freezeMessage, messageText, serializeMessage } from '../serialize.ts';
import type { SqlClient } from './sql-client.ts';
import { queryAll, queryGet, queryRun } from './sql-exec.ts';
import { joinSql, raw, type SqlFragment, sql } from './sql-fragment.ts';
import { toEntry } from './sql-rows.ts';
import { chunks, loadSession, segmentWhere, type ViewSegment, viewSegments } from './sql-view.ts';

/** What the log operations need from the store. */
export interface LogContext {
  /** The error prefix component. */
  component: string;
  /** Largest serialized message accepted, in bytes. */
  maxMessageBytes: number;
}

const invalid = (component: string, message: string) =>
  new MemoryError({ code: 'INVALID_ARGUMENT', component, message });

/** Checks an optional non-negative integer argument. */
export function checkCount(value: unknown, name: string, component: string): void {
  if (value !== undefined && (!Number.isSafeInteger(value) || (value as number) < 0)) {
    throw invalid(component, `${name} must be a non-negative integer, got ${String(value)}`);
  }
}

/** Validates and serializes append inputs before any write: PAYLOAD_TOO_LARGE leaves nothing stored. */
export function prepareInputs(
  ctx: LogContext,
  inputs: readonly AppendInput[],
): { input: AppendInput; json: string }[] {
  if (!Array.isArray(inputs)) throw invalid(ctx.component, 'append inputs must be an array');
  return inputs.map((input, i) => {
    if (typeof input?.message?.id !== 'string')
      throw invalid(ctx.component, `inputs[${i}].message.id must be a string`);
    checkCount(input.tokens, `inputs[${i}].tokens`, ctx.component);
    if (input.tokens === undefined) throw invalid(ctx.component, `inputs[${i}].tokens is required`);
    const json = serializeMessage(input.message);
    const bytes = Buffer.byteLength(json);
    if (bytes > ctx.maxMessageBytes) {
      throw new MemoryError({
        code: 'PAYLOAD_TOO_LARGE',
        component: ctx.component,
        message: `message "${input.message.id}" is ${bytes} bytes; the limit is ${ctx.maxMessageBytes}`,
      });
    }
    return { input, json };
  });
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

/** Appends in one transaction: idempotent by id, seq assigned from the session row's `last_seq` counter. */
export async function appendEntries(
  tx: SqlClient,
  ctx: LogContext,
  scope: Scope,
  sessionId: string,
  prepared: readonly { input: AppendInput; json: string }[],
): Promise<LogEntry[]> {
  const session = await loadSession(tx, scope, sessionId, ctx.component, true);
  const segments = session.parentId === null ? [] : await viewSegments(tx, session);
  const own = segments.at(-1) ?? { source: session.id, maxSeq: Number.POSITIVE_INFINITY, hiders: [] };
  const existing = await visibleById(tx, session.tenant, segments.length > 0 ? segments : [own], [
    ...new Set(prepared.map((p) => p.input.message.id)),
  ]);
  const planned: { json: string; input: AppendInput; index: number }[] = [];
  const result: (LogEntry | number)[] = [];
  const pending = new Map<string, { json: string; slot: number }>();
  for (const p of prepared) {
    const id = p.input.message.id;
    const prior = pending.get(id) ?? existing.get(id);
    if (prior) {
      const body = 'body' in prior ? prior.body : prior.json;
      if (body !== p.json) throw new DuplicateMessageIdError({ messageId: id, component: ctx.component });
      result.push('entry' in prior ? prior.entry : prior.slot);
      continue;
    }
    pending.set(id, { json: p.json, slot: planned.length });
    result.push(planned.length);
    planned.push({ json: p.json, input: p.input, index: planned.length });
  }
  if (planned.length === 0) return result as LogEntry[];
  const now = Date.now();
  const tokens = planned.reduce((sum, p) => sum + p.input.tokens, 0);
  const counter = await queryGet(
    tx,
    sql`UPDATE engram_sessions SET last_seq = last_seq + ${planned.length}, live_count = live_count + ${planned.length}, live_tokens = live_tokens + ${tokens}, updated_at = ${now} WHERE tenant = ${session.tenant} AND id = ${session.id} RETURNING last_seq`,
  );
  const base = Number(counter?.last_seq) - planned.length;
  const entries = planned.map((p, i): LogEntry => {
    const message = deserializeMessage(p.json);
    return freezeMessage({ seq: base + i + 1, message, tokens: p.input.tokens });
  });
  for (const [i, p] of planned.entries()) {
    const entry = entries[i]!;
    const created = entry.message.createdAt instanceof Date ? entry.message.createdAt.getTime() : Number.NaN;
    await queryRun(
      tx,
      sql`INSERT INTO engram_messages (tenant, session_id, seq, message_id, role, created_at, tokens, deleted, body, text) VALUES (${session.tenant}, ${session.id}, ${entry.seq}, ${entry.message.id}, ${entry.message.role}, ${Number.isFinite(created) ? created : now}, ${entry.tokens}, ${raw(tx.dialect.false)}, ${p.json}, ${tx.dialect.indexText?.(messageText(entry.message)) ?? messageText(entry.message)})`,
    );
  }
  return result.map((r) => (typeof r === 'number' ? entries[r]! : r));
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
    filter = sql`${filter} AND m.role IN (${joinSql([...query.roles])})`;
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

/** Live count and tokens of the inherited segments (the own rows come from the session row's counters). */
export async function inheritedStats(
  client: SqlClient,
  tenant: string,
  segments: readonly ViewSegment[],
): Promise<Omit<LogStats, 'lastSeq'>> {
  let count = 0;
  let tokens = 0;
  for (const segment of segments.slice(0, -1)) {
    const row = await queryGet(
      client,
      sql`SELECT count(*) AS n, coalesce(sum(m.tokens), 0) AS t FROM engram_messages m WHERE ${segmentWhere(client, tenant, segment)}`,
    );
    count += Number(row?.n ?? 0);
    tokens += Number(row?.t ?? 0);
  }
  return { count, tokens };
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
  const parts = ids === undefined ? [undefined] : chunks([...new Set(ids)]);
  const segments = session.parentId === null ? [] : (await viewSegments(tx, session)).slice(0, -1);
  for (const part of parts) {
    if (part?.length === 0) continue;
    const which = part ? sql` AND message_id IN (${joinSql(part)})` : raw('');
    const rows = await queryAll(
      tx,
      sql`UPDATE engram_messages SET deleted = ${raw(d.true)} WHERE tenant = ${t} AND session_id = ${session.id} AND deleted = ${raw(d.false)}${which} RETURNING tokens`,
    );
    count += rows.length;
    for (const row of rows) tokens += Number(row.tokens);
    const inherited = part ? sql` AND m.message_id IN (${joinSql(part)})` : raw('');
    for (const segment of segments) {
      const r = await queryRun(
        tx,
        sql`INSERT INTO engram_fork_hidden (tenant, session_id, message_id) SELECT DISTINCT m.tenant, ${session.id}, m.message_id FROM engram_messages m WHERE ${segmentWhere(tx, t, segment)}${inherited} ON CONFLICT (tenant, session_id, message_id) DO NOTHING`,
      );
      hidden += r.changes;
    }
  }
  if (count + hidden > 0) {
    await queryRun(
      tx,
      sql`UPDATE engram_sessions SET live_count = live_count - ${count}, live_tokens = live_tokens - ${tokens}, updated_at = ${Date.now()} WHERE tenant = ${t} AND id = ${session.id}`,
    );
  }
  return count + hidden;
}
