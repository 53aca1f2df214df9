import { MemoryError } from '../../driver.ts';
import type { LibsqlExecutor } from './libsql-executor.ts';

/** One versioned schema step, applied once in a write transaction and recorded. */
export interface LibsqlMigration {
  /** Strictly increasing from 1. */
  version: number;
  /** A short name, recorded beside the version. */
  name: string;
  /** Its statements. */
  statements: readonly string[];
}

/**
 * Sessions (keyed by owner and id, with the counters that assign gapless seqs), the message log with tombstones
 * and a partial unique index on live ids, a contentless FTS5 index over live messages (`porter unicode61`) kept by
 * triggers in the writing transaction, whose `owner` column holds the session's scope tokens; artifacts and
 * component state (a session's state rows name it, so they go with it).
 */
const log: LibsqlMigration = {
  version: 1,
  name: 'log',
  statements: [
    `CREATE TABLE engram_sessions (
  rid INTEGER PRIMARY KEY,
  tenant TEXT NOT NULL,
  user_id TEXT NOT NULL,
  agent_id TEXT NOT NULL,
  id TEXT NOT NULL,
  log_id TEXT NOT NULL,
  parent_id TEXT,
  forked_at_seq INTEGER,
  metadata TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  last_seq INTEGER NOT NULL,
  live_count INTEGER NOT NULL,
  live_tokens INTEGER NOT NULL,
  owner_tokens TEXT NOT NULL,
  UNIQUE (tenant, user_id, agent_id, id)
)`,
    'CREATE INDEX engram_sessions_recent ON engram_sessions (tenant, created_at, id)',
    `CREATE TABLE engram_messages (
  rid INTEGER PRIMARY KEY,
  session INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  message_id TEXT NOT NULL,
  role TEXT NOT NULL,
  tokens INTEGER NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0,
  body TEXT NOT NULL,
  text TEXT NOT NULL,
  UNIQUE (session, seq)
)`,
    'CREATE UNIQUE INDEX engram_messages_live_id ON engram_messages (session, message_id) WHERE deleted = 0',
    'CREATE INDEX engram_messages_live_seq ON engram_messages (session, seq) WHERE deleted = 0',
    'CREATE INDEX engram_messages_role ON engram_messages (session, role, seq) WHERE deleted = 0',
    `CREATE VIRTUAL TABLE engram_messages_fts USING fts5(text, owner, content='', contentless_delete=1, tokenize='porter unicode61')`,
    `CREATE TRIGGER engram_messages_fts_insert AFTER INSERT ON engram_messages WHEN new.deleted = 0 BEGIN
  INSERT INTO engram_messages_fts (rowid, text, owner) SELECT new.rid, new.text, s.owner_tokens FROM engram_sessions s WHERE s.rid = new.session;
END`,
    `CREATE TRIGGER engram_messages_fts_tombstone AFTER UPDATE OF deleted ON engram_messages WHEN old.deleted = 0 AND new.deleted <> 0 BEGIN
  DELETE FROM engram_messages_fts WHERE rowid = old.rid;
END`,
    `CREATE TRIGGER engram_messages_fts_delete AFTER DELETE ON engram_messages WHEN old.deleted = 0 BEGIN
  DELETE FROM engram_messages_fts WHERE rowid = old.rid;
END`,
    `CREATE TABLE engram_artifacts (
  session INTEGER NOT NULL,
  id TEXT NOT NULL,
  kind TEXT NOT NULL,
  from_seq INTEGER NOT NULL,
  to_seq INTEGER NOT NULL,
  data TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (session, id)
)`,
    'CREATE INDEX engram_artifacts_order ON engram_artifacts (session, to_seq)',
    `CREATE TABLE engram_state (
  tenant TEXT NOT NULL,
  user_id TEXT NOT NULL,
  agent_id TEXT NOT NULL,
  key TEXT NOT NULL,
  session INTEGER,
  value TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (tenant, user_id, agent_id, key)
)`,
    'CREATE INDEX engram_state_session ON engram_state (session) WHERE session IS NOT NULL',
  ],
};

