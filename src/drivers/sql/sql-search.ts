import type { Scope } from '../../core/scope.ts';
import type { SearchHit, SearchQuery } from '../../store/memory-store.ts';
import type { FullTextLog, FullTextTarget } from './dialect-message-search.ts';
import type { SqlClient } from './sql-client.ts';
import { queryAll, queryGet } from './sql-exec.ts';
import { raw, type SqlFragment, sql } from './sql-fragment.ts';
import { toEntry } from './sql-rows.ts';
import { ownerWhere, scopeWhere } from './sql-view.ts';

/** Searches covering at most this many logs name them in the index query; wider ones use the tenant's token. */
const maxTargetLogs = 32;
/** Past this many index hits, a search that still lacks hits after filtering reads every match. */
const maxBoundedHits = 4096;

/**
 * The searched sessions (the session `query.sessionId` owned by exactly `scope`, else every session the scope
 * contains), each expanded into its ancestry by `log_id`: one row per (viewer, source log) with the last seq
 * the viewer sees of it (NULL for its own rows) and the depth (0 for its own rows).
 */
function chainCte(client: SqlClient, scope: Scope, query: SearchQuery): SqlFragment {
  const d = client.dialect;
  const t = scope.tenant;
  const searched =
    query.sessionId !== undefined
      ? sql`${ownerWhere(scope, 's')} AND s.id = ${query.sessionId}`
      : scopeWhere(scope, 's');
  return sql`chain (viewer, source, max_seq, depth) AS (
  SELECT s.log_id, s.log_id, CAST(NULL AS ${raw(d.types.int)}), 0 FROM engram_sessions s WHERE ${searched}
  UNION ALL
  SELECT c.viewer, p.parent_log, CASE WHEN c.max_seq IS NULL THEN p.forked_at_seq ELSE ${raw(d.least('c.max_seq', 'p.forked_at_seq'))} END, c.depth + 1
  FROM chain c JOIN engram_sessions p ON p.tenant = ${t} AND p.log_id = c.source
  WHERE p.parent_log IS NOT NULL AND c.depth < 10000
)`;
}

/**
 * What the index query covers: the searched logs by name (each up to the last seq any searched session sees
 * of it) when they are few, else the whole tenant (its rows outside the scope are filtered afterwards).
 * `exact`: every index hit is a result (no fork prefix or hidden id to filter), so no second round is needed.
 */
async function searchTarget(
  client: SqlClient,
  scope: Scope,
  query: SearchQuery,
): Promise<{ target: FullTextTarget; exact: boolean } | undefined> {
  const tenant = scope.tenant;
  const wholeTenant = { target: { tenant }, exact: false };
  if (query.sessionId === undefined) {
    // Counted with a LIMIT first: a scope of thousands of sessions costs no more than 33 index entries here.
    const counted = await queryGet(
      client,
      sql`SELECT count(*) AS n FROM (SELECT 1 AS x FROM engram_sessions s WHERE ${scopeWhere(scope, 's')} LIMIT ${maxTargetLogs + 1}) c`,
    );
    const n = Number(counted?.n ?? 0);
    if (n === 0) return undefined;
    if (n > maxTargetLogs) return wholeTenant;
  }
  const rows = await queryAll(
    client,
    sql`WITH RECURSIVE ${chainCte(client, scope, query)}
SELECT c.source AS source, c.max_seq AS max_seq, ${client.dialect.messageSearch.logKey(tenant, raw('c.source'))} AS log_key FROM chain c LIMIT ${maxTargetLogs + 1}`,
  );
  if (rows.length === 0) return undefined;
  if (rows.length > maxTargetLogs || rows.some((r) => r.log_key === null || r.log_key === undefined))
    return wholeTenant;
  const logs = new Map<string, FullTextLog>();
  for (const row of rows) {
    const source = String(row.source);
    const maxSeq = row.max_seq === null || row.max_seq === undefined ? null : Number(row.max_seq);
    const prior = logs.get(source);
    const key = String(row.log_key);
    const merged =
      prior === undefined
        ? maxSeq
        : prior.maxSeq === null || maxSeq === null
          ? null
          : Math.max(prior.maxSeq, maxSeq);
    logs.set(source, { source, key, maxSeq: merged });
  }
  const list = [...logs.values()];
  return { target: { tenant, logs: list }, exact: list.every((l) => l.maxSeq === null) };
}

/**
 * Ranked full-text search over the live messages each searched session sees (its own and, for forks, the
 * inherited prefix minus hidden ids): the session `query.sessionId` owned by exactly `scope`, else every session
 * the scope contains. The index query reads only the searched logs' (or the tenant's) entries and returns the
 * best `k` hits, beside the hits among rows the index does not hold yet (its tail past the watermark, scored as
 * the index would score them); they are joined to their rows and sessions, and the scope, fork prefixes and
 * hidden ids are applied. When filtering left fewer than `limit` results, the next round asks the index for
 * more. Never writes to the database (only to the connection's temporary tables).
 */
export async function searchEntries(
  client: SqlClient,
  scope: Scope,
  query: SearchQuery,
  words: readonly string[],
  limit: number,
): Promise<SearchHit[]> {
  const covered = await searchTarget(client, scope, query);
  if (!covered) return [];
  const t = scope.tenant;
  const index = client.dialect.messageSearch;
  // Rows not indexed yet (past the watermark) are scored on the side; they join the index's hits.
  const tail = await index.tailHits?.(client, words, covered.target);
  const hitsOf = (k: number | undefined) =>
    tail
      ? sql`SELECT * FROM (${index.query(words, covered.target, k)}) ih UNION ALL SELECT * FROM (${tail}) th`
      : index.query(words, covered.target, k);
  let k: number | undefined = covered.exact ? limit : limit * 2 + 16;
  for (;;) {
    const rows = await queryAll(
      client,
      sql`WITH RECURSIVE ${chainCte(client, scope, query)}, hits AS (${hitsOf(k)})
SELECT v.id AS viewer, v.user_id AS user_id, v.agent_id AS agent_id, m.seq AS seq, m.body AS body, m.tokens AS tokens, h.score AS score
FROM hits h CROSS JOIN chain c CROSS JOIN engram_messages m
JOIN engram_sessions v ON v.tenant = ${t} AND v.log_id = c.viewer
WHERE c.source = h.source AND m.tenant = ${t} AND m.session_id = h.source AND m.seq = h.seq
  AND m.deleted = ${raw(client.dialect.false)} AND (c.max_seq IS NULL OR m.seq <= c.max_seq)
  AND NOT EXISTS (SELECT 1 FROM chain c2 JOIN engram_fork_hidden h2 ON h2.tenant = ${t} AND h2.session_id = c2.source AND h2.message_id = m.message_id WHERE c2.viewer = c.viewer AND c2.depth < c.depth)
ORDER BY h.score DESC, m.seq DESC, c.viewer
LIMIT ${limit}`,
    );
    if (covered.exact || rows.length >= limit || k === undefined) {
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
    k = k * 8 > maxBoundedHits ? undefined : k * 8;
  }
}
