import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { OpenedStore } from '../src/cli/open-store.ts';
import { createPostgresStore } from '../src/drivers/postgres/postgres-driver.ts';
import { createSqliteStore } from '../src/drivers/sqlite/sqlite-driver.ts';
import { createTestSchema, type TestDatabase } from './postgres/test-database.ts';

/** A database a CLI test seeds through a store, then reads through the real binary with `flags`. */
export interface CliDatabase {
  /** `sqlite` or `postgres`. */
  name: string;
  /** Creates the database: a store to seed it (closed by the test) and the `engram` flags that open it. */
  open(): Promise<{ store: OpenedStore; flags: string[] }>;
}

/**
 * A SQLite file and a PostgreSQL schema named `engram_cli_<name>` for one CLI test file (`describe.each` over
 * them), both removed after its tests. Test-only.
 */
export function cliDatabases(name: string): CliDatabase[] {
  const dir = mkdtempSync(join(tmpdir(), `engram-cli-${name}-`));
  let pg: TestDatabase | undefined;
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await pg?.drop();
  });
  return [
    {
      name: 'sqlite',
      async open() {
        const path = join(dir, `${name}.db`);
        return { store: createSqliteStore({ path }), flags: ['--db', path] };
      },
    },
    {
      name: 'postgres',
      async open() {
        pg = await createTestSchema(`engram_cli_${name}`);
        return {
          store: createPostgresStore({ connectionString: pg.url, schema: pg.name }),
          flags: ['--pg', pg.url, '--schema', pg.name],
        };
      },
    },
  ];
}
