import type { SqlMigration } from './sql-migration.ts';

/**
 * Schema version 1: sessions (with the `last_seq` counter that assigns gapless sequence numbers and live
 * counters), the append-only message log with tombstones, fork-hidden ids, artifacts, component state, the
 * full-text index, and the tables the content store and long-term memory will use. Times are epoch ms.
 */
export const initialMigration: SqlMigration = {
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
  ${d.ddl.messageKey.columns}
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
  ${d.ddl.messageKey.constraint}
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
    ...d.messageSearch.initialDdl,
  ],
};
