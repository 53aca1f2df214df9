/**
 * A WAL-mode database in a folder the reader cannot write: SQLite reads it only when its `-shm` and `-wal` files
 * exist (a process has it open) or can be created; otherwise read-only commands fail with a message that says
 * why and what to do (exit 4), not a raw SQLite error. Root ignores folder permissions, so as root the commands
 * run as the unprivileged user `nobody` (uid 65534).
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEngram, runEngramAs } from '../../test-support/run-engram.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { readOnlyFolderError } from './store-probe.ts';

const root = process.getuid?.() === 0;
/** Who reads the folder: `nobody` as root (a chmod does not stop root), else this user. */
const reader = root ? { uid: 65534, gid: 65534 } : undefined;
/** Whether the reader can run the binary at all (as `nobody`, a checkout only root can read, e.g. under /root, cannot). */
const readerRuns = runEngramAs(reader, '--version').code === 0;

const parent = mkdtempSync(join(tmpdir(), 'engram-read-only-'));
const folder = join(parent, 'data');
const db = join(folder, 'memory.db');
afterAll(() => {
  if (existsSync(folder)) chmodSync(folder, 0o755);
  rmSync(parent, { recursive: true, force: true });
});

beforeAll(() => {
  if (!readerRuns) return;
  mkdirSync(folder);
  const file = join(parent, 's1.jsonl');
  writeFileSync(
    file,
    '{"type":"session","id":"s1","metadata":{}}\n{"type":"message","message":{"role":"user","content":"hello there","id":"m1","createdAt":{"$date":"2026-01-01T00:00:00.000Z"}}}\n',
  );
  const r = runEngram('--db', db, 'import', file); // creates the folder's database, then closes it
  expect(r.code, r.err).toBe(0);
  expect(existsSync(`${db}-shm`)).toBe(false); // the last connection's close removed -wal and -shm
  chmodSync(parent, 0o755); // mkdtemp made it 0700: the reader must reach the folder
  chmodSync(folder, 0o555);
});

const readCommands = [
  ['ls'],
  ['sessions', 'list'],
  ['export', 's1'],
  ['search', 'hello'],
  ['stats'],
  ['inspect', '--port', '0'], // would serve (and the run time out) if it opened
];

describe.skipIf(!readerRuns)('a WAL-mode database in a read-only folder', () => {
  it('without its -shm file: each read-only command exits 4 saying why and what to do', () => {
    for (const command of readCommands) {
      const r = runEngramAs(reader, '--db', db, ...command);
      expect(r.code, `${command.join(' ')}: ${r.err}`).toBe(4);
      expect(r.err).toContain(db);
      expect(r.err).toMatch(/WAL/);
      expect(r.err).toMatch(/-shm/);
      expect(r.err).toMatch(/cannot create/);
      expect(r.err).toMatch(/write access to the folder|copy/);
      expect(r.err).not.toMatch(/attempt to write a readonly database/);
    }
    expect(existsSync(`${db}-shm`)).toBe(false);
  });

  it('while another process has it open (its -shm and -wal exist), read-only commands read it', () => {
    chmodSync(folder, 0o755);
    const writer = new DatabaseSync(db);
    try {
      writer.prepare('SELECT count(*) FROM sqlite_master').get(); // creates -wal and -shm
      chmodSync(folder, 0o555);
      const list = runEngramAs(reader, '--db', db, '--json', 'sessions', 'list');
      expect(list.code, list.err).toBe(0);
      expect(JSON.parse(list.out).map((s: { id: string }) => s.id)).toEqual(['s1']);
      const exported = runEngramAs(reader, '--db', db, 'export', 's1');
      expect(exported.code, exported.err).toBe(0);
      expect(exported.out).toContain('hello there');
    } finally {
      chmodSync(folder, 0o755);
      writer.close();
    }
  });
});

describe('readOnlyFolderError', () => {
  it('names SQLite’s SQLITE_READONLY_DIRECTORY also as the cause of a store error (the store opening after the probe), and nothing else', () => {
    // The shape node:sqlite throws (errcode 1544), wrapped as the SQLite store wraps a failed open.
    const sqlite = Object.assign(new Error('attempt to write a readonly database'), { errcode: 1544 });
    const wrapped = new MemoryError({
      code: 'STORE_ERROR',
      component: 'sqlite',
      message: 'open failed',
      cause: sqlite,
    });
    expect(readOnlyFolderError('/data/m.db', wrapped)?.message).toMatch(
      /cannot read \/data\/m\.db: it is a WAL-mode/,
    );
    expect(readOnlyFolderError('/data/m.db', wrapped)?.code).toBe('STORE_ERROR');
    const otherReadOnly = Object.assign(new Error('attempt to write a readonly database'), { errcode: 8 });
    expect(readOnlyFolderError('/data/m.db', otherReadOnly)).toBeUndefined();
    expect(readOnlyFolderError('/data/m.db', 'text')).toBeUndefined();
  });
});
