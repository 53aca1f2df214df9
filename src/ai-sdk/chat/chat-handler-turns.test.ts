import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { streamText } from 'ai';
import { afterAll, describe, expect, it } from 'vitest';
import {
  callParts,
  post,
  postThenDisconnect,
  stored,
  streamingModel,
  textParts,
  texts,
  untilAbortedTool,
  user,
} from '../../../test-support/chat-handler-rig.ts';
import { sendToModel } from '../../../test-support/send-to-model.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import { createChatHandler } from './chat-handler.ts';
import { createChatStore } from './chat-store.ts';
import { stoppedToolText } from './stopped-reply.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-chat-handler-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('createChatHandler: failures, disconnects and concurrent turns', () => {
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
    while (!seen.includes('w5 ')) {
      const chunk = await reader.read();
      if (chunk.done) throw new Error(`the response ended before w5: ${seen}`); // not a loop without end
      seen += new TextDecoder().decode(chunk.value);
    }
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
    const { slow, running } = untilAbortedTool();
    const tools = { slow };
    const handler = createChatHandler({
      chats,
      respond: ({ messages, abortSignal }) => streamText({ model, tools, messages, abortSignal }),
    });
    await postThenDisconnect(handler, { id: 'c', message: user('u1', 'look it up') }, running);
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
});
