import { createPostgresStore } from '../../src/drivers/postgres/postgres-driver.ts';
import { createSqliteStore } from '../../src/drivers/sqlite/sqlite-driver.ts';

/** Where a child process opens the store its parent set up: a SQLite file or a PostgreSQL schema. */
export interface ChildStoreConfig {
  sqlitePath?: string;
  postgres?: { url: string; schema: string };
}

/** Opens the store a child's config names (PostgreSQL with 2 connections). */
export function openChildStore(config: ChildStoreConfig) {
  if (config.sqlitePath) return createSqliteStore({ path: config.sqlitePath });
  if (!config.postgres) throw new Error('child store config names neither sqlitePath nor postgres');
  return createPostgresStore({
    connectionString: config.postgres.url,
    schema: config.postgres.schema,
    maxConnections: 2,
  });
}
