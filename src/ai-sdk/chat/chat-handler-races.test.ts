import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { streamText, type UIMessage } from 'ai';
import { afterAll, describe, expect, it } from 'vitest';
import {
  answerApproval,
  approvalAsked,
  post,
  streamingModel,
  textParts,
  texts,
  user,
} from '../../../test-support/chat-handler-rig.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import { createChatHandler } from './chat-handler.ts';
import { type ChatStore, createChatStore } from './chat-store.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-chat-races-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Each real store the races run against: the in-process one, and SQLite in a temp file (closed by `close`). */
const stores: [
  name: string,
  open: (file: string) => { store: Parameters<typeof createChatStore>[0]['store']; close: () => unknown },
][] = [
  ['memory', () => ({ store: createMemoryStore(), close: () => undefined })],
  [
    'sqlite',
    (file) => {
      const store = createSqliteStore({ path: join(dir, `${file}.db`) });
      return { store, close: () => store.close() };
    },
  ],
];

/** A handler over `chats` answering `reply <call>`, its chunks `delayMs` apart. */
function replying(chats: ChatStore, delayMs = 5) {
  const { model, prompts } = streamingModel((call) => textParts(['reply ', `${call}`]), delayMs);
  const handler = createChatHandler({
    chats,
    respond: ({ messages, abortSignal }) => streamText({ model, messages, abortSignal }),
  });
  return { handler, prompts };
}

/** The stored chat as [role, text, incomplete] rows. */
const rows = async (chats: ChatStore, chatId: string) =>
  (await chats.messages(chatId)).map((m) => [m.message.role, texts(m.message), m.incomplete]);

