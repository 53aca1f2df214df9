import {
  type AppendOptions,
  type CreateSessionInput,
  checkAppendCondition,
  checkDeleteCondition,
  checkDeleteSessionOptions,
  checkSessionId,
  checkSessionListOptions,
  checkSessionMetadata,
  createId,
  type DeleteSessionOptions,
  describeValue,
  MemoryError,
  type Scope,
  type SessionRecord,
  sessionExists,
  sessionNotFound,
} from '../../driver.ts';
import type { LibsqlRow } from './libsql-client.ts';
import type { LibsqlExecutor } from './libsql-executor.ts';
import { coveredBy, ownedBy, ownerTokens, rowScope, scopeToken } from './libsql-scope.ts';

/** A session row as the log reads it. */
export interface SessionRow {
  /** The row id: what the session's messages, artifacts and state rows name. */
  rid: number;
  /** The session id. */
  id: string;
  /** The log's identity (a new one when the id is created again). */
  logId: string;
  /** The newest seq ever assigned. */
  lastSeq: number;
  /** Live messages. */
  liveCount: number;
  /** Their tokens. */
  liveTokens: number;
}

const component = 'libsql';

/** The record a `SELECT *` row of `engram_sessions` stands for. */
export function toSessionRecord(row: LibsqlRow): SessionRecord {
  return {
    id: String(row.id),
    scope: rowScope(row),
    metadata: JSON.parse(String(row.metadata)) as SessionRecord['metadata'],
    createdAt: new Date(Number(row.created_at)),
    updatedAt: new Date(Number(row.updated_at)),
    ...(row.parent_id === null
      ? {}
      : { parentId: String(row.parent_id), forkedAtSeq: Number(row.forked_at_seq) }),
  };
}

const toSessionRow = (row: LibsqlRow): SessionRow => ({
  rid: Number(row.rid),
  id: String(row.id),
  logId: String(row.log_id),
  lastSeq: Number(row.last_seq),
  liveCount: Number(row.live_count),
  liveTokens: Number(row.live_tokens),
});

/** The `SELECT *` row of the session `id` owned by exactly `scope`, or undefined. */
export function sessionRow(db: LibsqlExecutor, scope: Scope, id: string): Promise<LibsqlRow | undefined> {
  const owner = ownedBy(scope, 's');
  return db.get(`SELECT * FROM engram_sessions s WHERE ${owner.sql} AND s.id = ?`, [...owner.args, id]);
}

/**
 * The session `id` owned by exactly `scope` (its id checked first), or `SESSION_NOT_FOUND`. For an append, with
 * `condition` (`AppendOptions`, checked by `checkAppendOptions`) its condition is checked on the row read
 * (`checkAppendCondition`: `CONFLICT`, also for a missing session with `ifLogId`).
 */
export async function loadSession(
  db: LibsqlExecutor,
  scope: Scope,
  id: string,
  condition?: AppendOptions,
): Promise<SessionRow> {
  checkSessionId(id, component);
  const row = await sessionRow(db, scope, id);
  const session = row && toSessionRow(row);
  checkAppendCondition(session, condition, id, component);
  if (!session) throw sessionNotFound(id, component);
  return session;
}

/** The parent of a fork, owned by exactly `scope`, and the checked fork point. */
async function forkPoint(
  tx: LibsqlExecutor,
  scope: Scope,
  fork: NonNullable<CreateSessionInput['fork']>,
): Promise<{ parent: SessionRow; atSeq: number }> {
  const parent = await loadSession(tx, scope, fork.parentId);
  const atSeq = fork.atSeq;
  if (!Number.isSafeInteger(atSeq) || atSeq < 0 || atSeq > parent.lastSeq) {
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component,
      message: `fork.atSeq must be an integer in 0..${parent.lastSeq}, got ${describeValue(atSeq)}`,
    });
  }
  return { parent, atSeq };
}

/**
 * Creates a session owned by exactly `scope`; a fork copies the parent's live entries up to `atSeq` (same seqs)
 * into its own log in the same transaction, so nothing the parent does later reaches it.
 */
