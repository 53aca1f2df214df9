import type { ModelMessage } from 'ai';
import { checkKnownKeys } from '../core/check-options.ts';
import type { Clock } from '../core/clock.ts';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { MemoryMessage } from '../core/message.ts';
import type { Scope } from '../core/scope.ts';
import { messageText } from '../messages/serialize.ts';
import type { TokenCounter } from '../tokens/token-counter.ts';
import { checkPackInput } from './check-recall.ts';
import type { LongTermEmbedder } from './embedder.ts';
import { hybridSearch, type RankingOptions } from './hybrid-search.ts';
import { knownAt } from './known-at.ts';
import { checkQuery } from './long-term-input.ts';
import { withRecallFilter } from './long-term-keep-out.ts';
import type {
  LongTermRetrieveOptions,
  LongTermSearchOptions,
  LongTermSearchResult,
} from './long-term-memory.ts';
import type { LongTermFilter } from './long-term-query.ts';
import { isEngramKind } from './long-term-record.ts';
import type { LongTermStoreV1 } from './long-term-store-v1.ts';
import { defaultRecallTokens, packRecall } from './pack-recall.ts';
import { relativeDates } from './temporal-context.ts';

/** What a long-term memory's search needs. */
export interface RecallSearchOptions {
  /** Where records live. */
  records: LongTermStoreV1;
  /** Whose records. */
  scope: Scope;
  /** How the search ranks. */
  ranking: RankingOptions;
  /** The vector side; only given for a store with vector search. */
  embedder?: LongTermEmbedder;
  /** Results when a call does not say. */
  defaultLimit: number;
  /** What recall always leaves out (see `keepOutRules`). */
  recallFilter: LongTermFilter;
  /** The clock relative dates resolve against when the scope has no records. */
  clock: Clock;
  /** The error prefix component. */
  component: string;
}

/** Whether a query names a date relative to when it is asked ("yesterday", "last week"; not "7 May 2023", nor a bare time of day: {@link relativeDates}). */
export function hasRelativeDate(query: string): boolean {
  return relativeDates(query, new Date(0)).length > 0;
}

/**
 * The conversation's time: the latest `validAt` (else `createdAt`) among the current records of a scope, or of
 * one session of it; undefined when there are none. The first ask of a scope / session reads it from the store
 * (`latestRecordTime`: one aggregate, no record loaded; a store without it is listed once, page by page), later
 * ones list only the records added since (from the end cursor); engram's own kinds (`engram.…`) are not
 * conversation.
 */
export function createConversationTime(
  records: LongTermStoreV1,
  scope: Scope,
): (session?: string) => Promise<Date | undefined> {
  const known = new Map<string, { latest?: number; cursor?: string }>();
  return async (session) => {
    const key = session ?? '';
    let slot = known.get(key);
    if (slot === undefined && records.latestRecordTime) {
      const first = await records.latestRecordTime(scope, session === undefined ? {} : { session });
      slot = {
        ...(first.latest === undefined ? {} : { latest: first.latest.getTime() }),
        ...(first.endCursor === undefined ? {} : { cursor: first.endCursor }),
      };
    }
    slot ??= {};
    let cursor = slot.cursor;
    for (;;) {
      const page = await records.listRecords(scope, {
        limit: 1000,
        ...(cursor === undefined ? {} : { cursor }),
        ...(session === undefined ? {} : { filter: { session } }),
      });
      for (const r of page.records) {
        if (isEngramKind(r.kind)) continue;
        const t = (r.validAt ?? r.createdAt).getTime();
        if (slot.latest === undefined || t > slot.latest) slot.latest = t;
      }
      cursor = page.endCursor ?? cursor;
      if (page.nextCursor === undefined) break;
      cursor = page.nextCursor;
    }
    if (cursor !== undefined) slot.cursor = cursor;
    known.set(key, slot);
    return slot.latest === undefined ? undefined : new Date(slot.latest);
  };
}

/** Every key of {@link LongTermSearchOptions} (the compiler keeps it complete): any other, or a null, is refused. */
const searchOptionKeys: Record<keyof LongTermSearchOptions, true> = {
  limit: true,
  filter: true,
  now: true,
  knownAt: true,
  abortSignal: true,
};

/** Every key of {@link LongTermRetrieveOptions}. */
const retrieveOptionKeys: Record<keyof LongTermRetrieveOptions, true> = {
  ...searchOptionKeys,
  maxTokens: true,
  inContext: true,
};

/**
 * A long-term memory's `search`: checks the query (a string of at most 4,096 characters), the limit (1–100) and
 * `now` (a valid Date), adds the recall filter to the call's (both hold: `withRecallFilter`), and ranks with
 * {@link hybridSearch}. Relative dates in the query resolve against `now`, else the conversation's time
 * ({@link createConversationTime}, looked up only for a query with a relative date), else the clock. Throws
 * `INVALID_QUERY` naming what is wrong.
 */
