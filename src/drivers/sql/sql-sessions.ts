import type { JSONValue } from 'ai';
import { describeValue } from '../../core/errors/describe-value.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { createId } from '../../core/ids.ts';
import type { Scope } from '../../core/scope.ts';
import { checkDeleteCondition, checkListOptions } from '../../store/check-inputs.ts';
import { checkSessionMetadata } from '../../store/check-values.ts';
import type { CreateSessionInput, DeleteSessionOptions, SessionRecord } from '../../store/memory-store.ts';
import { checkSessionId } from '../../store/store-helpers.ts';
import type { SqlClient } from './sql-client.ts';
import { queryAll, queryGet, queryRun } from './sql-exec.ts';
import { raw, sql } from './sql-fragment.ts';
import { purgeSessionBoundRows } from './sql-longterm-write.ts';
import { type SessionRow, toSessionRecord, toSessionRow } from './sql-rows.ts';
import {
  forkInheritance,
  loadSession,
  ownerWhere,
  scopeWhere,
  segmentWhere,
  viewSegments,
} from './sql-view.ts';

const invalid = (component: string, message: string) =>
  new MemoryError({ code: 'INVALID_ARGUMENT', component, message });

/** Throws `InvalidValueError` unless `metadata` is a plain JSON object (`checkSessionMetadata`); returns its JSON text. */
export function metadataJson(metadata: unknown, component: string): string {
  checkSessionMetadata(metadata, component);
  return JSON.stringify(metadata);
}

/**
 * Creates a session (or a fork) owned by exactly `scope`, in one transaction; `INVALID_ARGUMENT` when the
 * owner already has the id. Its `log_id` is generated (a clash with another log id of the tenant, which only
 * a pre-v6 session id could cause, draws a new one).
 */
export async function createSessionRow(
  tx: SqlClient,
  component: string,
  scope: Scope,
  input: CreateSessionInput,
): Promise<SessionRecord> {
  const id = input.id ?? createId('ses');
  checkSessionId(id, component);
  const metadata = metadataJson(input.metadata ?? {}, component);
  const taken = async () =>
    (await queryGet(tx, sql`SELECT id FROM engram_sessions WHERE ${ownerWhere(scope)} AND id = ${id}`)) !==
    undefined;
  if (await taken()) throw invalid(component, `session "${id}" already exists`);
  let parentId: string | null = null;
  let parentLog: string | null = null;
  let forkedAtSeq: number | null = null;
  let inherited: { count: number | null; tokens: number | null } = { count: null, tokens: null };
  if (input.fork) {
    checkSessionId(input.fork.parentId, component);
    const parent = await loadSession(tx, scope, input.fork.parentId, component, true);
    const at = input.fork.atSeq;
    if (!Number.isInteger(at) || at < 0 || at > parent.lastSeq) {
      throw invalid(
        component,
        `fork.atSeq must be an integer in 0..${parent.lastSeq}, got ${describeValue(at)}`,
      );
    }
    parentId = parent.id;
    parentLog = parent.logId;
    forkedAtSeq = at;
    inherited = await forkInheritance(tx, parent, at);
  }
  const now = Date.now();
  for (let attempt = 0; ; attempt++) {
    const row = await queryGet(
      tx,
      sql`INSERT INTO engram_sessions (tenant, user_id, agent_id, id, log_id, parent_id, parent_log, forked_at_seq, metadata, created_at, updated_at, last_seq, live_count, live_tokens, inherited_count, inherited_tokens) VALUES (${scope.tenant}, ${scope.user ?? ''}, ${scope.agent ?? ''}, ${id}, ${createId('log')}, ${parentId}, ${parentLog}, ${forkedAtSeq}, ${metadata}, ${now}, ${now}, ${forkedAtSeq ?? 0}, 0, 0, ${inherited.count}, ${inherited.tokens}) ON CONFLICT DO NOTHING RETURNING *`,
    );
    if (row) return toSessionRecord(toSessionRow(row));
    if (await taken()) throw invalid(component, `session "${id}" already exists`);
    if (attempt === 3) {
      throw new MemoryError({ code: 'STORE_ERROR', component, message: `cannot create session "${id}"` });
    }
  }
}

/** Sessions of the scope, newest first. */
export async function listSessionRows(
  client: SqlClient,
  component: string,
  scope: Scope,
  options: { limit?: number; before?: Date },
): Promise<SessionRecord[]> {
  const { limit, before } = options;
  checkListOptions(options, component);
  const rows = await queryAll(
    client,
    sql`SELECT * FROM engram_sessions WHERE ${scopeWhere(scope)}${before ? sql` AND created_at < ${before.getTime()}` : raw('')} ORDER BY created_at DESC, id DESC${limit !== undefined ? sql` LIMIT ${limit}` : raw('')}`,
  );
  return rows.map((r) => toSessionRecord(toSessionRow(r)));
}

