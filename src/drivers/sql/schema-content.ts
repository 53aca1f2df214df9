import { columnLines, type SqlMigration } from './sql-migration.ts';

/**
 * Schema version 10: content items (seed 004's content store, `ContentStoreV1`). One row per item, keyed by
 * its owner scope, space and id; the content as the UTF-8 bytes of its serialization (exact on both
 * databases: PostgreSQL text cannot hold NUL), info columns beside it, and an index in the query order
 * (scope, space, timestamp, id). Full-text: SQLite a contentless FTS5 table (`porter unicode61`,
 * `contentless_delete`) whose rows carry the owner-and-space token, written by the store in the same
 * transaction; PostgreSQL a stripped tsvector column with a GIN index. Schema v1's placeholder table of the same
 * name, which no API ever wrote to, is dropped first.
 */
export const contentItemsMigration: SqlMigration = {
  version: 10,
  name: 'content items',
  statements: (d) => {
    const key = d.ddl.rowIdAndKey('tenant, user_id, agent_id, space, id');
    const index = d.contentSearch.ddl;
    return [
      'DROP TABLE IF EXISTS engram_content_items',
      `CREATE TABLE engram_content_items (
  ${key.column},
  tenant TEXT NOT NULL,
  user_id TEXT NOT NULL,
  agent_id TEXT NOT NULL,
  space TEXT NOT NULL,
  id TEXT NOT NULL,
  type TEXT NOT NULL,
  format TEXT NOT NULL,
  source TEXT NOT NULL,
  ts ${d.types.int} NOT NULL,
  size ${d.types.int} NOT NULL,
  tokens ${d.types.int} NOT NULL,
  digest TEXT NOT NULL,
  tags ${d.types.json} NOT NULL,
  related_to ${d.types.json} NOT NULL,
  metadata ${d.types.json} NOT NULL,
  content ${d.types.blob} NOT NULL,${columnLines(index.columns)}
  ${key.constraint}
)`,
      'CREATE INDEX IF NOT EXISTS engram_content_items_order ON engram_content_items (tenant, user_id, agent_id, space, ts, id)',
      ...index.statements,
    ];
  },
};
