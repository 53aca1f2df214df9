import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusArbitrary, writeCorpus } from '../../../test-support/longterm/ranking-corpus.ts';
import type { Scope } from '../../core/scope.ts';
import { getLongTermRecords } from '../../longterm/long-term-store-v1.ts';
import { prepareRecord } from '../../longterm/prepare-record.ts';
import { ownerTokens } from '../sql/sql-longterm-rows.ts';
import { createSqliteClient } from './sqlite-client.ts';
import { openSqliteStore } from './sqlite-driver.ts';
import { fts5String } from './sqlite-fts5.ts';
import { countScope, scopeSize } from './sqlite-longterm-scope-size.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-scope-size-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('scopeSize', () => {
  it('property: answers what counting now gives, after writes on the same handle or on another one', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            tenant: fc.constantFrom('a', 'b'),
            handle: fc.constantFrom<'same' | 'other'>('same', 'other'),
            corpus: corpusArbitrary,
          }),
          { minLength: 1, maxLength: 4 },
        ),
        fc.integer({ min: 0, max: 30 }),
        async (writes, small) => {
          const file = join(dir, `s-${run++}.db`);
          const other = await openSqliteStore({ path: file });
          const db = new DatabaseSync(file);
          const same = await openSqliteStore({ database: db });
          const client = createSqliteClient(db);
          const scopes: Scope[] = [{ tenant: 'a' }, { tenant: 'a', user: 'u1' }, { tenant: 'b' }];
          try {
            for (const [i, w] of writes.entries()) {
              const corpus = w.corpus.map((r) => ({ ...r, id: `${r.id}-${i}` }));
              await writeCorpus(getLongTermRecords(w.handle === 'same' ? same : other), w.tenant, corpus);
              for (const scope of scopes) {
                expect(await scopeSize(client, scope, small)).toEqual(await countScope(client, scope, small));
                // Asked again with nothing written: the same answer.
                expect(await scopeSize(client, scope, small)).toEqual(await countScope(client, scope, small));
              }
            }
          } finally {
            await client.close(true);
            await same.close();
            await other.close();
          }
        },
      ),
      { numRuns: 20 },
    );
  });
  it('property: a scope is whole exactly when no live record lies outside it, for tenants, users and agents', async () => {
    let run = 0;
    const agentRecord = fc.record({
      tenant: fc.constantFrom('a', 'b'),
      user: fc.constantFrom('u1', 'u2'),
      agent: fc.constantFrom('x', 'y'),
      forget: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ tenant: fc.constantFrom('a', 'b'), corpus: corpusArbitrary }), { maxLength: 3 }),
        fc.array(agentRecord, { maxLength: 3 }),
        async (writes, agents) => {
          const file = join(dir, `w-${run++}.db`);
          const store = await openSqliteStore({ path: file });
          const db = new DatabaseSync(file);
          const client = createSqliteClient(db);
          try {
            const records = getLongTermRecords(store);
            for (const [i, w] of writes.entries())
              await writeCorpus(
                records,
                w.tenant,
                w.corpus.map((r) => ({ ...r, id: `${r.id}-${i}` })),
              );
            for (const [i, r] of agents.entries()) {
              const scope = { tenant: r.tenant, user: r.user, agent: r.agent };
              await records.addRecords(scope, [
                prepareRecord({ id: `g${i}`, kind: 'fact', text: 'amber delta' }, 'test'),
              ]);
              if (r.forget) await records.deleteRecord(scope, `g${i}`, new Date(i * 1000 + 1));
            }
            // From scratch: the owners of the live records.
            const owners = db
              .prepare('SELECT tenant, user_id, agent_id FROM engram_ltm_records WHERE live = 1')
              .all() as { tenant: string; user_id: string; agent_id: string }[];
            const scopes: Scope[] = [
              { tenant: 'a' },
              { tenant: 'b' },
              { tenant: 'a', user: 'u1' },
              { tenant: 'a', user: 'u2' },
              { tenant: 'b', user: 'u1' },
              { tenant: 'a', user: 'u1', agent: 'x' },
              { tenant: 'b', user: 'u2', agent: 'y' },
              { tenant: 'a', agent: 'x' },
            ];
            for (const scope of scopes) {
              const inside = (o: (typeof owners)[number]) =>
                o.tenant === scope.tenant &&
                (scope.user === undefined || o.user_id === scope.user) &&
                (scope.agent === undefined || o.agent_id === scope.agent);
              // A scope naming an agent but no user is never called whole (its others are no range of the index).
              const whole =
                scope.user === undefined && scope.agent !== undefined ? false : owners.every(inside);
              const size = await countScope(client, scope, 0);
              expect(size.whole, JSON.stringify(scope)).toBe(whole);
              expect(size.docs).toBe(Math.min(1, owners.filter(inside).length));
            }
          } finally {
            await client.close(true);
            await store.close();
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('property: in a user scope that holds every live record, the terms alone rank as the scoped expression does, to the bit', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        corpusArbitrary.map((c) => c.map((r) => ({ ...r, id: `${r.user}-${r.id}`, user: 'u1' as const }))),
        fc.uniqueArray(fc.nat({ max: 20 }), { minLength: 1, maxLength: 4 }),
        fc.constantFrom(0, 0.5, 1),
        async (corpus, picks, contextWeight) => {
          const file = join(dir, `r-${run++}.db`);
          const store = await openSqliteStore({ path: file });
          const db = new DatabaseSync(file);
          const client = createSqliteClient(db);
          try {
            await writeCorpus(getLongTermRecords(store), 'a', corpus);
            const scope = { tenant: 'a', user: 'u1' };
            const size = await countScope(client, scope, 0);
            // Every live record is u1's (none at all when every one was deleted: a scope holds an empty table whole).
            expect(size.whole).toBe(true);
            db.exec("CREATE VIRTUAL TABLE temp.v USING fts5vocab(main, engram_ltm_fts, 'row')");
            const indexed = (
              db.prepare("SELECT term FROM temp.v WHERE term NOT LIKE 'lt%'").all() as {
                term: string;
              }[]
            ).map((r) => r.term);
            if (indexed.length === 0) return;
            const terms = [...new Set(picks.map((i) => indexed[i % indexed.length]!))];
            const any = `{text context} : (${terms.map(fts5String).join(' OR ')})`;
            const user = ownerTokens({ tenant: 'a', user: 'u1', agent: '' })[1]!;
            const ranked = (match: string) =>
              db
                .prepare(
                  'SELECT rowid AS rid, -bm25(engram_ltm_fts, 0.0, 1.0, ?) AS score FROM engram_ltm_fts WHERE engram_ltm_fts MATCH ? ORDER BY score DESC, rowid',
                )
                .all(contextWeight, match);
            expect(ranked(any)).toEqual(ranked(`scope : (${fts5String(user)}) AND ${any}`));
          } finally {
            await client.close(true);
            await store.close();
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  // A rollback changes neither total_changes() nor data_version, so nothing read inside a transaction is kept
  // (the client asks the handle: node:sqlite's `isTransaction`).
  it('answers what counting now gives after a write on the same handle is rolled back', async () => {
    const file = join(dir, 'rollback.db');
    const db = new DatabaseSync(file);
    const store = await openSqliteStore({ database: db });
    const client = createSqliteClient(db);
    try {
      const records = getLongTermRecords(store);
      const corpus = [
        { user: 'u1' as const, id: 'r1', kind: 'fact' as const, text: 'apple river', speaker: 'Bob' },
      ];
      await writeCorpus(records, 'a', corpus);
      await writeCorpus(records, 'b', corpus);
      for (const scope of [{ tenant: 'a' }, { tenant: 'a', user: 'u1' }])
        expect(await scopeSize(client, scope, 0)).toEqual({ docs: 1, whole: false });
      db.exec('BEGIN');
      db.exec('DELETE FROM engram_ltm_records');
      expect(await scopeSize(client, { tenant: 'a' }, 0)).toEqual({ docs: 0, whole: true });
      db.exec('ROLLBACK');
      // Tenant a's record is back, and so is tenant b's: a tenant-wide scope of a is not the whole table.
      expect(await countScope(client, { tenant: 'a' }, 0)).toEqual({ docs: 1, whole: false });
      expect(await scopeSize(client, { tenant: 'a' }, 0)).toEqual({ docs: 1, whole: false });
    } finally {
      await client.close(true);
      await store.close();
    }
  });

  // The same through the store: its search finds nothing in a scope that holds a matching record, until a write.
  it('lets a store search a scope after a rolled-back write on its handle', async () => {
    const db = new DatabaseSync(join(dir, 'rollback-search.db'));
    const store = await openSqliteStore({ database: db });
    try {
      const records = getLongTermRecords(store);
      await writeCorpus(records, 'a', [
        { user: 'u1', id: 'r1', kind: 'fact', text: 'apple river', speaker: 'Bob' },
      ]);
      const scope = { tenant: 'a', user: 'u1' };
      const query = { terms: ['appl'], limit: 5 };
      expect(await records.searchText(scope, query)).toHaveLength(1);
      db.exec('BEGIN');
      db.exec('DELETE FROM engram_ltm_records');
      expect(await records.searchText(scope, query)).toHaveLength(0);
      db.exec('ROLLBACK');
      expect((await records.listRecords(scope, { limit: 5 })).records).toHaveLength(1);
      expect(await records.searchText(scope, query)).toHaveLength(1);
    } finally {
      await store.close();
    }
  });
});
