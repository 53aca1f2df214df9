import type { Tool } from 'ai';
import { z } from 'zod';
import type { ContentItemInfo } from '../content/content-item.ts';
import type { ContentTransform } from '../content/content-transform.ts';
import type { ContentStore } from '../content/create-content-store.ts';
import { defaultKeyTerms, extractKeyTerms, storedTerms } from '../content/key-terms.ts';
import { tool } from '../core/ai-sdk-module.ts';
import { checkKnownKeys, checkMethods, checkOptions } from '../core/check-options.ts';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { rankContent } from './rank-content.ts';
import { boundText, outputCap, type ToolError, toolCall } from './tool-output.ts';

/** Options of {@link createContentTools}. */
export interface ContentToolsOptions {
  /** The content store the tools read and write. */
  content: ContentStore;
  /** Longest output of a tool, in characters (longer content is cut, saying so). @default 20,000 */
  maxOutputChars?: number;
}

const transformSchema = z
  .object({
    type: z
      .enum(['full', 'excerpt', 'summary', 'first_n', 'last_n', 'filtered'])
      .describe('How to shape the content'),
    query: z.string().optional().describe('excerpt: text to centre the excerpt on'),
    offset: z.number().optional().describe('excerpt: start at this character'),
    length: z.number().optional().describe('excerpt: characters to return (default 2000)'),
    n: z.number().optional().describe('first_n / last_n: how many'),
    unit: z
      .enum(['lines', 'chars', 'tokens'])
      .optional()
      .describe('first_n / last_n: unit of n (default lines)'),
    pattern: z
      .string()
      .optional()
      .describe('filtered: keep lines containing this text (plain text, not a regular expression)'),
    paths: z
      .array(z.string())
      .optional()
      .describe('filtered: JSON paths such as $.items[*].title (JSON content)'),
    maxLines: z.number().optional().describe('filtered: at most this many lines (default 200)'),
    maxTokens: z.number().optional().describe('summary: at most this many tokens'),
  })
  .describe('How to shape the content; default full');

const hintRetrieve =
  'Call query_memory to list item ids, and pass a transform such as { "type": "excerpt", "query": "…" }.';
const hintQuery =
  'Criteria: type, source, tags (+ tagMatch any|all), from/to as ISO dates, text, limit 1–50, order relevance|newest|oldest, cursor.';

/** What `retrieve_from_memory` accepts as its transform: every parameter of `ContentTransform`, flattened. */
export interface ToolTransformInput {
  type: 'full' | 'excerpt' | 'summary' | 'first_n' | 'last_n' | 'filtered';
  query?: string;
  offset?: number;
  length?: number;
  n?: number;
  unit?: 'lines' | 'chars' | 'tokens';
  pattern?: string;
  paths?: string[];
  maxLines?: number;
  maxTokens?: number;
}

/** The tools {@link createContentTools} returns. */
export type ContentTools = {
  /** Stores text outside the context; returns its id, size and tokens. */
  store_in_memory: Tool<
    { content: string; type?: string; source?: string; tags?: string[] },
    { id: string; size: number; tokens: number } | ToolError
  >;
  /** Gets an item by id, shaped by a transform. */
  retrieve_from_memory: Tool<
    { id: string; transform?: ToolTransformInput },
    | { id: string; type: string; source: string; taken: string; complete: boolean; content: string }
    | ToolError
  >;
  /** Lists items matching criteria, a page at a time. */
  query_memory: Tool<
    {
      type?: string;
      source?: string;
      tags?: string[];
      tagMatch?: 'any' | 'all';
      from?: string;
      to?: string;
      text?: string;
      limit?: number;
      order?: 'relevance' | 'oldest' | 'newest';
      cursor?: string;
    },
    | {
        items: {
          id: string;
          type: string;
          source: string;
          size: number;
          tokens: number;
          tags: string[];
          timestamp: string;
          summary?: string;
          terms?: string[];
          match?: string;
        }[];
        note?: string;
        nextCursor?: string;
      }
    | ToolError
  >;
};

