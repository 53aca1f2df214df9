import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { heldConnection, untilWaitingOnLock } from '../../../test-support/postgres/held-connection.ts';
import { createTestSchema, type TestDatabase } from '../../../test-support/postgres/test-database.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { getLongTermRecords } from '../../longterm/long-term-store-v1.ts';
import { prepareChange, prepareRecord } from '../../longterm/prepare-record.ts';
import { openPostgresStore } from './postgres-driver.ts';

let schema: TestDatabase | undefined;
afterAll(async () => schema?.drop());

const scope = { tenant: 'team', user: 'ada' };

describe('postgres: an add racing an update of a record whose version 1 was pruned', () => {
  it('the add waits for the update, then sees its version: refused, not a second current version 1', async () => {
    schema = await createTestSchema('engram_ltm_add_race');
    const app = `engram-add-race-${process.pid}`;
    const url = new URL(schema.url);
    url.searchParams.set('application_name', app);
    const adder = await openPostgresStore({ connectionString: url.href, schema: schema.name });
    const updaterConnection = new pg.Client({ connectionString: schema.url });
    await updaterConnection.connect();
    const held = heldConnection(updaterConnection);
    const updater = await openPostgresStore({ client: held.connection, schema: schema.name });
    const watcher = new pg.Client({ connectionString: schema.url });
    await watcher.connect();
    try {
      const records = getLongTermRecords(adder);
      const change = (text: string) => prepareChange({ text }, 'test');
      // Versions 1 and 2, then version 1 pruned: the unique key (owner, id, version) no longer guards version 1.
      await records.addRecords(scope, [prepareRecord({ id: 'slot', kind: 'note', text: 'a 0' }, 'test')]);
      await records.updateRecord(scope, 'slot', change('a 0\na 1'), new Date());
      expect(await records.pruneVersions?.(scope, 'slot', 1)).toBe(1);

      // The updater expires version 2 and inserts version 3, and holds its commit (and the lock on version 2).
      held.hold((text) => text === 'COMMIT');
      const update = getLongTermRecords(updater).updateRecord(
        scope,
        'slot',
        change('a 0\na 1\na 2'),
        new Date(),
      );
      await held.held();
      // A first writer that read no record a moment ago adds it: its locking read waits for version 2's lock.
      const add = records
        .addRecords(scope, [prepareRecord({ id: 'slot', kind: 'note', text: 'b 0' }, 'test')])
        .then(
          (added) => ({ added: added.map((r) => r.version) }),
          (error: unknown) => ({ error }),
        );
      await untilWaitingOnLock(watcher, app);
      held.release();
      expect((await update).version).toBe(3);

      // Version 2 was expired under the add's read and version 3 came after its snapshot: it must read again.
      const outcome = await add;
      expect(outcome).toEqual({ error: expect.any(MemoryError) });
      expect(MemoryError.hasCode((outcome as { error: unknown }).error, 'INVALID_ARGUMENT')).toBe(true);
      expect((await records.history(scope, 'slot')).map((r) => r.version)).toEqual([2, 3]);
      expect(await records.getRecord(scope, 'slot')).toMatchObject({ version: 3, text: 'a 0\na 1\na 2' });
    } finally {
      await watcher.end();
      await Promise.all([adder.close(), updater.close()]);
      await updaterConnection.end();
    }
  });
});
