import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { commitAfterRowCount, joinedRanking } from '../../../test-support/longterm/sqlite-rank-rigs.ts';
import { analyzeText } from '../../longterm/analyze-text.ts';
import { getLongTermRecords } from '../../longterm/long-term-store-v1.ts';
import { prepareChange, prepareRecord } from '../../longterm/prepare-record.ts';
import type { LongTermTextSearch } from '../sql/dialect-longterm-index.ts';
import type { SqlClient } from '../sql/sql-client.ts';
import { queryAll } from '../sql/sql-exec.ts';
import { sql } from '../sql/sql-fragment.ts';
import { liveWhere, scopeTokens } from '../sql/sql-longterm-rows.ts';
import { createSqliteClient } from './sqlite-client.ts';
import { openSqliteStore } from './sqlite-driver.ts';
import { rankSqliteLongTerm } from './sqlite-longterm-rank.ts';
import { fullMatch, rareTermsMatches, type TermsMatch } from './sqlite-longterm-rare-terms.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-rare-terms-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
/** Files the tests made so far (each a file of its own). */
let files = 0;

const scope = { tenant: 't', user: 'u' };
const anyRow = scopeTokens(scope)[0] as string;

/** A record of a crafted corpus: its text and context. */
interface Doc {
  text: string;
  context?: string;
}

/** A fresh in-memory store holding `docs` in one scope (the scope then holds every live record). */
async function open(docs: readonly Doc[]) {
  const db = new DatabaseSync(':memory:');
  const store = await openSqliteStore({ database: db });
  const client = createSqliteClient(db);
  const records = getLongTermRecords(store);
  if (docs.length > 0)
    await records.addRecords(
      scope,
      docs.map((d, i) => prepareRecord({ id: `r${i}`, kind: 'turn', ...d }, 'test')),
    );
  return {
    db,
    client,
    records,
    close: async () => {
      await store.close();
      db.close();
    },
  };
}

/**
 * Runs `fn` on a file of its own (named after `name`) with two handles on it: `same`, the store over the searching
 * handle (client `client`), and `other`, a store over a handle of its own (another process).
 */
async function onTwoHandles(
  name: string,
  fn: (h: {
    same: Awaited<ReturnType<typeof openSqliteStore>>;
    other: Awaited<ReturnType<typeof openSqliteStore>>;
    client: ReturnType<typeof createSqliteClient>;
    path: string;
  }) => Promise<void>,
): Promise<void> {
  const path = join(dir, `${name}-${files++}.db`);
  const db = new DatabaseSync(path);
  const same = await openSqliteStore({ database: db });
  const other = await openSqliteStore({ path });
  const client = createSqliteClient(db);
  try {
    await fn({ same, other, client, path });
  } finally {
    await client.close(false);
    await other.close();
    await same.close();
    db.close();
  }
}

/**
 * `client` with `write` run once, right after its statement number `at` (0 first; `onStatement` sees each one's
 * text): a commit landing between a search's statements. `commit()` runs it if no statement did (the state after).
 */
function commitAtStatement(
  client: SqlClient,
  at: number,
  write: () => Promise<unknown>,
  onStatement: (text: string) => void = () => {},
): { client: SqlClient; commit: () => Promise<void> } {
  let statements = 0;
  let committed = false;
  const commit = async () => {
    if (committed) return;
    committed = true;
    await write();
  };
  const counted = async <T>(result: T, text: string): Promise<T> => {
    onStatement(text);
    if (statements++ === at) await commit();
    return result;
  };
  return {
    client: {
      ...client,
      get: async (text, params) => counted(await client.get(text, params), text),
      all: async (text, params) => counted(await client.all(text, params), text),
    },
    commit,
  };
}

/** Every match of `m` scored by `score`, best first. */
const everyMatch = async (client: SqlClient, m: TermsMatch, contextWeight: number) =>
  (
    await queryAll(
      client,
      sql`SELECT rowid AS rid, -bm25(engram_ltm_fts, 0.0, 1.0, ${contextWeight}) AS score FROM engram_ltm_fts WHERE engram_ltm_fts MATCH ${fullMatch(m)} ORDER BY score DESC`,
    )
  ).map((r) => ({ rid: Number(r.rid), score: Number(r.score) }));

/**
 * For every `read` from 1 to past the matches: the cut, when it applies, gives the best `read` rows of every match
 * (ties at the read-th score aside), each scored to the bit as there. Returns how many reads it applied to.
 */
