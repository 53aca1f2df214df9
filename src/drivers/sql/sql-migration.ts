import type { SqlDialect } from './sql-client.ts';

/** One versioned schema step: idempotent statements (`IF NOT EXISTS`), applied once and recorded. */
export interface SqlMigration {
  /** Strictly increasing from 1. */
  version: number;
  /** A short name, recorded beside the version. */
  name: string;
  /** The statements for a dialect. */
  statements(dialect: SqlDialect): string[];
}

/** The migrations table: which versions are applied. */
export function migrationsTableDdl(d: SqlDialect): string {
  return `CREATE TABLE IF NOT EXISTS engram_migrations (
  version ${d.types.int} PRIMARY KEY,
  name TEXT NOT NULL,
  applied_at ${d.types.int} NOT NULL
)`;
}

/** Extra column declarations inside a `CREATE TABLE`, each on its own line after a line ending in `,`. */
export const columnLines = (columns: readonly string[]): string => columns.map((c) => `\n  ${c},`).join('');
