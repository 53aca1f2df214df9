/**
 * Read-only commands wait for another process's lock the way writers do. In rollback-journal mode (journal_mode
 * DELETE) a process holding `BEGIN EXCLUSIVE` keeps every reader out: a read command started then must wait and
 * read once the lock is released, not exit 4 at once. In WAL mode readers are never kept out: they read while the
 * lock is still held.
 */
import { existsSync, mkdtempSync, readdirSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdExclusive } from '../../test-support/hold-exclusive.ts';
import { importOneSession } from '../../test-support/import-one-session.ts';
import { startInspect } from '../../test-support/inspector/inspect-binary.ts';
import { type EngramRun, runEngramAsync } from '../../test-support/run-engram.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-read-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A database with one session `s1` ("hello there"), in the journal mode given. */
function seed(name: string, journalMode: 'delete' | 'wal'): string {
  const db = join(dir, name);
  importOneSession(db);
  const handle = new DatabaseSync(db);
  try {
    expect(handle.prepare(`PRAGMA journal_mode = ${journalMode}`).get()).toEqual({
      journal_mode: journalMode,
    });
  } finally {
    handle.close();
  }
  return db;
}

/** The processes other than this one and `except` with `file` open, read from /proc (Linux). */
function openedBy(file: string, except: number): number {
  let n = 0;
  for (const pid of readdirSync('/proc').filter((p) => /^[0-9]+$/.test(p))) {
    if (Number(pid) === except || Number(pid) === process.pid) continue;
    try {
      if (readdirSync(`/proc/${pid}/fd`).some((fd) => readlinkSync(`/proc/${pid}/fd/${fd}`) === file)) n++;
    } catch {
      // Gone, or not ours to read.
    }
  }
  return n;
}

/**
 * Resolves once each of `runs` (processes started on `file`) has opened it (so has met the lock) or ended, polling
 * /proc; where there is no /proc, after 3 s.
 */
async function untilOpened(file: string, lockHolder: number, runs: Promise<unknown>[]): Promise<void> {
  let settled = 0;
  const ended = () => {
    settled++;
  };
  for (const run of runs) run.then(ended, ended);
  const until = performance.now() + 30_000;
  const done = () => !existsSync('/proc/self/fd') || openedBy(file, lockHolder) + settled >= runs.length;
  while (!done() && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
  await new Promise((resolve) => setTimeout(resolve, existsSync('/proc/self/fd') ? 300 : 3_000));
}

/** The read-only commands run while the lock is held, each with what its output must show. */
const reads: [string[], RegExp][] = [
  [['search', 'hello'], /hello there/],
  [['--json', 'ls'], /"s1"/],
  [['export', 's1'], /hello there/],
  [['--json', 'stats'], /"sessions"/],
  [['context', 's1', '--view', 'sliding-window', '--budget', '10', '--items'], /message +1 +user/],
];

/** Each of `runs` (the commands of `reads` from `from` on) exited 0 and shows what it must. */
const check = (runs: EngramRun[], from = 0) =>
  runs.forEach((r, i) => {
    const [args, shows] = reads[from + i]!;
    expect(r.code, `${args.join(' ')}: ${r.err}`).toBe(0);
    expect(r.out, args.join(' ')).toMatch(shows);
  });

let deleteDb: string;
let walDb: string;
beforeAll(() => {
  deleteDb = seed('rollback.db', 'delete');
  walDb = seed('wal.db', 'wal');
});

describe('read-only commands while another process holds an exclusive lock', () => {
  // One command at a time, each under a lock of its own: started together, seven cold processes on a loaded 2-core
  // machine took longer to start than the inspector's wait for its URL.
  for (const [i, [args]] of reads.entries())
    it(`rollback journal: ${args.join(' ')} waits for the lock and reads once it is released`, async () => {
      const lock = await holdExclusive(deleteDb);
      try {
        const run = runEngramAsync('--db', deleteDb, ...args);
        // Released once the command has met the lock (it exited 4 at once before).
        await untilOpened(realpathSync(deleteDb), lock.pid, [run]);
        await lock.release();
        check([await run], i);
      } finally {
        await lock.release();
      }
    });

  it('rollback journal: inspect waits for the lock and serves the sessions once it is released', async () => {
    const lock = await holdExclusive(deleteDb);
    const inspector = startInspect(['--db', deleteDb, 'inspect', '--port', '0'], { timeoutMs: 90_000 });
    try {
      await untilOpened(realpathSync(deleteDb), lock.pid, [inspector]);
      await lock.release();
      const sessions = (await (await fetch(`${(await inspector).origin}/api/sessions`)).json()) as {
        id: string;
      }[];
      expect(sessions.map((s) => s.id)).toEqual(['s1']);
    } finally {
      await lock.release();
      await inspector.then(
        (inspect) => inspect.stop(),
        () => undefined,
      );
    }
  }, 120_000);

  it('WAL: they read while the lock is still held', async () => {
    const lock = await holdExclusive(walDb);
    try {
      // Two commands suffice: in WAL mode no reader meets the lock (the store's open included).
      const runs = await Promise.all(
        reads.slice(0, 2).map(([args]) => runEngramAsync('--db', walDb, ...args)),
      );
      check(runs);
    } finally {
      await lock.release();
    }
  });
});
