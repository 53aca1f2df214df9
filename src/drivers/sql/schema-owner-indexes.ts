import type { SqlMigration } from './sql-migration.ts';

/**
 * Schema version 19: two lookups by owner that walked every row of a wider key. `engram_ltm_vectors_id`: a record's
 * embeddings by id (the primary key is (tenant, user, agent, model, id), so deleting a record's vectors on every
 * update or delete of it — each working-memory, core-block and observational-cursor write — read every vector of
 * the owner). `engram_sessions_user_recent`: a user's sessions newest first (`listSessions` of a user scope walked
 * the tenant's (tenant, created_at, id) index over every user's sessions).
 */
export const ownerIndexesMigration: SqlMigration = {
  version: 19,
  name: 'vectors by id, sessions by user',
  statements: () => [
    'CREATE INDEX IF NOT EXISTS engram_ltm_vectors_id ON engram_ltm_vectors (tenant, user_id, agent_id, id)',
    'CREATE INDEX IF NOT EXISTS engram_sessions_user_recent ON engram_sessions (tenant, user_id, created_at, id)',
  ],
};

/**
 * Schema version 20: long-term records by a metadata field (`ddl.metadataKeyIndexes`, SQLite only): recording a
 * statement read every fact of the scope (its metadata parsed by `json_each`) to find the facts of the key it
 * states, and deleting a session read every version of the owner's records to find those bound to it.
 */
export const metadataKeyMigration: SqlMigration = {
  version: 20,
  name: 'self facts by key, records by session',
  statements: (d) => [...d.ddl.metadataKeyIndexes],
};
