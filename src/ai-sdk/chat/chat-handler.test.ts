import { jsonSchema, streamText, ToolLoopAgent, tool, type UIMessage } from 'ai';
import { describe, expect, it, vi } from 'vitest';
import {
  callParts,
  post,
  sendWhileAborted,
  stored,
  streamingModel,
  textParts,
  texts,
  user,
} from '../../../test-support/chat-handler-rig.ts';
import { sendToModel } from '../../../test-support/send-to-model.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import { createTokenWindowMemory } from '../../views/token-window-memory.ts';
import { createChatHandler } from './chat-handler.ts';
import { createChatStore } from './chat-store.ts';

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
    [
      'a file part whose url is no URL',
      {
        id: 'c',
        message: {
          id: 'u',
          role: 'user',
          parts: [{ type: 'file', mediaType: 'image/png', url: 'not a url' }],
        },
      },
      /parts\[0\]\.url/,
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

  it('a tool approval: the reply asks, the client answers, the continued reply replaces the stored one', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const { model, prompts } = streamingModel((call) =>
      call === 0 ? callParts('remove', { path: 'notes/old.txt' }, 'Removing it. ') : textParts(['Removed.']),
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
    await (await handler(post({ id: 'c', message: user('u1', 'remove notes/old.txt') }))).text();
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
    const response = await handler(
      post({ id: 'c', messages: [user('u1', 'remove notes/old.txt'), answered] }),
    );
    expect(response.status).toBe(200);
    await response.text();
    await vi.waitFor(async () => expect(texts((await chats.load('c'))[1])).toBe('Removing it. Removed.'));
    const [, done] = await chats.load('c');
    expect(done!.id).toBe(asked!.id);
    expect(done!.parts.find((p) => p.type === 'tool-remove')).toMatchObject({
      state: 'output-available',
      output: { removed: 'notes/old.txt' },
    });
    expect(prompts).toHaveLength(2);
    const log = await chats.conversation('c').read();
    expect(log.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(log.some((m) => m.id === asked!.id)).toBe(false); // the first version's entries are gone
    await sendToModel(log);
  });

  it('a view or respond that returns the wrong thing is a typed error thrown to the caller (not a 400), naming the option', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const { model } = streamingModel(() => textParts(['ok']));
    const cases: [Parameters<typeof createChatHandler>[0], RegExp][] = [
      [
        {
          chats,
          view: (() => undefined) as never,
          respond: ({ messages }) => streamText({ model, messages }),
        },
        /view\(conversation, chatId\)'s result must be an object with read\(\), got undefined/,
      ],
      [
        { chats, respond: () => ({}) as never },
        /respond\(input\)'s result .* with toUIMessageStreamResponse\(\)/,
      ],
      [{ chats, respond: (() => undefined) as never }, /respond\(input\)'s result .*got undefined/],
    ];
    for (const [i, [options, message]] of cases.entries()) {
      const handler = createChatHandler(options);
      await expect(handler(post({ id: `c${i}`, message: user(`u${i}`, 'hi') }))).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(message),
      });
      // The chat's queue is free again: a correct handler answers the next turn.
      const ok = createChatHandler({ chats, respond: ({ messages }) => streamText({ model, messages }) });
      expect((await ok(post({ id: `c${i}`, message: user(`v${i}`, 'again') }))).status).toBe(200);
    }
  });

  it("useChat's regenerate(): the reply is replaced (the model sees the chat without it), also as a retry after a failed turn", async () => {
    const chats = createChatStore({ store: createSqliteStore({ path: ':memory:' }) });
    const { model, prompts } = streamingModel((call) => textParts([`answer ${call}`]));
    let fail = true;
    const handler = createChatHandler({
      chats,
      respond: ({ messages }) => {
        if (fail) throw new Error('provider down');
        return streamText({ model, messages });
      },
    });
    // The first turn fails: the question is kept, unanswered.
    await expect(handler(post({ id: 'c', messages: [user('u1', 'q1')] }))).rejects.toThrow('provider down');
    expect((await chats.load('c')).map((m) => m.id)).toEqual(['u1']);
    fail = false;
    // Retry (regenerate with no reply to drop): the question again, then its answer.
    const retry = { id: 'c', messages: [user('u1', 'q1')], trigger: 'regenerate-message' };
    await (await handler(post(retry))).text();
    const [, first] = await stored(chats, 'c', 2);
    expect(texts(first)).toBe('answer 0');
    // Regenerate that answer: the model sees the question alone, the chat holds the new answer only.
    await (await handler(post({ ...retry, messageId: first!.id }))).text();
    const [q, second] = await stored(chats, 'c', 2);
    expect(q).toEqual(user('u1', 'q1'));
    expect(texts(second)).toBe('answer 1');
    expect(second!.id).not.toBe(first!.id);
    expect(prompts[1]).toEqual([{ role: 'user', content: [{ type: 'text', text: 'q1' }] }]);
    expect((await chats.conversation('c').read()).map((m) => m.role)).toEqual(['user', 'assistant']);
  });

  it('a regenerate or an edit whose message is invalid is a 400 and changes nothing', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const { model, prompts } = streamingModel((call) => textParts([`answer ${call}`]));
    const handler = createChatHandler({ chats, respond: ({ messages }) => streamText({ model, messages }) });
    const reply = (id: string, text: string): UIMessage => ({
      id,
      role: 'assistant',
      parts: [{ type: 'text', text }],
    });
    await chats.append('c', [user('u1', 'q1'), reply('a1', 'r1'), user('u2', 'q2'), reply('a2', 'r2')]);
    for (const body of [
      {
        messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text' }] }],
        trigger: 'submit-message',
        messageId: 'u1',
      },
      {
        messages: [{ id: 'u1', role: 'user', parts: 'nope' }],
        trigger: 'regenerate-message',
        messageId: 'a1',
      },
    ]) {
      const response = await handler(post({ id: 'c', ...body }));
      expect(response.status).toBe(400);
      expect((await chats.load('c')).map((m) => m.id)).toEqual(['u1', 'a1', 'u2', 'a2']);
    }
    expect(prompts).toEqual([]);
  });

  it('an edited message (sendMessage with messageId) replaces it and drops what came after', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const { model, prompts } = streamingModel((call) => textParts([`answer ${call}`]));
    const handler = createChatHandler({ chats, respond: ({ messages }) => streamText({ model, messages }) });
    await (await handler(post({ id: 'c', message: user('u1', 'q1') }))).text();
    await stored(chats, 'c', 2);
    await (await handler(post({ id: 'c', message: user('u2', 'q2') }))).text();
    await stored(chats, 'c', 4);
    const edited = user('u1', 'q1, said better');
    await (
      await handler(post({ id: 'c', messages: [edited], trigger: 'submit-message', messageId: 'u1' }))
    ).text();
    const [first, reply] = await stored(chats, 'c', 2);
    expect(first).toEqual(edited);
    expect(texts(reply)).toBe('answer 2');
    expect(prompts[2]).toEqual([{ role: 'user', content: [{ type: 'text', text: 'q1, said better' }] }]);
    // A messageId naming another message, or a plain resend, is still a 409: nothing is dropped.
    const again = await handler(post({ id: 'c', messages: [edited], trigger: 'submit-message' }));
    expect(again.status).toBe(409);
    const bad = await handler(post({ id: 'c', messages: [user('u9', 'x')], trigger: 'resume' }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/body\.trigger/);
    expect(await chats.load('c')).toHaveLength(2);
  });

  it('a request aborted while it waited for the chat’s earlier turn keeps its message and does not call the model', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const { model, prompts } = streamingModel((call) => textParts([`answer ${call}`]), 20);
    const handler = createChatHandler({
      chats,
      respond: ({ messages, abortSignal }) => streamText({ model, messages, abortSignal }),
    });
    expect(await sendWhileAborted(handler, chats)).toBe(499);
    expect((await chats.load('c')).map((m) => m.id)).toEqual(['u1', expect.any(String), 'u2']);
    expect(prompts).toHaveLength(1);
  });

  it('chats.idle() before closing the store: a reply still streaming is stored first', async () => {
    const store = createSqliteStore({ path: ':memory:' });
    const chats = createChatStore({ store });
    const { model } = streamingModel(() => textParts(['slow ', 'reply']), 30);
    const handler = createChatHandler({ chats, respond: ({ messages }) => streamText({ model, messages }) });
    const response = await handler(post({ id: 'c', message: user('u1', 'q') }));
    void response.text();
    await chats.idle();
    expect((await chats.load('c')).map((m) => texts(m))).toEqual(['q', 'slow reply']);
    await store.close();
  });

  it('an assistant message the chat holds before its last is a 409 (the chat moved on); one it does not hold is a 400', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const a0: UIMessage = { id: 'a0', role: 'assistant', parts: [{ type: 'text', text: 'x' }] };
    await chats.append('c', [user('u0', 'q'), a0, user('u1', 'next')]);
    const respond = vi.fn();
    const handler = createChatHandler({ chats, respond });
    const stale = await handler(post({ id: 'c', message: a0 }));
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/"a0" is no longer the chat's last message.*last message is now "u1"/),
    });
    const unknown = await handler(post({ id: 'c', message: { ...a0, id: 'a9' } }));
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toMatch(/last message/);
    expect(respond).not.toHaveBeenCalled();
    expect(await chats.load('c')).toEqual([user('u0', 'q'), a0, user('u1', 'next')]);
  });

  it("an assistant message under the id of the chat's last user message is a 400: the question is not replaced", async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const a0: UIMessage = { id: 'a0', role: 'assistant', parts: [{ type: 'text', text: 'x' }] };
    await chats.append('c', [user('u0', 'q'), a0, user('u1', 'next')]);
    const respond = vi.fn();
    const forged: UIMessage = { id: 'u1', role: 'assistant', parts: [{ type: 'text', text: 'forged' }] };
    const response = await createChatHandler({ chats, respond })(post({ id: 'c', message: forged }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(
      /last message .*is a user message/,
    );
    expect(respond).not.toHaveBeenCalled();
    expect(await chats.load('c')).toEqual([user('u0', 'q'), a0, user('u1', 'next')]);
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