/**
 * Content items: one row per item keyed by owner, space and id, the content as the UTF-8 bytes of its
 * serialization, an index in query order, and a contentless FTS5 index whose `owner` column holds the owner's
 * and space's token.
 */
const content: LibsqlMigration = {
  version: 2,
  name: 'content items',
  statements: [
    `CREATE TABLE engram_content_items (
  rid INTEGER PRIMARY KEY,
  tenant TEXT NOT NULL,
  user_id TEXT NOT NULL,
  agent_id TEXT NOT NULL,
  space TEXT NOT NULL,
  id TEXT NOT NULL,
  type TEXT NOT NULL,
  format TEXT NOT NULL,
  source TEXT NOT NULL,
  ts INTEGER NOT NULL,
  size INTEGER NOT NULL,
  tokens INTEGER NOT NULL,
  digest TEXT NOT NULL,
  tags TEXT NOT NULL,
  related_to TEXT NOT NULL,
  metadata TEXT NOT NULL,
  content BLOB NOT NULL,
  UNIQUE (tenant, user_id, agent_id, space, id)
)`,
    'CREATE INDEX engram_content_items_order ON engram_content_items (tenant, user_id, agent_id, space, ts, id)',
    `CREATE VIRTUAL TABLE engram_content_fts USING fts5(owner, text, content='', contentless_delete=1, tokenize='porter unicode61')`,
  ],
};

/**
 * Long-term records: every version a row, the current one without `expired_at`, `live` marking a current version
 * that is not a DELETE, `first_rid` (version 1's row) giving listings their order; a contentless FTS5 index over
 * live versions (`scope`, `text`, `context` columns of analysed terms) ranked by `bm25()`; embeddings in one
 * table per (model, dimensions) with an `F32_BLOB` column and a `libsql_vector_idx` index, found through
 * `engram_ltm_embeddings` (created on the first embedding of a model and size, see libsql-vectors.ts); an
 * all-zero vector, which has no direction to index, is kept there alone (`vrid` NULL).
 */
const longTerm: LibsqlMigration = {
  version: 3,
  name: 'long-term records',
  statements: [
    `CREATE TABLE engram_ltm_records (
  rid INTEGER PRIMARY KEY,
  first_rid INTEGER NOT NULL,
  tenant TEXT NOT NULL,
  user_id TEXT NOT NULL,
  agent_id TEXT NOT NULL,
  id TEXT NOT NULL,
  version INTEGER NOT NULL,
  event TEXT NOT NULL,
  live INTEGER NOT NULL,
  kind TEXT NOT NULL,
  text TEXT NOT NULL,
  context TEXT,
  session_id TEXT,
  episode TEXT,
  metadata TEXT NOT NULL,
  provenance TEXT NOT NULL,
  origin TEXT NOT NULL,
  tool_derived INTEGER NOT NULL,
  hash TEXT NOT NULL,
  valid_at INTEGER,
  invalid_at INTEGER,
  created_at INTEGER NOT NULL,
  recorded_at INTEGER NOT NULL,
  expired_at INTEGER,
  terms TEXT NOT NULL,
  context_terms TEXT NOT NULL,
  UNIQUE (tenant, user_id, agent_id, id, version)
)`,
    'CREATE INDEX engram_ltm_current ON engram_ltm_records (tenant, user_id, agent_id, id) WHERE expired_at IS NULL',
    'CREATE INDEX engram_ltm_live ON engram_ltm_records (tenant, user_id, agent_id, first_rid) WHERE live = 1',
    `CREATE VIRTUAL TABLE engram_ltm_fts USING fts5(scope, text, context, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0')`,
    `CREATE TABLE engram_ltm_vector_spaces (
  space INTEGER PRIMARY KEY,
  model TEXT NOT NULL,
  dims INTEGER NOT NULL,
  vectors INTEGER NOT NULL DEFAULT 0,
  UNIQUE (model, dims)
)`,
    `CREATE TABLE engram_ltm_embeddings (
  tenant TEXT NOT NULL,
  user_id TEXT NOT NULL,
  agent_id TEXT NOT NULL,
  id TEXT NOT NULL,
  model TEXT NOT NULL,
  space INTEGER NOT NULL,
  vrid INTEGER,
  PRIMARY KEY (tenant, user_id, agent_id, model, id)
)`,
    'CREATE UNIQUE INDEX engram_ltm_embeddings_vector ON engram_ltm_embeddings (space, vrid)',
    'CREATE INDEX engram_ltm_embeddings_zero ON engram_ltm_embeddings (space) WHERE vrid IS NULL',
  ],
};

