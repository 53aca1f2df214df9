import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { writeCorpus } from '../../../test-support/longterm/ranking-corpus.ts';
import type { Scope } from '../../core/scope.ts';
import { getLongTermRecords } from '../../longterm/long-term-store-v1.ts';
import type { LongTermTextSearch } from '../sql/dialect-longterm-index.ts';
import { filterSql, liveWhere, scopeTokens } from '../sql/sql-longterm-rows.ts';
import { createSqliteClient, type SqliteDatabaseLike } from './sqlite-client.ts';
import { openSqliteStore } from './sqlite-driver.ts';
import { rankSqliteLongTerm } from './sqlite-longterm-rank.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-rank-snapshot-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const scope: Scope = { tenant: 't', user: 'u1' };

/** The search of `terms` in `scope`, as the SQL layer builds it. */
function searchOf(
  terms: string[],
  dialect: ReturnType<typeof createSqliteClient>['dialect'],
): LongTermTextSearch {
  return {
    scope,
    terms,
    contextWeight: 0.5,
    where: liveWhere(scope, filterSql(dialect, {})),
    filtered: false,
    scopeTokens: scopeTokens(scope),
    limit: 10,
  };
}

/**
 * `db` whose statements call `after(text)` right after each read: the hook runs between two statements of a
 * search, where another connection's commit lands.
 */
function hooked(db: DatabaseSync, after: (text: string) => void): SqliteDatabaseLike {
  return {
    prepare(text) {
      const statement = db.prepare(text);
      return {
        run: (...params) => statement.run(...params),
        get: (...params) => {
          const row = statement.get(...params);
          after(text);
          return row;
        },
        all: (...params) => {
          const rows = statement.all(...params);
          after(text);
          return rows;
        },
      };
    },
    exec: (text) => db.exec(text),
    close: () => db.close(),
    function: (name, options, fn) => db.function(name, options, fn),
    get isTransaction() {
      return db.isTransaction;
    },
  };
}

// A search ranks again when a write commits beneath it; after two such tries its third reads one snapshot. Another
// connection commits after the scope-size read of every try (an unrelated write the first two times, then the
// deletion of a matching record): the answer is the ranking before that deletion or after it, never a mix of the
// scope's size before it with rows read after it.
describe.each([
  ['a small scope ranked in process', 100_000],
  ['a large scope ranked by bm25()', 0],
])('a search under commits landing between its statements (%s)', (_, smallScope) => {
  it('answers one state of the data: the last try reads a snapshot', async () => {
    const path = join(dir, `snapshot-${smallScope}.db`);
    const store = await openSqliteStore({ path });
    const records = getLongTermRecords(store);
    await writeCorpus(records, scope.tenant, [
      { user: 'u1', id: 'a', kind: 'fact', text: 'apple pie with amber honey', speaker: 'Bob' },
      { user: 'u1', id: 'b', kind: 'fact', text: 'apple tart by the river', speaker: 'Bob' },
      { user: 'u1', id: 'c', kind: 'fact', text: 'river stone and apple', speaker: 'Bob' },
      { user: 'u1', id: 'd', kind: 'fact', text: 'cloud amber delta', speaker: 'Bob' },
      { user: 'u1', id: 'e', kind: 'fact', text: 'apple apple ember', speaker: 'Bob' },
    ]);
    const other = new DatabaseSync(path);
    other.exec('CREATE TABLE IF NOT EXISTS bump (n INTEGER)');
    const deleted = Number(
      (
        other.prepare("SELECT rid FROM engram_ltm_records WHERE id = 'b' AND live = 1").get() as {
          rid: number;
        }
      ).rid,
    );
    const fresh = async () => {
      const c = createSqliteClient(new DatabaseSync(path));
      const ranked = await rankSqliteLongTerm(c, searchOf(['appl'], c.dialect), { smallScope });
      await c.close(true);
      return ranked.map(({ rid, score }) => ({ rid, score }));
    };
    const before = await fresh();
    let sizes = 0;
    const db = new DatabaseSync(path);
    const client = createSqliteClient(
      hooked(db, (text) => {
        if (!text.includes('SELECT (SELECT count(*) FROM (SELECT 1 FROM engram_ltm_records')) return;
        sizes++;
        if (sizes <= 2) other.exec('INSERT INTO bump VALUES (1)');
        // The third try's scope-size read: the record's deletion commits (its index row and its live flag).
        else if (sizes === 3)
          other.exec(
            `BEGIN; DELETE FROM engram_ltm_fts WHERE rowid = ${deleted}; UPDATE engram_ltm_records SET live = 0 WHERE rid = ${deleted}; COMMIT`,
          );
      }),
    );
    try {
      const got = (await rankSqliteLongTerm(client, searchOf(['appl'], client.dialect), { smallScope })).map(
        ({ rid, score }) => ({ rid, score }),
      );
      expect(sizes).toBe(3); // three tries, each reading the scope's size
      const after = await fresh();
      expect(after).not.toEqual(before);
      expect([before, after]).toContainEqual(got);
      // The snapshot ended: the handle reads the latest commit again.
      const again = await rankSqliteLongTerm(client, searchOf(['appl'], client.dialect), { smallScope });
      expect(again.map(({ rid, score }) => ({ rid, score }))).toEqual(after);
    } finally {
      await client.close(true);
      other.close();
      await store.close();
    }
  });
});
