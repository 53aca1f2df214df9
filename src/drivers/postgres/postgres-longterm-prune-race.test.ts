import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { heldConnection, untilWaitingOnLock } from '../../../test-support/postgres/held-connection.ts';
import { createTestSchema, type TestDatabase } from '../../../test-support/postgres/test-database.ts';
import { getLongTermRecords } from '../../longterm/long-term-store-v1.ts';
import { prepareChange, prepareRecord } from '../../longterm/prepare-record.ts';
import { openPostgresStore } from './postgres-driver.ts';

let schema: TestDatabase | undefined;
afterAll(async () => schema?.drop());

const scope = { tenant: 'team', user: 'ada' };
const change = (text: string) => prepareChange({ text }, 'test');
const settle = <T>(p: Promise<T>) =>
  p.then(
    (value) => ({ value }),
    (error: unknown) => ({ error: String(error) }),
  );

describe('postgres: a prune racing a writer that re-reads a replaced current version', () => {
  it('the prune leaves the version the writer still holds a lock on, and neither deadlocks', async () => {
    schema = await createTestSchema('engram_ltm_prune_race');
    const { url, name } = schema;
    const app = (who: string) => {
      const u = new URL(url);
      u.searchParams.set('application_name', `engram-prune-race-${who}-${process.pid}`);
      return { url: u.href, name: `engram-prune-race-${who}-${process.pid}` };
    };
    // No transaction retries: a deadlock PostgreSQL breaks would otherwise be retried out of sight.
    const pruner = await openPostgresStore({ connectionString: app('pruner').url, schema: name, retries: 0 });
    const clients = [
      new pg.Client({ connectionString: url }),
      new pg.Client({ connectionString: app('q').url }),
    ];
    const watcher = new pg.Client({ connectionString: url });
    await Promise.all([...clients, watcher].map((c) => c.connect()));
    const [u, q] = clients.map(heldConnection) as [
      ReturnType<typeof heldConnection>,
      ReturnType<typeof heldConnection>,
    ];
    const updater = await openPostgresStore({ client: u.connection, schema: name, retries: 0 });
    const rereader = await openPostgresStore({ client: q.connection, schema: name, retries: 0 });
    try {
      const records = getLongTermRecords(pruner);
      await records.addRecords(scope, [prepareRecord({ id: 'slot', kind: 'note', text: 'a 0' }, 'test')]);
      await records.updateRecord(scope, 'slot', change('a 0\na 1'), new Date());

      // U replaces version 2 with 3 and holds its commit (and its lock on version 2).
      u.hold((text) => text === 'COMMIT');
      const third = getLongTermRecords(updater).updateRecord(
        scope,
        'slot',
        change('a 0\na 1\na 2'),
        new Date(),
      );
      await u.held();
      // Q's update waits on version 2; once U commits its locking read skips it, yet keeps a lock on it, and Q
      // pauses there, before it reads the current version again.
      q.hold(
        (_, previous) => previous !== undefined && /FOR UPDATE/.test(previous.text) && previous.rows === 0,
      );
      const fourth = settle(
        getLongTermRecords(rereader).updateRecord(scope, 'slot', change('a 0\na 1\na 2\nb 0'), new Date()),
      );
      await untilWaitingOnLock(watcher, app('q').name);
      u.release();
      expect((await third).version).toBe(3);
      await q.held();

      // A prune locks version 3 and deletes what is older: version 2 is Q's to unlock, Q's re-read waits on 3.
      let done = false;
      const prune = settle(records.pruneVersions?.(scope, 'slot', 1) ?? Promise.resolve(0)).finally(() => {
        done = true;
      });
      // Before, the prune waited on Q's lock while Q waited on the prune's: a deadlock PostgreSQL broke after 1 s.
      await untilWaitingOnLock(watcher, app('pruner').name, () => done);
      q.release();

      // Version 1 goes; version 2, locked by Q, is left to the next prune rather than waited for.
      expect(await prune).toEqual({ value: 1 });
      expect(await fourth).toEqual({ value: expect.objectContaining({ version: 4 }) });
      expect(await records.pruneVersions?.(scope, 'slot', 1)).toBe(2);
      expect((await records.history(scope, 'slot')).map((r) => r.version)).toEqual([4]);
    } finally {
      await Promise.all([pruner.close(), updater.close(), rereader.close()]);
      await Promise.all([...clients, watcher].map((c) => c.end()));
    }
  });
});
