import type { Scope } from '../../core/scope.ts';
import { readLog } from '../../store/log-index-reads.ts';
import type { SearchHit, SearchQuery } from '../../store/memory-store.ts';
import { collectSubstringHits, rankHits, substringNeedle } from '../../store/search-fallback.ts';
import { visibleToScope } from '../../store/store-helpers.ts';
import { component, findSession, type MemoryTables } from './memory-tables.ts';

/**
 * The in-process store's `searchMessages`: the engine's substring scan (same checks, scores and order), run on
 * the log index directly instead of through `listSessions` and `readRange`.
 */
export async function searchMemory(t: MemoryTables, scope: Scope, query: SearchQuery): Promise<SearchHit[]> {
  const needle = substringNeedle(query, component);
  const candidates =
    query.sessionId !== undefined
      ? [findSession(t, scope, query.sessionId)]
      : [...t.sessions.values()].filter((d) => visibleToScope(d.record.scope, scope));
  if (needle === '') return [];
  const hits: SearchHit[] = [];
  for (const data of candidates) collectSubstringHits(data.record, readLog(data.log), needle, hits);
  return rankHits(hits, query.limit ?? 20);
}