async function checkCut(client: SqlClient, terms: readonly string[], contextWeight: number): Promise<number> {
  const m: TermsMatch = {
    columns: contextWeight > 0 ? '{text context}' : 'text',
    terms,
    anyRow,
  };
  const score = sql`-bm25(engram_ltm_fts, 0.0, 1.0, ${contextWeight})`;
  const every = await everyMatch(client, m, contextWeight);
  const scoreOf = new Map(every.map((r) => [r.rid, r.score]));
  let applied = 0;
  for (let read = 1; read <= every.length + 2; read++) {
    // `need` below `read` (spare rows asked): the cut may give fewer rows, at least `need`, the best of every match.
    for (const need of new Set([read, Math.ceil(read / 2), 1])) {
      const cut = await rareTermsMatches(client, m, score, read, { from: 0, need });
      if (cut === undefined) continue;
      applied++;
      if (need === read) expect(cut).toHaveLength(read);
      expect(cut.length).toBeGreaterThanOrEqual(need);
      expect(cut.length).toBeLessThanOrEqual(read);
      if (cut.length < read) shorterCuts++;
      for (const row of cut) expect(row.score).toBe(scoreOf.get(row.rid));
      expect(cut.map((r) => r.score)).toEqual(every.slice(0, cut.length).map((r) => r.score));
      const floor = cut.at(-1)?.score as number;
      expect(cut.map((r) => r.rid)).toEqual(
        expect.arrayContaining(every.filter((r) => r.score > floor).map((r) => r.rid)),
      );
      // Fewer rows than read: the next one scores at or below the last (no row of equal score is cut apart).
      if (cut.length < read && every[cut.length]) expect(every[cut.length]?.score).toBeLessThan(floor);
    }
  }
  return applied;
}

/** Cuts {@link checkCut} saw give fewer rows than read (at least `need`): the path a first ask with spare rows takes. */
let shorterCuts = 0;

/** The search of `query` over the whole scope, as the store asks it. */
const search = (query: string, contextWeight: number, limit: number): LongTermTextSearch => ({
  scope,
  terms: [...new Set(analyzeText(query))],
  contextWeight,
  where: liveWhere(scope),
  scopeTokens: scopeTokens(scope),
  limit,
});

/** rankSqliteLongTerm with the large path and the cut forced equals the joined reference, for limits 1..`most`. */
async function checkRanking(client: SqlClient, query: string, contextWeight: number, most: number) {
  for (let limit = 1; limit <= most; limit++) {
    const s = search(query, contextWeight, limit);
    const expected = await joinedRanking(client, s);
    const got = (await rankSqliteLongTerm(client, s, { smallScope: 0, firstBatch: limit, cutFrom: 0 })).map(
      ({ rid, score }) => ({ rid, score }),
    );
    expect(got).toEqual(expected);
  }
}

/** `word` repeated `k` times. */
const times = (word: string, k: number) => Array.from({ length: k }, () => word).join(' ');

/** Filler words, so rows differ in length. */
const filler = (k: number) => Array.from({ length: k }, (_, i) => `pad${i}`).join(' ');

