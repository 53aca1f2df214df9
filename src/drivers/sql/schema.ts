import { contentItemsMigration } from './schema-content.ts';
import { longTermMigration, longTermOriginMigration } from './schema-longterm.ts';
import { ginPendingListMigration, liveSeqMigration, scopedFullTextMigration } from './schema-search-prune.ts';
import type { SqlDialect } from './sql-dialect.ts';

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

/**
 * Schema version 1: sessions (with the `last_seq` counter that assigns gapless sequence numbers and live
 * counters), the append-only message log with tombstones, fork-hidden ids, artifacts, component state, the
 * full-text index, and the tables the content store and long-term memory will use. Times are epoch ms.
 */
const v1: SqlMigration = {
  version: 1,
  name: 'initial schema',
  statements: (d) => [
    `CREATE TABLE IF NOT EXISTS engram_sessions (
  tenant TEXT NOT NULL,
  id TEXT NOT NULL,
  user_id TEXT,
  agent_id TEXT,
  parent_id TEXT,
  forked_at_seq ${d.types.int},
  metadata ${d.types.json} NOT NULL,
  created_at ${d.types.int} NOT NULL,
  updated_at ${d.types.int} NOT NULL,
  last_seq ${d.types.int} NOT NULL DEFAULT 0,
  live_count ${d.types.int} NOT NULL DEFAULT 0,
  live_tokens ${d.types.int} NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant, id)
)`,
    'CREATE INDEX IF NOT EXISTS engram_sessions_recent ON engram_sessions (tenant, created_at, id)',
    'CREATE INDEX IF NOT EXISTS engram_sessions_parent ON engram_sessions (tenant, parent_id) WHERE parent_id IS NOT NULL',
    `CREATE TABLE IF NOT EXISTS engram_messages (
  ${d.messageKey.columns}
  tenant TEXT NOT NULL,
  session_id TEXT NOT NULL,
  seq ${d.types.int} NOT NULL,
  message_id TEXT NOT NULL,
  role TEXT NOT NULL,
  created_at ${d.types.int} NOT NULL,
  tokens ${d.types.int} NOT NULL,
  deleted ${d.types.bool} NOT NULL DEFAULT ${d.false},
  body TEXT NOT NULL,
  text TEXT NOT NULL,
  ${d.messageKey.constraint}
)`,
    `CREATE UNIQUE INDEX IF NOT EXISTS engram_messages_live_id ON engram_messages (tenant, session_id, message_id) WHERE deleted = ${d.false}`,
    `CREATE TABLE IF NOT EXISTS engram_fork_hidden (
  tenant TEXT NOT NULL,
  session_id TEXT NOT NULL,
  message_id TEXT NOT NULL,
  PRIMARY KEY (tenant, session_id, message_id)
)`,
    `CREATE TABLE IF NOT EXISTS engram_artifacts (
  tenant TEXT NOT NULL,
  session_id TEXT NOT NULL,
  id TEXT NOT NULL,
  kind TEXT NOT NULL,
  from_seq ${d.types.int} NOT NULL,
  to_seq ${d.types.int} NOT NULL,
  data ${d.types.json} NOT NULL,
  created_at ${d.types.int} NOT NULL,
  PRIMARY KEY (tenant, session_id, id)
)`,
    'CREATE INDEX IF NOT EXISTS engram_artifacts_range ON engram_artifacts (tenant, session_id, to_seq)',
    `CREATE TABLE IF NOT EXISTS engram_component_state (
  tenant TEXT NOT NULL,
  key TEXT NOT NULL,
  value ${d.types.json} NOT NULL,
  updated_at ${d.types.int} NOT NULL,
  PRIMARY KEY (tenant, key)
)`,
    `CREATE TABLE IF NOT EXISTS engram_content_items (
  tenant TEXT NOT NULL,
  session_id TEXT,
  id TEXT NOT NULL,
  type TEXT NOT NULL,
  source TEXT,
  tags ${d.types.json} NOT NULL,
  size ${d.types.int} NOT NULL,
  content TEXT NOT NULL,
  metadata ${d.types.json} NOT NULL,
  created_at ${d.types.int} NOT NULL,
  PRIMARY KEY (tenant, id)
)`,
    'CREATE INDEX IF NOT EXISTS engram_content_items_session ON engram_content_items (tenant, session_id, created_at)',
    'CREATE INDEX IF NOT EXISTS engram_content_items_type ON engram_content_items (tenant, type, created_at)',
    `CREATE TABLE IF NOT EXISTS engram_longterm_records (
  tenant TEXT NOT NULL,
  user_id TEXT,
  agent_id TEXT,
  id TEXT NOT NULL,
  kind TEXT NOT NULL,
  text TEXT NOT NULL,
  metadata ${d.types.json} NOT NULL,
  embedding ${d.types.blob},
  created_at ${d.types.int} NOT NULL,
  updated_at ${d.types.int} NOT NULL,
  PRIMARY KEY (tenant, id)
)`,
    'CREATE INDEX IF NOT EXISTS engram_longterm_scope ON engram_longterm_records (tenant, user_id, agent_id, updated_at)',
    ...d.fullTextDdl,
  ],
};

