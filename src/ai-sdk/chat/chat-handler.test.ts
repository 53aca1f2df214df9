import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jsonSchema, simulateReadableStream, streamText, ToolLoopAgent, tool, type UIMessage } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { RecordedPrompt } from '../../../test-support/scripted-language-model.ts';
import { sendToModel } from '../../../test-support/send-to-model.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import { createTokenWindowMemory } from '../../views/token-window-memory.ts';
import { createChatHandler } from './chat-handler.ts';
import { type ChatStore, createChatStore } from './chat-store.ts';
import { stoppedToolText } from './stopped-reply.ts';

type StreamPart =
  Awaited<ReturnType<MockLanguageModelV4['doStream']>>['stream'] extends ReadableStream<infer P> ? P : never;

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};
const textParts = (words: readonly string[]): StreamPart[] => [
  { type: 'stream-start', warnings: [] },
  { type: 'text-start', id: 't' },
  ...words.map((w): StreamPart => ({ type: 'text-delta', id: 't', delta: w })),
  { type: 'text-end', id: 't' },
  { type: 'finish', finishReason: { unified: 'stop', raw: undefined }, usage },
];

/** A step that says `text` (when given) and calls `toolName` with `input` (call id `call-1`). */
const callParts = (toolName: string, input: object, text?: string): StreamPart[] => [
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
function streamingModel(script: (call: number) => StreamPart[], delayMs = 0) {
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

const user = (id: string, text: string): UIMessage => ({ id, role: 'user', parts: [{ type: 'text', text }] });
const post = (body: unknown, signal?: AbortSignal) =>
  new Request('http://localhost/api/chat', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
const texts = (m: UIMessage | undefined) =>
  m?.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('') ?? '';
/** Waits until the chat holds `n` messages (the reply is stored when its stream ends, just after the body does). */
const stored = async (chats: ChatStore, chatId: string, n: number) =>
  vi.waitFor(
    async () => {
      const messages = await chats.load(chatId);
      expect(messages).toHaveLength(n);
      return messages;
    },
    { timeout: 5_000, interval: 10 },
  );

const dir = mkdtempSync(join(tmpdir(), 'engram-chat-handler-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('createChatHandler', () => {
  it('streamText: stores the user message, then the reply when the stream ends; the model saw the chat', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const { model, prompts } = streamingModel(() => textParts(['Hel', 'lo ', 'there']));
    const handler = createChatHandler({
      chats,
      respond: ({ messages, instructions, abortSignal }) =>
        streamText({ model, instructions, messages, abortSignal }),
    });
    const response = await handler(post({ id: 'c1', messages: [user('u1', 'hi')] }));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Hel');
    const [first, reply] = await stored(chats, 'c1', 2);
    expect(first).toEqual(user('u1', 'hi'));
    expect(reply).toMatchObject({ role: 'assistant', id: expect.stringMatching(/^msg_/) });
    expect(texts(reply)).toBe('Hello there');
    expect((await chats.messages('c1')).map((m) => m.incomplete)).toEqual([false, false]);
    expect(prompts[0]).toEqual([{ role: 'user', content: [{ type: 'text', text: 'hi' }] }]);

    // Second turn with { id, message }: the model sees the first turn through the view.
    const again = await handler(post({ id: 'c1', message: user('u2', 'more') }));
    await again.text();
    await stored(chats, 'c1', 4);
    expect(prompts[1]).toHaveLength(3);
  });

  it('uiStream options reach the stream, and what the client receives is stored (message metadata, sources)', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const { model } = streamingModel(() => [
      { type: 'stream-start', warnings: [] },
      { type: 'source', sourceType: 'url', id: 's1', url: 'https://example.com/a', title: 'A' },
      ...textParts(['ok']).slice(1),
    ]);
    const handler = createChatHandler({
      chats,
      uiStream: {
        sendSources: true,
        messageMetadata: ({ part }) => (part.type === 'start' ? { model: 'mock' } : undefined),
      },
      respond: ({ messages, abortSignal }) => streamText({ model, messages, abortSignal }),
    });
    await (await handler(post({ id: 'c', message: user('u1', 'cite') }))).text();
    const [, reply] = await stored(chats, 'c', 2);
    expect(reply!.metadata).toEqual({ model: 'mock' });
    expect(reply!.parts).toContainEqual({
      type: 'source-url',
      sourceId: 's1',
      url: 'https://example.com/a',
      title: 'A',
    });
  });

  it('a custom view decides what the model sees (here: only the newest message)', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    await chats.append('c', [
      user('u0', 'old'),
      { id: 'a0', role: 'assistant', parts: [{ type: 'text', text: 'x' }] },
    ]);
    const { model, prompts } = streamingModel(() => textParts(['ok']));
    const handler = createChatHandler({
      chats,
      view: (conversation) => ({ read: () => conversation.recent(1) }),
      respond: ({ messages, abortSignal }) => streamText({ model, messages, abortSignal }),
    });
    await (await handler(post({ id: 'c', message: user('u1', 'new') }))).text();
    await stored(chats, 'c', 4);
    expect(prompts[0]).toEqual([{ role: 'user', content: [{ type: 'text', text: 'new' }] }]);
  });

  it('a token window view keeps the model within budget while the chat keeps everything', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const long = 'many words here '.repeat(50);
    await chats.append(
      'c',
      Array.from({ length: 10 }, (_, i) => user(`old${i}`, `${i} ${long}`)),
    );
    const { model, prompts } = streamingModel(() => textParts(['ok']));
    const handler = createChatHandler({
      chats,
      view: (conversation) => createTokenWindowMemory({ conversation, maxTokens: 500 }),
      respond: ({ messages, abortSignal }) => streamText({ model, messages, abortSignal }),
    });
    await (await handler(post({ id: 'c', message: user('u1', 'new') }))).text();
    await stored(chats, 'c', 12);
    expect(prompts[0]!.length).toBeLessThan(11);
    expect(prompts[0]!.at(-1)).toEqual({ role: 'user', content: [{ type: 'text', text: 'new' }] });
  });

  it.each([
    ['not JSON', '{', /must be JSON/],
    ['no id', { messages: [user('u1', 'x')] }, /non-empty chat id/],
    ['an empty messages array', { id: 'c', messages: [] }, /body\.messages/],
    ['a system message last', { id: 'c', message: { id: 's', role: 'system', parts: [] } }, /user message/],
    [
      'a bad part',
      { id: 'c', message: { id: 'u', role: 'user', parts: [{ type: 'text' }] } },
      /parts\[0\]\.text/,
    ],
  ])(
    'a body with %s is a 400 with the error code and message, and stores nothing',
    async (_, body, message) => {
      const chats = createChatStore({ store: createMemoryStore() });
      const respond = vi.fn();
      const response = await createChatHandler({ chats, respond })(post(body));
      expect(response.status).toBe(400);
      const json = (await response.json()) as { error: { code: string; message: string } };
      expect(json.error.code).toMatch(/^INVALID_(ARGUMENT|MESSAGE)$/);
      expect(json.error.message).toMatch(message);
      expect(respond).not.toHaveBeenCalled();
      expect(await chats.load('c')).toEqual([]);
    },
  );

  it('a user message id already stored is a 409 (DUPLICATE_MESSAGE_ID) and the model is not called', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    await chats.append('c', [user('u1', 'hi')]);
    const respond = vi.fn();
    const response = await createChatHandler({ chats, respond })(
      post({ id: 'c', message: user('u1', 'changed') }),
    );
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('DUPLICATE_MESSAGE_ID');
    expect(respond).not.toHaveBeenCalled();
  });

  it('respond throwing: the user message stays stored, the error reaches the caller, the chat is free for the next turn', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const { model } = streamingModel(() => textParts(['ok']));
    let calls = 0;
    const handler = createChatHandler({
      chats,
      respond: ({ messages, abortSignal }) => {
        if (calls++ === 0) throw new Error('provider misconfigured');
        return streamText({ model, messages, abortSignal });
      },
    });
    await expect(handler(post({ id: 'c', message: user('u1', 'hi') }))).rejects.toThrow(
      'provider misconfigured',
    );
    expect(await chats.load('c')).toEqual([user('u1', 'hi')]);
    await (await handler(post({ id: 'c', message: user('u2', 'again') }))).text();
    expect((await stored(chats, 'c', 3)).map((m) => m.role)).toEqual(['user', 'user', 'assistant']);
  });

  it('a model error mid-stream: what was generated is stored, marked incomplete', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const { model } = streamingModel(() => [
      { type: 'stream-start', warnings: [] },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'Half an ans' },
      { type: 'error', error: new Error('provider overloaded') },
    ]);
    const handler = createChatHandler({
      chats,
      // onError: the SDK's default logs the error, expected here.
      respond: ({ messages, abortSignal }) => streamText({ model, messages, abortSignal, onError: () => {} }),
    });
    await (await handler(post({ id: 'c', message: user('u1', 'hi') }))).text();
    const [, reply] = await stored(chats, 'c', 2);
    expect(texts(reply)).toBe('Half an ans');
    expect((await chats.messages('c')).map((m) => m.incomplete)).toEqual([false, true]);
  });

  it('a client disconnect mid-stream aborts the model, keeps what was generated marked incomplete', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const words = Array.from({ length: 200 }, (_, i) => `w${i} `);
    const { model } = streamingModel(() => textParts(words), 15);
    let aborted = false;
    const handler = createChatHandler({
      chats,
      respond: ({ messages, abortSignal }) => {
        abortSignal.addEventListener('abort', () => {
          aborted = true;
        });
        return streamText({ model, messages, abortSignal });
      },
    });
    const client = new AbortController();
    const response = await handler(post({ id: 'c', message: user('u1', 'talk') }, client.signal));
    const reader = response.body!.getReader();
    let seen = '';
    while (!seen.includes('w5 ')) seen += new TextDecoder().decode((await reader.read()).value);
    client.abort();
    await reader.cancel().catch(() => undefined);
    const [, reply] = await stored(chats, 'c', 2);
    expect(aborted).toBe(true);
    expect(texts(reply)).toMatch(/^w0 w1 w2 w3 w4 w5 /);
    expect(texts(reply).length).toBeLessThan(words.join('').length);
    expect((await chats.messages('c')).map((m) => m.incomplete)).toEqual([false, true]);
    await sendToModel(await chats.conversation('c').read());
  });

  it('a tool call still running when the client disconnects is stored as output-error; the log has no unanswered call', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const { model } = streamingModel(() => callParts('slow', { q: 'x' }, 'Let me look. '), 5);
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const tools = {
      slow: tool({
        inputSchema: jsonSchema<{ q: string }>({ type: 'object', properties: { q: { type: 'string' } } }),
        execute: async (_input, { abortSignal }) => {
          started();
          await new Promise((resolve) => {
            abortSignal?.addEventListener('abort', resolve);
            setTimeout(resolve, 10_000);
          });
          return 'too late';
        },
      }),
    };
    const handler = createChatHandler({
      chats,
      respond: ({ messages, abortSignal }) => streamText({ model, tools, messages, abortSignal }),
    });
    const client = new AbortController();
    const response = await handler(post({ id: 'c', message: user('u1', 'look it up') }, client.signal));
    const reader = response.body!.getReader();
    void (async () => {
      while (!(await reader.read()).done);
    })().catch(() => undefined);
    await running;
    client.abort();
    await reader.cancel().catch(() => undefined);
    const [, reply] = await stored(chats, 'c', 2);
    const toolPart = reply!.parts.find((p) => p.type === 'tool-slow');
    expect(toolPart).toMatchObject({ state: 'output-error', errorText: stoppedToolText, input: { q: 'x' } });
    expect((await chats.messages('c'))[1]!.incomplete).toBe(true);
    const log = await chats.conversation('c').read();
    await sendToModel(log);
    expect(log.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
  });

  it('two concurrent requests on one chat (SQLite) keep both turns whole; the second sees the first reply', async () => {
    const store = createSqliteStore({ path: join(dir, 'concurrent.db') });
    const chats = createChatStore({ store });
    const { model, prompts } = streamingModel((call) => textParts([`reply `, `${call}`]), 20);
    const handler = createChatHandler({
      chats,
      respond: ({ messages, abortSignal }) => streamText({ model, messages, abortSignal }),
    });
    const [a, b] = await Promise.all([
      handler(post({ id: 'c', message: user('u1', 'first') })),
      handler(post({ id: 'c', message: user('u2', 'second') })),
    ]);
    await Promise.all([a.text(), b.text()]);
    const messages = await stored(chats, 'c', 4);
    expect(messages.map((m) => [m.role, texts(m)])).toEqual([
      ['user', 'first'],
      ['assistant', 'reply 0'],
      ['user', 'second'],
      ['assistant', 'reply 1'],
    ]);
    expect(prompts[1]!.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    await store.close();
  });

  it('turns are serialized per store, scope and chat even when each request builds its own chat store and handler', async () => {
    const store = createMemoryStore();
    const { model, prompts } = streamingModel((call) => textParts(['reply ', `${call}`]), 20);
    const route = (request: Request, user: string) =>
      createChatHandler({
        chats: createChatStore({ store, scope: { tenant: 't', user } }),
        respond: ({ messages, abortSignal }) => streamText({ model, messages, abortSignal }),
      })(request);
    const responses = await Promise.all([
      route(post({ id: 'c', message: user('u1', 'first') }), 'ada'),
      route(post({ id: 'c', message: user('u2', 'second') }), 'ada'),
    ]);
    await Promise.all(responses.map((r) => r.text()));
    const chats = createChatStore({ store, scope: { tenant: 't', user: 'ada' } });
    expect((await stored(chats, 'c', 4)).map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
    expect(prompts[1]).toHaveLength(3);
  });

  it('a tool approval: the reply asks, the client answers, the continued reply replaces the stored one', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const { model, prompts } = streamingModel((call) =>
      call === 0 ? callParts('remove', { path: '/tmp/x' }, 'Removing it. ') : textParts(['Removed.']),
    );
    const tools = {
      remove: tool({
        inputSchema: jsonSchema<{ path: string }>({
          type: 'object',
          properties: { path: { type: 'string' } },
        }),
        needsApproval: true,
        execute: async ({ path }) => ({ removed: path }),
      }),
    };
    const handler = createChatHandler({
      chats,
      respond: ({ messages, abortSignal }) => streamText({ model, tools, messages, abortSignal }),
    });
    await (await handler(post({ id: 'c', message: user('u1', 'remove /tmp/x') }))).text();
    const [, asked] = await stored(chats, 'c', 2);
    const request = asked!.parts.find((p) => p.type === 'tool-remove');
    expect(request).toMatchObject({ state: 'approval-requested', approval: { id: expect.any(String) } });
    await sendToModel(await chats.conversation('c').read()); // the pending call is not on the model side

    // The client answers (addToolApprovalResponse) and sends the whole chat, the assistant message last.
    const answered: UIMessage = {
      ...asked!,
      parts: asked!.parts.map((p) =>
        p.type === 'tool-remove' && p.state === 'approval-requested'
          ? { ...p, state: 'approval-responded', approval: { id: p.approval.id, approved: true } }
          : p,
      ),
    };
    const response = await handler(post({ id: 'c', messages: [user('u1', 'remove /tmp/x'), answered] }));
    expect(response.status).toBe(200);
    await response.text();
    await vi.waitFor(async () => expect(texts((await chats.load('c'))[1])).toBe('Removing it. Removed.'));
    const [, done] = await chats.load('c');
    expect(done!.id).toBe(asked!.id);
    expect(done!.parts.find((p) => p.type === 'tool-remove')).toMatchObject({
      state: 'output-available',
      output: { removed: '/tmp/x' },
    });
    expect(prompts).toHaveLength(2);
    const log = await chats.conversation('c').read();
    expect(log.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(log.some((m) => m.id === asked!.id)).toBe(false); // the first version's entries are gone
    await sendToModel(log);
  });

  it("an assistant message that is not the chat's last is a 400", async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const a0: UIMessage = { id: 'a0', role: 'assistant', parts: [{ type: 'text', text: 'x' }] };
    await chats.append('c', [user('u0', 'q'), a0, user('u1', 'next')]);
    const respond = vi.fn();
    const response = await createChatHandler({ chats, respond })(post({ id: 'c', message: a0 }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/last message/);
    expect(respond).not.toHaveBeenCalled();
  });

  it('works with a ToolLoopAgent (agent.stream), tool results included', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const { model, prompts } = streamingModel((call) =>
      call === 0 ? callParts('lookup', { word: 'engram' }) : textParts(['An engram is a memory trace.']),
    );
    const agent = new ToolLoopAgent({
      model,
      instructions: 'Be brief.',
      tools: {
        lookup: tool({
          inputSchema: jsonSchema<{ word: string }>({
            type: 'object',
            properties: { word: { type: 'string' } },
          }),
          execute: async ({ word }) => ({ word, definition: 'a unit of memory' }),
        }),
      },
    });
    const handler = createChatHandler({
      chats,
      respond: ({ messages, abortSignal }) => agent.stream({ messages, abortSignal }),
    });
    await (await handler(post({ id: 'c', messages: [user('u1', 'what is an engram?')] }))).text();
    const [, reply] = await stored(chats, 'c', 2);
    expect(reply!.parts.find((p) => p.type === 'tool-lookup')).toMatchObject({
      state: 'output-available',
      output: { word: 'engram', definition: 'a unit of memory' },
    });
    expect(texts(reply)).toBe('An engram is a memory trace.');
    expect(prompts).toHaveLength(2);
    const log = await chats.conversation('c').read();
    expect(log.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    await sendToModel(log);
  });
});
