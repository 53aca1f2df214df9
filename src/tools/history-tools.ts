import { type Tool, tool } from 'ai';
import { z } from 'zod';
import { checkOptions } from '../core/check-options.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { ConversationMemory } from '../memory/conversation-memory.ts';
import { renderMessage } from './render-message.ts';
import { boundText, defaultMaxOutputChars, type ToolError, toolCall } from './tool-output.ts';

/** Options of {@link createHistoryTools}. */
export interface HistoryToolsOptions {
  /** The conversation whose log the tools read. */
  memory: ConversationMemory;
  /** Most messages one `get_messages` call returns. @default 50 */
  maxRange?: number;
  /** Longest output of a tool, in characters. @default 20,000 */
  maxOutputChars?: number;
}

/** The part of `text` around the first place holding most of the query's words (the whole text when short). */
export function snippet(text: string, query: string, length: number): string {
  if (text.length <= length) return text;
  const lower = text.toLowerCase();
  const words = (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 2);
  let at = -1;
  let best = 0;
  for (const w of words) {
    for (let i = lower.indexOf(w); i >= 0 && i < lower.length; i = lower.indexOf(w, i + 1)) {
      const window = lower.slice(Math.max(0, i - length / 2), i + length / 2);
      const score = words.filter((x) => window.includes(x)).length;
      if (score > best) {
        best = score;
        at = i;
      }
      if (best === words.length) break;
    }
    if (best === words.length) break;
  }
  const start = Math.max(0, (at < 0 ? 0 : at) - Math.floor(length / 2));
  return `${start > 0 ? '…' : ''}${text.slice(start, start + length)}${start + length < text.length ? '…' : ''}`;
}

/** The tools {@link createHistoryTools} returns. */
export type HistoryTools = {
  /** Messages holding every word of the query, best first, with a snippet around the match. */
  search_history: Tool<{ query: string; limit?: number }, { matches: number; messages: string } | ToolError>;
  /** A range of the log by sequence number. */
  get_messages: Tool<
    { from: number; to: number },
    { lastSeq: number; count: number; messages: string } | ToolError
  >;
};

/**
 * Tools over the conversation log, for a model whose context shows only part of it: `search_history(query,
 * limit)` (messages holding every word, best first) and `get_messages(from, to)` (a range of sequence numbers,
 * at most `maxRange`). Messages are rendered compactly; bad arguments come back as `{ error }`.
 */
export function createHistoryTools(options: HistoryToolsOptions): HistoryTools {
  checkOptions(options, 'createHistoryTools', 'tools');
  const { memory } = options;
  const maxRange = options.maxRange ?? 50;
  const max = options.maxOutputChars ?? defaultMaxOutputChars;
  return {
    search_history: tool({
      description:
        'Search the whole conversation so far (also what is no longer in your context) for messages holding every word of the query; best matches first.',
      inputSchema: z.object({
        query: z.string().describe('Words to look for'),
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
          const hits = await memory.search(query, { limit: n });
          const rendered = hits
            .map(
              (m) =>
                `[${m.id}] ${m.role} at ${m.createdAt.toISOString()}: ${snippet(renderMessage(m, 1_000_000), query, 700)}`,
            )
            .join('\n\n');
          return { matches: hits.length, messages: boundText(rendered, max) };
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
          if (!Number.isInteger(from) || !Number.isInteger(to) || from < 1 || to < from) {
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
