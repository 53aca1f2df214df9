/**
 * THE LIMIT: the least a durable per-message append can cost on this machine with node:sqlite. One transaction
 * per append (`BEGIN IMMEDIATE; INSERT; COMMIT`, prepared statements), WAL with the same `synchronous` setting as
 * engram's durability, into one table with engram's message row shape. Rows are built (ids, token counts,
 * serialized bodies, search text) before the clock starts, so the loop times only SQLite and the disk.
 * The `engram` schema variant adds engram's per-append SQL work, to split engram's cost between SQL and JS.
 */

import { statSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { toMemoryMessage } from '../../src/messages/from-model-message.ts';
import { messageText, serializeMessage } from '../../src/messages/serialize.ts';
import type { FixtureSlice } from './fixture.ts';
import { type AppendResult, type Durability, type Task, timeAppends } from './tasks.ts';

/** The PRAGMA `synchronous` value of a durability. */
export const synchronousOf = (durability: Durability) => (durability === 'power' ? 'FULL' : 'NORMAL');

const messagesTable = `CREATE TABLE IF NOT EXISTS messages (
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

/** engram's extra per-append work, as in its SQLite schema (src/store/sql/schema.ts, sqlite-dialect.ts). */
const engramExtras = [
  `CREATE TABLE IF NOT EXISTS sessions (tenant TEXT NOT NULL, id TEXT NOT NULL, last_seq INTEGER NOT NULL DEFAULT 0,
  live_count INTEGER NOT NULL DEFAULT 0, live_tokens INTEGER NOT NULL DEFAULT 0, updated_at INTEGER NOT NULL,
  PRIMARY KEY (tenant, id))`,
  'CREATE UNIQUE INDEX IF NOT EXISTS messages_live_id ON messages (tenant, session_id, message_id) WHERE deleted = 0',
  `CREATE VIRTUAL TABLE IF NOT EXISTS messages_fts USING fts5(text, content='messages', content_rowid='rid', tokenize='porter unicode61')`,
];
const ftsTrigger = `CREATE TRIGGER IF NOT EXISTS messages_fts_insert AFTER INSERT ON messages WHEN new.deleted = 0 BEGIN
  INSERT INTO messages_fts (rowid, text) VALUES (new.rid, new.text);
END`;

/** The batched variant feeds the FTS5 index this often. */
const FTS_BATCH = 64;

/** Appends `messages` (the task's slice of the fixture) with the raw loop, continuing the session's sequence. */
export async function rawAppend(task: Task, { messages, tokens }: FixtureSlice): Promise<AppendResult> {
  const durability = task.contender.durability ?? 'power';
  const schema = task.contender.schema ?? 'plain';
  const engramSchema = schema !== 'plain';
  const batched = schema === 'engram-batched-fts';
  const first = (task.from ?? 0) + 1;
  const rows = messages.map((m, i) => {
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
  const db = new DatabaseSync(task.db);
  db.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = ${synchronousOf(durability)};`);
  if (task.countWalPages) db.exec('PRAGMA wal_autocheckpoint = 0');
  db.exec(messagesTable);
  if (engramSchema) {
    for (const ddl of engramExtras) db.exec(ddl);
    if (!batched) db.exec(ftsTrigger);
    db.prepare('INSERT OR IGNORE INTO sessions (tenant, id, updated_at) VALUES (?, ?, ?)').run(
      'default',
      task.session,
      Date.now(),
    );
  }
  const begin = db.prepare('BEGIN IMMEDIATE');
  const commit = db.prepare('COMMIT');
  const insert = db.prepare(
    'INSERT INTO messages (tenant, session_id, seq, message_id, role, created_at, tokens, deleted, body, text) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?)',
  );
  const counterUpdate = engramSchema
    ? db.prepare(
        'UPDATE sessions SET last_seq = last_seq + 1, live_count = live_count + 1, live_tokens = live_tokens + ?, updated_at = ? WHERE tenant = ? AND id = ? RETURNING last_seq',
      )
    : undefined;
  const feedFts = batched
    ? db.prepare('INSERT INTO messages_fts (rowid, text) SELECT rid, text FROM messages WHERE rid > ?')
    : undefined;
  const newestRid = db.prepare('SELECT coalesce(max(rid), 0) AS rid FROM messages');
  let indexedRid = Number((newestRid.get() as { rid: number }).rid);
  const walBefore = walBytes(task.db);
  const timed = await timeAppends(rows.length, (i) => {
    const r = rows[i]!;
    begin.run();
    const seq = counterUpdate
      ? Number(
          (counterUpdate.get(r.tokens, Date.now(), 'default', task.session) as { last_seq: number }).last_seq,
        )
      : first + i;
    const { lastInsertRowid } = insert.run(
      'default',
      task.session,
      seq,
      r.id,
      r.role,
      r.createdAt,
      r.tokens,
      r.body,
      r.text,
    );
    if (batched && ((i + 1) % FTS_BATCH === 0 || i === rows.length - 1)) {
      feedFts?.run(indexedRid);
      indexedRid = Number(lastInsertRowid);
    }
    commit.run();
  });
  const walPagesPerAppend = task.countWalPages ? walPages(task.db, walBefore, rows.length, db) : undefined;
  const settings = readSettings(db);
  db.close();
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
