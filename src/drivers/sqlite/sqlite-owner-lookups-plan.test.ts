import { describe, expect, it } from 'vitest';
import { openPlannedDatabase } from '../../../test-support/sqlite-plans.ts';
import { getLongTermRecords } from '../../longterm/long-term-store-v1.ts';
import { prepareChange, prepareRecord } from '../../longterm/prepare-record.ts';
import { createSqliteStore } from './sqlite-driver.ts';

/**
 * Four lookups by owner that walked every row of a wider key (schema 19 and 20), each planned on its own SQL as the
 * store runs it: a self fact by its key, a record's embeddings by id, a user's sessions, a session's bound records.
 */
describe('sqlite lookups by owner and key', () => {
  it('read the index of their key', async () => {
    const planned = openPlannedDatabase();
    const store = createSqliteStore({ database: planned.database });
    const records = getLongTermRecords(store, 'test');
    const scope = { tenant: 't', user: 'ada' };
    const planOf = (pattern: RegExp) => planned.planOf(pattern);
    await records.addRecords(scope, [
      prepareRecord(
        { id: 'home', kind: 'fact', text: 'I live in Porto', metadata: { selfFact: 'user.home' } },
        'test',
      ),
      prepareRecord(
        { id: 'job', kind: 'fact', text: 'I work at Acme', metadata: { selfFact: 'user.work' } },
        'test',
      ),
      prepareRecord(
        { id: 'plain', kind: 'fact', text: 'the sky is blue', metadata: { selfFact: 3 } },
        'test',
      ),
    ]);
    planned.prepared.length = 0;
    const page = await records.listRecords(scope, {
      filter: { kinds: ['fact'], metadata: { selfFact: 'user.home' } },
    });
    expect(page.records.map((r) => r.id)).toEqual(['home']);
    expect(planOf(/FROM engram_ltm_records r WHERE/)).toMatch(/USING INDEX engram_ltm_self_fact/);
    // The same filter by a number, a boolean or a missing key reads as before: by type and value.
    expect(
      (await records.listRecords(scope, { filter: { metadata: { selfFact: 3 } } })).records.map((r) => r.id),
    ).toEqual(['plain']);
    expect((await records.listRecords(scope, { filter: { metadata: { selfFact: '3' } } })).records).toEqual(
      [],
    );
    expect((await records.listRecords(scope, { filter: { metadata: { other: true } } })).records).toEqual([]);

    planned.prepared.length = 0;
    await records.updateRecord(
      scope,
      'home',
      prepareChange({ text: 'I live in Lisbon', expectedVersion: 1 }, 'test'),
      new Date(),
    );
    expect(planOf(/DELETE FROM engram_ltm_vectors/)).toMatch(
      /USING (COVERING )?INDEX engram_ltm_vectors_id \(tenant=\? AND user_id=\? AND agent_id=\? AND id=\?\)/,
    );

    await store.createSession(scope, { id: 's1' });
    await store.createSession({ tenant: 't', user: 'bob' }, { id: 's2' });
    planned.prepared.length = 0;
    expect((await store.listSessions(scope)).map((s) => s.id)).toEqual(['s1']);
    expect(planOf(/FROM engram_sessions/)).toMatch(
      /USING INDEX engram_sessions_user_recent \(tenant=\? AND user_id=\?/,
    );

    // Deleting a session finds the records bound to it (every version) by that field.
    await records.addRecords(scope, [
      prepareRecord(
        { id: 'cursor', kind: 'engram.note', text: 'bound', metadata: { 'engram.session': 's1' } },
        'test',
      ),
    ]);
    planned.prepared.length = 0;
    await store.deleteSession(scope, 's1');
    expect(planOf(/SELECT DISTINCT r.id FROM engram_ltm_records r/)).toMatch(
      /USING INDEX engram_ltm_session_bound/,
    );
    expect(await records.getRecord(scope, 'cursor')).toBeUndefined();
    expect((await records.getRecord(scope, 'job'))?.text).toBe('I work at Acme');
    await store.close();
    planned.close();
  });
});
