import type { SqlMigration } from './sql-migration.ts';

/**
 * Schema version 4: an index on (tenant, session_id, role, seq), so reading one role of a session — the
 * system messages every view keeps, `byRole` — touches only those rows. Without it, opening a view on a
 * 100,000-message session scanned the whole log for its system messages.
 */
export const messagesByRoleMigration: SqlMigration = {
  version: 4,
  name: 'messages by role',
  statements: () => [
    'CREATE INDEX IF NOT EXISTS engram_messages_role ON engram_messages (tenant, session_id, role, seq)',
  ],
};

/**
 * Schema version 7 ("live rows by seq"): an index on (tenant, session_id, seq) over live rows only, so reading
 * a log from its oldest end (`prune`, `find`, paging forward) starts at the first live row instead of
 * stepping over every tombstone before it.
 */
export const liveSeqMigration: SqlMigration = {
  version: 7,
  name: 'live rows by seq',
  statements: (d) => [
    `CREATE INDEX IF NOT EXISTS engram_messages_live_seq ON engram_messages (tenant, session_id, seq) WHERE deleted = ${d.false}`,
  ],
};