export function createSession(
  db: LibsqlExecutor,
  scope: Scope,
  input: CreateSessionInput,
): Promise<SessionRecord> {
  const id = input.id ?? createId('ses');
  checkSessionId(id, component);
  checkSessionMetadata(input.metadata ?? {}, component);
  const metadata = JSON.stringify(input.metadata ?? {});
  return db.write(async (tx) => {
    if (await sessionRow(tx, scope, id)) throw sessionExists(id, component);
    const fork = input.fork ? await forkPoint(tx, scope, input.fork) : undefined;
    const logId = createId('log');
    const tokens = [...ownerTokens(scope), scopeToken('s', [scope.tenant, logId])].join(' ');
    const now = Date.now();
    const { rid } = await tx.one(
      `INSERT INTO engram_sessions (tenant, user_id, agent_id, id, log_id, parent_id, forked_at_seq, metadata, created_at, updated_at, last_seq, live_count, live_tokens, owner_tokens)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?) RETURNING rid`,
      [
        ...ownedBy(scope, 's').args,
        id,
        logId,
        fork?.parent.id ?? null,
        fork?.atSeq ?? null,
        metadata,
        now,
        now,
        fork?.atSeq ?? 0,
        tokens,
      ],
    );
    if (fork) {
      await tx.run(
        `INSERT INTO engram_messages (session, seq, message_id, role, tokens, deleted, body, text)
SELECT ?, seq, message_id, role, tokens, 0, body, text FROM engram_messages WHERE session = ? AND deleted = 0 AND seq <= ?`,
        [Number(rid), fork.parent.rid, fork.atSeq],
      );
      await tx.run(
        `UPDATE engram_sessions SET live_count = (SELECT count(*) FROM engram_messages WHERE session = ?1 AND deleted = 0),
  live_tokens = (SELECT coalesce(sum(tokens), 0) FROM engram_messages WHERE session = ?1 AND deleted = 0) WHERE rid = ?1`,
        [Number(rid)],
      );
    }
    return toSessionRecord(await tx.one('SELECT * FROM engram_sessions WHERE rid = ?', [Number(rid)]));
  });
}

/** Every session `scope` covers, newest first. */
export async function listSessions(
  db: LibsqlExecutor,
  scope: Scope,
  options: { limit?: number; before?: Date },
): Promise<SessionRecord[]> {
  checkSessionListOptions(options, component);
  const covered = coveredBy(scope, 's');
  const before = options.before ? ' AND s.created_at < ?' : '';
  const limit = options.limit === undefined ? '' : ' LIMIT ?';
  const rows = await db.all(
    `SELECT * FROM engram_sessions s WHERE ${covered.sql}${before} ORDER BY s.created_at DESC, s.rid DESC${limit}`,
    [
      ...covered.args,
      ...(options.before ? [options.before.getTime()] : []),
      ...(options.limit === undefined ? [] : [options.limit]),
    ],
  );
  return rows.map(toSessionRecord);
}

/** Replaces a session's metadata and bumps `updatedAt`. */
export function updateSession(
  db: LibsqlExecutor,
  scope: Scope,
  sessionId: string,
  metadata: SessionRecord['metadata'],
): Promise<SessionRecord> {
  checkSessionId(sessionId, component);
  checkSessionMetadata(metadata, component);
  return db.write(async (tx) => {
    const session = await loadSession(tx, scope, sessionId);
    const row = await tx.one(
      'UPDATE engram_sessions SET metadata = ?, updated_at = ? WHERE rid = ? RETURNING *',
      [JSON.stringify(metadata), Date.now(), session.rid],
    );
    return toSessionRecord(row);
  });
}

/**
 * Detaches the forks of the session `parentId` (owned by exactly `scope`) forked at or after `fromSeq`: they hold
 * their own copies already, so only their records stop naming the parent and become roots, as every driver's do
 * when the parent deletes an entry they share, or goes itself (`fromSeq` 0).
 */
export async function detachForks(
  tx: LibsqlExecutor,
  scope: Scope,
  parentId: string,
  fromSeq: number,
): Promise<void> {
  const owner = ownedBy(scope, 's');
  await tx.run(
    `UPDATE engram_sessions AS s SET parent_id = NULL, forked_at_seq = NULL WHERE ${owner.sql} AND s.parent_id = ? AND s.forked_at_seq >= ?`,
    [...owner.args, parentId, fromSeq],
  );
}

/**
 * Deletes a session with its messages (and their index rows), artifacts and state; its forks keep their copies
 * and stop naming it. With a condition (`options.ifLogId`, `options.ifUpdatedBefore`) only when it exists and meets
 * it, else `CONFLICT`.
 */
export function deleteSession(
  db: LibsqlExecutor,
  scope: Scope,
  sessionId: string,
  options?: DeleteSessionOptions,
): Promise<void> {
  const condition = checkDeleteSessionOptions(options, component);
  checkSessionId(sessionId, component);
  return db.write(async (tx) => {
    // Read in the write transaction (BEGIN IMMEDIATE): no other connection writes, deletes or creates it before the
    // commit.
    if (condition !== undefined) {
      const row = await sessionRow(tx, scope, sessionId);
      const found = row && { logId: String(row.log_id), updatedAt: new Date(Number(row.updated_at)) };
      checkDeleteCondition(found, condition, sessionId, component);
    }
    const { rid } = await loadSession(tx, scope, sessionId);
    await detachForks(tx, scope, sessionId, 0);
    await tx.run('DELETE FROM engram_messages WHERE session = ?', [rid]);
    await tx.run('DELETE FROM engram_artifacts WHERE session = ?', [rid]);
    await tx.run('DELETE FROM engram_state WHERE session = ?', [rid]);
    await tx.run('DELETE FROM engram_sessions WHERE rid = ?', [rid]);
  });
}
