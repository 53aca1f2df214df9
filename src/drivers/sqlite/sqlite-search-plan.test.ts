import { describe, expect, it } from 'vitest';
import { openPlannedDatabase } from '../../../test-support/sqlite-plans.ts';
import { makeMessage, toInputs } from '../../testing/fixtures.ts';
import { createSqliteStore } from './sqlite-driver.ts';

describe('sqlite message search', () => {
  it("reads each hit's message by its key, not every live message of the tenant (its own SQL, as it runs it)", async () => {
    // With a tail of messages newer than the index's last batch, SQLite joined the hits through the tenant's live-seq index:
    // SQLite walked every live message of the tenant (other users' sessions too) and probed the hits for each
    // (a search of a 500-message session: 6.5 ms beside 10,000 other messages, 34.9 ms beside 100,000).
    const planned = openPlannedDatabase();
    const store = createSqliteStore({ database: planned.database });
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
    planned.prepared.length = 0;
    const found = await store.searchMessages(mine, { text: 'cache', sessionId: 's', limit: 5 });
    expect(found).toHaveLength(5);
    expect(found.every((hit) => /^(note|late)/.test(String(hit.entry.message.content)))).toBe(true);
    const plan = planned.planOf(/FROM hits h/);
    expect(plan).not.toMatch(/SEARCH m USING INDEX \w+ \(tenant=\?\)/);
    expect(plan).toMatch(
      /SEARCH m USING (INDEX|PRIMARY KEY|COVERING INDEX) \w* ?\(tenant=\? AND session_id=\? AND seq=\?\)/,
    );
    await store.close();
    planned.close();
  });
});
