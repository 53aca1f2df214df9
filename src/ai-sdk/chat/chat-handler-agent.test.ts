import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tool, type UIMessage } from 'ai';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  callParts,
  post,
  postThenDisconnect,
  sendWhileAborted,
  streamedMessage,
  streamingModel,
  textParts,
  texts,
  untilAbortedTool,
  user,
} from '../../../test-support/chat-handler-rig.ts';
import { sendToModel } from '../../../test-support/send-to-model.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import { createTokenWindowMemory } from '../../views/token-window-memory.ts';
import { agent } from '../agent/agent.ts';
import { createChatHandler } from './chat-handler.ts';
import { createChatStore } from './chat-store.ts';
import { stoppedCallText } from './stopped-step.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-chat-agent-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const weather = tool({
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, sky: 'clear', celsius: 3 }),
});

describe('createChatHandler with agent()', () => {
  it('a two-step tool turn (SQLite, token window): the run stores the chat; load() shows what was streamed', async () => {
    const store = createSqliteStore({ path: join(dir, 'agent.db') });
    const chats = createChatStore({ store });
    const { model, prompts } = streamingModel((call) =>
      call === 0
        ? callParts('weather', { city: 'Oslo' }, 'Checking. ')
        : textParts(['Clear, ', `3°C (${call}).`]),
    );
    const handler = createChatHandler({
      chats,
      agent: agent({ name: 'assistant', description: 'weather', model, tools: { weather } }),
      view: (conversation) => createTokenWindowMemory({ conversation, maxTokens: 4_000 }),
      generateMessageId: () => `reply-${prompts.length}`,
    });
    const question: UIMessage = {
      id: 'u1',
      role: 'user',
      metadata: { sentAt: 1 },
      parts: [
        { type: 'text', text: 'Weather in Oslo?' },
        {
          type: 'file',
          mediaType: 'image/png',
          filename: 'sky.png',
          url: 'data:image/png;base64,iVBORw0KGgo=',
        },
      ],
    };
    const streamed = await streamedMessage(await handler(post({ id: 'c', message: question })));
    const [asked, reply] = await chats.load('c');
    expect(asked).toEqual(question); // stored by the run, as the chat store would: metadata and file name kept
    expect(streamed).toEqual(reply);
    expect(reply).toMatchObject({ id: 'reply-0', role: 'assistant' });
    expect(reply!.parts.map((p) => p.type)).toEqual([
      'step-start',
      'text',
      'tool-weather',
      'step-start',
      'text',
    ]);
    const log = await chats.conversation('c').read();
    expect(log.map((m) => [m.role, m.id])).toEqual([
      ['user', 'u1'],
      ['assistant', 'reply-0'],
      ['tool', 'reply-0#1'],
      ['assistant', 'reply-0#2'],
    ]);
    await sendToModel(log);
    // A next turn reads the chat through the view: the model sees the first turn.
    await (await handler(post({ id: 'c', message: user('u2', 'And tomorrow?') }))).text();
    expect(prompts[2]!.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'user']);
    expect((await chats.load('c')).map((m) => [m.role, texts(m)])).toEqual([
      ['user', 'Weather in Oslo?'],
      ['assistant', 'Checking. Clear, 3°C (1).'],
      ['user', 'And tomorrow?'],
      ['assistant', 'Clear, 3°C (2).'],
    ]);
    await store.close();
  });

  it('a disconnect while a tool runs aborts the run: the step in flight is kept as generated, its call answered with an error, the reply incomplete', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const { model } = streamingModel(() => callParts('slow', { q: 'x' }, 'Let me look. '), 5);
    const { slow, running } = untilAbortedTool();
    const assistant = agent({ name: 'a', description: 'd', model, tools: { slow } });
    const handler = createChatHandler({ chats, agent: assistant });
    await postThenDisconnect(handler, { id: 'c', message: user('u1', 'look it up') }, running);
    // The turn ends when the run has: the next turn of the chat waits for it.
    await chats.turn('c', async () => undefined);
    expect(assistant.interrupted).toBe(true);
    const log = await chats.conversation('c').read();
    expect(log.map((m) => [m.role, m.metadata?.stopped])).toEqual([
      ['user', undefined],
      ['assistant', true],
      ['tool', true],
    ]);
    const [question, reply] = await chats.messages('c');
    expect(question).toMatchObject({ message: user('u1', 'look it up'), incomplete: false });
    expect(reply!.incomplete).toBe(true);
    expect(reply!.message.parts).toEqual([
      { type: 'step-start' },
      { type: 'text', text: 'Let me look. ', state: 'done' },
      {
        type: 'tool-slow',
        toolCallId: 'call-1',
        input: { q: 'x' },
        state: 'output-error',
        errorText: stoppedCallText,
      },
    ]);
    // Every call has its result: the next turn's model reads the stopped reply.
    await sendToModel(log);
  });

  it("useChat's regenerate(): the run's reply is replaced; the model sees the question without it", async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const { model, prompts } = streamingModel((call) => textParts([`answer ${call}`]));
    const handler = createChatHandler({ chats, agent: agent({ name: 'a', description: 'd', model }) });
    await (await handler(post({ id: 'c', messages: [user('u1', 'q1')] }))).text();
    const [, first] = await chats.load('c');
    expect(texts(first)).toBe('answer 0');
    await (
      await handler(
        post({ id: 'c', messages: [user('u1', 'q1')], trigger: 'regenerate-message', messageId: first!.id }),
      )
    ).text();
    const now = await chats.load('c');
    expect(now.map((m) => [m.role, texts(m)])).toEqual([
      ['user', 'q1'],
      ['assistant', 'answer 1'],
    ]);
    expect(prompts[1]!.map((m) => m.role)).toEqual(['user']);
  });

  it('a request aborted while it waited for the chat’s earlier turn keeps its message and does not run', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const { model, prompts } = streamingModel((call) => textParts([`answer ${call}`]), 20);
    const handler = createChatHandler({ chats, agent: agent({ name: 'a', description: 'd', model }) });
    expect(await sendWhileAborted(handler, chats)).toBe(499);
    expect((await chats.load('c')).map((m) => [m.role, texts(m)])).toEqual([
      ['user', 'q1'],
      ['assistant', 'answer 0'],
      ['user', 'q2'],
    ]);
    expect(prompts).toHaveLength(1);
  });

  it('an edit whose message is invalid is a 400 and changes nothing', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const { model } = streamingModel((call) => textParts([`answer ${call}`]));
    const handler = createChatHandler({ chats, agent: agent({ name: 'a', description: 'd', model }) });
    await (await handler(post({ id: 'c', messages: [user('u1', 'q1')] }))).text();
    const before = (await chats.load('c')).map((m) => m.id);
    const bad = { id: 'u1', role: 'user', parts: [{ type: 'text' }] };
    const response = await handler(
      post({ id: 'c', messages: [bad], trigger: 'submit-message', messageId: 'u1' }),
    );
    expect(response.status).toBe(400);
    expect((await chats.load('c')).map((m) => m.id)).toEqual(before);
  });

  it('a view that returns no view is a typed error thrown to the caller, naming the option', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const { model } = streamingModel(() => textParts(['ok']));
    const handler = createChatHandler({
      chats,
      agent: agent({ name: 'a', description: 'd', model }),
      view: ((conversation: { read: unknown }) => ({ read: conversation.read })) as never,
    });
    await expect(handler(post({ id: 'c', message: user('u1', 'hi') }))).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringMatching(
        /view\(conversation, chatId\)'s result must be an object with store\(\)/,
      ),
    });
  });

  it('two concurrent sends on one chat (SQLite) stay whole; the second run sees the first reply', async () => {
    const store = createSqliteStore({ path: join(dir, 'concurrent.db') });
    const chats = createChatStore({ store });
    const { model, prompts } = streamingModel((call) => textParts(['reply ', `${call}`]), 20);
    const handler = createChatHandler({ chats, agent: agent({ name: 'a', description: 'd', model }) });
    const [a, b] = await Promise.all([
      handler(post({ id: 'c', message: user('u1', 'first') })),
      handler(post({ id: 'c', message: user('u2', 'second') })),
    ]);
    await Promise.all([a.text(), b.text()]);
    await chats.turn('c', async () => undefined);
    expect((await chats.load('c')).map((m) => [m.role, texts(m)])).toEqual([
      ['user', 'first'],
      ['assistant', 'reply 0'],
      ['user', 'second'],
      ['assistant', 'reply 1'],
    ]);
    expect(prompts[1]!.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    await store.close();
  });

  it('bad input: an assistant message is 400, an id the chat holds is 409; respond and agent together are refused', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const { model } = streamingModel(() => textParts(['ok']));
    const assistant = agent({ name: 'a', description: 'd', model });
    const handler = createChatHandler({ chats, agent: assistant });
    const reply: UIMessage = { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'hi' }] };
    expect((await handler(post({ id: 'c', message: reply }))).status).toBe(400);
    await (await handler(post({ id: 'c', message: user('u1', 'hi') }))).text();
    await chats.turn('c', async () => undefined);
    const again = await handler(post({ id: 'c', message: user('u1', 'hi') }));
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { code: 'DUPLICATE_MESSAGE_ID' } });
    // @ts-expect-error: the options are one or the other
    expect(() => createChatHandler({ chats, agent: assistant, respond: () => ({}) })).toThrow(/not both/);
    // A misspelt option was ignored: a reply that failed to store went to the default console.error.
    for (const options of [
      { chats, agent: assistant, onStorError: () => {} },
      { chats, respond: () => ({}), onStorError: () => {} },
    ])
      expect(() => createChatHandler(options as never)).toThrow(
        expect.objectContaining({
          code: 'INVALID_ARGUMENT',
          message: expect.stringMatching(/createChatHandler\(options\)\.onStorError: not an option/),
        }),
      );
    // A misspelt stream option was refused only by the first turn's stream: now at construction.
    expect(() =>
      createChatHandler({ chats, agent: assistant, agentStream: { sendReasonning: false } as never }),
    ).toThrow(/createChatHandler\(options\)\.agentStream\.sendReasonning: not an option/);
    // So is messageId (the handler sets each reply's), and an onError that is no function.
    expect(() =>
      createChatHandler({ chats, agent: assistant, agentStream: { messageId: 'm' } as never }),
    ).toThrow(/agentStream\.messageId: not an option/);
    expect(() =>
      createChatHandler({ chats, agent: assistant, agentStream: { onError: 'oops' } as never }),
    ).toThrow(/agentStream\.onError must be a function/);
  });
});
