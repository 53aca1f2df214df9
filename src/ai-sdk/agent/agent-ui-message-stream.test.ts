import { readUIMessageStream, tool, type UIMessage, type UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type StreamPart, streamingModel, textParts, usage } from '../../../test-support/chat-handler-rig.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { decodeUIMessages } from '../chat/decode-ui-messages.ts';
import { agent } from './agent.ts';
import { agentUIMessageStream } from './agent-ui-message-stream.ts';

const tools = {
  weather: tool({
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => ({ city, sky: 'clear', celsius: 3 }),
  }),
  broken: tool({
    inputSchema: z.object({}),
    execute: async (): Promise<string> => {
      throw new Error('station offline');
    },
  }),
};
/** Reasoning, text, then two calls (one fails); the next call answers. */
const thinkThenCall: StreamPart[] = [
  { type: 'stream-start', warnings: [] },
  { type: 'reasoning-start', id: 'r' },
  { type: 'reasoning-delta', id: 'r', delta: 'Need the weather.' },
  { type: 'reasoning-end', id: 'r' },
  { type: 'text-start', id: 't' },
  { type: 'text-delta', id: 't', delta: 'Checking ' },
  { type: 'text-delta', id: 't', delta: 'Oslo.' },
  { type: 'text-end', id: 't' },
  { type: 'tool-call', toolCallId: 'c1', toolName: 'weather', input: '{"city":"Oslo"}' },
  { type: 'tool-call', toolCallId: 'c2', toolName: 'broken', input: '{}' },
  { type: 'finish', finishReason: { unified: 'tool-calls', raw: undefined }, usage },
];

async function lastMessage(stream: ReadableStream<UIMessageChunk>): Promise<UIMessage | undefined> {
  let last: UIMessage | undefined;
  for await (const message of readUIMessageStream({ stream })) last = message;
  return last;
}

