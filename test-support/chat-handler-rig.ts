/**
 * Test rig of the chat route handler: a streaming MockLanguageModelV4 that records its prompts, stream steps
 * (text, a tool call), requests as useChat posts them, and a wait for the reply to be stored. Test-only.
 */
import {
  readUIMessageStream,
  simulateReadableStream,
  streamText,
  tool,
  type UIMessage,
  type UIMessageChunk,
} from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { expect, vi } from 'vitest';
import { z } from 'zod';
import { agent } from '../src/ai-sdk/agent/agent.ts';
import { createChatHandler } from '../src/ai-sdk/chat/chat-handler.ts';
import { type ChatStore, createChatStore } from '../src/ai-sdk/chat/chat-store.ts';
import { createMemoryStore } from '../src/drivers/memory/memory-driver.ts';
import { removeTool } from './approval-tools.ts';
import type { RecordedPrompt } from './scripted-language-model.ts';

/** One part of a mock model's stream. */
export type StreamPart =
  Awaited<ReturnType<MockLanguageModelV4['doStream']>>['stream'] extends ReadableStream<infer P> ? P : never;

/** The usage every mock step reports. */
export const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};
/** A step that streams `words` as one text. */
export const textParts = (words: readonly string[]): StreamPart[] => [
  { type: 'stream-start', warnings: [] },
  { type: 'text-start', id: 't' },
  ...words.map((w): StreamPart => ({ type: 'text-delta', id: 't', delta: w })),
  { type: 'text-end', id: 't' },
  { type: 'finish', finishReason: { unified: 'stop', raw: undefined }, usage },
];

/** A step that says `text` (when given) and calls `toolName` with `input` (call id `call-1`). */
export const callParts = (toolName: string, input: object, text?: string): StreamPart[] => [
  { type: 'stream-start', warnings: [] },
  ...(text === undefined
    ? []
    : ([
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: text },
        { type: 'text-end', id: 't' },
      ] satisfies StreamPart[])),
  { type: 'tool-call', toolCallId: 'call-1', toolName, input: JSON.stringify(input) },
  { type: 'finish', finishReason: { unified: 'tool-calls', raw: undefined }, usage },
];

/** A streaming mock: call i streams `script(i)` with `delayMs` between chunks; records each prompt. */
export function streamingModel(script: (call: number) => StreamPart[], delayMs = 0) {
  const prompts: RecordedPrompt[] = [];
  const model = new MockLanguageModelV4({
    doStream: async (options) => {
      prompts.push(structuredClone(options.prompt));
      return {
        stream: simulateReadableStream({
          chunks: script(prompts.length - 1),
          initialDelayInMs: delayMs,
          chunkDelayInMs: delayMs,
        }),
      };
    },
  });
  return { model, prompts };
}

/**
 * A tool taking `{ q }` that runs until its run is aborted (10 s at most), then returns 'too late'; `running`
 * resolves once it has started (the moment to disconnect a client, say).
 */
export function untilAbortedTool() {
  let started!: () => void;
  const running = new Promise<void>((resolve) => {
    started = resolve;
  });
  const slow = tool({
    inputSchema: z.object({ q: z.string() }),
    execute: async (_input, { abortSignal }) => {
      started();
      await new Promise((resolve) => {
        abortSignal?.addEventListener('abort', resolve);
        setTimeout(resolve, 10_000);
      });
      return 'too late';
    },
  });
  return { slow, running };
}

/** A stream that gives nothing and errors once `abortSignal` aborts (a model step stopped before it streamed). */
export function untilAbortedStream(abortSignal: AbortSignal | undefined): ReadableStream<StreamPart> {
  return new ReadableStream<StreamPart>({
    start(controller) {
      const stop = () => controller.error(abortSignal?.reason ?? new Error('aborted'));
      if (abortSignal?.aborted) stop();
      else abortSignal?.addEventListener('abort', stop);
    },
  });
}

/** A tool taking `{ city }` that answers `{ city, sky: 'clear' }` at once. */
export const weatherTool = tool({
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, sky: 'clear' }),
});

/** The UI parts of a finished step that called {@link weatherTool} for Oslo (`callParts('weather', { city: 'Oslo' })`). */
export const weatherStepParts = [
  { type: 'step-start' },
  {
    type: 'tool-weather',
    toolCallId: 'call-1',
    state: 'output-available',
    input: { city: 'Oslo' },
    output: { city: 'Oslo', sky: 'clear' },
  },
];