/**
 * Version 4: a session's artifacts by kind and write time, so a listing of one kind written since a time (a view
 * catching up on its own artifacts on every read) reads only those rows.
 */
const artifactsByKind: LibsqlMigration = {
  version: 4,
  name: 'artifacts by kind',
  statements: ['CREATE INDEX engram_artifacts_kind ON engram_artifacts (session, kind, created_at)'],
};

/**
 * Content items by tag: a row per (item, tag), keyed by owner, space and tag, kept by triggers in the writing
 * transaction (an item's rows written with it, deleted with it), so a query by tag reads its tags' rows instead of
 * parsing every item's tags; the existing items' rows are copied here.
 */
const contentTags: LibsqlMigration = {
  version: 5,
  name: 'content items by tag',
  statements: [
    `CREATE TABLE engram_content_tags (
  tenant TEXT NOT NULL,
  user_id TEXT NOT NULL,
  agent_id TEXT NOT NULL,
  space TEXT NOT NULL,
  tag TEXT NOT NULL,
  rid INTEGER NOT NULL,
  PRIMARY KEY (tenant, user_id, agent_id, space, tag, rid)
) WITHOUT ROWID`,
    'CREATE INDEX engram_content_tags_rid ON engram_content_tags (rid)',
    `CREATE TRIGGER engram_content_tags_insert AFTER INSERT ON engram_content_items BEGIN
  INSERT OR IGNORE INTO engram_content_tags (tenant, user_id, agent_id, space, tag, rid)
  SELECT new.tenant, new.user_id, new.agent_id, new.space, t.value, new.rid FROM json_each(new.tags) t;
END`,
    `CREATE TRIGGER engram_content_tags_delete AFTER DELETE ON engram_content_items BEGIN
  DELETE FROM engram_content_tags WHERE rid = old.rid;
END`,
    `INSERT OR IGNORE INTO engram_content_tags (tenant, user_id, agent_id, space, tag, rid)
SELECT c.tenant, c.user_id, c.agent_id, c.space, t.value, c.rid FROM engram_content_items c, json_each(c.tags) t`,
  ],
};

/** Every migration, oldest first. */
export const libsqlMigrations: readonly LibsqlMigration[] = [
  log,
  content,
  longTerm,
  artifactsByKind,
  contentTags,
];

/**
 * Brings the database to the newest schema: reads the applied versions and applies the missing ones, each in its
 * own write transaction that re-reads the version first (so two processes opening one file at once apply each
 * step once). A database newer than this code is refused with `MIGRATION_ERROR`.
 */
export async function migrateLibsql(db: LibsqlExecutor): Promise<void> {
  await db.run(
    'CREATE TABLE IF NOT EXISTS engram_libsql_schema (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)',
  );
  const newest = libsqlMigrations.at(-1)?.version ?? 0;
  const applied = async (tx: LibsqlExecutor) =>
    Number((await tx.get('SELECT coalesce(max(version), 0) AS v FROM engram_libsql_schema'))?.v ?? 0);
  const found = await applied(db);
  if (found > newest) {
    throw new MemoryError({
      code: 'MIGRATION_ERROR',
      component: 'libsql',
      message: `the database is at schema version ${found}; this engram knows up to ${newest}: upgrade engram`,
    });
  }
  for (const migration of libsqlMigrations) {
    if (migration.version <= found) continue;
    await db.write(async (tx) => {
      if ((await applied(tx)) >= migration.version) return;
      for (const statement of migration.statements) await tx.run(statement);
      await tx.run('INSERT INTO engram_libsql_schema (version, name, applied_at) VALUES (?, ?, ?)', [
        migration.version,
        migration.name,
        Date.now(),
      ]);
    });
  }
}
