/**
 * Two `engram ingest --append` runs into the same sessions of one SQLite file at once: whatever happens to one of
 * them (a write refused midway, SIGKILL), the messages the other stored and reported are all kept.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test-support/reliability/store-drivers.ts';
import { type EngramRun, runEngram, startEngram } from '../../../test-support/run-engram.ts';
import type { MemoryMessage } from '../../core/message.ts';
import { createSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import { serializeMessage } from '../../messages/serialize.ts';
import { type IngestSession, writeSessions } from './write-sessions.ts';

const scope = { tenant: 'default' };
const at = new Date('2026-01-01T00:00:00Z');
const msg = (id: string, content = id): MemoryMessage => ({ id, role: 'user', content, createdAt: at });

let dir: { path: string; remove(): Promise<void> };
beforeAll(async () => {
  dir = await tempDir('concurrent-append');
});
afterAll(() => dir.remove());

/** A session JSONL file (what `engram ingest --format jsonl` reads) of session `id` with `messages`; its path. */
function jsonlFile(name: string, id: string, messages: readonly MemoryMessage[]): string {
  const path = join(dir.path, name);
  const rows = [
    JSON.stringify({ type: 'session', id, metadata: {} }),
    ...messages.map((m) => `{"type":"message","message":${serializeMessage(m)}}`),
  ];
  writeFileSync(path, `${rows.join('\n')}\n`);
  return path;
}

/** A database with sessions `ids`, each holding one message `<id>-0`; its path. */
async function databaseWith(name: string, ...ids: string[]): Promise<string> {
  const db = join(dir.path, name);
  const store = createSqliteStore({ path: db });
  for (const id of ids) {
    await store.createSession(scope, { id });
    await store.append(scope, id, [{ message: msg(`${id}-0`), tokens: 1 }]);
  }
  await store.close();
  return db;
}

/** The message ids and contents of a session, read through a new handle. */
async function logOf(db: string, id: string): Promise<string[]> {
  const store = createSqliteStore({ path: db });
  try {
    return (await store.readRange(scope, id)).map((e) => `${e.message.id}:${e.message.content}`);
  } finally {
    await store.close();
  }
}

const ingestAppend = (db: string, file: string) =>
  ['--db', db, 'ingest', '--append', '--format', 'jsonl', file] as const;

describe('engram ingest --append, two runs into one session', () => {
  it("a run refused midway removes only what it stored, never the other run's messages", async () => {
    const db = await databaseWith('overlap.db', 's1', 's2');
    const mine: IngestSession[] = [
      { id: 's1', metadata: {}, messages: [msg('a1'), msg('a2'), msg('a3')] },
      { id: 's2', metadata: {}, messages: [msg('b1', 'mine')] },
    ];
    // The other run: the same messages into s1 (a second run of one file), another message b1 into s2.
    const theirs = [
      jsonlFile('theirs-s1.jsonl', 's1', mine[0]!.messages),
      jsonlFile('theirs-s2.jsonl', 's2', [msg('b1', 'theirs')]),
    ];
    const runs: EngramRun[] = [];
    const store = createSqliteStore({ path: db });
    try {
      // This run has checked its targets (no id taken) when its progress starts: the other runs, as processes
      // of their own, then write before any write of this one.
      const progress = {
        start() {
          for (const file of theirs) runs.push(runEngram(...ingestAppend(db, file)));
        },
        tick() {},
        stop() {},
      };
      await expect(writeSessions(store, scope, mine, { append: true, progress })).rejects.toThrow();
    } finally {
      await store.close();
    }
    expect(runs.map((r) => [r.code, r.err])).toEqual([
      [0, ''],
      [0, ''],
    ]);
    expect(await logOf(db, 's1')).toEqual(['s1-0:s1-0', 'a1:a1', 'a2:a2', 'a3:a3']);
    expect(await logOf(db, 's2')).toEqual(['s2-0:s2-0', 'b1:theirs']);
  }, 120_000);

  it("a run killed (SIGKILL) at any moment leaves the other run's messages whole; its own are all there or none", async () => {
    const n = 5000;
    const files = ['p', 'q'].map((run) =>
      jsonlFile(
        `${run}.jsonl`,
        's',
        Array.from({ length: n }, (_, i) => msg(`${run}${i}`)),
      ),
    );
    // The command takes about 4 s here, 3 of them to start: killed while it starts, or about when it writes.
    for (const [round, when] of (['1.5 s after it started', 'as the other run ends'] as const).entries()) {
      const db = await databaseWith(`killed-${round}.db`, 's');
      const [first, second] = files.map((file) => startEngram(...ingestAppend(db, file)));
      if (when === 'as the other run ends') await first!.done;
      else await sleep(1500);
      second!.child.kill('SIGKILL');
      expect(await first!.done).toMatchObject({ code: 0, err: '' });
      await second!.done;
      const log = await logOf(db, 's');
      const count = (run: string) => log.filter((m) => m.startsWith(run)).length;
      expect(count('p'), `killed ${when}`).toBe(n);
      expect([0, n], `killed ${when}`).toContain(count('q'));
      console.info(`[concurrent-append] killed ${when}: ${count('q')} of its ${n} messages stored`);
      // The killed run, run again: refused when its messages landed, else it stores them; the first run's stay.
      const again = runEngram(...ingestAppend(db, files[1]!));
      expect(again.code === 0 || /already holds a message/.test(again.err), again.err).toBe(true);
      expect(await logOf(db, 's')).toHaveLength(1 + 2 * n);
    }
  }, 300_000);
});
