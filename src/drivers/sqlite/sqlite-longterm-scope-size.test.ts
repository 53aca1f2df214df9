import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusArbitrary, writeCorpus } from '../../../test-support/longterm/ranking-corpus.ts';
import type { Scope } from '../../core/scope.ts';
import { getLongTermRecords } from '../../longterm/long-term-store-v1.ts';
import { createSqliteClient } from './sqlite-client.ts';
import { openSqliteStore } from './sqlite-driver.ts';
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
