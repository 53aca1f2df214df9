import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusArbitrary, corpusWords, writeCorpus } from '../../../test-support/longterm/ranking-corpus.ts';
import { commitAfterRowCount, joinedRanking } from '../../../test-support/longterm/sqlite-rank-rigs.ts';
import type { Scope } from '../../core/scope.ts';
import { analyzeText } from '../../longterm/analyze-text.ts';
import { getLongTermRecords } from '../../longterm/long-term-store-v1.ts';
import { prepareRecord } from '../../longterm/prepare-record.ts';
import { uniqueTenant } from '../../testing/fixtures.ts';
import type { LongTermTextSearch } from '../sql/dialect-longterm-index.ts';
import { queryAll } from '../sql/sql-exec.ts';
import { sql } from '../sql/sql-fragment.ts';
import { filterSql, liveWhere, scopeTokens } from '../sql/sql-longterm-rows.ts';
import { createSqliteClient } from './sqlite-client.ts';
import { openSqliteStore } from './sqlite-driver.ts';
import { rankKnownRows } from './sqlite-longterm-known-rows.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-known-rows-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('rankKnownRows', () => {
  it('property: scores and orders as bm25() does for any context weight (odd ones too), with updates and deletes in the table', async () => {
    const file = join(dir, 'k.db');
    const store = await openSqliteStore({ path: file });
    const client = createSqliteClient(new DatabaseSync(file));
    const records = getLongTermRecords(store);
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(
        corpusArbitrary,
        fc.array(fc.constantFrom(...corpusWords), { minLength: 1, maxLength: 4 }),
        fc.constantFrom(0, 0.3, 0.1, 1 / 3, 0.7, 2.5, 1e-9, 1),
        fc.constantFrom(undefined, 'u1'),
        fc.integer({ min: 1, max: 20 }),
        fc.boolean(),
        fc.boolean(),
        async (corpus, words, cw, user, limit, sameTenant, long) => {
          const tenant = sameTenant ? 'shared' : uniqueTenant('k');
          // Long texts (terms over 2 KB) are counted once and kept by their exact text: later reads reuse them.
          const sized = (text: string) => (long ? `${text} `.repeat(120).trim() : text);
          await writeCorpus(
            records,
            tenant,
            corpus.map((r, i) => ({
              ...r,
              id: `${r.id}-${checked}-${i}`,
              text: sized(r.text),
              ...(r.context === undefined ? {} : { context: sized(r.context) }),
              ...(typeof r.later === 'object' ? { later: { text: sized(r.later.text) } } : {}),
            })),
          );
          const scope: Scope = user === undefined ? { tenant } : { tenant, user };
          const kinds = ['episode', 'turn'];
          const rids = (
            await queryAll(
              client,
              sql`SELECT rid FROM engram_ltm_records r WHERE tenant = ${tenant} AND live = 1 AND kind IN ('episode','turn')`,
            )
          ).map((r) => Number(r.rid));
          const search: LongTermTextSearch = {
            scope,
            terms: analyzeText(words.join(' ')),
            contextWeight: cw,
            where: liveWhere(scope, filterSql(client.dialect, { kinds })),
            kinds,
            scopeTokens: scopeTokens(scope),
            limit,
          };
          const got = await rankKnownRows(client, search, rids);
          expect(got).toBeDefined();
          checked++;
          expect((got ?? []).map(({ rid, score }) => ({ rid, score }))).toEqual(
            await joinedRanking(client, search),
          );
        },
      ),
      { numRuns: 150 },
    );
    await client.close(true);
    await store.close();
  });

  it('scores as bm25() does inside an open transaction whose FTS5 writes are not committed (totals not saved yet)', async () => {
    const file = join(dir, 'tx.db');
    const store = await openSqliteStore({ path: file });
    const db = new DatabaseSync(file);
    const client = createSqliteClient(db);
    const records = getLongTermRecords(store);
    await writeCorpus(records, 'a', [
      { user: 'u1', id: 'x1', kind: 'episode', text: 'apple river', speaker: 'Bob' },
      { user: 'u1', id: 'x2', kind: 'episode', text: 'apple stone stone', speaker: 'Bob' },
      { user: 'u1', id: 'x3', kind: 'turn', text: 'cloud', speaker: 'Bob' },
    ]);
    db.exec('BEGIN');
    db.exec(
      `INSERT INTO engram_ltm_fts (rowid, scope, text, context) VALUES (99999, 'zz', 'apple apple frost frost frost ember', '')`,
    );
    const scope: Scope = { tenant: 'a' };
    const rids = (
      await queryAll(
        client,
        sql`SELECT rid FROM engram_ltm_records r WHERE tenant = 'a' AND live = 1 AND kind = 'episode'`,
      )
    ).map((r) => Number(r.rid));
    const search: LongTermTextSearch = {
      scope,
      terms: ['apple'],
      contextWeight: 0.5,
      where: liveWhere(scope, filterSql(client.dialect, { kinds: ['episode'] })),
      kinds: ['episode'],
      scopeTokens: scopeTokens(scope),
      limit: 5,
    };
    const got = await rankKnownRows(client, search, rids);
    const want = await joinedRanking(client, search);
    db.exec('ROLLBACK');
    expect((got ?? []).map(({ rid, score }) => ({ rid, score }))).toEqual(want);
    await client.close(true);
    await store.close();
  });
});

