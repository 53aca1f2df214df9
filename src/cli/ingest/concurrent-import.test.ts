/**
 * Two `engram import` runs of the same file into the same SQLite file at once, and Ctrl-C during an import.
 * The second import must be refused (or wait) without touching the first's session; the first must finish.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { runEngram, startEngram } from '../../../test-support/run-engram.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-concurrent-import-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const n = 60_000;
const file = join(dir, 'big.jsonl');
const lines = [JSON.stringify({ type: 'session', id: 'big', metadata: {} })];
for (let i = 0; i < n; i++)
  lines.push(
    JSON.stringify({
      type: 'message',
      message: {
        role: 'user',
        content: `message ${i}`,
        id: `m${i}`,
        createdAt: { $date: '2026-01-01T00:00:00.000Z' },
      },
    }),
  );
writeFileSync(file, `${lines.join('\n')}\n`);
/**
 * The same session's first messages: a second run of it checks its file (every line, before it opens the database)
 * at once, so it meets the first run while that one is still writing, whatever the machine's speed.
 */
const small = join(dir, 'small.jsonl');
writeFileSync(small, `${lines.slice(0, 11).join('\n')}\n`);

/** Waits until the import has created its (still incomplete) session and written some messages. */
async function waitForMessages(db: string, atLeast: number) {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(20)) {
    try {
      const handle = new DatabaseSync(db, { readOnly: true });
      try {
        const row = handle.prepare('SELECT count(*) AS n FROM engram_messages').get() as
          | { n: number }
          | undefined;
        if ((row?.n ?? 0) >= atLeast) return;
      } finally {
        handle.close();
      }
    } catch {
      // not created or not migrated yet
    }
  }
  throw new Error('the import wrote nothing in 30 s');
}

describe('engram import, two runs at once into one file', () => {
  it('the first run finishes and keeps its session; the second is refused, naming the run that writes it', async () => {
    const db = join(dir, 'race.db');
    const first = startEngram('--db', db, 'import', file);
    await waitForMessages(db, 1000);
    const second = startEngram('--db', db, 'import', small);
    const [a, b] = await Promise.all([first.done, second.done]);
    const list = runEngram('--db', db, '--json', 'sessions', 'list');
    const sessions = list.code === 0 ? (JSON.parse(list.out) as { id: string; messages: number }[]) : [];
    expect({ first: a.code, firstErr: a.err }).toEqual({ first: 0, firstErr: '' });
    expect(b.code).not.toBe(0);
    expect(b.err).toMatch(/being imported by another run/);
    expect(sessions).toEqual([expect.objectContaining({ id: 'big', messages: n })]);
  }, 120_000);
});

describe.each([
  ['SIGINT', 130],
  // `timeout`, `docker stop` and systemd stop a process with SIGTERM; before, it ended the import as a crash
  // does, leaving its session marked incomplete in the file.
  ['SIGTERM', 143],
] as const)('engram import, interrupted by %s', (signal, code) => {
  it('says it was interrupted and leaves no partial session readers take for a whole one', async () => {
    const db = join(dir, `${signal}.db`);
    const run = startEngram('--db', db, 'import', file);
    await waitForMessages(db, 1000);
    run.child.kill(signal);
    const r = await run.done;
    const list = JSON.parse(runEngram('--db', db, '--json', 'sessions', 'list').out) as {
      id: string;
      messages: number;
    }[];
    // It exits 130 (143) saying so, and removes the session it had begun.
    expect(r.code).toBe(code);
    expect(r.err).toMatch(/interrupt/i);
    expect(list.filter((s) => s.messages !== n)).toEqual([]);
  }, 120_000);
});
