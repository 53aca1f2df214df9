import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { describeMemoryStore } from '../../testing/describe-memory-store.ts';
import { makeMessage, toInputs } from '../../testing/fixtures.ts';
import type { SqlValue } from '../sql/sql-fragment.ts';
import type { SqliteDatabaseLike } from './sqlite-client.ts';
import { createSqliteStore } from './sqlite-driver.ts';

/** A better-sqlite3-shaped handle (prepare().run/get/all + exec, nothing else) over node:sqlite; records SQL. */
function betterSqliteShaped(db: DatabaseSync, seen: string[] = []): SqliteDatabaseLike {
  return {
    prepare(text: string) {
      seen.push(text);
      const s = db.prepare(text);
      return {
        run: (...p: SqlValue[]) => {
          const r = s.run(...p);
          return { changes: Number(r.changes), lastInsertRowid: Number(r.lastInsertRowid) };
        },
        get: (...p: SqlValue[]) => s.get(...p),
        all: (...p: SqlValue[]) => s.all(...p),
      };
    },
    exec(text: string) {
      db.exec(text);
      return this;
    },
    function(name, options, fn) {
      db.function(name, options, fn);
      return this;
    },
  };
}

const shared = new DatabaseSync(':memory:');
afterAll(() => shared.close());

describeMemoryStore('sqlite (better-sqlite3-shaped handle)', {
  open: async () => createSqliteStore({ database: betterSqliteShaped(shared) }),
});

describe('sqlite caller handle', () => {
  it('refuses a handle that cannot take a SQL function, or whose schema is not trusted, with INVALID_ARGUMENT (the message index calls engram_message_text)', async () => {
    const db = new DatabaseSync(':memory:');
    const { function: _fn, ...noFunction } = betterSqliteShaped(db);
    expect(() => createSqliteStore({ database: noFunction as unknown as SqliteDatabaseLike })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/function\(name/) }),
    );
    db.exec('PRAGMA trusted_schema = OFF');
    expect(() => createSqliteStore({ database: db })).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(/trusted_schema = OFF/),
      }),
    );
    db.exec('PRAGMA trusted_schema = ON');
    const store = createSqliteStore({ database: db });
    await store.createSession({ tenant: 't' }, { id: 's' });
    await store.append({ tenant: 't' }, 's', toInputs([makeMessage('user', 'kept')]));
    await store.deleteMessages({ tenant: 't' }, 's', [
      (await store.readRange({ tenant: 't' }, 's'))[0]!.message.id,
    ]);
    await store.close();
    db.close();
  });

  it('close() leaves the caller’s handle open', async () => {
    const db = new DatabaseSync(':memory:');
    const store = createSqliteStore({ database: betterSqliteShaped(db) });
    await store.createSession({ tenant: 't' }, { id: 'a' });
    await store.close();
    expect(db.isOpen).toBe(true);
    expect(db.prepare('SELECT count(*) AS n FROM engram_sessions').get()).toEqual({ n: 1 });
    db.close();
  });

  it('reads never scan the whole log: paging uses the live-rows seq index (schema v7) with LIMIT and no sort', async () => {
    const db = new DatabaseSync(':memory:');
    const seen: string[] = [];
    const store = createSqliteStore({ database: betterSqliteShaped(db, seen) });
    const s = { tenant: 't' };
    await store.createSession(s, { id: 'a' });
    await store.append(s, 'a', toInputs(Array.from({ length: 50 }, (_, i) => makeMessage('user', `m${i}`))));
    seen.length = 0;
    const page = await store.readRange(s, 'a', { direction: 'backward', limit: 5 });
    expect(page.map((e) => e.seq)).toEqual([46, 47, 48, 49, 50]);
    const read = seen.find((q) => q.includes('FROM engram_messages m') && q.includes('ORDER BY m.seq DESC'));
    expect(read).toBeDefined();
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN ${read}`)
      .all('t', 'a', 5)
      .map((r) => String(r.detail))
      .join('\n');
    // The partial index over live rows only: tombstones at either end are never stepped over.
    expect(plan).toMatch(/SEARCH m USING INDEX engram_messages_live_seq \(tenant=\? AND session_id=\?\)/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
    // Paging forward from the oldest end (prune, find) starts at the first live row, whatever was deleted before it.
    await store.deleteMessages(
      s,
      'a',
      page.slice(0, 1).map((e) => e.message.id),
    );
    seen.length = 0;
    expect((await store.readRange(s, 'a', { fromSeq: 1, limit: 2 })).map((e) => e.seq)).toEqual([1, 2]);
    const forward = seen.find(
      (q) => q.includes('FROM engram_messages m') && q.includes('ORDER BY m.seq LIMIT'),
    );
    expect(forward).toBeDefined();
    const forwardPlan = db
      .prepare(`EXPLAIN QUERY PLAN ${forward}`)
      .all('t', 'a', 1, 2)
      .map((r) => String(r.detail))
      .join('\n');
    expect(forwardPlan).toMatch(
      /SEARCH m USING INDEX engram_messages_live_seq \(tenant=\? AND session_id=\? AND seq>\?\)/,
    );
    expect(forwardPlan).not.toMatch(/TEMP B-TREE/);
    await store.close();
    db.close();
  });
});
