import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareRecord } from '../../longterm/prepare-record.ts';
import { createSqliteClient } from '../sqlite/sqlite-client.ts';
import { openSqliteStore } from '../sqlite/sqlite-driver.ts';
import type { SqlClient } from './sql-client.ts';
import { createSqlLongTermRecords } from './sql-longterm.ts';
import { joinableLongTermRecords } from './sql-longterm-joined.ts';

/**
 * The store's long-term records join one of its transactions only inside `join`, in the joined work's async context,
 * until that work returns: there they read and write in the transaction (and roll back with it); elsewhere, and in
 * work the joined work left running, they run on their own (a real SQLite file).
 */

const dir = mkdtempSync(join(tmpdir(), 'engram-ltm-joined-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const scope = { tenant: 't' };
const record = (id: string) => prepareRecord({ id, kind: 'fact', text: `fact ${id}` }, 'test', 'record');
const rollback = new Error('roll back');

async function open(name: string) {
  const path = join(dir, name);
  await (await openSqliteStore({ path })).close(); // migrated
  const client = createSqliteClient(new DatabaseSync(path, { timeout: 0 }));
  const over = (c: SqlClient) =>
    createSqlLongTermRecords({ client: c, component: 'sqlite', op: (_what, _scope, fn) => fn() });
  const joinable = joinableLongTermRecords(over(client), over);
  const ids = async () =>
    (await joinable.records.listRecords(scope, { limit: 100 })).records.map((r) => r.id).sort();
  return { client, ...joinable, ids };
}

describe('joinableLongTermRecords', () => {
  it('inside join: reads see the transaction, writes roll back with it', async () => {
    const { client, records, join: joinTx, ids } = await open('rollback.db');
    try {
      await records.addRecords(scope, [record('before')]);
      const seen = await client
        .transaction((tx) =>
          joinTx(tx, async () => {
            await records.addRecords(scope, [record('inside')]);
            const listed = (await records.listRecords(scope, { limit: 10 })).records.map((r) => r.id);
            throw Object.assign(rollback, { listed });
          }),
        )
        .catch((e: { listed: string[] }) => e.listed);
      expect(seen.sort()).toEqual(['before', 'inside']);
      expect(await ids()).toEqual(['before']);
      await client.transaction((tx) => joinTx(tx, () => records.addRecords(scope, [record('kept')])));
      expect(await ids()).toEqual(['before', 'kept']);
    } finally {
      await client.close();
    }
  });

  it('work the joined work left running, and calls outside join, run on their own', async () => {
    const { client, records, join: joinTx, ids } = await open('left.db');
    try {
      let later: Promise<unknown> = Promise.resolve();
      await client
        .transaction(async (tx) => {
          await joinTx(tx, async () => {
            later = sleep(5).then(() => records.addRecords(scope, [record('left-running')]));
          });
          await sleep(20); // the write left running waits for this transaction, then commits alone
          throw rollback;
        })
        .catch((e: unknown) => expect(e).toBe(rollback));
      await later;
      expect(await ids()).toEqual(['left-running']);
    } finally {
      await client.close();
    }
  });
});