describe('rareTermsMatches on edge inputs', () => {
  it('a rare term held only in the context column: scored by context weight, left out of a text-only search', async () => {
    const docs: Doc[] = [];
    for (let i = 0; i < 60; i++)
      docs.push({
        text: `common ${i % 3 === 0 ? 'common' : ''} ${filler(i % 7)}`,
        context: i % 9 === 0 ? `quartz ${times('quartz', i % 4)}` : 'other',
      });
    const s = await open(docs);
    try {
      let applied = 0;
      for (const w of [0, 0.001, 0.5, 1]) applied += await checkCut(s.client, ['common', 'quartz'], w);
      expect(applied).toBeGreaterThan(0);
      for (const w of [0, 0.5, 1]) await checkRanking(s.client, 'common quartz', w, 8);
    } finally {
      await s.close();
    }
  });

  it('a read past the rows that clear the other terms: the rows that do, when at least `need` (spare rows asked)', async () => {
    // 'quartz' (40 rows) is taken alone: its idf is above 'page''s and 'common''s bounds summed. Its short rows score
    // above those bounds, its long ones (holding it once) below: a read of 40 holds only the short ones for sure.
    const docs: Doc[] = [];
    for (let i = 0; i < 400; i++) {
      const parts = ['common'];
      if (i % 20 < 7) parts.push('page');
      if (i % 10 === 0) parts.push(i % 20 === 0 ? 'quartz' : `quartz ${filler(40)}`);
      parts.push(filler(i % 9));
      docs.push({ text: parts.join(' ') });
    }
    const s = await open(docs);
    try {
      const before = shorterCuts;
      let applied = 0;
      for (const w of [0, 1]) applied += await checkCut(s.client, ['common', 'page', 'quartz'], w);
      expect(applied).toBeGreaterThan(0);
      // Not vacuous: reads past the rows that clear the other terms' bounds were served short.
      expect(shorterCuts).toBeGreaterThan(before);
      for (const w of [0, 1]) await checkRanking(s.client, 'common page quartz', w, 45);
    } finally {
      await s.close();
    }
  });

  it('a row holding a rare term many times, long rows, every term rare, a term absent', async () => {
    const docs: Doc[] = [];
    for (let i = 0; i < 80; i++) {
      const parts = ['alpha'];
      if (i % 2 === 0) parts.push('beta');
      if (i === 7) parts.push(times('gamma', 400));
      if (i === 8) parts.push('gamma', filler(300));
      if (i % 20 === 5) parts.push('gamma');
      if (i % 40 === 3) parts.push('delta', 'epsilon');
      parts.push(filler(i % 11));
      docs.push({ text: parts.join(' '), context: i % 5 === 0 ? 'gamma alpha' : 'alpha' });
    }
    const s = await open(docs);
    try {
      let applied = 0;
      for (const w of [0, 0.5, 1]) {
        applied += await checkCut(s.client, ['alpha', 'beta', 'gamma'], w);
        applied += await checkCut(s.client, ['gamma', 'alpha', 'missing', 'beta'], w);
        applied += await checkCut(s.client, ['delta', 'epsilon', 'gamma'], w);
        applied += await checkCut(s.client, ['missing', 'nowhere'], w);
        applied += await checkCut(s.client, ['alpha', 'alpha', 'gamma'], w);
      }
      expect(applied).toBeGreaterThan(0);
      for (const w of [0, 0.5, 1]) {
        await checkRanking(s.client, 'alpha beta gamma', w, 6);
        await checkRanking(s.client, 'delta epsilon gamma alpha', w, 6);
      }
    } finally {
      await s.close();
    }
  });

  it('terms FTS5 quotes or tokenizes apart: quotes, an empty token, one split in two, an owner-token shape', async () => {
    // U+19B0 (a New Tai Lue vowel sign) is a letter to JavaScript (analyzeText keeps it) and a separator to
    // unicode61's tables: a term holding it is two tokens (a phrase), one of it alone none (an empty phrase).
    const split = 'x\u{19b0}y';
    const odd = ['a"b', split, '\u{19b0}', 'caf\u00e9', '\u6771\u4eac', anyRow, `${anyRow}0`];
    const docs: Doc[] = [];
    for (let i = 0; i < 50; i++)
      docs.push({
        text: `common ${i % 2 ? 'common' : ''} ${i % 7 === 0 ? odd.join(' ') : ''} ${i % 5 === 0 ? 'x y' : ''} ${filler(i % 6)}`,
        context: i % 3 === 0 ? 'x' : 'y common',
      });
    const s = await open(docs);
    try {
      expect(analyzeText(split)).toEqual([split]);
      const phrase = await queryAll(
        s.client,
        sql`SELECT rowid FROM engram_ltm_fts WHERE engram_ltm_fts MATCH ${`text : ${JSON.stringify(split)}`}`,
      );
      // The phrase "x y": the 8 rows holding the term and the 10 holding "x y", 2 rows both.
      expect(phrase).toHaveLength(16);
      let applied = 0;
      for (const w of [0, 1]) {
        for (const t of odd) applied += await checkCut(s.client, ['common', t], w);
        applied += await checkCut(s.client, ['common', 'x', ...odd], w);
        applied += await checkCut(s.client, ['y', 'common', 'x', '\u{19b0}'], w);
        expect(await checkCut(s.client, ['common', split], w)).toBeGreaterThan(0);
        await checkRanking(s.client, `common ${split} \u{19b0} caf\u00e9`, w, 6);
      }
      expect(applied).toBeGreaterThan(0);
    } finally {
      await s.close();
    }
  });

  it('counts no stale document counts: deletes, updates, writes on another handle between searches', async () => {
    let applied = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            op: fc.constantFrom('add' as const, 'delete' as const, 'update' as const),
            id: fc.nat({ max: 40 }),
            rare: fc.boolean(),
            other: fc.boolean(),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        fc.constantFrom(0, 0.5),
        async (steps, contextWeight) => {
          await onTwoHandles('steps', async ({ same, other, client }) => {
            const docs = Array.from({ length: 30 }, (_, i) =>
              prepareRecord(
                { id: `r${i}`, kind: 'turn', text: `cache ${i % 2 ? 'cache' : 'page'} ${filler(i % 5)}` },
                'test',
              ),
            );
            await getLongTermRecords(same).addRecords(scope, docs);
            for (const [n, step] of steps.entries()) {
              // Search first (the handle keeps its counts and matches), then write, then search again.
              await checkRanking(client, 'cache page ember', contextWeight, 4);
              applied += await checkCut(client, ['cach', 'page', 'ember'], contextWeight);
              const records = getLongTermRecords(step.other ? other : same);
              const id = `r${step.id}`;
              const text = step.rare ? `ember ${times('ember', step.id % 3)}` : 'cache';
              if (step.op === 'add')
                await records.addRecords(scope, [prepareRecord({ id: `n${n}`, kind: 'turn', text }, 'test')]);
              else if ((await records.getRecords(scope, [id])).length === 0) continue;
              else if (step.op === 'delete') await records.deleteRecord(scope, id, new Date());
              else await records.updateRecord(scope, id, prepareChange({ text }, 'test'), new Date());
              await checkRanking(client, 'cache page ember', contextWeight, 4);
              applied += await checkCut(client, ['cach', 'page', 'ember'], contextWeight);
            }
          });
        },
      ),
      { numRuns: 25 },
    );
    expect(applied).toBeGreaterThan(25);
  });

  it('in a transaction open on the handle (uncommitted rows): not applied, the ranking still the reference', async () => {
    const docs: Doc[] = Array.from({ length: 40 }, (_, i) => ({
      text: `cache ${i % 4 === 0 ? 'ember' : 'page'} ${filler(i % 5)}`,
    }));
    const s = await open(docs);
    try {
      await checkCut(s.client, ['cach', 'page', 'ember'], 0);
      s.db.exec('BEGIN');
      for (let i = 0; i < 30; i++)
        s.db
          .prepare('INSERT INTO engram_ltm_fts (rowid, scope, text, context) VALUES (?, ?, ?, ?)')
          .run(100_000 + i, anyRow, `ember ember ${filler(i)}`, '');
      const m: TermsMatch = { columns: 'text', terms: ['cach', 'page', 'ember'], anyRow };
      expect(
        await rareTermsMatches(s.client, m, sql`-bm25(engram_ltm_fts, 0.0, 1.0, 0)`, 3, { from: 0 }),
      ).toBe(undefined);
      s.db.exec('ROLLBACK');
      await checkCut(s.client, ['cach', 'page', 'ember'], 0);
    } finally {
      await s.close();
    }
  });
});