describe('rankKnownRows during a commit', () => {
  it.each(['another handle', 'a write on the same handle'])(
    'scores as over one state of the data, or gives way to bm25(), when %s commits between its reads',
    async (writer) => {
      const path = join(dir, `race-${writer.length}.db`);
      const db = new DatabaseSync(path);
      const same = await openSqliteStore({ database: db });
      const other = await openSqliteStore({ path });
      const client = createSqliteClient(db);
      try {
        const scope = { tenant: 't', user: 'u' };
        // 40 episodes hold "quartz" in long texts, 60 "common" in short ones.
        await getLongTermRecords(same).addRecords(
          scope,
          Array.from({ length: 100 }, (_, i) =>
            prepareRecord(
              {
                id: `r${i}`,
                kind: 'episode',
                text:
                  i < 40
                    ? `quartz ${Array.from({ length: 20 + i }, (_, k) => `pad${k}`).join(' ')}`
                    : 'common common common',
              },
              'test',
            ),
          ),
        );
        // 1,000 turns holding "quartz" committed right after the index's row count is read: "quartz" turns common
        // and "common" rare in the index (the episodes' ranking flips), and counts taken after the commit would be
        // scored against the row count read before it.
        const { client: racing, committed } = commitAfterRowCount(client, () =>
          getLongTermRecords(writer === 'another handle' ? other : same).addRecords(
            scope,
            Array.from({ length: 1000 }, (_, i) =>
              prepareRecord({ id: `f${i}`, kind: 'turn', text: `quartz pad${i}` }, 'test'),
            ),
          ),
        );
        const search: LongTermTextSearch = {
          scope,
          terms: [...new Set(analyzeText('common quartz'))],
          contextWeight: 0,
          where: liveWhere(scope, filterSql(client.dialect, { kinds: ['episode'] })),
          kinds: ['episode'],
          scopeTokens: scopeTokens(scope),
          limit: 1,
        };
        const before = await joinedRanking(client, search);
        const rids = (
          await queryAll(client, sql`SELECT rid FROM engram_ltm_records WHERE kind = 'episode'`)
        ).map((r) => Number(r.rid));
        const got = await rankKnownRows(racing, search, rids);
        expect(committed()).toBe(true);
        const after = await joinedRanking(client, search);
        // Over the data before the commit or after it, or undefined (the caller then ranks by bm25(), one
        // statement): never a mix of the two.
        if (got !== undefined)
          expect([before, after]).toContainEqual(got.map(({ rid, score }) => ({ rid, score })));
      } finally {
        await client.close(false);
        await other.close();
        await same.close();
        db.close();
      }
    },
  );
});
