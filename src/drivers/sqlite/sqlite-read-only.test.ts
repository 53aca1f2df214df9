import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { makeMessage, toInputs } from '../../testing/fixtures.ts';
import { sqlMigrations } from '../sql/schema.ts';
import { createSqliteStore, openSqliteStore } from './sqlite-driver.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-sqlite-read-only-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const scope = { tenant: 'acme' };

/** A database engram wrote (one session, two messages, an artifact), then left in `journalMode` by another tool. */
async function seeded(name: string, journalMode: 'delete' | 'wal', edit?: (db: DatabaseSync) => void) {
  const path = join(dir, name);
  const writer = await openSqliteStore({ path });
  await writer.createSession(scope, { id: 'chat' });
  await writer.append(
    scope,
    'chat',
    toInputs([makeMessage('user', 'the quick brown fox'), makeMessage('assistant', 'ok')]),
  );
  await writer.close();
  const db = new DatabaseSync(path);
  db.exec(`PRAGMA journal_mode = ${journalMode}`);
  edit?.(db);
  db.close();
  return path;
}

/** The file's bytes (hash) and whether SQLite's side files exist: what a read must leave as it was. */
const fileState = (path: string) => ({
  sha: createHash('sha256').update(readFileSync(path)).digest('hex'),
  wal: existsSync(`${path}-wal`),
  journal: existsSync(`${path}-journal`),
});
const journalMode = (path: string) => {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return (db.prepare('PRAGMA journal_mode').get() as { journal_mode: string }).journal_mode;
  } finally {
    db.close();
  }
};

describe('createSqliteStore({ readOnly: true })', () => {
  it('reads, searches and lists a rollback-journal (DELETE) file without changing a byte or its journal mode', async () => {
    const path = await seeded('delete.db', 'delete');
    const before = fileState(path);
    const store = await openSqliteStore({ path, readOnly: true });
    const memory = createConversationMemory({ store, scope, sessionId: 'chat' });
    expect((await memory.entries()).map((e) => e.message.content)).toEqual(['the quick brown fox', 'ok']);
    expect((await memory.search('brown')).map((m) => m.content)).toEqual(['the quick brown fox']);
    expect((await store.listSessions(scope)).map((s) => s.id)).toEqual(['chat']);
    expect(await store.stats(scope, 'chat')).toMatchObject({ count: 2, lastSeq: 2 });
    await store.close();
    expect(fileState(path)).toEqual(before);
    expect(journalMode(path)).toBe('delete');
  });

  it('refuses every write with a STORE_ERROR and leaves the file as it was', async () => {
    const path = await seeded('writes.db', 'delete');
    const before = fileState(path);
    const store = await openSqliteStore({ path, readOnly: true });
    const writes: [string, () => Promise<unknown>][] = [
      ['append', () => store.append(scope, 'chat', toInputs([makeMessage('user', 'more')]))],
      ['createSession', () => store.createSession(scope, { id: 'other' })],
      ['deleteSession', () => store.deleteSession(scope, 'chat')],
    ];
    for (const [name, write] of writes) {
      const error = await write().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(MemoryError.isInstance(error), name).toBe(true);
      expect((error as MemoryError).code, name).toBe('STORE_ERROR');
    }
    const memory = createConversationMemory({ store, scope, sessionId: 'chat' });
    expect(await memory.entries()).toHaveLength(2);
    await store.close();
    expect(fileState(path)).toEqual(before);
  });

  it('does not migrate a schema older than its own, nor open a newer one: MIGRATION_ERROR, the file unchanged', async () => {
    const latest = sqlMigrations.at(-1)!.version;
    const older = await seeded('older.db', 'delete', (db) =>
      db.prepare('DELETE FROM engram_migrations WHERE version = ?').run(latest),
    );
    const newer = await seeded('newer.db', 'delete', (db) =>
      db
        .prepare('INSERT INTO engram_migrations (version, name, applied_at) VALUES (?, ?, ?)')
        .run(latest + 1, 'from the future', Date.now()),
    );
    for (const [path, says] of [
      [older, /older than this engram's .*open it once for writing/],
      [newer, /newer than this engram supports/],
    ] as const) {
      const before = fileState(path);
      const error = await openSqliteStore({ path, readOnly: true }).then(
        async (s) => {
          await s.close();
          return undefined;
        },
        (e: unknown) => e,
      );
      expect(MemoryError.hasCode(error, 'MIGRATION_ERROR'), path).toBe(true);
      expect((error as Error).message).toMatch(says);
      expect(fileState(path)).toEqual(before);
    }
  });

  it('reads a WAL file another process is writing, seeing its commits', async () => {
    const path = await seeded('wal.db', 'wal');
    const writer = await openSqliteStore({ path });
    const reader = await openSqliteStore({ path, readOnly: true });
    await writer.append(scope, 'chat', toInputs([makeMessage('user', 'a turtle runs')]));
    const memory = createConversationMemory({ store: reader, scope, sessionId: 'chat' });
    expect((await memory.entries()).map((e) => e.message.content)).toContain('a turtle runs');
    expect((await memory.search('turtle')).map((m) => m.content)).toEqual(['a turtle runs']);
    await reader.close();
    await writer.close();
    expect(journalMode(path)).toBe('wal');
  });

  it('refuses a bad readOnly value or an in-memory database, naming the option', () => {
    for (const bad of ['yes', 1, null, {}]) {
      expect(() => createSqliteStore({ path: join(dir, 'x.db'), readOnly: bad as never })).toThrow(
        /createSqliteStore\(options\)\.readOnly/,
      );
    }
    expect(() => createSqliteStore({ path: ':memory:', readOnly: true })).toThrow(
      /readOnly needs a database file/,
    );
  });
});