/** How `query_memory` lists an item: its info, summary and key terms, bounded. */
function listed(i: ContentItemInfo) {
  const terms = storedTerms(i.metadata);
  return {
    id: i.id,
    type: i.type,
    source: i.source,
    size: i.size,
    tokens: i.tokens,
    tags: i.tags,
    timestamp: i.timestamp.toISOString(),
    ...(typeof i.metadata.summary === 'string' ? { summary: boundText(i.metadata.summary, 400) } : {}),
    ...(terms.length > 0 ? { terms: terms.slice(0, defaultKeyTerms) } : {}),
  };
}

/** An ISO 8601 date (`2026-01-31`), optionally with a time and an offset (`2026-01-31T09:30:00.000Z`). */
const isoDate = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

/** The prefix of a relevance page's cursor (its offset follows). */
const relevanceCursor = 'rel:';

/** The offset a relevance cursor names (0 without one); `INVALID_QUERY` for any other cursor. */
function relevanceOffset(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const n = cursor.startsWith(relevanceCursor) ? Number(cursor.slice(relevanceCursor.length)) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 0)
    throw new MemoryError({
      code: 'INVALID_QUERY',
      message: `cursor ${describeValue(cursor)} is not a nextCursor of a relevance query (pass the same text and order)`,
    });
  return n;
}

/**
 * Seed 004's memory actions as AI SDK tools over a content store: `store_in_memory` (keep content outside the
 * context, get an id), `retrieve_from_memory` (an item by id, shaped by a transform), `query_memory` (find
 * items by criteria: ids, types, sources, sizes, tags, summaries and key terms, one page at a time; with
 * `text`, ranked by relevance with an excerpt around each item's best match, see `rankContent`). Outputs are
 * bounded; bad arguments come back as `{ error }` the model can correct. The model filters by plain text only:
 * a regular expression from a model could backtrack without bound, so `regex` is an API option, not a tool one.
 * @example
 * const result = await generateText({ model, tools: { ...createContentTools({ content }) }, prompt });
 */
