import type { Tool } from 'ai';
import { z } from 'zod';
import { tool } from '../core/ai-sdk-module.ts';
import { checkKnownKeys, checkMethods, checkOptionalInteger, checkOptions } from '../core/check-options.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { MemoryMessage } from '../core/message.ts';
import type { ConversationMemory } from '../memory/conversation-memory.ts';
import { gatherCandidates } from './gather-candidates.ts';
import { excerptAt, rankByRelevance, relevanceQuery } from './rank-by-relevance.ts';
import { renderMessage } from './render-message.ts';
import { boundText, outputCap, type ToolError, toolCall } from './tool-output.ts';

/** Options of {@link createHistoryTools}. */
export interface HistoryToolsOptions {
  /** The conversation whose log the tools read. */
  memory: ConversationMemory;
  /** Most messages one `get_messages` call returns. @default 50 */
  maxRange?: number;
  /** Longest output of a tool, in characters. @default 20,000 */
  maxOutputChars?: number;
}

/** Messages each word's search gives the ranking to choose from. */
const searchPool = 50;
/** The most candidates whose text is read and scored. */
const maxScored = 100;

/**
 * The messages of a conversation matching a query, best first, in two stages: the store's search (full-text
 * and ranked where it has it) for every word of the query but stopwords, then for each word (its best
 * {@link searchPool}), merged with the all-words matches first and the others by the summed idf of the words
 * they hold (`gatherCandidates`); the first {@link maxScored} (at least `limit`) ranked on their text by BM25
 * and proximity (`rankByRelevance`), each with the part around its best match.
 */
async function searchRanked(memory: ConversationMemory, text: string, limit: number) {
  const query = relevanceQuery(text);
  if (query.words.length === 0)
    throw new MemoryError({ code: 'INVALID_QUERY', message: 'query holds no word to search for' });
  const words = query.words.slice(0, 16);
  const pool = Math.max(searchPool, limit);
  const all = await memory.search(words.join(' '), { limit: pool });
  const lists: MemoryMessage[][] = [];
  for (const word of words) lists.push(words.length === 1 ? all : await memory.search(word, { limit: pool }));
  const { count } = await memory.stats();
  const everyId = new Set(all.map((m) => m.id));
  const others = gatherCandidates(lists, (m) => m.id, count)
    .map((c) => c.doc)
    .filter((m) => !everyId.has(m.id));
  const hits = [...all, ...others].slice(0, Math.max(maxScored, limit));
  const texts = new Map(hits.map((m) => [m.id, renderMessage(m, 1_000_000)]));
  const textOf = (m: MemoryMessage) => texts.get(m.id)!;
  const ranked = rankByRelevance(hits, textOf, query).slice(0, limit);
  return {
    everyWord: all.length > 0,
    ranked: ranked.map((r) => ({ message: r.doc, excerpt: excerptAt(textOf(r.doc), r.at, 700) })),
  };
}

/** The tools {@link createHistoryTools} returns. */
export type HistoryTools = {
  /** Messages matching the query, best first, each with the part around its best match. */
  search_history: Tool<
    { query: string; limit?: number },
    { matches: number; note?: string; messages: string } | ToolError
  >;
  /** A range of the log by sequence number. */
  get_messages: Tool<
    { from: number; to: number },
    { lastSeq: number; count: number; messages: string } | ToolError
  >;
};

/**
 * Tools over the conversation log, for a model whose context shows only part of it: `search_history(query,
 * limit)` (messages holding every word of a description but stopwords, else some of them, ranked by relevance:
 * BM25 and proximity, see `searchRanked`) and `get_messages(from, to)` (a range of sequence numbers,
 * at most `maxRange`). Messages are rendered compactly; bad arguments come back as `{ error }`.
 */
export function createHistoryTools(options: HistoryToolsOptions): HistoryTools {
  checkOptions(options, 'createHistoryTools', 'tools');
  const factory = 'createHistoryTools';
  checkKnownKeys(options, { memory: true, maxRange: true, maxOutputChars: true }, factory, 'tools');
  const memory = checkMethods(options.memory, `${factory}(options).memory`, 'tools', [
    'search',
    'stats',
    'entries',
  ]);
  checkOptionalInteger(options.maxRange, `${factory}(options).maxRange`, 'tools', 1);
  const maxRange = options.maxRange ?? 50;
  const max = outputCap(options.maxOutputChars, factory);
  return {
    search_history: tool({
      description:
        'Search the whole conversation so far (also what is no longer in your context, such as tool results shown as citations) for what a description names, e.g. "the deployment key for service-7"; best matches first, each with the part around its best match.',
      inputSchema: z.object({
        query: z.string().describe('What you look for, in a few words'),
        limit: z.number().optional().describe('1–20, default 5'),
      }),
      execute: ({ query, limit }) =>
        toolCall('Pass a few distinctive words as query and a limit from 1 to 20.', async () => {
          const n = limit ?? 5;
          if (!Number.isInteger(n) || n < 1 || n > 20) {
            throw new MemoryError({
              code: 'INVALID_ARGUMENT',
              message: `limit must be an integer from 1 to 20, got ${n}`,
            });
          }
          const { everyWord, ranked } = await searchRanked(memory, query, n);
          const rendered = ranked
            .map(
              (r) =>
                `[${r.message.id}] ${r.message.role} at ${r.message.createdAt.toISOString()}: ${r.excerpt}`,
            )
            .join('\n\n');
          return {
            matches: ranked.length,
            ...(everyWord || ranked.length === 0
              ? {}
              : { note: 'No message holds every word; these hold some of them.' }),
            messages: boundText(rendered, max),
          };
        }),
    }),
    get_messages: tool({
      description: `Read the conversation log by sequence number (1 is the first message), from \`from\` to \`to\` inclusive, at most ${maxRange} messages per call.`,
      inputSchema: z.object({
        from: z.number().describe('First sequence number'),
        to: z.number().describe('Last sequence number'),
      }),
      execute: ({ from, to }) =>
        toolCall(`Pass 1 ≤ from ≤ to with at most ${maxRange} messages between them.`, async () => {
          if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || from < 1 || to < from) {
            throw new MemoryError({
              code: 'INVALID_ARGUMENT',
              message: `from and to must be integers with 1 ≤ from ≤ to, got from ${from}, to ${to}`,
            });
          }
          if (to - from + 1 > maxRange) {
            throw new MemoryError({
              code: 'INVALID_ARGUMENT',
              message: `the range ${from}–${to} holds ${to - from + 1} sequence numbers; the limit is ${maxRange}`,
            });
          }
          const { lastSeq } = await memory.stats();
          const entries = await memory.entries({ fromSeq: from, toSeq: to });
          const rendered = entries
            .map((e) => `#${e.seq} ${e.message.role}: ${renderMessage(e.message)}`)
            .join('\n\n');
          return { lastSeq, count: entries.length, messages: boundText(rendered, max) };
        }),
    }),
  };
}
