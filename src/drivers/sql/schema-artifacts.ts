import type { SqlMigration } from './sql-migration.ts';

/**
 * Schema version 16: a session's artifacts by kind and write time (`engram_artifacts_kind`), so a listing of one
 * kind written since a time (a view catching up on its own artifacts, e.g. AutoContext's ladder steps, on every
 * read) reads only those rows: without it, it read every artifact of the session, the data of each included
 * (a session with `recordAssembly` gains one assembly record a step).
 */
export const artifactsByKindMigration: SqlMigration = {
  version: 16,
  name: 'artifacts by kind',
  statements: () => [
    'CREATE INDEX IF NOT EXISTS engram_artifacts_kind ON engram_artifacts (tenant, session_id, kind, created_at)',
  ],
};
