/**
 * The model and tools of the agent-step suite: a `MockLanguageModelV4` (`ai/test`) that answers at once, in
 * five-step runs — four steps calling `fetch_page`, then a text answer — and a `fetch_page` tool returning
 * 2–50 KB pages. engram's `agent()` and the bare AI SDK loop get the same model and tools.
 */

import { jsonSchema, type ToolSet, tool } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';

type StreamPart =
  Awaited<ReturnType<MockLanguageModelV4['doStream']>>['stream'] extends ReadableStream<infer P> ? P : never;

/** Steps of one run: `STEPS − 1` tool steps, then the answer. */
export const STEPS = 5;

/** Page sizes in KB the tool steps of a run return, in order. */
export const PAGE_KB = [2, 12, 30, 50] as const;

const words =
  'the cache index query budget window token SQLite agent memory session result page table row'.split(' ');

/** A deterministic page of about `kb` KB of words. */
function page(url: string, kb: number): string {
  const parts: string[] = [`<html><!-- ${url} -->`];
  let size = parts[0]!.length;
  for (let i = 0; size < kb * 1024; i++) {
    const w = words[(i * 7 + url.length) % words.length]!;
    parts.push(i % 12 === 11 ? `${w}.</p><p>` : `${w} `);
    size += parts[parts.length - 1]!.length;
  }
  return `${parts.join('')}</html>`;
}

/** What the model saw: the messages of each call's prompt (to show how much context each contender sends). */
export interface InstantModel {
  /** The model. */
  model: MockLanguageModelV4;
  /** Prompt messages of every call so far. */
  promptMessages: number[];
}

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** A model that answers call `k` with a `fetch_page` call unless `k` ends a five-step run (then a text answer). */
export function createInstantModel(): InstantModel {
  const promptMessages: number[] = [];
  const reply = (prompt: readonly unknown[]): StreamPart[] => {
    const k = promptMessages.length;
    promptMessages.push(prompt.length);
    const step = k % STEPS;
    if (step === STEPS - 1)
      return [
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: `Done: read ${STEPS - 1} pages, the answer is ${k}.` },
        { type: 'text-end', id: 't' },
      ];
    return [
      {
        type: 'tool-call',
        toolCallId: `call_${k}`,
        toolName: 'fetch_page',
        input: JSON.stringify({ url: `https://docs.example/${k}`, kb: PAGE_KB[step] }),
      },
    ];
  };
  const finish = (parts: StreamPart[]) =>
    parts.some((p) => p.type === 'tool-call') ? ('tool-calls' as const) : ('stop' as const);
  const model = new MockLanguageModelV4({
    doStream: async (options) => {
      const parts = reply(options.prompt);
      return {
        stream: convertArrayToReadableStream<StreamPart>([
          { type: 'stream-start', warnings: [] },
          ...parts,
          { type: 'finish', finishReason: { unified: finish(parts), raw: undefined }, usage },
        ]),
      };
    },
  });
  return { model, promptMessages };
}

/** The tools: `fetch_page({ url, kb })` returns a page of about `kb` KB. */
export function createTools(): ToolSet {
  return {
    fetch_page: tool({
      description: 'Fetches a web page and returns its HTML.',
      inputSchema: jsonSchema<{ url: string; kb: number }>({
        type: 'object',
        properties: { url: { type: 'string' }, kb: { type: 'number' } },
        required: ['url', 'kb'],
      }),
      execute: async ({ url, kb }) => page(url, kb),
    }),
  };
}
