import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestSchema, type TestDatabase } from '../../../test-support/postgres/test-database.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { openPostgresStore } from './postgres-driver.ts';

let schema: TestDatabase | undefined;
afterAll(async () => schema?.drop());

describe('postgres: session state and a concurrent deleteSession', () => {
  it('a putState that races a deleteSession waits for it and leaves no orphan state behind', async () => {
    schema = await createTestSchema('engram_race_state');
    const store = await openPostgresStore({ connectionString: schema.url, schema: schema.name });
    const s = { tenant: 'acme', user: 'u1' };
    await store.createSession(s, { id: 'chat' });
    const other = new pg.Client({ connectionString: schema.url });
    await other.connect();
    try {
      // Another transaction deletes the session (as deleteSession does: row lock, then delete).
      const sessions = `"${schema.name}".engram_sessions`;
      await other.query('BEGIN');
      await other.query(`SELECT 1 FROM ${sessions} WHERE tenant = 'acme' AND id = 'chat' FOR UPDATE`);
      let settled = false;
      const put = store.putState(s, 'session:chat:Agent', 'late').then(
        () => 'written',
        (error: unknown) => (MemoryError.hasCode(error, 'SESSION_NOT_FOUND') ? 'refused' : error),
      );
      void put.finally(() => {
        settled = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(settled).toBe(false); // it waits for the session row
      await other.query(`DELETE FROM ${sessions} WHERE tenant = 'acme' AND id = 'chat'`);
      await other.query('COMMIT');
      expect(await put).toBe('refused');
      const { rows } = await other.query(`SELECT key FROM "${schema.name}".engram_component_state`);
      expect(rows).toEqual([]);
    } finally {
      await other.end();
      await store.close();
    }
  });
});