/** Replaces a session's metadata. */
export async function updateSessionRow(
  tx: SqlClient,
  component: string,
  scope: Scope,
  sessionId: string,
  metadata: Record<string, JSONValue>,
): Promise<SessionRecord> {
  const json = metadataJson(metadata, component);
  await loadSession(tx, scope, sessionId, component, true);
  const row = await queryGet(
    tx,
    sql`UPDATE engram_sessions SET metadata = ${json}, updated_at = ${Date.now()} WHERE ${ownerWhere(scope)} AND id = ${sessionId} RETURNING *`,
  );
  return toSessionRecord(toSessionRow(row!));
}

/**
 * Gives a fork its own copy of everything it inherits (its ancestors' shared prefixes minus its hidden ids,
 * same seqs) and makes it a root, so nothing its ancestors do later can change what it sees. Its own forks
 * read through it and need nothing.
 */
export async function detachFork(tx: SqlClient, child: SessionRow): Promise<void> {
  const t = child.tenant;
  const d = tx.dialect;
  for (const segment of (await viewSegments(tx, child)).slice(0, -1)) {
    await queryRun(
      tx,
      sql`INSERT INTO engram_messages (tenant, session_id, seq, message_id, role, created_at, tokens, deleted, body, text) SELECT m.tenant, ${child.logId}, m.seq, m.message_id, m.role, m.created_at, m.tokens, ${raw(d.false)}, m.body, m.text FROM engram_messages m WHERE ${segmentWhere(tx, t, segment)}`,
    );
  }
  await queryRun(tx, sql`DELETE FROM engram_fork_hidden WHERE tenant = ${t} AND session_id = ${child.logId}`);
  const own = sql`FROM engram_messages m WHERE m.tenant = ${t} AND m.session_id = ${child.logId} AND m.deleted = ${raw(d.false)}`;
  await queryRun(
    tx,
    sql`UPDATE engram_sessions SET parent_id = NULL, parent_log = NULL, forked_at_seq = NULL, inherited_count = NULL, inherited_tokens = NULL, live_count = (SELECT count(*) ${own}), live_tokens = (SELECT coalesce(sum(m.tokens), 0) ${own}) WHERE tenant = ${t} AND log_id = ${child.logId}`,
  );
}

/**
 * Copy-on-delete: detaches (see {@link detachFork}) every direct fork of `parent` whose fork point is at or
 * after `fromSeq`, i.e. that shares a row the parent is about to tombstone, hide or drop. Call it in the
 * transaction that then changes the parent.
 */
export async function detachForks(tx: SqlClient, parent: SessionRow, fromSeq: number): Promise<void> {
  const children = await queryAll(
    tx,
    sql`SELECT * FROM engram_sessions WHERE tenant = ${parent.tenant} AND parent_log = ${parent.logId} AND forked_at_seq >= ${fromSeq}${raw(tx.dialect.forUpdate)}`,
  );
  for (const row of children) await detachFork(tx, toSessionRow(row));
}

/**
 * Deletes a session, its messages, hidden ids, artifacts, its state (the owner's keys `session:<id>:<name>`
 * that name exactly it: the key's part after `session:<id>:` has no `:`) and the owner's long-term records bound
 * to it (metadata `engram.session`), in one transaction. Its direct forks keep what they shared: their inherited
 * rows are copied in as their own (same seqs) and they become roots. With a condition (`DeleteSessionOptions`: a
 * conditional delete) only when the session exists and its `log_id` and `updated_at` meet it, checked first on its
 * locked row, else `CONFLICT`.
 */
export async function deleteSessionRow(
  tx: SqlClient,
  component: string,
  scope: Scope,
  sessionId: string,
  condition?: DeleteSessionOptions,
): Promise<void> {
  if (condition !== undefined) {
    // The row locked (FOR UPDATE; SQLite's write transaction) before anything goes: a delete or an append of another
    // transaction commits first or waits for this one, and a session it deleted and created again is not this row.
    const row = await queryGet(
      tx,
      sql`SELECT log_id, updated_at FROM engram_sessions WHERE ${ownerWhere(scope)} AND id = ${sessionId}${raw(tx.dialect.forUpdate)}`,
    );
    const found = row && { logId: String(row.log_id), updatedAt: new Date(Number(row.updated_at)) };
    checkDeleteCondition(found, condition, sessionId, component);
  }
  const session = await loadSession(tx, scope, sessionId, component, true);
  const t = session.tenant;
  await detachForks(tx, session, 0);
  const log = session.logId;
  await queryRun(tx, sql`DELETE FROM engram_messages WHERE tenant = ${t} AND session_id = ${log}`);
  await queryRun(tx, sql`DELETE FROM engram_fork_hidden WHERE tenant = ${t} AND session_id = ${log}`);
  await queryRun(tx, sql`DELETE FROM engram_artifacts WHERE tenant = ${t} AND session_id = ${log}`);
  const prefix = `session:${session.id}:`;
  const n = [...prefix].length;
  await queryRun(
    tx,
    sql`DELETE FROM engram_component_state WHERE ${ownerWhere(scope)} AND substr(key, 1, ${n}) = ${prefix} AND replace(substr(key, ${n + 1}), ':', '') = substr(key, ${n + 1})`,
  );
  await purgeSessionBoundRows(tx, scope, session.id);
  await queryRun(tx, sql`DELETE FROM engram_sessions WHERE tenant = ${t} AND log_id = ${log}`);
}
