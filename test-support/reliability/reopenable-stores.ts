import { join } from 'node:path';
import { createPostgresStore } from '../../src/drivers/postgres/postgres-driver.ts';
import type { SqlStore } from '../../src/drivers/sql/sql-store.ts';
import { createSqliteStore } from '../../src/drivers/sqlite/sqlite-driver.ts';
import { createTestSchema } from '../postgres/test-database.ts';
import { testPostgresUrl } from './postgres-url.ts';
import { tempDir } from './store-drivers.ts';

/** A database that outlives its store handles: each `open()` is a new handle on it, as a new process would open it. */
export interface ReopenableDatabase {
  /** Opens a new store handle on the database. */
  open(): SqlStore;
  /** Removes the database (close the handles first). */
  done(): Promise<void>;
  /** Where a child process finds it: a SQLite path, or a PostgreSQL URL and schema (see {@link openReopenable}). */
  child: ReopenableLocation;
}

/** Where a reopenable database is, as a child process is told (JSON). */
export type ReopenableLocation = { path: string } | { postgres: { url: string; schema: string } };

/** Opens a store on a database a parent process described (the same settings as its own handles). */
export function openReopenable(location: ReopenableLocation): SqlStore {
  return 'path' in location
    ? createSqliteStore({ path: location.path, durability: 'process' })
    : createPostgresStore({
        connectionString: location.postgres.url,
        schema: location.postgres.schema,
        maxConnections: 4,
      });
}

/** A driver whose databases can be opened again: SQLite (a file) and PostgreSQL (a schema of the test server). */
export interface ReopenableDriver {
  /** `sqlite` or `postgres`. */
  name: string;
  /** True when it cannot run here (no PostgreSQL test server). */
  skip: boolean;
  /** A fresh, empty database. */
  setup(label: string): Promise<ReopenableDatabase>;
}

/** SQLite and PostgreSQL (skipped without a test server), each database reopenable by new handles. */
export function reopenableDrivers(): ReopenableDriver[] {
  return [
    {
      name: 'sqlite',
      skip: false,
      async setup(label) {
        const dir = await tempDir(label, true);
        const path = join(dir.path, `${label}.db`);
        return { open: () => openReopenable({ path }), done: () => dir.remove(), child: { path } };
      },
    },
    {
      name: 'postgres',
      skip: !testPostgresUrl(),
      async setup(label) {
        const db = await createTestSchema(`engram_${label.replace(/\W/g, '_')}`);
        const child = { postgres: { url: db.url, schema: db.name } };
        return { open: () => openReopenable(child), done: () => db.drop(), child };
      },
    },
  ];
}

/** Runs `test` on two handles of one new database (two processes), then closes and removes them. */
export async function onTwoHandles(
  driver: ReopenableDriver,
  label: string,
  test: (a: SqlStore, b: SqlStore) => Promise<void>,
): Promise<void> {
  const db = await driver.setup(label);
  const [a, b] = [db.open(), db.open()];
  try {
    await test(a, b);
  } finally {
    await a.close();
    await b.close();
    await db.done();
  }
}
