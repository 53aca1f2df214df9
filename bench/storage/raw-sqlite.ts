/**
 * THE LIMIT: the least a durable per-message append can cost on this machine with node:sqlite. One transaction
 * per append (`BEGIN IMMEDIATE; …; COMMIT`, prepared statements), WAL with the same `synchronous` setting as
 * engram's durability. Rows are built (ids, token counts, serialized bodies, search text) before the clock
 * starts, so the loop times only SQLite and the disk. Two tables: a bare one with engram's row shape, and
 * engram's own schema (created by engram's migrations) with the least SQL an append needs on it — the session
 * counter that assigns the sequence and the row, whose triggers keep the full-text index in the same
 * transaction — so "% of raw" prices the schema and the library separately.
 */

import { statSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { defaultScope } from '../../src/core/scope.ts';
import { createSqliteStore } from '../../src/drivers/sqlite/index.ts';
import { toMemoryMessage } from '../../src/messages/from-model-message.ts';
import { messageText, serializeMessage } from '../../src/messages/serialize.ts';
import type { FixtureSlice } from './fixture.ts';
import { type AppendResult, type Durability, type Task, timeAppends } from './tasks.ts';

/** The PRAGMA `synchronous` value of a durability. */
export const synchronousOf = (durability: Durability) => (durability === 'power' ? 'FULL' : 'NORMAL');

const bareTable = `CREATE TABLE IF NOT EXISTS messages (
  rid INTEGER PRIMARY KEY,
  tenant TEXT NOT NULL,
  session_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  message_id TEXT NOT NULL,
  role TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  tokens INTEGER NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0,
  body TEXT NOT NULL,
  text TEXT NOT NULL,
  UNIQUE (tenant, session_id, seq)
)`;

/** A row as an append writes it. */
export interface RawRow {
  id: string;
  role: string;
  createdAt: number;
  tokens: number;
  body: string;
  text: string;
}

/** The fixture's messages as rows (what engram would serialize), built before any clock starts. */
export function rawRows({ messages, tokens }: FixtureSlice): RawRow[] {
  return messages.map((m, i) => {
    const message = toMemoryMessage(m);
    return {
      id: message.id,
      role: message.role,
      createdAt: message.createdAt.getTime(),
      tokens: tokens[i]!,
      body: serializeMessage(message),
      text: messageText(message),
    };
  });
}

/** A raw database and its one-commit append of a row to a session. */
export interface RawLoop {
  db: DatabaseSync;
  /** Appends one row to `session` in its own transaction; `next` is the bare table's next seq of it. */
  append(session: string, row: RawRow, next: number): void;
}

/** Opens `path` as the raw loop of `schema` (engram's schema is created by engram first, with `sessions`). */
export async function openRawLoop(
  path: string,
  durability: Durability,
  schema: 'plain' | 'engram',
  sessions: readonly string[],
): Promise<RawLoop> {
  if (schema === 'engram') {
    const store = createSqliteStore({ path, durability, vector: false });
    for (const id of sessions)
      if (!(await store.getSession(defaultScope, id))) await store.createSession(defaultScope, { id });
    await store.close();
  }
  const db = new DatabaseSync(path);
  db.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = ${synchronousOf(durability)};`);
  const begin = db.prepare('BEGIN IMMEDIATE');
  const commit = db.prepare('COMMIT');
  if (schema === 'plain') {
    db.exec(bareTable);
    const insert = db.prepare(
      'INSERT INTO messages (tenant, session_id, seq, message_id, role, created_at, tokens, deleted, body, text) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?)',
    );
    return {
      db,
      append(session, r, next) {
        begin.run();
        insert.run('default', session, next, r.id, r.role, r.createdAt, r.tokens, r.body, r.text);
        commit.run();
      },
    };
  }
  const counter = db.prepare(
    "UPDATE engram_sessions SET last_seq = last_seq + 1, live_count = live_count + 1, live_tokens = live_tokens + ?, updated_at = ? WHERE tenant = ? AND user_id = '' AND agent_id = '' AND id = ? RETURNING log_id, last_seq",
  );
  const insert = db.prepare(
    'INSERT INTO engram_messages (tenant, session_id, seq, message_id, role, created_at, tokens, deleted, body, text) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?)',
  );
  return {
    db,
    append(session, r) {
      begin.run();
      const s = counter.get(r.tokens, Date.now(), 'default', session) as { log_id: string; last_seq: number };
      insert.run('default', s.log_id, s.last_seq, r.id, r.role, r.createdAt, r.tokens, r.body, r.text);
      commit.run();
    },
  };
}

/** Appends the task's slice of the fixture with the raw loop, one commit each, continuing the session. */
export async function rawAppend(task: Task, slice: FixtureSlice): Promise<AppendResult> {
  const durability = task.contender.durability ?? 'power';
  const rows = rawRows(slice);
  const loop = await openRawLoop(task.db, durability, task.contender.schema ?? 'plain', [task.session]);
  if (task.countWalPages) loop.db.exec('PRAGMA wal_autocheckpoint = 0');
  const first = (task.from ?? 0) + 1;
  const walBefore = walBytes(task.db);
  const timed = await timeAppends(rows.length, (i) => loop.append(task.session, rows[i]!, first + i));
  const walPagesPerAppend = task.countWalPages
    ? walPages(task.db, walBefore, rows.length, loop.db)
    : undefined;
  const settings = readSettings(loop.db);
  loop.db.close();
  return { ...timed, settings, bytes: fileBytes(task.db), walPagesPerAppend };
}

/** `journal_mode=…, synchronous=…` read back from an open node:sqlite-shaped database. */
export function readSettings(db: { prepare(sql: string): { get(): unknown } }): string {
  const journal = db.prepare('PRAGMA journal_mode').get() as { journal_mode: string };
  const sync = db.prepare('PRAGMA synchronous').get() as { synchronous: number };
  return `journal_mode=${journal.journal_mode}, synchronous=${syncName(sync.synchronous)}`;
}

/** The name of a PRAGMA synchronous level. */
export function syncName(level: number): string {
  return ['OFF', 'NORMAL', 'FULL', 'EXTRA'][level] ?? String(level);
}

/** Bytes of the WAL file (0 when missing). */
export function walBytes(path: string): number {
  try {
    return statSync(`${path}-wal`).size;
  } catch {
    return 0;
  }
}

/** WAL pages (frames) written per append since `before` bytes, with `wal_autocheckpoint=0`. */
export function walPages(
  path: string,
  before: number,
  appends: number,
  db: { prepare(sql: string): { get(): unknown } },
): number {
  const page = Number((db.prepare('PRAGMA page_size').get() as { page_size: number }).page_size);
  const frames = (walBytes(path) - Math.max(before, 32)) / (page + 24);
  return frames / appends;
}

/** Bytes of a SQLite database and its WAL on disk. */
export function fileBytes(path: string): number {
  let total = 0;
  try {
    total += statSync(path).size;
  } catch {
    return 0;
  }
  return total + walBytes(path);
}
