/**
 * Read commands write nothing: on a database another application owns — left in rollback-journal (DELETE) mode,
 * or written by an older engram — `search`, `sessions list|show`, `stats`, `context`, `memory list|export` and
 * `export` read it as it is. Before, each opened a writable store, which set the file to WAL and migrated an older
 * schema: the application's own (older) engram then refused the file as newer than it supports.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { importOneSession } from '../../test-support/import-one-session.ts';
import { runEngram } from '../../test-support/run-engram.ts';
import { sqlMigrations } from '../drivers/sql/schema.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-read-writes-nothing-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A database with one session `s1` ("hello there"), then edited by another tool (`edit`). */
function seed(name: string, edit: (db: DatabaseSync) => void): string {
  const db = join(dir, name);
  importOneSession(db);
  const handle = new DatabaseSync(db);
  try {
    edit(handle);
  } finally {
    handle.close();
  }
  return db;
}

const state = (db: string) => {
  const handle = new DatabaseSync(db, { readOnly: true });
  try {
    return {
      sha: createHash('sha256').update(readFileSync(db)).digest('hex'),
      wal: existsSync(`${db}-wal`),
      journal: (handle.prepare('PRAGMA journal_mode').get() as { journal_mode: string }).journal_mode,
      versions: (
        handle.prepare('SELECT version FROM engram_migrations ORDER BY version').all() as {
          version: number;
        }[]
      ).map((r) => r.version),
    };
  } finally {
    handle.close();
  }
};

const reads = [
  ['search', 'hello'],
  ['sessions', 'list'],
  ['sessions', 'show', 's1'],
  ['stats'],
  ['context', 's1'],
  ['memory', 'list'],
  ['export', 's1'],
];

describe('read commands write nothing', () => {
  it('a rollback-journal (DELETE) file keeps its mode and its bytes through every read command', () => {
    const db = seed('delete.db', (h) => h.exec('PRAGMA journal_mode = DELETE'));
    const before = state(db);
    expect(before.journal).toBe('delete');
    for (const args of reads) {
      const r = runEngram('--db', db, '--tenant', 'default', ...args);
      expect(r.code, `${args.join(' ')}: ${r.err}`).toBe(0);
      expect(state(db), args.join(' ')).toEqual(before);
    }
    expect(runEngram('--db', db, '--tenant', 'default', 'search', 'hello').out).toContain('hello there');
  }, 180_000); // seven cold CLI processes: slow on a loaded 2-core machine

  it('a file an older engram wrote is not migrated: the read exits 4 saying so, and the file is unchanged', () => {
    const latest = sqlMigrations.at(-1)!.version;
    const db = seed('older.db', (h) => {
      h.exec('PRAGMA journal_mode = DELETE');
      h.prepare('DELETE FROM engram_migrations WHERE version = ?').run(latest);
    });
    const before = state(db);
    for (const args of reads) {
      const r = runEngram('--db', db, '--tenant', 'default', ...args);
      expect(r.code, `${args.join(' ')}: ${r.out}`).toBe(4);
      expect(r.err).toMatch(/older than this engram's .*open it once for writing/);
      expect(state(db), args.join(' ')).toEqual(before);
    }
  }, 180_000); // seven cold CLI processes: slow on a loaded 2-core machine

  it('sessions delete still writes (it needs the data to exist, and opens it for writing)', () => {
    const db = seed('delete-session.db', (h) => h.exec('PRAGMA journal_mode = DELETE'));
    const r = runEngram('--db', db, '--tenant', 'default', 'sessions', 'delete', 's1', '--yes');
    expect(r.code, r.err).toBe(0);
    expect(runEngram('--db', db, '--tenant', 'default', 'sessions', 'list', '--json').out.trim()).toBe('[]');
  });
});