async function chunksOf(stream: ReadableStream<UIMessageChunk>): Promise<UIMessageChunk[]> {
  const out: UIMessageChunk[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

describe('agentUIMessageStream', () => {
  it('what readUIMessageStream builds from it is the reply the run stored, as the log decodes', async () => {
    const { model } = streamingModel((call) => (call === 0 ? thinkThenCall : textParts(['Clear, ', '3°C.'])));
    const assistant = agent({ name: 'a', description: 'weather', model, tools });
    const memory = createConversationMemory({ store: createMemoryStore(), sessionId: 's' });
    const run = assistant.run('Weather in Oslo?', undefined, { memory });
    const streamed = await lastMessage(agentUIMessageStream(run, { messageId: 'reply-1' }));
    await run.result;
    const [prompt, reply] = decodeUIMessages(await memory.read()).map((m) => m.message);
    expect(prompt).toMatchObject({ role: 'user', parts: [{ type: 'text', text: 'Weather in Oslo?' }] });
    expect(streamed).toEqual({ ...reply, id: 'reply-1' }); // the stored entries have their own ids
    expect(reply!.parts.map((p) => p.type)).toEqual([
      'step-start',
      'reasoning',
      'text',
      'tool-weather',
      'tool-broken',
      'step-start',
      'text',
    ]);
    expect(reply!.parts[3]).toMatchObject({ state: 'output-available', output: { sky: 'clear' } });
    expect(reply!.parts[4]).toMatchObject({ state: 'output-error', errorText: 'Error: station offline' }); // as the model got it;
  });

  it('the chunk sequence: start, steps with finish-step, finish with the reason; no reasoning when not sent', async () => {
    const { model } = streamingModel((call) => (call === 0 ? thinkThenCall : textParts(['ok'])));
    const run = agent({ name: 'a', description: 'd', model, tools }).run('go');
    const types = (await chunksOf(agentUIMessageStream(run, { sendReasoning: false }))).map((c) => c.type);
    const head = ['start', 'start-step', 'text-start', 'text-delta', 'text-delta', 'text-end'];
    expect(types.slice(0, 6)).toEqual(head);
    // The two calls, then their results as they come (either first), then the error again as stored.
    expect(types.slice(6, 11)).toEqual([
      'tool-input-available',
      'tool-input-available',
      ...(types[8] === 'tool-output-error'
        ? ['tool-output-error', 'tool-output-available']
        : ['tool-output-available', 'tool-output-error']),
      'tool-output-error', // 'Error: station offline', as the model got it
    ]);
    const tail = [
      'finish-step',
      'start-step',
      'text-start',
      'text-delta',
      'text-end',
      'finish-step',
      'finish',
    ];
    expect(types.slice(11)).toEqual(tail);
  });

  it('a cancelled run: the step in flight is taken back (reset-step) and the stream ends with abort', async () => {
    const words = Array.from({ length: 100 }, (_, i) => `w${i} `);
    const { model } = streamingModel(() => textParts(words), 5);
    const controller = new AbortController();
    const memory = createConversationMemory({ store: createMemoryStore(), sessionId: 's' });
    const run = agent({ name: 'a', description: 'd', model }).run('talk', undefined, {
      memory,
      abortSignal: controller.signal,
    });
    const chunks: UIMessageChunk[] = [];
    for await (const chunk of agentUIMessageStream(run)) {
      chunks.push(chunk);
      if (chunk.type === 'text-delta' && chunk.delta === 'w3 ') controller.abort();
    }
    expect(chunks.slice(-3).map((c) => c.type)).toEqual(['text-end', 'reset-step', 'abort']);
    expect((await run.result).finishReason).toBe('aborted');
    expect((await memory.read()).map((m) => m.role)).toEqual(['user']); // the step was not stored
  });

  it('a failed run ends the stream with an error chunk', async () => {
    const { model } = streamingModel(() => {
      throw new Error('no provider');
    });
    const run = agent({ name: 'a', description: 'd', model }).run('hi');
    run.result.catch(() => {});
    const chunks = await chunksOf(agentUIMessageStream(run, { onError: (e) => `failed: ${String(e)}` }));
    expect(chunks.at(-1)).toMatchObject({ type: 'error', errorText: expect.stringContaining('no provider') });
  });

  it('a run that fails mid-step takes the step back (reset-step) before its error: the client holds what was stored', async () => {
    // Step 0 is stored (weather called and answered); step 1 says something, calls weather, then the provider fails.
    const failsAfterCall: StreamPart[] = [
      { type: 'stream-start', warnings: [] },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'One more look: ' },
      { type: 'text-end', id: 't' },
      { type: 'tool-call', toolCallId: 'call-2', toolName: 'weather', input: '{"city":"Bergen"}' },
      { type: 'error', error: new Error('provider broke') },
    ];
    const firstCall: StreamPart[] = [
      { type: 'stream-start', warnings: [] },
      { type: 'tool-call', toolCallId: 'call-1', toolName: 'weather', input: '{"city":"Oslo"}' },
      { type: 'finish', finishReason: { unified: 'tool-calls', raw: undefined }, usage },
    ];
    const { model } = streamingModel((call) => (call === 0 ? firstCall : failsAfterCall));
    const memory = createConversationMemory({ store: createMemoryStore(), sessionId: 's' });
    const run = agent({ name: 'a', description: 'weather', model, tools }).run('Weather?', undefined, {
      memory,
    });
    run.result.catch(() => {});
    const chunks = await chunksOf(agentUIMessageStream(run, { messageId: 'reply-1' }));
    // Before: the error came after the step's tool-input-available, not taken back: the client kept a call that
    // never had a result (and text) the chat did not store.
    expect(chunks.slice(-2).map((c) => c.type)).toEqual(['reset-step', 'error']);
    const shown = await lastMessage(
      new ReadableStream({
        start(controller) {
          for (const chunk of chunks) if (chunk.type !== 'error') controller.enqueue(chunk);
          controller.close();
        },
      }),
    );
    const [, reply] = decodeUIMessages(await memory.read()).map((m) => m.message);
    const content = (m: UIMessage | undefined) => (m?.parts ?? []).filter((p) => p.type !== 'step-start');
    expect(content(shown)).toEqual(content(reply));
    expect(content(reply)).toMatchObject([{ type: 'tool-weather', state: 'output-available' }]);
  });

  it('refuses a misspelt option (sendReasonning: reasoning was sent anyway) naming it', () => {
    const run = { stream: { async *[Symbol.asyncIterator]() {} } };
    expect(() => agentUIMessageStream(run as never, { sendReasonning: false } as never)).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(/agentUIMessageStream\(options\)\.sendReasonning: not an option/),
      }),
    );
  });
});
