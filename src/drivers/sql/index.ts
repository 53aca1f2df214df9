export { runMigrations } from './migrate.ts';
export { type SqlMigration, sqlMigrations } from './schema.ts';
export type { SqlClient, SqlRow, SqlRunResult } from './sql-client.ts';
export type { FullTextLog, FullTextTarget, SqlDialect, SqlTypes } from './sql-dialect.ts';
export {
  type CompiledSql,
  compileSql,
  joinSql,
  raw,
  type SqlFragment,
  type SqlValue,
  sql,
} from './sql-fragment.ts';
export { createSqlStore, type SqlStore, type SqlStoreOptions } from './sql-store.ts';
