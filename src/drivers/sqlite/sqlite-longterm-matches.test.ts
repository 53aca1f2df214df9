import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { type CorpusRecord, writeCorpus } from '../../../test-support/longterm/ranking-corpus.ts';
import { getLongTermRecords } from '../../longterm/long-term-store-v1.ts';
import { sql } from '../sql/sql-fragment.ts';
import { createSqliteClient, type SqliteDatabaseLike } from './sqlite-client.ts';
import { openSqliteStore } from './sqlite-driver.ts';
import { bestMatches, spareRows } from './sqlite-longterm-matches.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-sqlite-matches-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A handle that counts the `bm25()` statements it runs. */
function countingHandle(db: DatabaseSync): { handle: SqliteDatabaseLike; reads: () => number } {
  let reads = 0;
  const handle: SqliteDatabaseLike = {
    prepare(text) {
      const statement = db.prepare(text);
      const ranks = text.includes('bm25(');
      return {
        run: (...p) => statement.run(...p),
        get: (...p) => statement.get(...p),
        all: (...p) => {
          if (ranks) reads++;
          return statement.all(...p);
        },
      };
    },
    exec: (text) => db.exec(text),
    get isTransaction() {
      return db.isTransaction;
    },
  };
  return { handle, reads: () => reads };
}

describe('bestMatches', () => {
  it('reads spare rows, so a second ask of the same search for more is served by the first read until a write', async () => {
    const path = join(dir, 'spare.db');
    const store = await openSqliteStore({ path });
    const records = Array.from(
      { length: 60 },
      (_, i): CorpusRecord => ({
        user: 'u1',
        id: `r${i}`,
        kind: 'turn',
        text: `apple ${'pear '.repeat(i % 7)}`,
        speaker: 'Bob',
      }),
    );
    await writeCorpus(getLongTermRecords(store), 'spare', records);
    const db = new DatabaseSync(path);
    const { handle, reads } = countingHandle(db);
    const client = createSqliteClient(handle);
    const score = sql`-bm25(engram_ltm_fts, 0.0, 1.0, 0.5)`;
    const match = 'text : ("appl")';
    try {
      const first = await bestMatches(client, match, score, '0.5', 20);
      expect(first.rows).toHaveLength(40); // twice the 20 asked
      expect(first.complete).toBe(false);
      const again = await bestMatches(client, match, score, '0.5', 35);
      expect(reads()).toBe(1);
      expect(again.rows).toEqual(first.rows);
      const all = await bestMatches(client, match, score, '0.5', 50);
      expect(reads()).toBe(2);
      expect(all.rows).toHaveLength(60);
      expect(all.complete).toBe(true);
      expect(all.rows.slice(0, 40)).toEqual(first.rows);
      // Complete: any ask is served, until another handle writes.
      await bestMatches(client, match, score, '0.5', 500);
      expect(reads()).toBe(2);
      const late: CorpusRecord = {
        user: 'u1',
        id: 'late',
        kind: 'turn',
        text: 'apple apple apple',
        speaker: 'Bob',
      };
      await writeCorpus(getLongTermRecords(store), 'spare', [late]);
      const fresh = await bestMatches(client, match, score, '0.5', 500);
      expect(reads()).toBe(3);
      expect(fresh.rows).toHaveLength(61);
      expect(spareRows).toBeGreaterThanOrEqual(100);
    } finally {
      await client.close(true);
      await store.close();
    }
  });
});
