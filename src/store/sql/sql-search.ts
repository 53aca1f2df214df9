import type { Scope } from '../../core/scope.ts';
import type { SearchHit, SearchQuery } from '../memory-store.ts';
import type { SqlClient } from './sql-client.ts';
import { queryAll } from './sql-exec.ts';
import { raw, sql } from './sql-fragment.ts';
import { toEntry } from './sql-rows.ts';
import { ownerWhere, scopeWhere } from './sql-view.ts';

/**
 * Ranked full-text search over the live messages each searched session sees (its own and, for forks, the
 * inherited prefix minus hidden ids): the session `query.sessionId` owned by exactly `scope`, else every session
 * the scope contains. A recursive CTE expands each into its ancestry, by `log_id`.
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
  const searched =
    query.sessionId !== undefined
      ? sql`${ownerWhere(scope, 's')} AND s.id = ${query.sessionId}`
      : scopeWhere(scope, 's');
  const rows = await queryAll(
    client,
    sql`WITH RECURSIVE chain (viewer, source, max_seq, depth) AS (
  SELECT s.log_id, s.log_id, CAST(NULL AS ${raw(d.types.int)}), 0 FROM engram_sessions s WHERE ${searched}
  UNION ALL
  SELECT c.viewer, p.parent_log, CASE WHEN c.max_seq IS NULL THEN p.forked_at_seq ELSE ${raw(d.least('c.max_seq', 'p.forked_at_seq'))} END, c.depth + 1
  FROM chain c JOIN engram_sessions p ON p.tenant = ${t} AND p.log_id = c.source
  WHERE p.parent_log IS NOT NULL AND c.depth < 10000
)
SELECT v.id AS viewer, v.user_id AS user_id, v.agent_id AS agent_id, m.seq AS seq, m.body AS body, m.tokens AS tokens, ${fts.score} AS score
FROM ${fts.from} JOIN chain c ON c.source = m.session_id JOIN engram_sessions v ON v.tenant = ${t} AND v.log_id = c.viewer
WHERE ${fts.where} AND m.tenant = ${t} AND m.deleted = ${raw(d.false)} AND (c.max_seq IS NULL OR m.seq <= c.max_seq)
  AND NOT EXISTS (SELECT 1 FROM chain c2 JOIN engram_fork_hidden h ON h.tenant = ${t} AND h.session_id = c2.source AND h.message_id = m.message_id WHERE c2.viewer = c.viewer AND c2.depth < c.depth)
ORDER BY score DESC, m.seq DESC, c.viewer
LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    sessionId: String(row.viewer),
    scope: {
      tenant: t,
      ...(row.user_id ? { user: String(row.user_id) } : {}),
      ...(row.agent_id ? { agent: String(row.agent_id) } : {}),
    },
    entry: toEntry(row),
    score: Number(row.score),
  }));
}
