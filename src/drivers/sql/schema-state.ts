import type { SqlMigration } from './sql-migration.ts';

/** The owner of a `session:<id>:…` state row `c`, from its session (the longest id that matches), for one column. */
const sessionOwner = (column: 'user_id' | 'agent_id') =>
  `coalesce((SELECT s.${column} FROM engram_sessions s WHERE s.tenant = c.tenant AND substr(c.key, 1, length(s.id) + 9) = 'session:' || s.id || ':' ORDER BY length(s.id) DESC LIMIT 1), '')`;

/**
 * Schema version 2: component state is owned by an exact scope. Rows are keyed (tenant, user_id, agent_id,
 * key), with `''` for "no user" / "no agent" (ids are never empty), so two users of one tenant each have their
 * own value under one key. Existing `session:<id>:…` rows go to the owner of their session; other existing
 * rows belong to the tenant with no user and no agent. A dialect that alters keys in place (PostgreSQL) changes
 * the primary key; otherwise (SQLite) the table is rebuilt (table renames stay out of PostgreSQL, whose client qualifies table names).
 */
export const stateOwnerMigration: SqlMigration = {
  version: 2,
  name: 'component state owned by scope',
  statements: (d) => {
    const adopt = `UPDATE engram_component_state AS c SET user_id = ${sessionOwner('user_id')}, agent_id = ${sessionOwner('agent_id')} WHERE c.key LIKE 'session:%'`;
    if (d.ddl.alterKeys) {
      return [
        "ALTER TABLE engram_component_state ADD COLUMN IF NOT EXISTS user_id TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE engram_component_state ADD COLUMN IF NOT EXISTS agent_id TEXT NOT NULL DEFAULT ''",
        adopt,
        'ALTER TABLE engram_component_state DROP CONSTRAINT IF EXISTS engram_component_state_pkey',
        'ALTER TABLE engram_component_state ADD PRIMARY KEY (tenant, user_id, agent_id, key)',
      ];
    }
    return [
      `CREATE TABLE engram_component_state_v2 (
  tenant TEXT NOT NULL,
  user_id TEXT NOT NULL DEFAULT '',
  agent_id TEXT NOT NULL DEFAULT '',
  key TEXT NOT NULL,
  value ${d.types.json} NOT NULL,
  updated_at ${d.types.int} NOT NULL,
  PRIMARY KEY (tenant, user_id, agent_id, key)
)`,
      'INSERT INTO engram_component_state_v2 (tenant, key, value, updated_at) SELECT tenant, key, value, updated_at FROM engram_component_state',
      'DROP TABLE engram_component_state',
      'ALTER TABLE engram_component_state_v2 RENAME TO engram_component_state',
      adopt,
    ];
  },
};

/**
 * The last step of v6: state keys the old code read as another session's move to `legacy:<key>`. Before v6 a
 * key `session:<id>:<name>` named the session of the shortest prefix `session:<id>:` that is a session id (ids
 * may contain `:`), now it names the id up to its last `:` of its own owner. A row whose key starts `session:`
 * and has another `:` keeps its key only when both readings give one session its owner holds: a session of the
 * row's owner whose id is the key up to the last `:`, and none whose id is a shorter prefix (`keepsOldStateKey`
 * is the same rule in TypeScript, for the json-file upgrade). Every other such row, whose session was another's,
 * gone, or named differently (`session:chat:memory:main` beside a session `chat` was `chat`'s and would now
 * name `chat:memory`), becomes the plain key `legacy:<key>` of the same owner, so it is neither lost nor shown
 * in a session created or deleted later. A row whose `legacy:<key>` is already taken keeps its key.
 */
export const moveLegacyStateKeys = (() => {
  const owned = 's.tenant = c.tenant AND s.user_id = c.user_id AND s.agent_id = c.agent_id';
  const prefixed = "substr(c.key, 1, length(s.id) + 9) = 'session:' || s.id || ':'";
  const rest = 'substr(c.key, length(s.id) + 10)';
  const session = (colon: '=' | '<>') =>
    `EXISTS (SELECT 1 FROM engram_sessions s WHERE ${owned} AND ${prefixed} AND replace(${rest}, ':', '') ${colon} ${rest})`;
  return `UPDATE engram_component_state AS c SET key = 'legacy:' || c.key
WHERE substr(c.key, 1, 8) = 'session:' AND replace(substr(c.key, 9), ':', '') <> substr(c.key, 9)
  AND NOT (${session('=')} AND NOT ${session('<>')})
  AND NOT EXISTS (SELECT 1 FROM engram_component_state l WHERE l.tenant = c.tenant AND l.user_id = c.user_id AND l.agent_id = c.agent_id AND l.key = 'legacy:' || c.key)`;
})();
