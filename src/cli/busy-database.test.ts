/**
 * A command that gives up waiting for another process's lock on the `--db` file (after the store's 30 s) names
 * that file and says what to do, reading (the probe) as writing (an import): "database is busy" alone does not
 * say which database, when a script runs engram on several.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { holdExclusive } from '../../test-support/hold-exclusive.ts';
import { importOneSession } from '../../test-support/import-one-session.ts';
import { runEngramAsync } from '../../test-support/run-engram.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-busy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a lock held past the wait', () => {
  it('read and import exit 4 naming the --db file and what to do', async () => {
    const db = join(dir, 'held.db');
    importOneSession(db);
    // A rollback journal: the holder keeps readers out too.
    const handle = new DatabaseSync(db);
    handle.exec('PRAGMA journal_mode = DELETE');
    handle.close();
    const file = join(dir, 's2.jsonl');
    writeFileSync(file, '{"type":"session","id":"s2","metadata":{}}\n');
    const lock = await holdExclusive(db);
    try {
      const runs = await Promise.all([
        runEngramAsync('--db', db, 'search', 'hello'),
        runEngramAsync('--db', db, 'import', file),
      ]);
      for (const r of runs) {
        expect(r.code, r.err).toBe(4);
        expect(r.err).toContain(`database ${db} is busy`);
        expect(r.err).toMatch(/another (process|connection) held .*lock for \d+ ms/);
        expect(r.err).toMatch(/try again once/);
      }
    } finally {
      await lock.release();
    }
  }, 90_000);
});
