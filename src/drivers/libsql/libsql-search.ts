import {
  checkSearchQuery,
  checkSessionId,
  type Scope,
  type SearchHit,
  type SearchQuery,
} from '../../driver.ts';
import type { LibsqlExecutor } from './libsql-executor.ts';
import { toEntry } from './libsql-log.ts';
import { coveredBy, ftsAll, ftsString, rowScope, scopeToken, searchTokens } from './libsql-scope.ts';
import { loadSession } from './libsql-sessions.ts';

const component = 'libsql';

/**
 * Ranked full-text search over live messages with FTS5 (`porter unicode61`, bm25): of the session
 * `query.sessionId` owned by exactly `scope`, else of every session the scope covers. The words come from the
 * kit's `checkSearchQuery` (no query syntax reaches FTS5: each word is a quoted string, every one required); the
 * MATCH also requires the scope's tokens (or the session's), so the index reads only that scope's postings, and
 * the join keeps to the scope in SQL as well. Never writes.
 */
export async function searchEntries(
  db: LibsqlExecutor,
  scope: Scope,
  query: SearchQuery,
): Promise<SearchHit[]> {
  const words = checkSearchQuery(query, component);
  let owner = searchTokens(scope);
  let where = coveredBy(scope, 's');
  if (query.sessionId !== undefined) {
    checkSessionId(query.sessionId, component);
    const session = await loadSession(db, scope, query.sessionId);
    owner = [scopeToken('s', [scope.tenant, session.logId])];
    where = { sql: 's.rid = ?', args: [session.rid] };
  }
  const limit = query.limit ?? 20;
  if (words.length === 0 || limit === 0) return [];
  const match = `${ftsAll('owner', owner)} AND text : (${words.map(ftsString).join(' ')})`;
  const rows = await db.all(
    `SELECT s.id, s.tenant, s.user_id, s.agent_id, m.seq, m.body, m.tokens, -bm25(engram_messages_fts, 1.0, 0.0) AS score
FROM engram_messages_fts f JOIN engram_messages m ON m.rid = f.rowid JOIN engram_sessions s ON s.rid = m.session
WHERE engram_messages_fts MATCH ? AND m.deleted = 0 AND ${where.sql}
ORDER BY score DESC, m.seq DESC, s.rid LIMIT ?`,
    [match, ...where.args, limit],
  );
  return rows.map((row) => ({
    sessionId: String(row.id),
    scope: rowScope(row),
    entry: toEntry(row),
    score: Number(row.score),
  }));
}
