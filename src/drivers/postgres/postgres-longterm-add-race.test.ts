import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestSchema, type TestDatabase } from '../../../test-support/postgres/test-database.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { getLongTermRecords } from '../../longterm/long-term-store-v1.ts';
import { prepareChange, prepareRecord } from '../../longterm/prepare-record.ts';
import { openPostgresStore } from './postgres-driver.ts';

let schema: TestDatabase | undefined;
afterAll(async () => schema?.drop());

const scope = { tenant: 'team', user: 'ada' };

/**
 * A connection whose next `COMMIT` (once `hold` is called) waits until `release`: a transaction that has done its
 * writes and still holds its row locks, as a slower writer of another process would.
 */
function heldCommit(client: pg.Client) {
  let gate: Promise<void> | undefined;
  let open = () => {};
  let reached = () => {};
  const atCommit = new Promise<void>((resolve) => {
    reached = resolve;
  });
  return {
    connection: {
      query: async (text: string, params?: unknown[]) => {
        if (gate && text === 'COMMIT') {
          reached();
          await gate;
        }
        return client.query(text, params);
      },
    },
    hold() {
      gate = new Promise((resolve) => {
        open = resolve;
      });
    },
    atCommit,
    release: () => open(),
  };
}

describe('postgres: an add racing an update of a record whose version 1 was pruned', () => {
  it('the add waits for the update, then sees its version: refused, not a second current version 1', async () => {
    schema = await createTestSchema('engram_ltm_add_race');
    const app = `engram-add-race-${process.pid}`;
    const url = new URL(schema.url);
    url.searchParams.set('application_name', app);
    const adder = await openPostgresStore({ connectionString: url.href, schema: schema.name });
    const updaterConnection = new pg.Client({ connectionString: schema.url });
    await updaterConnection.connect();
    const held = heldCommit(updaterConnection);
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
      held.hold();
      const update = getLongTermRecords(updater).updateRecord(
        scope,
        'slot',
        change('a 0\na 1\na 2'),
        new Date(),
      );
      await held.atCommit;
      // A first writer that read no record a moment ago adds it: its locking read waits for version 2's lock.
      const add = records
        .addRecords(scope, [prepareRecord({ id: 'slot', kind: 'note', text: 'b 0' }, 'test')])
        .then(
          (added) => ({ added: added.map((r) => r.version) }),
          (error: unknown) => ({ error }),
        );
      for (let waited = 0; ; waited += 10) {
        const { rows } = await watcher.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'`,
          [app],
        );
        if (rows[0].n > 0) break;
        if (waited > 10_000) throw new Error('the add never waited for the row lock');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
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