/** The owner of a `session:<id>:…` state row `c`, from its session (the longest id that matches), for one column. */
const sessionOwner = (column: 'user_id' | 'agent_id') =>
  `coalesce((SELECT s.${column} FROM engram_sessions s WHERE s.tenant = c.tenant AND substr(c.key, 1, length(s.id) + 9) = 'session:' || s.id || ':' ORDER BY length(s.id) DESC LIMIT 1), '')`;

/**
 * Schema version 2: component state is owned by an exact scope. Rows are keyed (tenant, user_id, agent_id,
 * key), with `''` for "no user" / "no agent" (ids are never empty), so two users of one tenant each have their
 * own value under one key. Existing `session:<id>:…` rows go to the owner of their session; other existing
 * rows belong to the tenant with no user and no agent. PostgreSQL changes the primary key in place; SQLite,
 * which cannot, rebuilds the table (table renames stay out of PostgreSQL, whose client qualifies table names).
 */
const v2: SqlMigration = {
  version: 2,
  name: 'component state owned by scope',
  statements: (d) => {
    const adopt = `UPDATE engram_component_state AS c SET user_id = ${sessionOwner('user_id')}, agent_id = ${sessionOwner('agent_id')} WHERE c.key LIKE 'session:%'`;
    if (d.name === 'postgres') {
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
 * Schema version 3: a fork keeps what it inherits as counters on its session row (`inherited_count`,
 * `inherited_tokens`), so `stats()` of a fork does not count its inherited prefix on every call. NULL means
 * unknown (forks made before v3, and roots): the store counts. Applied once in the migration transaction
 * (PostgreSQL also says `IF NOT EXISTS`; SQLite's `ADD COLUMN` has no such form).
 */
const v3: SqlMigration = {
  version: 3,
  name: 'fork inherited counters',
  statements: (d) => {
    const ifMissing = d.name === 'postgres' ? 'IF NOT EXISTS ' : '';
    return [
      `ALTER TABLE engram_sessions ADD COLUMN ${ifMissing}inherited_count ${d.types.int}`,
      `ALTER TABLE engram_sessions ADD COLUMN ${ifMissing}inherited_tokens ${d.types.int}`,
    ];
  },
};

/**
 * Schema version 4: an index on (tenant, session_id, role, seq), so reading one role of a session — the
 * system messages every view keeps, `byRole` — touches only those rows. Without it, opening a view on a
 * 100,000-message session scanned the whole log for its system messages.
 */
const v4: SqlMigration = {
  version: 4,
  name: 'messages by role',
  statements: () => [
    'CREATE INDEX IF NOT EXISTS engram_messages_role ON engram_messages (tenant, session_id, role, seq)',
  ],
};

/**
 * Schema version 5 (SQLite only; nothing for PostgreSQL; replaced by v8): the FTS5 index is fed in batches, not by a
 * per-row trigger, which rewrote index pages at every commit. `engram_fts_watermark` holds the last
 * indexed rowid (every existing row is indexed); the store indexes rows past it every few appends and
 * before every search. Tombstone and delete triggers remove only indexed rows, and a delete that removes
 * the highest rowids lowers the watermark, so a reused rowid is indexed again.
 */
const v5: SqlMigration = {
  version: 5,
  name: 'batched full-text index',
  statements: (d) => {
    if (d.name !== 'sqlite') return [];
    const indexed = 'old.rid <= (SELECT rid FROM engram_fts_watermark)';
    const maxRid = '(SELECT coalesce(max(rid), 0) FROM engram_messages)';
    return [
      'DROP TRIGGER IF EXISTS engram_messages_fts_insert',
      'DROP TRIGGER IF EXISTS engram_messages_fts_tombstone',
      'DROP TRIGGER IF EXISTS engram_messages_fts_delete',
      'CREATE TABLE IF NOT EXISTS engram_fts_watermark (id INTEGER PRIMARY KEY CHECK (id = 1), rid INTEGER NOT NULL)',
      `INSERT OR IGNORE INTO engram_fts_watermark (id, rid) VALUES (1, ${maxRid})`,
      `CREATE TRIGGER engram_messages_fts_tombstone AFTER UPDATE OF deleted ON engram_messages WHEN old.deleted = 0 AND new.deleted <> 0 AND ${indexed} BEGIN
  INSERT INTO engram_messages_fts (engram_messages_fts, rowid, text) VALUES ('delete', old.rid, old.text);
END`,
      `CREATE TRIGGER engram_messages_fts_delete AFTER DELETE ON engram_messages BEGIN
  INSERT INTO engram_messages_fts (engram_messages_fts, rowid, text) SELECT 'delete', old.rid, old.text WHERE old.deleted = 0 AND ${indexed};
  UPDATE engram_fts_watermark SET rid = ${maxRid} WHERE rid > ${maxRid};
END`,
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
const moveLegacyStateKeys = (() => {
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
const v6: SqlMigration = {
  version: 6,
  name: 'sessions keyed by owner',
  statements: (d) => {
    const index = [
      'CREATE UNIQUE INDEX IF NOT EXISTS engram_sessions_log ON engram_sessions (tenant, log_id)',
      'CREATE INDEX IF NOT EXISTS engram_sessions_parent_log ON engram_sessions (tenant, parent_log) WHERE parent_log IS NOT NULL',
    ];
    if (d.name === 'postgres') {
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

/**
 * Schema version 9 (PostgreSQL only; nothing for SQLite): `engram_append_batch`, a routine that appends a batch
 * of `append` calls (any sessions) in one statement, so a group commit costs one round trip and one commit. Per
 * call, in order, it does what the shared fast path does (src/drivers/sql/sql-append.ts): reserve seqs in the
 * root session owned by exactly the call's scope, insert each message with `ON CONFLICT … DO NOTHING`, look up a
 * conflict, give back unused seqs. A call whose session is missing, a fork, or would pass the token limit changes
 * nothing and gets one row with `r_seq` NULL (the store runs the general path for it). A conflicting id with a
 * different body raises SQLSTATE `EG001` (detail: the id), which rolls back the whole statement. Rows come back
 * as (call, index within the call, seq, tokens, whether the entry already existed). A batch of several calls
 * first locks their sessions in key order, so concurrent batches never deadlock.
 */
const batchAppendMigration: SqlMigration = {
  version: 9,
  name: 'one-statement batch append',
  statements: (d) => {
    if (d.name !== 'postgres') return [];
    return [
      `CREATE OR REPLACE FUNCTION engram_append_batch(
  p_now BIGINT, p_max BIGINT,
  c_tenant TEXT[], c_user TEXT[], c_agent TEXT[], c_session TEXT[], c_count INT[],
  m_id TEXT[], m_role TEXT[], m_created BIGINT[], m_tokens BIGINT[], m_body TEXT[], m_text TEXT[]
) RETURNS TABLE (r_call INT, r_index INT, r_seq BIGINT, r_tokens BIGINT, r_existing BOOLEAN)
LANGUAGE plpgsql AS $engram$
DECLARE
  i INT;
  k INT;
  first INT := 1;
  n INT;
  total BIGINT;
  v_log TEXT;
  v_seq BIGINT;
  skipped INT;
  skipped_tokens BIGINT;
  prior RECORD;
BEGIN
  IF coalesce(array_length(c_tenant, 1), 0) > 1 THEN
    -- Sessions are locked in one global order first, so two batches spanning the same sessions never deadlock.
    PERFORM 1 FROM engram_sessions s
      JOIN unnest(c_tenant, c_user, c_agent, c_session) AS c(t, u, a, id)
        ON s.tenant = c.t AND s.user_id = c.u AND s.agent_id = c.a AND s.id = c.id
      ORDER BY s.tenant, s.user_id, s.agent_id, s.id
      FOR UPDATE OF s;
  END IF;
  FOR i IN 1 .. coalesce(array_length(c_tenant, 1), 0) LOOP
    n := c_count[i];
    total := 0;
    FOR k IN first .. first + n - 1 LOOP
      total := total + m_tokens[k];
    END LOOP;
    UPDATE engram_sessions s
      SET last_seq = s.last_seq + n, live_count = s.live_count + n, live_tokens = s.live_tokens + total, updated_at = p_now
      WHERE s.tenant = c_tenant[i] AND s.user_id = c_user[i] AND s.agent_id = c_agent[i] AND s.id = c_session[i]
        AND s.parent_id IS NULL AND s.live_tokens <= p_max - total
      RETURNING s.log_id, s.last_seq - n INTO v_log, v_seq;
    IF NOT FOUND THEN
      r_call := i; r_index := NULL; r_seq := NULL; r_tokens := NULL; r_existing := NULL;
      RETURN NEXT;
    ELSE
      skipped := 0;
      skipped_tokens := 0;
      FOR k IN first .. first + n - 1 LOOP
        INSERT INTO engram_messages (tenant, session_id, seq, message_id, role, created_at, tokens, deleted, body, text)
          VALUES (c_tenant[i], v_log, v_seq + 1, m_id[k], m_role[k], m_created[k], m_tokens[k], FALSE, m_body[k], m_text[k])
          ON CONFLICT (tenant, session_id, message_id) WHERE deleted = FALSE DO NOTHING;
        r_call := i;
        r_index := k - first;
        IF FOUND THEN
          v_seq := v_seq + 1;
          r_seq := v_seq; r_tokens := m_tokens[k]; r_existing := FALSE;
        ELSE
          SELECT m.seq, m.body, m.tokens INTO prior FROM engram_messages m
            WHERE m.tenant = c_tenant[i] AND m.session_id = v_log AND m.message_id = m_id[k] AND m.deleted = FALSE;
          IF NOT FOUND OR prior.body <> m_body[k] THEN
            RAISE EXCEPTION 'message id % is taken by a different message', m_id[k] USING ERRCODE = 'EG001', DETAIL = m_id[k];
          END IF;
          skipped := skipped + 1;
          skipped_tokens := skipped_tokens + m_tokens[k];
          r_seq := prior.seq; r_tokens := prior.tokens; r_existing := TRUE;
        END IF;
        RETURN NEXT;
      END LOOP;
      IF skipped > 0 THEN
        UPDATE engram_sessions s
          SET last_seq = s.last_seq - skipped, live_count = s.live_count - skipped, live_tokens = s.live_tokens - skipped_tokens
          WHERE s.tenant = c_tenant[i] AND s.log_id = v_log;
      END IF;
    END IF;
    first := first + n;
  END LOOP;
END
$engram$`,
    ];
  },
};

/** Every migration, oldest first. */
export const sqlMigrations: readonly SqlMigration[] = [
  v1,
  v2,
  v3,
  v4,
  v5,
  v6,
  liveSeqMigration,
  scopedFullTextMigration,
  batchAppendMigration,
  contentItemsMigration,
  longTermMigration,
  ginPendingListMigration,
  longTermOriginMigration,
];
