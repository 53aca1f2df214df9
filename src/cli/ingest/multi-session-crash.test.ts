/**
 * `engram ingest` of a file of several sessions (LoCoMo conversations) killed midway: the next run of the same
 * command must complete it. A session the run finished is not committed before every session of the run is
 * written, so a kill leaves only sessions marked incomplete, which the next run replaces.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runEngram } from '../../../test-support/run-engram.ts';

const bin = fileURLToPath(new URL('../main.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'engram-multi-crash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Turns per conversation: the second is long, so the kill lands while it is written. */
const turns = { c1: 1000, c2: 30_000, c3: 1000 };
const file = join(dir, 'locomo.json');
writeFileSync(
  file,
  JSON.stringify(
    Object.entries(turns).map(([id, n]) => ({
      sample_id: id,
      conversation: {
        speaker_a: 'Caro',
        speaker_b: 'Mel',
        session_1_date_time: '1:56 pm on 8 May, 2023',
        session_1: Array.from({ length: n }, (_, i) => ({
          speaker: i % 2 ? 'Mel' : 'Caro',
          dia_id: `D1:${i + 1}`,
          text: `turn ${i}`,
        })),
      },
      qa: [],
    })),
  ),
);

/** Waits until the store holds `atLeast` messages (read-only, as another process). */
async function waitForMessages(db: string, atLeast: number): Promise<void> {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(10)) {
    try {
      const handle = new DatabaseSync(db, { readOnly: true });
      try {
        const row = handle.prepare('SELECT count(*) AS n FROM engram_messages').get() as { n: number };
        if (row.n >= atLeast) return;
      } finally {
        handle.close();
      }
    } catch {
      // not created or not migrated yet
    }
  }
  throw new Error(`the ingest wrote fewer than ${atLeast} messages in 60 s`);
}

describe('engram ingest of several sessions, killed (SIGKILL) midway', () => {
  it('leaves no session of the run complete, and the same command run again completes every one', async () => {
    const db = join(dir, 'crash.db');
    const args = ['--db', db, '--json', 'ingest', file, '--format', 'locomo'];
    const child = spawn(process.execPath, ['--no-warnings', bin, ...args], { stdio: 'ignore' });
    const exited = new Promise((resolve) => child.on('close', resolve));
    await waitForMessages(db, turns.c1 + 500); // c1 written whole, c2 begun
    child.kill('SIGKILL');
    await exited;
    const left = JSON.parse(runEngram('--db', db, '--json', 'sessions', 'list').out) as {
      id: string;
      state: string;
    }[];
    expect(left.filter((s) => s.state === 'complete')).toEqual([]);
    const again = runEngram(...args);
    expect(again.code, again.err).toBe(0);
    const sessions = JSON.parse(runEngram('--db', db, '--json', 'sessions', 'list').out) as {
      id: string;
      state: string;
      messages: number;
    }[];
    expect(Object.fromEntries(sessions.map((s) => [s.id, [s.state, s.messages]]))).toEqual({
      c1: ['complete', turns.c1],
      c2: ['complete', turns.c2],
      c3: ['complete', turns.c3],
    });
  }, 120_000);
});
