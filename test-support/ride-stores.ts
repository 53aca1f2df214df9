import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type pg from 'pg';
import { createPostgresStore, type PostgresStore } from '../src/drivers/postgres/postgres-driver.ts';
import { openSqliteStore, type SqliteStore } from '../src/drivers/sqlite/sqlite-driver.ts';
import { createTestSchema, type TestDatabase } from './postgres/test-database.ts';

/** A PostgreSQL store of a test file, with an admin connection to its schema (to add triggers) and its name. */
export interface PostgresUnderTest {
  store: PostgresStore;
  admin: pg.Client;
  schema: string;
}

/**
 * The stores of one test file's riding tests, each opened fresh for `work` and closed after it (its error kept):
 * a SQLite file in the file's temp folder (its raw handle given too, for triggers), or a PostgreSQL store in the
 * file's test schema (made at its first use) with an admin connection. `cleanup()` (in `afterAll`) removes both.
 */
export function rideStores(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), `${prefix.replaceAll('_', '-')}-`));
  let schema: TestDatabase | undefined;
  let files = 0;
  return {
    /** Runs `work` on a SQLite store over a fresh file (and the handle under it). */
    async sqlite(work: (store: SqliteStore, db: DatabaseSync) => Promise<void>): Promise<void> {
      const db = new DatabaseSync(join(dir, `${files++}.db`));
      const store = await openSqliteStore({ database: db });
      try {
        await work(store, db);
      } finally {
        await store.close();
        db.close();
      }
    },
    /** Runs `work` on a PostgreSQL store in the file's schema (4 connections), with an admin client on it. */
    async postgres(work: (under: PostgresUnderTest) => Promise<void>): Promise<void> {
      schema ??= await createTestSchema(prefix);
      const store = createPostgresStore({
        connectionString: schema.url,
        schema: schema.name,
        maxConnections: 4,
      });
      const { Client } = (await import('pg')).default;
      const admin = new Client({ connectionString: schema.url });
      await admin.connect();
      try {
        await store.ready();
        await work({ store, admin, schema: schema.name });
      } finally {
        await admin.end();
        await store.close();
      }
    },
    /** Removes the temp folder and drops the schema. */
    async cleanup(): Promise<void> {
      rmSync(dir, { recursive: true, force: true });
      await schema?.drop();
    },
  };
}
