import { MemoryError } from '../core/errors/memory-error.ts';
import type { LogEntry } from '../core/message.ts';
import type { Scope } from '../core/scope.ts';
import { indexOfText } from '../core/text-occurrences.ts';
import { messageText } from '../messages/serialize.ts';
import { checkSearchQuery } from './check-inputs.ts';
import { listAllSessions } from './list-all-sessions.ts';
import type { LogDriverV1 } from './log-driver.ts';
import type { SearchHit, SearchQuery } from './memory-store.ts';
import { ownerKey } from './state-scope.ts';
import { checkSessionId } from './store-helpers.ts';

/** Sessions listed per `listSessions` call while scanning. */
const pageSize = 200;

/** What a substring search looks for: the query's text, checked (`checkSearchQuery`), lower-cased and trimmed. */
export function substringNeedle(query: SearchQuery, component: string): string {
  checkSearchQuery(query, component);
  return query.text.toLowerCase().trim();
}

/**
 * Adds to `hits` the entries of one session whose text contains `needle` (lower case), case-insensitively,
 * scored `1 / (1 + position of the first match)`.
 */
export function collectSubstringHits(
  session: { id: string; scope: Scope },
  entries: Iterable<LogEntry>,
  needle: string,
  hits: SearchHit[],
): void {
  for (const entry of entries) {
    const at = indexOfText(messageText(entry.message).toLowerCase(), needle);
    if (at >= 0)
      hits.push({ sessionId: session.id, scope: { ...session.scope }, entry, score: 1 / (1 + at) });
  }
}

/** Hit order of every substring search: score, then newer seq, then session id and owner (so ties are stable). */
const byRank = (a: SearchHit, b: SearchHit) =>
  b.score - a.score ||
  b.entry.seq - a.entry.seq ||
  (a.sessionId < b.sessionId ? -1 : a.sessionId > b.sessionId ? 1 : 0) ||
  (ownerKey(a.scope) < ownerKey(b.scope) ? -1 : ownerKey(a.scope) > ownerKey(b.scope) ? 1 : 0);

/** The best `limit` hits, best first. */
export function rankHits(hits: SearchHit[], limit: number): SearchHit[] {
  return hits.sort(byRank).slice(0, limit);
}

/**
 * `searchMessages` for a driver without a native one: a case-insensitive substring scan over the live entries
 * of the session `query.sessionId`, or of every session `listSessions(scope)` lists (paged), with the checks
 * and the result shape of the built-in drivers' scan (`score` is `1 / (1 + position)`; ties go to the newer
 * seq, then the session id). `fullTextSearch` stays false: no stemming, no ranking by relevance.
 *
 * Cost: it reads every live entry of every session searched (one `readRange` per session, so one session's
 * log is in memory at a time), O(total log size) per query; a driver whose users search often should have a
 * native `searchMessages`. Not a snapshot across sessions: a session changed during the scan is read as it is
 * when its turn comes, and one deleted before its turn is left out.
 */
export async function searchByScan(d: LogDriverV1, scope: Scope, query: SearchQuery): Promise<SearchHit[]> {
  const needle = substringNeedle(query, d.name);
  const limit = query.limit ?? 20;
  const hits: SearchHit[] = [];
  if (query.sessionId !== undefined) {
    checkSessionId(query.sessionId, d.name);
    const entries = await d.readRange(scope, query.sessionId, needle === '' ? { limit: 0 } : {});
    collectSubstringHits({ id: query.sessionId, scope }, needle === '' ? [] : entries, needle, hits);
    return rankHits(hits, limit);
  }
  if (needle === '') return [];
  for await (const record of listAllSessions(d, scope, pageSize)) {
    const entries = await d.readRange(record.scope, record.id).catch((error: unknown) => {
      // Deleted since it was listed: it is searched as if listed after the delete.
      if (MemoryError.hasCode(error, 'SESSION_NOT_FOUND')) return [];
      throw error;
    });
    collectSubstringHits(record, entries, needle, hits);
    if (hits.length > 4 * limit + pageSize) hits.splice(0, hits.length, ...rankHits(hits, limit));
  }
  return rankHits(hits, limit);
}