describe.each(stores)('createChatHandler under concurrent requests (%s store)', (name, open) => {
  it('eight requests at once on one chat: every question stored once, in arrival order, each followed by its reply', async () => {
    const { store, close } = open(`eight-${name}`);
    const chats = createChatStore({ store });
    const { handler, prompts } = replying(chats);
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => handler(post({ id: 'c', message: user(`u${i}`, `q${i}`) }))),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(200));
    await Promise.all(responses.map((r) => r.text()));
    await chats.idle();
    expect(await rows(chats, 'c')).toEqual(
      Array.from({ length: 8 }, (_, i) => [
        ['user', `q${i}`, false],
        ['assistant', `reply ${i}`, false],
      ]).flat(),
    );
    // Each turn saw every earlier turn whole.
    expect(prompts.map((p) => p.length)).toEqual(Array.from({ length: 8 }, (_, i) => 2 * i + 1));
    await close();
  });

  it('the same user message sent twice at once (a double submit): one 200, one 409, stored once', async () => {
    const { store, close } = open(`double-${name}`);
    const chats = createChatStore({ store });
    const { handler, prompts } = replying(chats);
    const [a, b] = await Promise.all([
      handler(post({ id: 'c', message: user('u1', 'once') })),
      handler(post({ id: 'c', message: user('u1', 'once') })),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const refused = [a, b].find((r) => r.status === 409)!;
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('DUPLICATE_MESSAGE_ID');
    await [a, b].find((r) => r.status === 200)!.text();
    await chats.idle();
    expect(await rows(chats, 'c')).toEqual([
      ['user', 'once', false],
      ['assistant', 'reply 0', false],
    ]);
    expect(prompts).toHaveLength(1);
    await close();
  });

  it('a client disconnecting mid-stream while the next request for the chat arrives: the cut reply is stored before the next question', async () => {
    const { store, close } = open(`disconnect-${name}`);
    const chats = createChatStore({ store });
    const words = Array.from({ length: 200 }, (_, i) => `w${i} `);
    const { model, prompts } = streamingModel(
      (call) => (call === 0 ? textParts(words) : textParts(['second ', 'reply'])),
      10,
    );
    const handler = createChatHandler({
      chats,
      respond: ({ messages, abortSignal }) => streamText({ model, messages, abortSignal }),
    });
    const client = new AbortController();
    const first = await handler(post({ id: 'c', message: user('u1', 'talk') }, client.signal));
    const reader = first.body!.getReader();
    let seen = '';
    while (!seen.includes('w3 ')) {
      const chunk = await reader.read();
      if (chunk.done) throw new Error(`the first reply ended before w3: ${seen}`);
      seen += new TextDecoder().decode(chunk.value);
    }
    // The second request is already waiting for the chat when the first client goes away.
    const second = handler(post({ id: 'c', message: user('u2', 'again') }));
    client.abort();
    await reader.cancel().catch(() => undefined);
    expect(await (await second).text()).toContain('second ');
    await chats.idle();
    const log = await rows(chats, 'c');
    expect(log.map(([role, , incomplete]) => [role, incomplete])).toEqual([
      ['user', false],
      ['assistant', true],
      ['user', false],
      ['assistant', false],
    ]);
    expect(log[1]![1]).toMatch(/^w0 w1 w2 w3 /);
    expect(log[3]![1]).toBe('second reply');
    // The second turn's model saw the cut reply, not a chat without it.
    expect(prompts[1]!.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    await close();
  });

  it('one approval answered from two tabs at once: the tool runs once, one 409, the reply stored once', async () => {
    const { store, close } = open(`approval-${name}`);
    const chats = createChatStore({ store });
    const { handler, removed } = await approvalAsked(chats, undefined, 5);
    const answered = answerApproval((await chats.load('c'))[1]!, true);
    const [a, b] = await Promise.all([
      handler(post({ id: 'c', message: answered })),
      handler(post({ id: 'c', message: answered })),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    await Promise.all([a.text(), b.text()]);
    await chats.idle();
    expect(removed).toEqual(['a.txt']);
    const messages = await chats.load('c');
    expect(messages.map((m) => m.id)).toEqual(['u1', answered.id]);
    expect(messages[1]!.parts.find((p) => p.type === 'tool-remove')).toMatchObject({
      state: 'output-available',
    });
    await close();
  });

  it('a regenerate racing a new message: both run as turns, no message lost or duplicated', async () => {
    const { store, close } = open(`regenerate-${name}`);
    const chats = createChatStore({ store });
    const { handler } = replying(chats);
    await (await handler(post({ id: 'c', message: user('u1', 'q1') }))).text();
    await chats.idle();
    const [regen, next] = await Promise.all([
      handler(post({ id: 'c', message: user('u1', 'q1'), trigger: 'regenerate-message' })),
      handler(post({ id: 'c', message: user('u2', 'q2') })),
    ]);
    expect([regen.status, next.status]).toEqual([200, 200]);
    await Promise.all([regen.text(), next.text()]);
    await chats.idle();
    // The regenerate came first: the chat went back to u1 and got a new reply, then u2 followed with its reply.
    const messages: UIMessage[] = await chats.load('c');
    expect(messages.map((m) => [m.role, texts(m)])).toEqual([
      ['user', 'q1'],
      ['assistant', 'reply 1'],
      ['user', 'q2'],
      ['assistant', 'reply 2'],
    ]);
    expect(new Set(messages.map((m) => m.id)).size).toBe(4);
    await close();
  });

  it('two users writing chats of the same id at once: each request reads and writes only its own user’s chat', async () => {
    const { store, close } = open(`scopes-${name}`);
    const ada = createChatStore({ store, scope: { tenant: 't', user: 'ada' } });
    const bob = createChatStore({ store, scope: { tenant: 't', user: 'bob' } });
    const adaTurns = replying(ada);
    const bobTurns = replying(bob);
    const responses = await Promise.all([
      adaTurns.handler(post({ id: 'c', message: user('a1', 'ada 1') })),
      bobTurns.handler(post({ id: 'c', message: user('b1', 'bob 1') })),
      adaTurns.handler(post({ id: 'c', message: user('a2', 'ada 2') })),
      bobTurns.handler(post({ id: 'c', message: user('b2', 'bob 2') })),
    ]);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    await Promise.all(responses.map((r) => r.text()));
    await Promise.all([ada.idle(), bob.idle()]);
    expect((await ada.load('c')).map((m) => [m.role, texts(m)])).toEqual([
      ['user', 'ada 1'],
      ['assistant', 'reply 0'],
      ['user', 'ada 2'],
      ['assistant', 'reply 1'],
    ]);
    expect((await bob.load('c')).map((m) => [m.role, texts(m)])).toEqual([
      ['user', 'bob 1'],
      ['assistant', 'reply 0'],
      ['user', 'bob 2'],
      ['assistant', 'reply 1'],
    ]);
    // No model call of one user saw the other's messages.
    for (const prompt of [...adaTurns.prompts, ...bobTurns.prompts]) {
      const text = JSON.stringify(prompt);
      expect(text.includes('ada ') && text.includes('bob ')).toBe(false);
    }
    // A message id bob used is free in ada's chat (ids are unique per chat, not across users).
    const reused = await adaTurns.handler(post({ id: 'c', message: user('b1', 'ada 3') }));
    expect(reused.status).toBe(200);
    await reused.text();
    await ada.idle();
    expect((await bob.load('c')).map((m) => m.id)).toEqual([
      'b1',
      expect.any(String),
      'b2',
      expect.any(String),
    ]);
    await close();
  });
});
