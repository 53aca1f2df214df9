import { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../longterm/analyze-text.ts';
import { getLongTermRecords } from '../../longterm/long-term-store-v1.ts';
import { prepareRecord } from '../../longterm/prepare-record.ts';
import { queryAll } from '../sql/sql-exec.ts';
import { sql } from '../sql/sql-fragment.ts';
import { scopeTokens } from '../sql/sql-longterm-rows.ts';
import { createSqliteClient } from './sqlite-client.ts';
import { openSqliteStore } from './sqlite-driver.ts';
import {
  fullMatch,
  rareTermsMatch,
  rareTermsMatches,
  type TermsMatch,
} from './sqlite-longterm-rare-terms.ts';
import { knownTermRows, termRowCounts } from './sqlite-term-rows.ts';

/** Words by how often a record holds one: the first in most records, the last in a few. */
const common = ['cache', 'budget', 'page', 'read'];
const rare = ['seven', 'quartz', 'ember', 'delta'];

/** A record's text: each common word with a high chance, each rare word with a low one, repeated 1–3 times. */
const recordText = fc
  .record({
    common: fc.array(fc.tuple(fc.constantFrom(...common), fc.integer({ min: 1, max: 3 })), { maxLength: 4 }),
    rare: fc.array(fc.tuple(fc.constantFrom(...rare), fc.integer({ min: 1, max: 2 })), { maxLength: 1 }),
    filler: fc.integer({ min: 0, max: 12 }),
  })
  .map(
    ({ common: c, rare: r, filler }) =>
      [...c, ...r]
        .flatMap(([w, k]) => Array.from({ length: k }, () => w))
        .concat(Array.from({ length: filler }, (_, i) => `filler${i}`))
        .join(' ') || 'nothing',
  );

/**
 * Runs `test` on an in-memory store of 3,000 rows ("cache" in every one, "seven" in one in fifty, "quartz" in one in
 * ten): a dense query (a term in every row), a sparse one (its commonest term in a tenth), and the best 20 scores
 * `bm25()` gives a match over every row.
 */
async function withSkewedIndex(
  test: (rig: {
    client: ReturnType<typeof createSqliteClient>;
    addRecord: (text: string) => Promise<unknown>;
    /** Adds `n` records `${prefix}0`… with the texts `text(i)`. */
    addRecords: (prefix: string, n: number, text: (i: number) => string) => Promise<unknown>;
    deleteRecord: (id: string) => Promise<unknown>;
    score: ReturnType<typeof sql>;
    dense: TermsMatch;
    sparse: TermsMatch;
    best: (m: TermsMatch) => Promise<number[]>;
  }) => Promise<void>,
): Promise<void> {
  const db = new DatabaseSync(':memory:');
  const store = await openSqliteStore({ database: db });
  const client = createSqliteClient(db);
  try {
    const scope = { tenant: 't', user: 'u' };
    const records = getLongTermRecords(store);
    const addRecords = (prefix: string, n: number, text: (i: number) => string) =>
      records.addRecords(
        scope,
        Array.from({ length: n }, (_, i) =>
          prepareRecord({ id: `${prefix}${i}`, kind: 'turn', text: text(i) }, 'test'),
        ),
      );
    await addRecords(
      'r',
      3000,
      (i) => `cache ${i % 50 === 0 ? 'seven' : 'filler'} ${i % 10 === 0 ? 'quartz' : 'other'} row${i}`,
    );
    const score = sql`-bm25(engram_ltm_fts, 0.0, 1.0, 0)`;
    const anyRow = scopeTokens(scope)[0] as string;
    await test({
      client,
      addRecord: (text) =>
        records.addRecords(scope, [prepareRecord({ id: `late-${text}`, kind: 'turn', text }, 'test')]),
      addRecords,
      deleteRecord: (id) => records.deleteRecord(scope, id, new Date()),
      score,
      dense: { columns: 'text', terms: ['cach', 'seven'], anyRow },
      sparse: { columns: 'text', terms: ['quartz', 'seven'], anyRow },
      best: async (m) =>
        (
          await queryAll(
            client,
            sql`SELECT ${score} AS score FROM engram_ltm_fts WHERE engram_ltm_fts MATCH ${fullMatch(m)} ORDER BY score DESC LIMIT 20`,
          )
        ).map((r) => Number(r.score)),
    });
  } finally {
    await store.close();
    db.close();
  }
}

describe('rareTermsMatch', () => {
  it('keeps the full match first, then requires a rare term through phrases that stand at no matched row', () => {
    const m: TermsMatch = { columns: 'text', terms: ['a', 'b', 'c', 'd'], anyRow: 'Z' };
    expect(fullMatch(m)).toBe('text : ("a" OR "b" OR "c" OR "d")');
    expect(rareTermsMatch(m, new Set([1, 3]))).toBe(
      '(text : ("a" OR "b" OR "c" OR "d")) AND (scope : "Z" NOT (scope : "Z" NOT text : ("b" OR "d")))',
    );
    expect(fullMatch({ ...m, scope: 'scope : ("S")' })).toBe(
      'scope : ("S") AND text : ("a" OR "b" OR "c" OR "d")',
    );
  });
});

describe('rareTermsMatches', () => {
  it('gives the best rows of every match, scored to the bit as bm25() over every match scores them, or nothing', async () => {
    let applied = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(recordText, { minLength: 30, maxLength: 120 }),
        fc.uniqueArray(fc.constantFrom(...common, ...rare, 'absent'), { minLength: 2, maxLength: 6 }),
        fc.integer({ min: 1, max: 20 }),
        fc.constantFrom(0, 0.5, 1),
        fc.constantFrom(false, false, false, true),
        fc.array(fc.nat(), { maxLength: 10 }),
        fc.option(fc.integer({ min: 1, max: 20 }), { freq: 2 }),
        async (texts, terms, read, contextWeight, otherTenant, deletes, needAsked) => {
          const db = new DatabaseSync(':memory:');
          const store = await openSqliteStore({ database: db });
          const client = createSqliteClient(db);
          try {
            const records = getLongTermRecords(store);
            const scope = { tenant: 't', user: 'u' };
            await records.addRecords(
              scope,
              texts.map((text, i) =>
                prepareRecord({ id: `r${i}`, kind: 'turn', text, context: text }, 'test'),
              ),
            );
            // Deleted records leave the index (its row count, which the bounds take, falls with them).
            for (const d of new Set(deletes.map((k) => k % texts.length)))
              await records.deleteRecord(scope, `r${d}`, new Date());
            // Another tenant's rows share the index: the scope's tokens select the search's rows, and the cut
            // (for a scope that holds every live record) does not apply.
            if (otherTenant)
              await records.addRecords(
                { tenant: 'o', user: 'u' },
                texts
                  .slice(0, 10)
                  .map((text, i) => prepareRecord({ id: `o${i}`, kind: 'turn', text }, 'test')),
              );
            // The index holds analysed terms ('cache' as 'cach').
            const asked = terms.map((w) => analyzeText(w)[0] as string);
            const m: TermsMatch = {
              ...(otherTenant ? { scope: `scope : ("${scopeTokens(scope)[0]}")` } : {}),
              columns: contextWeight > 0 ? '{text context}' : 'text',
              terms: asked,
              anyRow: scopeTokens(scope)[0] as string,
            };
            const score = sql`-bm25(engram_ltm_fts, 0.0, 1.0, ${contextWeight})`;
            const every = await queryAll(
              client,
              sql`SELECT rowid AS rid, ${score} AS score FROM engram_ltm_fts WHERE engram_ltm_fts MATCH ${fullMatch(m)} ORDER BY score DESC`,
            );
            const scoreOf = new Map(every.map((r) => [Number(r.rid), Number(r.score)]));
            // `need` below `read`: the rows beyond it are spare, and the cut may give fewer (at least `need`; the edge
            // tests build a case where it does).
            const need = needAsked === null ? read : Math.min(needAsked, read);
            const cut = await rareTermsMatches(client, m, score, read, { from: 0, need });
            if (otherTenant) expect(cut).toBeUndefined();
            if (cut === undefined) return;
            applied++;
            if (need === read) expect(cut).toHaveLength(read);
            else {
              expect(cut.length).toBeGreaterThanOrEqual(need);
              expect(cut.length).toBeLessThanOrEqual(read);
            }
            // Each row scored as over every match (to the bit), and the same scores as the best of them.
            for (const row of cut) expect(row.score).toBe(scoreOf.get(row.rid));
            expect(cut.map((r) => r.score)).toEqual(every.slice(0, cut.length).map((r) => Number(r.score)));
            // Every row scoring above the read-th is among them.
            const floor = cut.at(-1)?.score as number;
            const above = every.filter((r) => Number(r.score) > floor).map((r) => Number(r.rid));
            expect(cut.map((r) => r.rid)).toEqual(expect.arrayContaining(above));
          } finally {
            await store.close();
            db.close();
          }
        },
      ),
      { numRuns: 160 },
    );
    // Not vacuous: the cut gave the answer in a good share of the runs (about 22% of them: 36 of 160 expected, a
    // standard deviation of about 5; at 80 runs a bound of 10 failed about once in 70 runs of the suite).
    expect(applied).toBeGreaterThanOrEqual(16);
  });

  it('is tried only where scoring every match costs more than the cut: a common term in most rows, not a few', () =>
    withSkewedIndex(async ({ client, score, dense, sparse, best }) => {
      const cut = await rareTermsMatches(client, dense, score, 20, { from: 1, fromRows: 0 });
      expect(cut?.map((r) => r.score)).toEqual(await best(dense));
      // The commonest term in a tenth of the rows: scoring its rows costs less than walking every row.
      expect(await rareTermsMatches(client, sparse, score, 20, { from: 1, fromRows: 0 })).toBeUndefined();
      // Below `from` term occurrences, not tried.
      expect(await rareTermsMatches(client, dense, score, 20, { from: 10_000, fromRows: 0 })).toBeUndefined();
    }));

  it('in an index under fromRows, is tried only once a count read before says a term is dense', () =>
    withSkewedIndex(async ({ client, addRecord, score, dense, sparse, best }) => {
      // In an index of fewer rows than `fromRows` (by default 18,000): not counted, not tried, until a count read
      // for another reason (a slow read of every match noted it, say) says a term is dense; then tried, even after a write.
      expect(await rareTermsMatches(client, dense, score, 20, { from: 1 })).toBeUndefined();
      expect(knownTermRows(client, dense.terms, false)).toEqual([undefined, undefined]);
      expect(await termRowCounts(client, dense.terms, false)).toEqual([3000, 60]);
      expect(knownTermRows(client, dense.terms, false)).toEqual([3000, 60]);
      await addRecord('cache seven seven');
      const hinted = await rareTermsMatches(client, dense, score, 20, { from: 1 });
      expect(hinted?.map((r) => r.score)).toEqual(await best(dense));
      // The exact counts were taken again after the write (the hint is never scored with).
      expect(knownTermRows(client, dense.terms, false)).toEqual([3001, 61]);
      // A sparse query's hint says no term is dense: not tried.
      await termRowCounts(client, sparse.terms, false);
      expect(await rareTermsMatches(client, sparse, score, 20, { from: 1 })).toBeUndefined();
    }));

  it("in an index under fromRows, the terms' last counts decline a cut that would not pay before they are counted again", () =>
    withSkewedIndex(async ({ client, addRecords, deleteRecord, score, dense, best }) => {
      await addRecords('x', 2500, (i) => `cache seven extra${i}`);
      // Counted while "seven" is in 2,560 of 5,500 rows: its rows are too many for a cut to pay.
      expect(await termRowCounts(client, dense.terms, false)).toEqual([5500, 2560]);
      for (let i = 0; i < 2500; i++) await deleteRecord(`x${i}`);
      // Now in 60 of 3,000 (a cut would pay), but the last counts say otherwise: declined, and not counted again.
      expect(await rareTermsMatches(client, dense, score, 20, { from: 1 })).toBeUndefined();
      expect(knownTermRows(client, dense.terms, false)).toEqual([5500, 2560]);
      // Counted again (a refresh): the cut is taken, and gives the best rows of every match.
      expect(await termRowCounts(client, dense.terms, false)).toEqual([3000, 60]);
      const cut = await rareTermsMatches(client, dense, score, 20, { from: 1 });
      expect(cut?.map((r) => r.score)).toEqual(await best(dense));
    }));
});