describe('rareTermsMatches: a commit by another handle during one search', () => {
  it.each(['another handle', 'a write on the same handle'])(
    'ranks as over one state of the data, when %s commits between its count reads and its cut',
    async (writer) => {
      await onTwoHandles('race', async ({ same, other, client }) => {
        // 100 rows: 60 hold "common" (short rows: most of the index, its idf floored), 40 "quartz" in a long row.
        await getLongTermRecords(same).addRecords(
          scope,
          Array.from({ length: 100 }, (_, i) =>
            prepareRecord(
              {
                id: `r${i}`,
                kind: 'turn',
                text: i < 40 ? `quartz ${filler(20 + i)}` : 'common common common',
              },
              'test',
            ),
          ),
        );
        // Another handle (another process), or another task writing on this handle, commits 1,000 rows of neither
        // term right after the search reads the index's row count: "common" is then rare in the index, and its
        // short rows outscore "quartz"'s long ones.
        const { client: racing, committed } = commitAfterRowCount(client, () =>
          getLongTermRecords(writer === 'another handle' ? other : same).addRecords(
            scope,
            Array.from({ length: 1000 }, (_, i) =>
              prepareRecord({ id: `f${i}`, kind: 'turn', text: `unrelated ${filler(3)}` }, 'test'),
            ),
          ),
        );
        const s = search('common quartz', 0, 1);
        const before = await joinedRanking(client, s);
        const got = (await rankSqliteLongTerm(racing, s, { smallScope: 0, cutFrom: 0 })).map(
          ({ rid, score }) => ({ rid, score }),
        );
        expect(committed()).toBe(true);
        const after = await joinedRanking(client, s);
        // The answer over the data before the commit or after it, not a mix of the two.
        expect([before, after]).toContainEqual(got);
      });
    },
  );
});

