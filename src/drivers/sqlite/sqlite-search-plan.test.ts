import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { makeMessage, toInputs } from '../../testing/fixtures.ts';
import type { SqliteDatabaseLike } from './sqlite-client.ts';
import { createSqliteStore } from './sqlite-driver.ts';

describe('sqlite message search', () => {
  it("reads each hit's message by its key, not every live message of the tenant (its own SQL, as it runs it)", async () => {
    // With a tail of messages newer than the index's last batch, SQLite joined the hits through the tenant's live-seq index:
    // SQLite walked every live message of the tenant (other users' sessions too) and probed the hits for each
    // (a search of a 500-message session: 6.5 ms beside 10,000 other messages, 34.9 ms beside 100,000).
    const db = new DatabaseSync(':memory:');
    const prepared: string[] = [];
    const database: SqliteDatabaseLike = {
      prepare: (sql) => {
        prepared.push(sql);
        return db.prepare(sql);
      },
      exec: (sql) => db.exec(sql),
      loadExtension: (file) => db.loadExtension(file),
      function: (name, options, fn) => db.function(name, options, fn),
    };
    const store = createSqliteStore({ database });
    const mine = { tenant: 't', user: 'ada' };
    const other = { tenant: 't', user: 'bob' };
    await store.createSession(mine, { id: 's' });
    await store.createSession(other, { id: 'o' });
    await store.append(
      mine,
      's',
      toInputs(Array.from({ length: 40 }, (_, i) => makeMessage('user', `note ${i} about the cache`))),
    );
    await store.append(
      other,
      'o',
      toInputs(Array.from({ length: 400 }, (_, i) => makeMessage('user', `other ${i} about the cache`))),
    );
    // Newer messages than the full-text index's last batch: the search covers them as a tail of its own.
    await store.append(
      mine,
      's',
      toInputs(Array.from({ length: 20 }, (_, i) => makeMessage('user', `late ${i} about the cache`))),
    );
    prepared.length = 0;
    const found = await store.searchMessages(mine, { text: 'cache', sessionId: 's', limit: 5 });
    expect(found).toHaveLength(5);
    expect(found.every((hit) => /^(note|late)/.test(String(hit.entry.message.content)))).toBe(true);
    const query = prepared.find((q) => /FROM hits h/.test(q))!;
    const params = (query.match(/\?/g) ?? []).map(() => 'x');
    const plan = (
      db.prepare(`EXPLAIN QUERY PLAN ${query}`).all(...(params as never[])) as { detail: string }[]
    )
      .map((r) => r.detail)
      .join('\n');
    expect(plan).not.toMatch(/SEARCH m USING INDEX \w+ \(tenant=\?\)/);
    expect(plan).toMatch(
      /SEARCH m USING (INDEX|PRIMARY KEY|COVERING INDEX) \w* ?\(tenant=\? AND session_id=\? AND seq=\?\)/,
    );
    await store.close();
    db.close();
  });
});
