import type { SqlMigration } from './sql-migration.ts';

/**
 * Schema version 9 ("one-statement batch append"): the dialect's routine that appends a batch of `append` calls
 * (any sessions) in one statement, so a group commit costs one round trip and one commit (PostgreSQL's
 * `engram_append_batch`; nothing for SQLite, which batches in one transaction). See the dialect's
 * `ddl.appendBatchRoutine`.
 */
export const batchAppendMigration: SqlMigration = {
  version: 9,
  name: 'one-statement batch append',
  statements: (d) => [...d.ddl.appendBatchRoutine],
};
