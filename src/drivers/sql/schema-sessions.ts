import { moveLegacyStateKeys } from './schema-state.ts';
import type { SqlMigration } from './sql-migration.ts';

/**
 * Schema version 3: a fork keeps what it inherits as counters on its session row (`inherited_count`,
 * `inherited_tokens`), so `stats()` of a fork does not count its inherited prefix on every call. NULL means
 * unknown (forks made before v3, and roots): the store counts. Applied once in the migration transaction
 * (PostgreSQL also says `IF NOT EXISTS`; SQLite's `ADD COLUMN` has no such form).
 */
export const forkCountersMigration: SqlMigration = {
  version: 3,
  name: 'fork inherited counters',
  statements: (d) => [
    `ALTER TABLE engram_sessions ${d.ddl.addColumn} inherited_count ${d.types.int}`,
    `ALTER TABLE engram_sessions ${d.ddl.addColumn} inherited_tokens ${d.types.int}`,
  ],
};

/**
 * Schema version 6: a session is identified by its owner and id. `engram_sessions` is keyed (tenant, user_id,
 * agent_id, id), with `''` for "no user" / "no agent" (existing NULLs become `''`), so two users of one tenant
 * may each have a session `chat`. Each session also gets `log_id`, unique in the tenant: the key its rows
 * carry in `engram_messages`, `engram_fork_hidden` and `engram_artifacts` (their `session_id` column), and
 * `parent_log`, its parent's `log_id`. Existing sessions keep `log_id = id` (ids were unique per tenant), so
 * no log row is rewritten; new sessions get a generated one. A state key `session:<id>:<name>` now names the
 * session of its own owner, the id being what lies before the last `:`; existing keys the old code read as
 * another session's become `legacy:<key>` ({@link moveLegacyStateKeys}). SQLite rebuilds the sessions table (it
 * cannot change a primary key); PostgreSQL alters it in place and keeps its now unused `engram_sessions_parent`
 * index (the client qualifies table names only).
 */
export const sessionOwnerMigration: SqlMigration = {
  version: 6,
  name: 'sessions keyed by owner',
  statements: (d) => {
    const index = [
      'CREATE UNIQUE INDEX IF NOT EXISTS engram_sessions_log ON engram_sessions (tenant, log_id)',
      'CREATE INDEX IF NOT EXISTS engram_sessions_parent_log ON engram_sessions (tenant, parent_log) WHERE parent_log IS NOT NULL',
    ];
    if (d.ddl.alterKeys) {
      return [
        "UPDATE engram_sessions SET user_id = '' WHERE user_id IS NULL",
        "UPDATE engram_sessions SET agent_id = '' WHERE agent_id IS NULL",
        "ALTER TABLE engram_sessions ALTER COLUMN user_id SET DEFAULT '', ALTER COLUMN user_id SET NOT NULL, ALTER COLUMN agent_id SET DEFAULT '', ALTER COLUMN agent_id SET NOT NULL",
        'ALTER TABLE engram_sessions ADD COLUMN IF NOT EXISTS log_id TEXT',
        'ALTER TABLE engram_sessions ADD COLUMN IF NOT EXISTS parent_log TEXT',
        'UPDATE engram_sessions SET log_id = id, parent_log = parent_id',
        'ALTER TABLE engram_sessions ALTER COLUMN log_id SET NOT NULL',
        'ALTER TABLE engram_sessions DROP CONSTRAINT IF EXISTS engram_sessions_pkey',
        'ALTER TABLE engram_sessions ADD PRIMARY KEY (tenant, user_id, agent_id, id)',
        ...index,
        moveLegacyStateKeys,
      ];
    }
    return [
      `CREATE TABLE engram_sessions_v6 (
  tenant TEXT NOT NULL,
  user_id TEXT NOT NULL DEFAULT '',
  agent_id TEXT NOT NULL DEFAULT '',
  id TEXT NOT NULL,
  log_id TEXT NOT NULL,
  parent_id TEXT,
  parent_log TEXT,
  forked_at_seq ${d.types.int},
  metadata ${d.types.json} NOT NULL,
  created_at ${d.types.int} NOT NULL,
  updated_at ${d.types.int} NOT NULL,
  last_seq ${d.types.int} NOT NULL DEFAULT 0,
  live_count ${d.types.int} NOT NULL DEFAULT 0,
  live_tokens ${d.types.int} NOT NULL DEFAULT 0,
  inherited_count ${d.types.int},
  inherited_tokens ${d.types.int},
  PRIMARY KEY (tenant, user_id, agent_id, id)
)`,
      `INSERT INTO engram_sessions_v6 (tenant, user_id, agent_id, id, log_id, parent_id, parent_log, forked_at_seq, metadata, created_at, updated_at, last_seq, live_count, live_tokens, inherited_count, inherited_tokens)
SELECT tenant, coalesce(user_id, ''), coalesce(agent_id, ''), id, id, parent_id, parent_id, forked_at_seq, metadata, created_at, updated_at, last_seq, live_count, live_tokens, inherited_count, inherited_tokens FROM engram_sessions`,
      'DROP TABLE engram_sessions',
      'ALTER TABLE engram_sessions_v6 RENAME TO engram_sessions',
      'CREATE INDEX IF NOT EXISTS engram_sessions_recent ON engram_sessions (tenant, created_at, id)',
      ...index,
      moveLegacyStateKeys,
    ];
  },
};
