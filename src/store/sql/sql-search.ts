import type { Scope } from '../../core/scope.ts';
import type { SearchHit, SearchQuery } from '../memory-store.ts';
import type { SqlClient } from './sql-client.ts';
import { queryAll } from './sql-exec.ts';
import { raw, sql } from './sql-fragment.ts';
import { toEntry } from './sql-rows.ts';
import { scopeWhere } from './sql-view.ts';

/**
 * Ranked full-text search over the live messages every visible session sees (its own and, for forks, the
 * inherited prefix minus hidden ids). A recursive CTE expands each visible session into its ancestry.
 */
export async function searchEntries(
  client: SqlClient,
  scope: Scope,
  query: SearchQuery,
  words: readonly string[],
  limit: number,
): Promise<SearchHit[]> {
  const d = client.dialect;
  const t = scope.tenant;
  const fts = d.fullText(words);
  const only = query.sessionId !== undefined ? sql` AND s.id = ${query.sessionId}` : raw('');
  const rows = await queryAll(
    client,
    sql`WITH RECURSIVE chain (viewer, source, max_seq, depth) AS (
  SELECT s.id, s.id, CAST(NULL AS ${raw(d.types.int)}), 0 FROM engram_sessions s WHERE ${scopeWhere(scope, 's')}${only}
  UNION ALL
  SELECT c.viewer, p.parent_id, CASE WHEN c.max_seq IS NULL THEN p.forked_at_seq ELSE ${raw(d.least('c.max_seq', 'p.forked_at_seq'))} END, c.depth + 1
  FROM chain c JOIN engram_sessions p ON p.tenant = ${t} AND p.id = c.source
  WHERE p.parent_id IS NOT NULL AND c.depth < 10000
)
SELECT c.viewer AS viewer, m.seq AS seq, m.body AS body, m.tokens AS tokens, ${fts.score} AS score
FROM ${fts.from} JOIN chain c ON c.source = m.session_id
WHERE ${fts.where} AND m.tenant = ${t} AND m.deleted = ${raw(d.false)} AND (c.max_seq IS NULL OR m.seq <= c.max_seq)
  AND NOT EXISTS (SELECT 1 FROM chain c2 JOIN engram_fork_hidden h ON h.tenant = ${t} AND h.session_id = c2.source AND h.message_id = m.message_id WHERE c2.viewer = c.viewer AND c2.depth < c.depth)
ORDER BY score DESC, m.seq DESC, c.viewer
LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    sessionId: String(row.viewer),
    entry: toEntry(row),
    score: Number(row.score),
  }));
}
