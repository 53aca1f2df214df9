import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { type CorpusRecord, writeCorpus } from '../../../test-support/longterm/ranking-corpus.ts';
import { getLongTermRecords } from '../../longterm/long-term-store-v1.ts';
import { sql } from '../sql/sql-fragment.ts';
import { scopeTokens } from '../sql/sql-longterm-rows.ts';
import { createSqliteClient, type SqliteDatabaseLike } from './sqlite-client.ts';
import { openSqliteStore } from './sqlite-driver.ts';
import { bestMatches, spareRows } from './sqlite-longterm-matches.ts';
import type { TermsMatch } from './sqlite-longterm-rare-terms.ts';

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
    function: (name, options, fn) => db.function(name, options, fn),
    get isTransaction() {
      return db.isTransaction;
    },
  };
  return { handle, reads: () => reads };
}

describe('bestMatches', () => {
  it('reads spare rows once a search was widened on the handle, so a second, wider ask is served by the first read until a write', async () => {
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
    // One term: read whole (no rarer terms to cut to).
    const match: TermsMatch = {
      columns: 'text',
      terms: ['appl'],
      anyRow: scopeTokens({ tenant: 'spare' })[0] as string,
    };
    try {
      // A handle that never widened a search reads what it is asked.
      const first = await bestMatches(client, match, score, '0.5', 20);
      expect(first.rows).toHaveLength(20);
      expect(first.complete).toBe(false);
      // Asked again for more of the same search: read again, and from now on with spare rows.
      const wider = await bestMatches(client, match, score, '0.5', 25);
      expect(reads()).toBe(2);
      expect(wider.rows).toHaveLength(50);
      expect(wider.rows.slice(0, 20)).toEqual(first.rows);
      // Another search (the context weighted otherwise) reads twice the rows it asks; a wider ask is served.
      const other = sql`-bm25(engram_ltm_fts, 0.0, 1.0, 0.25)`;
      const spare = await bestMatches(client, match, other, '0.25', 20);
      expect(spare.rows).toHaveLength(40);
      const again = await bestMatches(client, match, other, '0.25', 35);
      expect(reads()).toBe(3);
      expect(again.rows).toEqual(spare.rows);
      const all = await bestMatches(client, match, other, '0.25', 50);
      expect(reads()).toBe(4);
      expect(all.rows).toHaveLength(60);
      expect(all.complete).toBe(true);
      expect(all.rows.slice(0, 40)).toEqual(spare.rows);
      // Complete: any ask is served, until another handle writes.
      await bestMatches(client, match, other, '0.25', 500);
      expect(reads()).toBe(4);
      const late: CorpusRecord = {
        user: 'u1',
        id: 'late',
        kind: 'turn',
        text: 'apple apple apple',
        speaker: 'Bob',
      };
      await writeCorpus(getLongTermRecords(store), 'spare', [late]);
      const fresh = await bestMatches(client, match, other, '0.25', 500);
      expect(reads()).toBe(5);
      expect(fresh.rows).toHaveLength(61);
      expect(spareRows).toBeGreaterThanOrEqual(100);
    } finally {
      await client.close(true);
      await store.close();
    }
  });
});
