import { checkKnownKeys } from '../core/check-options.ts';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { LogEntry, MemoryMessage } from '../core/message.ts';
import type { Scope } from '../core/scope.ts';
import { indexOfText } from '../core/text-occurrences.ts';
import { checkSearchText } from '../messages/search-text.ts';
import { messageText } from '../messages/serialize.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import type { PageWalker } from './select-prunable.ts';

/** Options of `ConversationMemory.search`. */
export interface MessageSearchOptions {
  /**
   * `words`: the store's search index for the session (`searchMessages`): messages holding every word of the
   * text, stemmed and ranked where the store has full-text search (`capabilities.fullTextSearch`: SQLite,
   * PostgreSQL), a case-insensitive substring match where it has not (the in-process stores); it costs what
   * the matches cost, never a scan of the log on a store with an index. `contains`: seed 001's search, messages
   * whose text contains the text case-insensitively, found by reading the log oldest first a page at a time
   * until `limit` matches, so it costs the messages it reads (page on with `after`). @default 'words'
   */
  mode?: 'words' | 'contains';
  /**
   * `relevance`: best first (newer first on ties). `log`: oldest first, seed 001's order; for `words` these are
   * the same `limit` best matches, sorted by position. `contains` always returns log order.
   * @default 'relevance' for `words`, 'log' for `contains`
   */
  order?: 'relevance' | 'log';
  /** At most this many messages; `Infinity` for every match. @default 20 */
  limit?: number;
  /** `contains` only: start after this message (the last one of the previous page). Its id must be live. */
  after?: string;
}

/** Every key of {@link MessageSearchOptions} (the compiler keeps it complete): any other, or a null, is refused. */
export const messageSearchOptionKeys: Record<keyof MessageSearchOptions, true> = {
  mode: true,
  order: true,
  limit: true,
  after: true,
};

const invalid = (message: string) =>
  new MemoryError({ code: 'INVALID_ARGUMENT', component: 'memory', message });

/** Search options with their defaults applied. */
export type CheckedSearchOptions = Required<Omit<MessageSearchOptions, 'after'>> & { after?: string };

/**
 * Checks a search's text (`INVALID_QUERY` past the store's limits) and options (`INVALID_ARGUMENT`, a misspelt
 * or null key too); returns
 * the options with defaults applied.
 */
export function checkSearch(text: unknown, options: unknown): CheckedSearchOptions {
  checkSearchText(text, 'memory');
  if (options === undefined) return { mode: 'words', order: 'relevance', limit: 20 };
  if (typeof options !== 'object' || options === null)
    throw invalid('search(text, options): options must be an object');
  checkKnownKeys(options as MessageSearchOptions, messageSearchOptionKeys, 'search', 'memory');
  const { mode = 'words', order, limit = 20, after } = options as MessageSearchOptions;
  if (mode !== 'words' && mode !== 'contains')
    throw invalid(`search: mode must be 'words' or 'contains', got ${describeValue(mode)}`);
  if (order !== undefined && order !== 'relevance' && order !== 'log')
    throw invalid(`search: order must be 'relevance' or 'log', got ${describeValue(order)}`);
  if (mode === 'contains' && order === 'relevance')
    throw invalid(`search: mode 'contains' returns log order; order 'relevance' needs mode 'words'`);
  if (limit !== Number.POSITIVE_INFINITY && (!Number.isSafeInteger(limit) || limit < 0))
    throw invalid(`search: limit must be a non-negative integer or Infinity, got ${describeValue(limit)}`);
  if (after !== undefined && (mode !== 'contains' || typeof after !== 'string'))
    throw invalid(`search: after must be a message id, and only with mode 'contains'`);
  return {
    mode,
    order: order ?? (mode === 'words' ? 'relevance' : 'log'),
    limit,
    ...(after ? { after } : {}),
  };
}

/** Where one session's search reads: its store, scope and id, and a forward page walker over its live log. */
export interface SearchedSession {
  /** The store. */
  storage: MemoryStoreV1;
  /** The session's owner scope. */
  scope: Scope;
  /** The session. */
  sessionId: string;
  /** Pages through the session's live entries oldest first. */
  walk: PageWalker;
}

/** `ConversationMemory.search` of one session, with options from {@link checkSearch}: by index (`words`) or by scan (`contains`). */
export async function searchSession(
  session: SearchedSession,
  text: string,
  options: CheckedSearchOptions,
): Promise<MemoryMessage[]> {
  const { mode, order, limit, after } = options;
  const { storage, scope, sessionId } = session;
  if (limit === 0) return [];
  if (mode === 'words') {
    const max = Number.isFinite(limit) ? limit : (await storage.stats(scope, sessionId)).count;
    if (max === 0) return [];
    const hits = (await storage.searchMessages(scope, { text, sessionId, limit: max })).map((h) => h.entry);
    if (order === 'log') hits.sort((a, b) => a.seq - b.seq);
    return hits.map((e) => e.message);
  }
  const needle = text.toLowerCase();
  if (needle.trim() === '') return [];
  let fromSeq = 1;
  if (after !== undefined) {
    const [from] = await storage.getMessages(scope, sessionId, [after]);
    if (!from)
      throw invalid(
        `search: after names no live message of session "${sessionId}": ${JSON.stringify(after)}`,
      );
    fromSeq = from.seq + 1;
  }
  const out: LogEntry[] = [];
  await session.walk({ fromSeq }, (page) => {
    for (const e of page) {
      if (out.length < limit && indexOfText(messageText(e.message).toLowerCase(), needle) >= 0) out.push(e);
    }
    return out.length < limit;
  });
  return out.map((e) => e.message);
}
