import {
  type AppendInput,
  type AppendOptions,
  appendEntry,
  checkAppendOptions,
  checkIdList,
  checkRangeQuery,
  checkSessionId,
  checkTokenTotal,
  deserializeMessage,
  type LogEntry,
  type LogStats,
  messageText,
  type PreparedInput,
  prepareInputs,
  type RangeQuery,
  type Scope,
} from '../../driver.ts';
import type { LibsqlRow, LibsqlValue } from './libsql-client.ts';
import type { LibsqlExecutor } from './libsql-executor.ts';
import { chunks, placeholders } from './libsql-scope.ts';
import { detachForks, loadSession } from './libsql-sessions.ts';

const component = 'libsql';

/** A log entry from a message row with `seq`, `body` and `tokens`. */
export const toEntry = (row: LibsqlRow): LogEntry =>
  Object.freeze({
    seq: Number(row.seq),
    message: deserializeMessage(String(row.body)),
    tokens: Number(row.tokens),
  });

/** The live rows of a session among `ids`, by message id. */
async function liveById(
  tx: LibsqlExecutor,
  session: number,
  ids: readonly string[],
): Promise<Map<string, LibsqlRow>> {
  const found = new Map<string, LibsqlRow>();
  for (const part of chunks(ids)) {
    const rows = await tx.all(
      `SELECT seq, message_id, body, tokens FROM engram_messages WHERE session = ? AND deleted = 0 AND message_id IN (${placeholders(part)})`,
      [session, ...part],
    );
    for (const row of rows) found.set(String(row.message_id), row);
  }
  return found;
}

/** Rows per multi-row INSERT (8 parameters each). */
const insertRows = 100;

