import { describe, expect, it } from 'vitest';
import { openPlannedDatabase } from '../../../test-support/sqlite-plans.ts';
import { getLongTermRecords } from '../../longterm/long-term-store-v1.ts';
import { prepareChange, prepareRecord } from '../../longterm/prepare-record.ts';
import { createSqliteStore } from './sqlite-driver.ts';

describe('sqlite long-term records updated many times', () => {
  it('reading a record by id seeks its current version, not every version it ever had (its own SQL, as it runs it)', async () => {
    // A record slot (an observational cursor, a working-memory block) gets a version per update: getRecord's
    // `live = 1` alone let SQLite walk the (tenant, user, agent, id, version) unique index over every version
    // (0.35 ms a read at 4,600 versions, 0.81 ms at 9,300: the observational catch-up of 20,000 messages read the
    // cursor 5 times a range). With `expired_at IS NULL` it uses the current-version partial index.
    const planned = openPlannedDatabase();
    const store = createSqliteStore({ database: planned.database });
    const records = getLongTermRecords(store, 'test');
    const scope = { tenant: 't', user: 'u' };
    await records.addRecords(scope, [prepareRecord({ id: 'slot', kind: 'note', text: 'v1' }, 'test')]);
    await records.addRecords(scope, [prepareRecord({ id: 'other', kind: 'note', text: 'o1' }, 'test')]);
    for (let v = 1; v < 200; v++)
      await records.updateRecord(
        scope,
        'slot',
        prepareChange({ text: `v${v + 1}`, expectedVersion: v }, 'test'),
        new Date(),
      );
    planned.prepared.length = 0;
    expect((await records.getRecord(scope, 'slot'))?.text).toBe('v200');
    expect(
      (await records.getRecords(scope, ['slot', 'other', 'none'])).map((r) => [r.id, r.version]),
    ).toEqual([
      ['slot', 200],
      ['other', 1],
    ]);
    expect(planned.prepared.filter((q) => /FROM engram_ltm_records r WHERE/.test(q))).toHaveLength(2);
    expect(planned.planOf(/FROM engram_ltm_records r WHERE .* AND r\.id = \?/)).toMatch(
      /USING INDEX engram_ltm_current/,
    );
    expect(planned.planOf(/FROM engram_ltm_records r WHERE .* AND r\.id IN \(/)).toMatch(
      /USING INDEX engram_ltm_current/,
    );
    // A deleted record is not read, and a deleted id written again reads as its new version.
    await records.deleteRecord(scope, 'slot', new Date());
    expect(await records.getRecord(scope, 'slot')).toBeUndefined();
    expect(await records.getRecords(scope, ['slot'])).toEqual([]);
    await records.addRecords(scope, [prepareRecord({ id: 'slot', kind: 'note', text: 'again' }, 'test')]);
    expect((await records.getRecord(scope, 'slot'))?.text).toBe('again');
    await store.close();
    planned.close();
  });
});