/** A user UI message with one text part. */
export const user = (id: string, text: string): UIMessage => ({
  id,
  role: 'user',
  parts: [{ type: 'text', text }],
});
/** A POST request as useChat sends it (`body` as JSON, or raw text). */
export const post = (body: unknown, signal?: AbortSignal): Request =>
  new Request('http://localhost/api/chat', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
/**
 * Posts `body` and reads the response as a client would until `when` resolves (a tool started, say), then
 * disconnects: aborts the request's signal and cancels the body.
 */
export async function postThenDisconnect(
  handler: (request: Request) => Promise<Response>,
  body: unknown,
  when: Promise<void>,
): Promise<void> {
  const client = new AbortController();
  const response = await handler(post(body, client.signal));
  const reader = response.body!.getReader();
  void (async () => {
    while (!(await reader.read()).done);
  })().catch(() => undefined);
  await when;
  client.abort();
  await reader.cancel().catch(() => undefined);
}
/** A UI message's text parts, joined. */
export const texts = (m: UIMessage | undefined) =>
  m?.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('') ?? '';
/** What useChat builds from a response: its SSE chunks read as one UI message (continuing `continued`, when given). */
export async function streamedMessage(
  response: Response,
  continued?: UIMessage,
): Promise<UIMessage | undefined> {
  const chunks = (await response.text())
    .split('\n')
    .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
    .map((line) => JSON.parse(line.slice(6)) as UIMessageChunk);
  let last: UIMessage | undefined;
  const stream = ReadableStream.from(chunks);
  for await (const message of readUIMessageStream({ stream, ...(continued ? { message: continued } : {}) }))
    last = message;
  return last;
}
/** Waits until the chat holds `n` messages (the reply is stored when its stream ends, just after the body does). */
export const stored = async (chats: ChatStore, chatId: string, n: number) =>
  vi.waitFor(
    async () => {
      const messages = await chats.load(chatId);
      expect(messages).toHaveLength(n);
      return messages;
    },
    { timeout: 5_000, interval: 10 },
  );

/**
 * Sends `q1` to chat `c`, then `q2` whose client goes away while it waits for the first turn; waits for both
 * turns and returns the second response's status.
 */
export async function sendWhileAborted(
  handler: (request: Request) => Promise<Response>,
  chats: ChatStore,
): Promise<number> {
  const gone = new AbortController();
  const first = handler(post({ id: 'c', message: user('u1', 'q1') }));
  const second = handler(post({ id: 'c', message: user('u2', 'q2') }, gone.signal));
  gone.abort();
  await (await first).text();
  const status = (await second).status;
  await chats.turn('c', async () => undefined);
  return status;
}

/**
 * A chat over an in-process store (refusing messages over `maxMessageBytes`, when given) and a handler over it,
 * with `agent()` or with `respond` (`streamText`), both on a streaming mock answering `answer <call>`.
 */
export function handlerRig(withAgent: boolean, maxMessageBytes?: number) {
  const chats = createChatStore({
    store: createMemoryStore(maxMessageBytes === undefined ? {} : { maxMessageBytes }),
  });
  const { model, prompts } = streamingModel((call) => textParts([`answer ${call}`]));
  const handler = withAgent
    ? createChatHandler({ chats, agent: agent({ name: 'a', description: 'd', model }) })
    : createChatHandler({ chats, respond: ({ messages }) => streamText({ model, messages }) });
  return { chats, handler, prompts };
}

/**
 * A `respond` handler over `chats` whose model (chunks `delayMs` apart) first asks to run `remove` on `a.txt` (with
 * `text` before the call, when given), then answers `Done <call>.`; sends `u1` ("remove a.txt") to chat `c` and
 * waits for the reply, stored waiting for approval (`asked`). `prompts`: the model's calls; `removed`: the tool's runs.
 */
export async function approvalAsked(chats: ChatStore, text?: string, delayMs = 0) {
  const { model, prompts } = streamingModel(
    (call) => (call === 0 ? callParts('remove', { path: 'a.txt' }, text) : textParts([`Done ${call}.`])),
    delayMs,
  );
  const { tools, removed } = removeTool();
  const handler = createChatHandler({
    chats,
    respond: ({ messages, abortSignal }) => streamText({ model, tools, messages, abortSignal }),
  });
  await (await handler(post({ id: 'c', message: user('u1', 'remove a.txt') }))).text();
  const [, asked] = await stored(chats, 'c', 2);
  return { handler, prompts, removed, asked: asked! };
}

/** `asked` with its waiting `remove` approval answered (`addToolApprovalResponse`). */
export const answerApproval = (asked: UIMessage, approved: boolean) =>
  ({
    ...asked,
    parts: asked.parts.map((p) =>
      p.type === 'tool-remove' && p.state === 'approval-requested'
        ? { ...p, state: 'approval-responded', approval: { id: p.approval.id, approved } }
        : p,
    ),
  }) as UIMessage;