/** Inserts new entries (their `text` column feeds the full-text index through a trigger). */
async function insertEntries(
  tx: LibsqlExecutor,
  session: number,
  fresh: readonly { entry: LogEntry; json: string }[],
): Promise<void> {
  for (const part of chunks(fresh, insertRows)) {
    const args: LibsqlValue[] = [];
    for (const { entry, json } of part) {
      const m = entry.message;
      args.push(session, entry.seq, m.id, m.role, entry.tokens, 0, json, messageText(m));
    }
    await tx.run(
      `INSERT INTO engram_messages (session, seq, message_id, role, tokens, deleted, body, text) VALUES ${part.map(() => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
      args,
    );
  }
}

/**
 * Appends in one write transaction: an id already live with the identical message gives back its entry (an
 * idempotent retry; the same message twice in a batch is one entry), a different message under a live id throws
 * `DuplicateMessageIdError` and stores nothing; new entries take the next seqs after the session's `last_seq`.
 */
export function appendEntries(
  db: LibsqlExecutor,
  maxMessageBytes: number,
  scope: Scope,
  sessionId: string,
  inputs: readonly AppendInput[],
  options?: AppendOptions,
): Promise<LogEntry[]> {
  checkSessionId(sessionId, component);
  const prepared: PreparedInput[] = prepareInputs({ component, maxMessageBytes }, inputs);
  const condition = checkAppendOptions(options, component);
  return db.write(async (tx) => {
    // Read, and its condition checked, in the write transaction (BEGIN IMMEDIATE): no other connection appends,
    // deletes or creates the session before it commits.
    const session = await loadSession(tx, scope, sessionId, condition);
    if (prepared.length === 0) return [];
    const stored = await liveById(tx, session.rid, [...new Set(prepared.map((p) => p.input.message.id))]);
    // The kit's appendEntry decides each input: the live entry under its id again (identical message), a new
    // entry at the next seq, or DuplicateMessageIdError; an id repeated in the batch meets its first entry.
    const batch = new Map<string, LogEntry>();
    const fresh: { entry: LogEntry; json: string }[] = [];
    const out: LogEntry[] = [];
    let seq = session.lastSeq;
    let added = 0;
    for (const { input, json } of prepared) {
      const id = input.message.id;
      const row = stored.get(id);
      const prior = batch.get(id) ?? (row ? toEntry(row) : undefined);
      const { entry, isNew } = appendEntry(prior, input, json, seq + 1, component);
      out.push(entry);
      if (!isNew) continue;
      seq += 1;
      added += input.tokens;
      batch.set(id, entry);
      fresh.push({ entry, json });
    }
    if (fresh.length === 0) return out;
    checkTokenTotal(session.liveTokens, added, sessionId, component);
    await insertEntries(tx, session.rid, fresh);
    await tx.run(
      'UPDATE engram_sessions SET last_seq = ?, live_count = live_count + ?, live_tokens = live_tokens + ?, updated_at = ? WHERE rid = ?',
      [seq, fresh.length, added, Date.now(), session.rid],
    );
    return out;
  });
}

/** A range or page of a session's live entries, oldest first, reading only the rows it returns. */
export async function readEntries(
  db: LibsqlExecutor,
  scope: Scope,
  sessionId: string,
  query: RangeQuery = {},
): Promise<LogEntry[]> {
  checkSessionId(sessionId, component);
  checkRangeQuery(query, component);
  const session = await loadSession(db, scope, sessionId);
  if (query.roles?.length === 0) return [];
  let where = 'session = ? AND deleted = 0';
  const args: LibsqlValue[] = [session.rid];
  if (query.fromSeq !== undefined) {
    where += ' AND seq >= ?';
    args.push(query.fromSeq);
  }
  if (query.toSeq !== undefined) {
    where += ' AND seq <= ?';
    args.push(query.toSeq);
  }
  if (query.roles) {
    const roles = [...new Set(query.roles)];
    where += ` AND role IN (${placeholders(roles)})`;
    args.push(...roles);
  }
  const backward = query.direction === 'backward';
  const limit = query.limit === undefined ? '' : ' LIMIT ?';
  if (query.limit !== undefined) args.push(query.limit);
  const rows = await db.all(
    `SELECT seq, body, tokens FROM engram_messages WHERE ${where} ORDER BY seq ${backward ? 'DESC' : 'ASC'}${limit}`,
    args,
  );
  const entries = rows.map(toEntry);
  return backward ? entries.reverse() : entries;
}

/** Live entries by message id, in log order; unknown ids are skipped. */
export async function entriesById(
  db: LibsqlExecutor,
  scope: Scope,
  sessionId: string,
  ids: readonly string[],
): Promise<LogEntry[]> {
  const wanted = checkIdList(ids, component);
  checkSessionId(sessionId, component);
  const session = await loadSession(db, scope, sessionId);
  const found = await liveById(db, session.rid, [...new Set(wanted)]);
  return [...found.values()].map(toEntry).sort((a, b) => a.seq - b.seq);
}

/** The session's counters. */
export async function logStats(db: LibsqlExecutor, scope: Scope, sessionId: string): Promise<LogStats> {
  checkSessionId(sessionId, component);
  const session = await loadSession(db, scope, sessionId);
  return {
    count: session.liveCount,
    tokens: session.liveTokens,
    lastSeq: session.lastSeq,
    logId: session.logId,
  };
}

/**
 * Tombstones the live messages with these ids (every live message when `ids` is undefined), in one write
 * transaction; returns how many. Their seqs stay taken, their ids are free again.
 */
export function tombstone(
  db: LibsqlExecutor,
  scope: Scope,
  sessionId: string,
  ids: readonly string[] | undefined,
): Promise<number> {
  const wanted = ids === undefined ? undefined : checkIdList(ids, component);
  checkSessionId(sessionId, component);
  return db.write(async (tx) => {
    const session = await loadSession(tx, scope, sessionId);
    const parts = wanted === undefined ? [undefined] : chunks([...new Set(wanted)]);
    let count = 0;
    let tokens = 0;
    let first = Number.POSITIVE_INFINITY;
    for (const part of parts) {
      if (part?.length === 0) continue;
      const which = part ? ` AND message_id IN (${placeholders(part)})` : '';
      const rows = await tx.all(
        `UPDATE engram_messages SET deleted = 1 WHERE session = ? AND deleted = 0${which} RETURNING tokens, seq`,
        [session.rid, ...(part ?? [])],
      );
      count += rows.length;
      for (const row of rows) {
        tokens += Number(row.tokens);
        first = Math.min(first, Number(row.seq));
      }
    }
    if (count > 0) {
      // Forks sharing a deleted entry stop naming this session (they hold their own copies).
      await detachForks(tx, scope, sessionId, first);
      await tx.run(
        'UPDATE engram_sessions SET live_count = live_count - ?, live_tokens = live_tokens - ?, updated_at = ? WHERE rid = ?',
        [count, tokens, Date.now(), session.rid],
      );
    }
    return count;
  });
}
