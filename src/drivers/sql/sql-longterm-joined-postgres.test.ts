import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestSchema, type TestDatabase } from '../../../test-support/postgres/test-database.ts';
import { prepareRecord } from '../../longterm/prepare-record.ts';
import { createPostgresClient } from '../postgres/postgres-client.ts';
import { createPostgresDialect } from '../postgres/postgres-dialect.ts';
import { openPostgresStore } from '../postgres/postgres-driver.ts';
import type { SqlClient } from './sql-client.ts';
import { createSqlLongTermRecords } from './sql-longterm.ts';
import { joinableLongTermRecords } from './sql-longterm-joined.ts';

/**
 * Review of the joinable records on PostgreSQL (a pool: concurrent transactions): while a joined call is in flight,
 * calls on the same records from another async context (another agent's search, its own record) go to the base
 * records on their own connections: they never see the open transaction's writes, and their writes commit even when
 * that transaction rolls back.
 */

let schema: TestDatabase | undefined;
afterAll(async () => {
  await schema?.drop();
});
const scope = { tenant: 't', user: 'joined' };
const other = { tenant: 't', user: 'other' };
const record = (id: string) => prepareRecord({ id, kind: 'fact', text: `fact ${id}` }, 'test', 'record');

describe('joinableLongTermRecords on PostgreSQL', () => {
  it('calls from another async context during a joined call run on the base records, outside the transaction', async () => {
    schema ??= await createTestSchema('engram_ltm_joined_pg');
    await (await openPostgresStore({ connectionString: schema.url, schema: schema.name })).close(); // migrated
    const pool = new pg.Pool({ connectionString: schema.url, max: 4 });
    const client = createPostgresClient({
      dialect: createPostgresDialect(schema.name),
      schema: schema.name,
      pool,
    });
    const over = (c: SqlClient) =>
      createSqlLongTermRecords({ client: c, component: 'postgres', op: (_what, _scope, fn) => fn() });
    const { records, join } = joinableLongTermRecords(over(client), over);
    const ids = async (s = scope) =>
      (await records.listRecords(s, { limit: 100 })).records.map((r) => r.id).sort();
    try {
      let inside!: () => void;
      const written = new Promise<void>((resolve) => {
        inside = resolve;
      });
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const rollback = new Error('roll back');
      const tx = client
        .transaction((t) =>
          join(t, async () => {
            await records.addRecords(scope, [record('joined')]);
            inside();
            await released;
            expect(await ids()).toEqual(['joined']); // the joined call still reads in the transaction
            throw rollback;
          }),
        )
        .catch((e: unknown) => e);
      await written;
      // Another agent, meanwhile: its reads do not see the open transaction, its writes are its own.
      expect(await ids()).toEqual([]);
      await records.addRecords(other, [record('concurrent')]);
      expect(await ids(other)).toEqual(['concurrent']);
      release();
      expect(await tx).toBe(rollback);
      expect(await ids()).toEqual([]);
      expect(await ids(other)).toEqual(['concurrent']);
    } finally {
      await pool.end();
    }
  });
});
