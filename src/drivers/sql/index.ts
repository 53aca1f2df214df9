export type { ContentIndexEntry, SqlContentSearch } from './dialect-content-search.ts';
export type { SqlDdl } from './dialect-ddl.ts';
export type { IndexedVersion, LongTermTextSearch, SqlLongTermIndex } from './dialect-longterm-index.ts';
export type { FullTextLog, FullTextTarget, SqlMessageSearch } from './dialect-message-search.ts';
export { runMigrations } from './migrate.ts';
export { sqlMigrations } from './schema.ts';
export type { SqlClient, SqlDialect, SqlRow, SqlRunResult, SqlTypes } from './sql-client.ts';
export {
  type CompiledSql,
  compileSql,
  joinSql,
  raw,
  type SqlFragment,
  type SqlValue,
  sql,
} from './sql-fragment.ts';
export type { OwnerInventory, SqlInventory } from './sql-inventory.ts';
export type { SqlMigration } from './sql-migration.ts';
export { createSqlStore, type SqlStore, type SqlStoreOptions } from './sql-store.ts';