export function createContentTools(options: ContentToolsOptions): ContentTools {
  checkOptions(options, 'createContentTools', 'tools');
  checkKnownKeys(options, { content: true, maxOutputChars: true }, 'createContentTools', 'tools');
  const content = checkMethods(options.content, 'createContentTools(options).content', 'tools', [
    'put',
    'retrieve',
    'query',
  ]);
  const max = outputCap(options.maxOutputChars, 'createContentTools');
  return {
    store_in_memory: tool({
      description:
        'Store text or data outside the conversation so it does not fill the context; returns its id. Use it for long results you may need later. Retrieve it with retrieve_from_memory.',
      inputSchema: z.object({
        content: z.string().describe('The text to keep'),
        type: z
          .string()
          .optional()
          .describe('What it is: action_result, web_content, database_result or custom (default)'),
        source: z.string().optional().describe('Where it came from (default agent)'),
        tags: z.array(z.string()).optional().describe('Labels to find it by'),
      }),
      execute: ({ content: text, type, source, tags }) =>
        toolCall('Pass content as a string and tags as short labels.', async () => {
          const info = await content.put({
            type: type ?? 'custom',
            source: source ?? 'agent',
            content: text,
            tags: tags ?? [],
            metadata: { terms: extractKeyTerms(text) },
          });
          return { id: info.id, size: info.size, tokens: info.tokens };
        }),
    }),
    retrieve_from_memory: tool({
      description:
        'Get content stored outside the context by its id (from a citation or query_memory). Ask for only what you need: an excerpt around a query, the first or last N lines, lines matching a pattern, JSON paths, or a summary; full returns everything.',
      inputSchema: z.object({
        id: z.string().describe('The content item id'),
        transform: transformSchema.optional(),
      }),
      execute: ({ id, transform }) =>
        toolCall(hintRetrieve, async () => {
          const got = await content.retrieve(id, (transform ?? { type: 'full' }) as ContentTransform);
          const text = typeof got.content === 'string' ? got.content : JSON.stringify(got.content, null, 1);
          return {
            id: got.id,
            type: got.type,
            source: got.source,
            taken: got.transform.description,
            complete: got.transform.complete && text.length <= max,
            content: boundText(text, max),
          };
        }),
    }),
    query_memory: tool({
      description:
        'Find items stored outside the context (offloaded tool results, stored text). With text (a description of what you look for, e.g. "the deployment key for service-7"), the best matches come first, each with an excerpt around its best match; without it, newest first. Each item has its id, type, source, size, tags, summary and key terms. Use the ids with retrieve_from_memory; pass nextCursor to see more.',
      inputSchema: z.object({
        type: z.string().optional(),
        source: z.string().optional(),
        tags: z.array(z.string()).optional(),
        tagMatch: z.enum(['any', 'all']).optional(),
        from: z.string().optional().describe('ISO date: items at or after it'),
        to: z.string().optional().describe('ISO date: items at or before it'),
        text: z.string().optional().describe('What you look for, in a few words'),
        limit: z.number().optional().describe('1–50, default 10'),
        order: z
          .enum(['relevance', 'oldest', 'newest'])
          .optional()
          .describe('default relevance with text, else newest'),
        cursor: z.string().optional().describe('nextCursor of the previous page'),
      }),
      execute: (input) =>
        toolCall(hintQuery, async () => {
          const date = (value: string | undefined, name: string) => {
            if (value === undefined) return undefined;
            // Only ISO 8601: Date.parse reads other forms its own way ('March 5' and '5' are in 2001).
            const d = isoDate.test(value) ? new Date(value) : new Date(Number.NaN);
            if (Number.isNaN(d.getTime()))
              throw new MemoryError({
                code: 'INVALID_QUERY',
                message: `${name} must be an ISO date such as 2026-01-31, got ${describeValue(value)}`,
              });
            return d;
          };
          if (
            input.limit !== undefined &&
            !(Number.isInteger(input.limit) && input.limit >= 1 && input.limit <= 50)
          ) {
            throw new MemoryError({
              code: 'INVALID_QUERY',
              message: `limit must be an integer from 1 to 50, got ${input.limit}`,
            });
          }
          const start = date(input.from, 'from');
          const end = date(input.to, 'to');
          const filters = {
            ...(input.type !== undefined ? { type: input.type } : {}),
            ...(input.source !== undefined ? { source: input.source } : {}),
            ...(input.tags !== undefined ? { tags: input.tags } : {}),
            ...(input.tagMatch !== undefined ? { tagMatch: input.tagMatch } : {}),
            ...(start || end ? { timeRange: { ...(start ? { start } : {}), ...(end ? { end } : {}) } } : {}),
          };
          const limit = input.limit ?? 10;
          const order = input.order ?? (input.text !== undefined ? 'relevance' : 'newest');
          if (order === 'relevance') {
            if (input.text === undefined)
              throw new MemoryError({ code: 'INVALID_QUERY', message: "order 'relevance' needs text" });
            const ranked = await rankContent(content, filters, input.text, {
              offset: relevanceOffset(input.cursor),
              limit,
            });
            return {
              items: ranked.items.map((r) => ({
                ...listed(r.info),
                ...(r.match !== undefined ? { match: r.match } : {}),
              })),
              ...(ranked.everyWord || ranked.items.length === 0
                ? {}
                : { note: 'No item holds every word; these hold some of them.' }),
              ...(ranked.next !== undefined ? { nextCursor: `${relevanceCursor}${ranked.next}` } : {}),
            };
          }
          const page = await content.query({
            ...filters,
            ...(input.text !== undefined ? { text: input.text } : {}),
            limit,
            order,
            ...(input.cursor !== undefined ? { cursor: input.cursor } : {}),
          });
          const items = page.items.map(listed);
          return { items, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
        }),
    }),
  };
}