export function createRecallSearch(
  o: RecallSearchOptions,
): (query: string, options?: LongTermSearchOptions) => Promise<LongTermSearchResult[]> {
  const { component } = o;
  const conversationTime = createConversationTime(o.records, o.scope);
  const invalid = (message: string) => new MemoryError({ code: 'INVALID_QUERY', component, message });
  return async (query, options = {}) => {
    if (typeof options !== 'object' || options === null) throw invalid('options must be an object');
    checkKnownKeys(options, searchOptionKeys, 'search', component);
    if (typeof query !== 'string' || query.length > 4096)
      throw invalid('query must be a string of at most 4096 characters');
    const limit = options.limit ?? o.defaultLimit;
    if (!Number.isSafeInteger(limit) || limit < 1 || limit > 100)
      throw invalid('limit must be an integer from 1 to 100');
    const given = options.now;
    for (const [key, value] of [
      ['now', given],
      ['knownAt', options.knownAt],
    ] as const)
      if (value !== undefined && (!(value instanceof Date) || Number.isNaN(value.getTime())))
        throw invalid(`${key} must be a valid Date, got ${describeValue(value)}`);
    const { abortSignal } = options;
    if (abortSignal !== undefined && !(abortSignal instanceof AbortSignal))
      throw invalid(`abortSignal must be an AbortSignal, got ${describeValue(abortSignal)}`);
    abortSignal?.throwIfAborted();
    const filter = withRecallFilter(options.filter, o.recallFilter);
    const now =
      given ??
      (hasRelativeDate(query) ? await conversationTime(options.filter?.session) : undefined) ??
      o.clock.now();
    // As known at a time: records added since may outrank those it held, so the search asks for the most it may
    // (100) and the cut to `limit` comes after the records added later are left out.
    const asked = options.knownAt === undefined ? limit : 100;
    const hits = await hybridSearch(o.records, o.scope, query, {
      ...o.ranking,
      limit: asked,
      ...(Object.keys(filter).length > 0 ? { filter } : {}),
      ...(o.embedder ? { embedder: o.embedder } : {}),
      ...(abortSignal ? { abortSignal } : {}),
      now: () => now,
    });
    const results = hits.map((h) => ({ record: h.record, score: h.score }));
    if (options.knownAt === undefined) return results;
    return (await knownAt(o.records, o.scope, results, options.knownAt)).slice(0, limit);
  };
}

/** Candidates a recall block of `maxTokens` asks the search for: about one per 20 tokens, from 10 to 100. */
export const recallCandidates = (maxTokens: number): number =>
  Math.min(100, Math.max(10, Math.ceil(maxTokens / 20)));

/** What a long-term memory's `retrieve` needs. */
export interface RecallRetrieveOptions {
  /** The memory's search. */
  search: (query: string, options?: LongTermSearchOptions) => Promise<LongTermSearchResult[]>;
  /** Candidates when neither the call nor the memory says (undefined: as many as the budget asks). */
  defaultLimit: number | undefined;
  /** Counts the block's tokens. */
  counter: () => TokenCounter;
  /** The error prefix component. */
  component: string;
}

/**
 * A long-term memory's `retrieve`: the query's text (a message's text parts), searched for as many candidates as
 * the budget asks (`recallCandidates`, unless the call or the memory sets `limit`), packed by `packRecall` into
 * `maxTokens` (default 2,000) without records of messages in `inContext`. Throws `INVALID_QUERY` for a bad query
 * or limit and `INVALID_ARGUMENT` for a bad budget.
 */
export function createRecallRetrieve(
  o: RecallRetrieveOptions,
): (query: string | MemoryMessage | ModelMessage, options?: LongTermRetrieveOptions) => Promise<string> {
  return async (query, options = {}) => {
    if (typeof options !== 'object' || options === null)
      throw new MemoryError({
        code: 'INVALID_QUERY',
        component: o.component,
        message: 'options must be an object',
      });
    checkKnownKeys(options, retrieveOptionKeys, 'retrieve', o.component);
    const text = typeof query === 'string' ? query : messageText(checkQuery(query, o.component));
    const { maxTokens = defaultRecallTokens, inContext, ...searchOptions } = options;
    // Checked before the search, so a bad budget fails fast.
    checkPackInput([], { maxTokens, inContext }, 'retrieve');
    const limit = searchOptions.limit ?? o.defaultLimit ?? recallCandidates(maxTokens);
    const hits = await o.search(text.slice(0, 4096), { ...searchOptions, limit });
    return packRecall(hits, {
      maxTokens,
      counter: o.counter(),
      ...(inContext === undefined ? {} : { inContext }),
    }).text;
  };
}
