import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { type CorpusRecord, writeCorpus } from '../../../test-support/longterm/ranking-corpus.ts';
import { getLongTermRecords } from '../../longterm/long-term-store-v1.ts';
import { prepareRecord } from '../../longterm/prepare-record.ts';
import { queryAll } from '../sql/sql-exec.ts';
import { sql } from '../sql/sql-fragment.ts';
import { scopeTokens } from '../sql/sql-longterm-rows.ts';
import { createSqliteClient, type SqliteDatabaseLike } from './sqlite-client.ts';
import { openSqliteStore } from './sqlite-driver.ts';
import { bestMatches, slowFullMatchMs, spareRows } from './sqlite-longterm-matches.ts';
import { fullMatch, type TermsMatch } from './sqlite-longterm-rare-terms.ts';
import { knownTermRows } from './sqlite-term-rows.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-sqlite-matches-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A handle that counts the `bm25()` statements it runs (and those of the rare-terms cut, by their `NOT`); each of
 * them takes at least `slowMs` (a busy wait: a slow machine, a large index).
 */
function countingHandle(
  db: DatabaseSync,
  slowMs = 0,
): { handle: SqliteDatabaseLike; reads: () => number; cuts: () => number } {
  let reads = 0;
  let cuts = 0;
  const handle: SqliteDatabaseLike = {
    prepare(text) {
      const statement = db.prepare(text);
      const ranks = text.includes('bm25(');
      return {
        run: (...p) => statement.run(...p),
        get: (...p) => statement.get(...p),
        all: (...p) => {
          if (!ranks) return statement.all(...p);
          reads++;
          if (p.some((x) => typeof x === 'string' && x.includes(' NOT '))) cuts++;
          const until = performance.now() + slowMs;
          const rows = statement.all(...p);
          while (performance.now() < until);
          return rows;
        },
      };
    },
    exec: (text) => db.exec(text),
    function: (name, options, fn) => db.function(name, options, fn),
    get isTransaction() {
      return db.isTransaction;
    },
  };
  return { handle, reads: () => reads, cuts: () => cuts };
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

  it("after a slow read of every match, the next search of a small index with a dense term reads its rarer terms' rows: the same best rows", async () => {
    const path = join(dir, 'slow.db');
    const store = await openSqliteStore({ path });
    // 3,000 rows (under the 18,000 from which the cut is always tried): "cache" in each, "seven" in one in fifty.
    const records = Array.from(
      { length: 3000 },
      (_, i): CorpusRecord => ({
        user: 'u1',
        id: `r${i}`,
        kind: 'turn',
        text: `cache ${i % 50 === 0 ? 'seven' : 'filler'} row${i}`,
        speaker: 'Bob',
      }),
    );
    await writeCorpus(getLongTermRecords(store), 'slow', records);
    const db = new DatabaseSync(path);
    const { handle, reads, cuts } = countingHandle(db, slowFullMatchMs + 1);
    const client = createSqliteClient(handle);
    const score = sql`-bm25(engram_ltm_fts, 0.0, 1.0, 0.5)`;
    const match: TermsMatch = {
      columns: '{text context}',
      terms: ['cach', 'seven'],
      anyRow: scopeTokens({ tenant: 'slow' })[0] as string,
    };
    try {
      expect(knownTermRows(client, match.terms, true)).toEqual([undefined, undefined]);
      const first = await bestMatches(client, match, score, '0.5', 20);
      expect([reads(), cuts()]).toEqual([1, 0]);
      // The read was slow: the terms' counts are noted (from fts5vocab), "cache" in every row.
      expect(knownTermRows(client, match.terms, true)).toEqual([3000, 60]);
      // A write, so the next search reads again (not the handle's last read): now through the cut, same rows.
      await writeCorpus(getLongTermRecords(store), 'slow', [
        { user: 'u1', id: 'late', kind: 'turn', text: 'cache filler late', speaker: 'Bob' },
      ]);
      const second = await bestMatches(client, match, score, '0.5', 20);
      expect([reads(), cuts()]).toEqual([2, 1]);
      // What a read of every match gives now (scores to the bit; the write moved every idf).
      const every = db
        .prepare(
          'SELECT rowid AS rid, -bm25(engram_ltm_fts, 0.0, 1.0, 0.5) AS score FROM engram_ltm_fts WHERE engram_ltm_fts MATCH ? ORDER BY score DESC LIMIT 20',
        )
        .all(fullMatch(match))
        .map((r) => ({ rid: Number(r.rid), score: Number(r.score) }));
      expect(second.rows.slice(0, 20)).toEqual(every);
      expect(first.rows.map((r) => r.rid)).toEqual(every.map((r) => r.rid));
      // One term: nothing to cut to, no count noted.
      const one: TermsMatch = { ...match, terms: ['row7'] };
      await bestMatches(client, one, score, '0.5', 20);
      expect(knownTermRows(client, one.terms, true)).toEqual([undefined]);
    } finally {
      await client.close(true);
      await store.close();
    }
  });

  it("reads at a search's first ask what the handle's last search was asked for at most, so its wider ask reads nothing (the cut forced)", async () => {
    const path = join(dir, 'grown.db');
    const store = await openSqliteStore({ path });
    // "cache" in every row, "seven" in one in ten: the cut is tried (forced) and serves a first ask of 20.
    const records = Array.from(
      { length: 400 },
      (_, i): CorpusRecord => ({
        user: 'u1',
        id: `r${i}`,
        kind: 'turn',
        text: `cache ${i % 10 === 0 ? 'seven' : 'filler'} ${'pad '.repeat(i % 9)}`,
        speaker: 'Bob',
      }),
    );
    await writeCorpus(getLongTermRecords(store), 'grown', records);
    const db = new DatabaseSync(path);
    const { handle, reads } = countingHandle(db);
    const client = createSqliteClient(handle);
    const score = sql`-bm25(engram_ltm_fts, 0.0, 1.0, 0.5)`;
    const match: TermsMatch = {
      columns: '{text context}',
      terms: ['cach', 'seven'],
      anyRow: scopeTokens({ tenant: 'grown' })[0] as string,
    };
    const ask = (n: number) => bestMatches(client, match, score, '0.5', n, 0);
    let written = 0;
    // The agent records its run between two searches: a write, which drops what the handle read.
    const write = () =>
      writeCorpus(getLongTermRecords(store), 'grown', [
        { user: 'u1', id: `w${written++}`, kind: 'turn', text: 'filler words', speaker: 'Bob' },
      ]);
    const full = async (n: number) =>
      (
        await queryAll(
          client,
          sql`SELECT rowid AS rid, ${score} AS score FROM engram_ltm_fts WHERE engram_ltm_fts MATCH ${fullMatch(match)} ORDER BY score DESC LIMIT ${n}`,
        )
      ).map((r) => Number(r.score));
    try {
      // A search whose filter kept too few: asked for 20, then for 150 (past the 40 its spare rows give).
      await ask(20);
      await ask(150);
      await write();
      // The next search alike: its first read takes what the wider ask needs (one bm25() read, not the cut's and
      // then a read of every match), and the wider ask is served by it.
      const before = reads();
      const first = await ask(20);
      const wider = await ask(150);
      expect(reads() - before).toBe(1);
      expect(wider.rows.slice(0, 150).map((r) => r.score)).toEqual(await full(150));
      expect(first.rows.slice(0, 20)).toEqual(wider.rows.slice(0, 20));
      // A search that was not asked again: the next one reads its ask and spare rows only (the cut serves it).
      await write();
      await ask(20);
      await write();
      const at = reads();
      const narrow = await ask(20);
      expect(reads() - at).toBe(1);
      expect(narrow.rows.length).toBeLessThanOrEqual(40);
      expect(narrow.rows.map((r) => r.score)).toEqual(await full(narrow.rows.length));
    } finally {
      await client.close(true);
      await store.close();
    }
  });

  it('gives, over searches asked again and writes between them, the best rows of a read of every match, scored to the bit', async () => {
    const words = ['cache', 'budget', 'seven', 'quartz'];
    const text = fc
      .array(fc.constantFrom(...words, 'filler', 'pad'), { minLength: 1, maxLength: 8 })
      .map((w) => w.join(' '));
    await fc.assert(
      fc.asyncProperty(
        fc.array(text, { minLength: 20, maxLength: 150 }),
        fc.uniqueArray(fc.constantFrom('cach', 'budget', 'seven', 'quartz'), { minLength: 1, maxLength: 4 }),
        // Searches, each a first ask and the wider asks made of it, a write before each.
        fc.array(fc.array(fc.integer({ min: 1, max: 200 }), { minLength: 1, maxLength: 3 }), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.constantFrom(0, 2000),
        async (texts, terms, searches, cutFrom) => {
          const db = new DatabaseSync(':memory:');
          const store = await openSqliteStore({ database: db });
          const client = createSqliteClient(db);
          const scope = { tenant: 't', user: 'u' };
          const records = getLongTermRecords(store);
          const m: TermsMatch = { columns: '{text context}', terms, anyRow: scopeTokens(scope)[0] as string };
          const score = sql`-bm25(engram_ltm_fts, 0.0, 1.0, 0.5)`;
          try {
            await records.addRecords(
              scope,
              texts.map((t, i) => prepareRecord({ id: `r${i}`, kind: 'turn', text: t }, 'test')),
            );
            for (const [s, asks] of searches.entries()) {
              await records.addRecords(scope, [
                prepareRecord({ id: `w${s}`, kind: 'turn', text: texts[s] ?? 'x' }, 'test'),
              ]);
              const every = (
                await queryAll(
                  client,
                  sql`SELECT rowid AS rid, ${score} AS score FROM engram_ltm_fts WHERE engram_ltm_fts MATCH ${fullMatch(m)} ORDER BY score DESC`,
                )
              ).map((r) => ({ rid: Number(r.rid), score: Number(r.score) }));
              let n = 0;
              for (const more of asks) {
                n += more;
                const got = await bestMatches(client, m, score, '0.5', n, cutFrom);
                // At least the n asked, or every match; the best of them, to the bit.
                expect(got.rows.length).toBeGreaterThanOrEqual(got.complete ? every.length : n);
                expect(got.rows.map((r) => r.score)).toEqual(
                  every.slice(0, got.rows.length).map((r) => r.score),
                );
                const floor = got.rows.at(-1)?.score ?? Number.POSITIVE_INFINITY;
                const above = every.filter((r) => r.score > floor).map((r) => r.rid);
                expect(got.rows.map((r) => r.rid)).toEqual(expect.arrayContaining(above));
              }
            }
          } finally {
            await store.close();
            db.close();
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
