export type { SqliteDatabaseLike, SqliteStatementLike } from './sqlite-client.ts';
export {
  createSqliteStore,
  openSqliteStore,
  type SqliteStore,
  type SqliteStoreOptions,
} from './sqlite-driver.ts';
export type { SqliteVectorMode } from './sqlite-vector.ts';