describe('rankSqliteLongTerm: a commit at any statement of a search', () => {
  it('property: rows added by another handle or this one after any statement, the answer is before or after', async () => {
    let cut = 0;
    await fc.assert(
      fc.asyncProperty(
        // Most rows short ones of "common" (its idf floored), the others "quartz" in longer rows; the rows added
        // mostly of neither word, so "common" may turn rare in the index and its rows outscore "quartz"'s.
        fc
          .array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 40 })), { minLength: 30, maxLength: 80 })
          .map((rows) => rows.map(([rare, pad], i) => [rare && i % 3 === 0, pad] as const)),
        fc.tuple(
          fc.integer({ min: 0, max: 600 }),
          fc.array(fc.tuple(fc.constantFrom('common', 'quartz'), fc.integer({ min: 0, max: 6 })), {
            maxLength: 20,
          }),
        ),
        fc.nat({ max: 12 }),
        fc.constantFrom('other', 'same'),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom(0, 0.5),
        async (rows, added, at, writer, limit, contextWeight) => {
          await onTwoHandles('any', async ({ same, other, client }) => {
            await getLongTermRecords(same).addRecords(
              scope,
              rows.map(([rare, pad], i) =>
                prepareRecord(
                  {
                    id: `r${i}`,
                    kind: 'turn',
                    text: rare ? `quartz ${filler(pad)}` : `common ${times('common', pad % 3)}`,
                  },
                  'test',
                ),
              ),
            );
            const { client: racing, commit } = commitAtStatement(
              client,
              at,
              () =>
                getLongTermRecords(writer === 'other' ? other : same).addRecords(
                  scope,
                  [
                    ...Array.from({ length: added[0] }, (_, i) => `unrelated ${filler(i % 5)}`),
                    ...added[1].map(([word, pad]) => `${word} ${filler(pad)}`),
                  ].map((text, i) => prepareRecord({ id: `f${i}`, kind: 'turn', text }, 'test')),
                ),
              (text) => {
                if (text.includes('engram_ltm_fts_data WHERE id = 1')) cut++;
              },
            );
            const s = search('common quartz', contextWeight, limit);
            const before = await joinedRanking(client, s);
            const got = (
              await rankSqliteLongTerm(racing, s, { smallScope: 0, firstBatch: limit + 2, cutFrom: 0 })
            ).map(({ rid, score }) => ({ rid, score }));
            await commit();
            const later = await joinedRanking(client, s);
            expect([before, later]).toContainEqual(got);
          });
        },
      ),
      { numRuns: 60 },
    );
    // Not vacuous: the cut was tried in most runs.
    expect(cut).toBeGreaterThan(30);
  });

  it('property: the same for a small scope ranked in process (its own statistics), before or after', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 40 })), { minLength: 10, maxLength: 60 }),
        fc.array(fc.tuple(fc.constantFrom('common', 'quartz', 'unrelated'), fc.integer({ min: 0, max: 6 })), {
          minLength: 1,
          maxLength: 60,
        }),
        fc.nat({ max: 8 }),
        fc.constantFrom('other', 'same'),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom(0, 0.5),
        async (rows, added, at, writer, limit, contextWeight) => {
          await onTwoHandles('small', async ({ same, other, client, path }) => {
            await getLongTermRecords(same).addRecords(
              scope,
              rows.map(([rare, pad], i) =>
                prepareRecord(
                  {
                    id: `r${i}`,
                    kind: 'turn',
                    text: rare ? `quartz ${filler(pad)}` : `common ${filler(pad % 4)}`,
                  },
                  'test',
                ),
              ),
            );
            const { client: racing, commit } = commitAtStatement(client, at, () =>
              getLongTermRecords(writer === 'other' ? other : same).addRecords(
                scope,
                added.map(([word, pad], i) =>
                  prepareRecord({ id: `f${i}`, kind: 'turn', text: `${word} ${filler(pad)}` }, 'test'),
                ),
              ),
            );
            const s = search('common quartz', contextWeight, limit);
            const small = { smallScope: 100_000 };
            // The ranking a handle that never searched gives (no memo of its own).
            const reference = async () => {
              const c = createSqliteClient(new DatabaseSync(path));
              try {
                return (await rankSqliteLongTerm(c, s, small)).map(({ rid, score }) => ({ rid, score }));
              } finally {
                await c.close(false);
              }
            };
            const before = await reference();
            const got = (await rankSqliteLongTerm(racing, s, small)).map(({ rid, score }) => ({
              rid,
              score,
            }));
            await commit();
            const later = await reference();
            expect([before, later]).toContainEqual(got);
          });
        },
      ),
      { numRuns: 60 },
    );
  });
});
