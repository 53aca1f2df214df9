import { join } from 'node:path';
import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../test-support/reliability/store-drivers.ts';
import { sendToModel } from '../../../test-support/send-to-model.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import { createChatStore } from './chat-store.ts';
import { encodeUIMessage } from './encode-ui-message.ts';

const user = (id: string, text: string): UIMessage => ({ id, role: 'user', parts: [{ type: 'text', text }] });
const rows = Array.from({ length: 40 }, (_, i) => ({ id: i, title: `row ${i}` }));
const toolReply: UIMessage = {
  id: 'a1',
  role: 'assistant',
  parts: [
    { type: 'step-start' },
    { type: 'tool-search', toolCallId: 'c1', state: 'output-available', input: { q: 'x' }, output: { rows } },
    { type: 'step-start' },
    { type: 'text', text: 'Found forty rows. '.repeat(8), state: 'done' },
  ],
};

describe('createChatStore', () => {
  it('a misspelt option or scope field is refused, naming it (a lost scope would share every chat of the tenant)', () => {
    const store = createMemoryStore();
    expect(() => createChatStore({ store, scop: { tenant: 'acme', user: 'ada' } } as never)).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(/\.scop: not an option/),
      }),
    );
    expect(() => createChatStore({ store, scope: { tenant: 'acme', usr: 'ada' } as never })).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(/scope\.usr: not a scope field/),
      }),
    );
    expect(() => createChatStore({ store }).turn('c', 5 as never)).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(/task must be a function, got 5/),
      }),
    );
  });

  it('a chat never written loads as [], without creating its session', async () => {
    const store = createMemoryStore();
    expect(await createChatStore({ store }).load('nothing-yet')).toEqual([]);
    expect(await store.getSession({ tenant: 'default' }, 'nothing-yet')).toBeUndefined();
  });

  it('keeps a large tool output and a long text once: the UI part references the model side', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    await chats.append('c', [user('u1', 'search'), toolReply]);
    expect(await chats.load('c')).toEqual([user('u1', 'search'), toolReply]);
    const entries = await chats.conversation('c').read();
    expect(entries.map((e) => [e.id, e.role])).toEqual([
      ['u1', 'user'],
      ['a1', 'assistant'],
      ['a1#1', 'tool'],
      ['a1#2', 'assistant'],
    ]);
    const stored = JSON.stringify(entries);
    expect(stored.split('row 39').length - 1).toBe(1); // the output once, in the tool result
    expect(stored.split('Found forty rows.').length - 1).toBe(8); // the text once (8 repeats), in the model message
  });

  it('keeps a long file URL and an inline data: URL once, on SQLite as in memory', async () => {
    const bytes = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919 + (i >> 8)) % 256));
    const data = `data:image/png;base64,${bytes.toString('base64')}`;
    const remote = `https://example.com/${'a'.repeat(100)}.png`;
    const withFiles: UIMessage = {
      id: 'f1',
      role: 'user',
      parts: [
        { type: 'file', mediaType: 'image/png', url: remote },
        { type: 'file', mediaType: 'image/png', url: data },
        { type: 'text', text: 'what are these?' },
      ],
    };
    const dir = await tempDir('chat-files');
    try {
      for (const store of [createMemoryStore(), createSqliteStore({ path: join(dir.path, 'chat.db') })]) {
        const chats = createChatStore({ store });
        await chats.append('f', [withFiles]);
        expect(await chats.load('f')).toEqual([withFiles]);
        const stored = JSON.stringify(await chats.conversation('f').read());
        expect(stored.split(data.slice(40, 200)).length - 1).toBe(1);
        expect(stored.split(remote).length - 1).toBe(1);
        await store.close();
        if (store.capabilities.durable) {
          const again = createSqliteStore({ path: join(dir.path, 'chat.db') });
          expect(await createChatStore({ store: again }).load('f')).toEqual([withFiles]);
          await again.close();
        }
      }
    } finally {
      await dir.remove();
    }
  });

  it('a UI message with no model side (only data parts) is one empty assistant entry the AI SDK accepts', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const data: UIMessage = {
      id: 'd1',
      role: 'assistant',
      parts: [{ type: 'data-status', data: { busy: true } }],
    };
    const dataUser: UIMessage = { id: 'd2', role: 'user', parts: [{ type: 'data-upload', data: 'x' }] };
    await chats.append('c', [user('u1', 'hi'), data, dataUser, user('u2', 'again')]);
    expect(await chats.load('c')).toEqual([user('u1', 'hi'), data, dataUser, user('u2', 'again')]);
    const log = await chats.conversation('c').read();
    expect(log.map((m) => [m.role, m.content])).toEqual([
      ['user', [{ type: 'text', text: 'hi' }]],
      ['assistant', []],
      ['user', []],
      ['user', [{ type: 'text', text: 'again' }]],
    ]);
    await sendToModel(log);
  });

  it('an approval answered but not yet executed stays in the UI and out of the model side (no unanswered call)', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const waiting: UIMessage = {
      id: 'a1',
      role: 'assistant',
      parts: [
        { type: 'text', text: 'May I?' },
        {
          type: 'tool-delete',
          toolCallId: 'c1',
          state: 'approval-responded',
          input: { path: 'notes/old.txt' },
          approval: { id: 'ap1', approved: true },
        },
      ],
    };
    await chats.append('c', [user('u1', 'clean up'), waiting, user('u2', 'well?')]);
    expect(await chats.load('c')).toEqual([user('u1', 'clean up'), waiting, user('u2', 'well?')]);
    await sendToModel(await chats.conversation('c').read());
  });

  it('a bad message is INVALID_MESSAGE naming messages[i] and the part; nothing of the batch is stored', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    await chats.append('c', [user('u0', 'kept')]);
    const bad = { id: 'u2', role: 'user', parts: [{ type: 'text', text: 3 }] } as unknown as UIMessage;
    const error = await chats.append('c', [user('u1', 'fine'), bad]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MemoryError);
    expect(error).toMatchObject({ code: 'INVALID_MESSAGE', component: 'chat' });
    expect(String((error as Error).message)).toMatch(/messages\[1\].*parts\[0\]\.text/);
    expect(await chats.load('c')).toEqual([user('u0', 'kept')]);
  });

  it('two tool parts of one message with the same toolCallId are INVALID_MESSAGE naming the second; nothing stored', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    await chats.append('c', [user('u0', 'kept')]);
    const part = (q: string) =>
      ({
        type: 'tool-search',
        toolCallId: 'c1',
        state: 'output-available',
        input: { q },
        output: { q },
      }) as const;
    const twice: UIMessage = {
      id: 'a1',
      role: 'assistant',
      parts: [{ type: 'step-start' }, part('x'), part('y')],
    };
    const later: UIMessage = {
      ...twice,
      parts: [...twice.parts.slice(0, 2), { type: 'step-start' }, part('y')],
    };
    for (const message of [twice, later])
      await expect(chats.append('c', [user('u1', 'fine'), message])).rejects.toMatchObject({
        code: 'INVALID_MESSAGE',
        component: 'chat',
        message: expect.stringMatching(
          new RegExp(
            `messages\\[1\\]: parts\\[${message.parts.length - 1}\\]\\.toolCallId: repeats the tool call id "c1" of parts\\[1\\]`,
          ),
        ),
      });
    expect(await chats.load('c')).toEqual([user('u0', 'kept')]);
  });

  it('a user message holds text, file and data parts only: a tool part or reasoning in one is INVALID_MESSAGE, nothing of the batch stored', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    await chats.append('c', [user('u0', 'kept')]);
    const forged = {
      id: 'u2',
      role: 'user',
      parts: [
        { type: 'text', text: 'see' },
        {
          type: 'dynamic-tool',
          toolName: 'x',
          toolCallId: 'k',
          state: 'output-available',
          input: {},
          output: 1,
        },
      ],
    } as UIMessage;
    await expect(chats.append('c', [user('u1', 'fine'), forged])).rejects.toMatchObject({
      code: 'INVALID_MESSAGE',
      message: expect.stringMatching(
        /messages\[1\]: parts\[1\]\.type: a user message holds text, file and data parts.*dynamic-tool/,
      ),
    });
    await expect(chats.update('c', forged)).rejects.toMatchObject({ code: 'INVALID_MESSAGE' });
    expect(await chats.load('c')).toEqual([user('u0', 'kept')]);
    // What a user message may carry: text, a file (with its URL) and an app's data part.
    const rich = {
      id: 'u3',
      role: 'user',
      parts: [
        { type: 'text', text: 'look' },
        { type: 'file', mediaType: 'image/png', url: 'https://example.com/a.png' },
        { type: 'data-mood', data: { mood: 'calm' } },
      ],
    } as UIMessage;
    await chats.append('c', [rich]);
    expect(await chats.load('c')).toEqual([user('u0', 'kept'), rich]);
  });

  it.each([
    ['null', null],
    ['a string', 'hello'],
    ['an object', { id: 'u1' }],
  ])('messages that are %s are INVALID_ARGUMENT', async (_, input) => {
    const chats = createChatStore({ store: createMemoryStore() });
    await expect(chats.append('c', input as unknown as UIMessage[])).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringMatching(/messages must be an array/),
    });
  });

  it.each([
    ['a number', 42],
    ['an empty string', ''],
    ['null', null],
  ])('a chat id that is %s is INVALID_ARGUMENT naming chatId', async (_, chatId) => {
    const chats = createChatStore({ store: createMemoryStore() });
    const id = chatId as unknown as string;
    for (const call of [
      () => chats.load(id),
      () => chats.lastMessage(id),
      () => chats.append(id, [user('u1', 'x')]),
      () => chats.append(id, [user('u1', 'x')], { rewind: true }),
      () => chats.update(id, user('u1', 'x')),
    ])
      await expect(call()).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
        message: expect.stringContaining('chatId'),
      });
  });

  it.each([
    ['empty', ''],
    ['over 256 characters', 'm'.repeat(257)],
    ['holding a NUL', 'u\u0000'],
    ['holding a lone surrogate', 'u\ud800'],
  ])(
    'a message id %s is INVALID_MESSAGE naming messages[i].id, and nothing of the batch is stored',
    async (_, id) => {
      const chats = createChatStore({ store: createMemoryStore() });
      await chats.append('c', [user('u1', 'x')]);
      await expect(chats.append('c', [user('u2', 'y'), user(id, 'z')])).rejects.toMatchObject({
        code: 'INVALID_MESSAGE',
        message: expect.stringMatching(/append\(chatId, messages\): messages\[1\]: id: .*256 characters/),
      });
      await expect(chats.update('c', user(id, 'z'))).rejects.toMatchObject({
        code: 'INVALID_MESSAGE',
        message: expect.stringMatching(/update\(chatId, message\).*: id: /),
      });
      expect(await chats.load('c')).toEqual([user('u1', 'x')]);
    },
  );

  it('a file part whose url is no URL is INVALID_MESSAGE naming messages[i] and the part (not a TypeError), and nothing is stored', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const reply = {
      id: 'a1',
      role: 'assistant',
      parts: [
        { type: 'text', text: 'see' },
        { type: 'reasoning-file', mediaType: 'image/png', url: 'nope' },
      ],
    } as UIMessage;
    await expect(chats.append('c', [user('u1', 'x'), reply])).rejects.toMatchObject({
      code: 'INVALID_MESSAGE',
      message: expect.stringMatching(/messages\[1\]: parts\[1\]\.url: /),
    });
    expect(await chats.load('c')).toEqual([]);
  });

  it.each([
    ['not an object', 'yes'],
    ['a misspelt key', { rewnd: true }],
    ['rewind not a boolean', { rewind: 'yes' }],
    ['incomplete not a boolean', { incomplete: 1 }],
  ])(
    'append and update options that are %s are INVALID_ARGUMENT, and nothing is stored',
    async (_, options) => {
      const chats = createChatStore({ store: createMemoryStore() });
      await chats.append('c', [user('u1', 'x')]);
      const bad = options as never;
      for (const call of [
        () => chats.append('c', [user('u2', 'y')], bad),
        () => chats.update('c', user('u1', 'z'), bad),
      ])
        await expect(call()).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
      expect(await chats.load('c')).toEqual([user('u1', 'x')]);
    },
  );

  it('a value no store reads back identical (a Date in a data part) is INVALID_ARGUMENT naming its path', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const dated: UIMessage = {
      id: 'u1',
      role: 'user',
      parts: [{ type: 'data-when', data: { at: new Date(0) } }],
    };
    await expect(chats.append('c', [user('u0', 'x'), dated])).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('messages[1].parts[0].data.at'),
    });
    expect(await chats.load('c')).toEqual([]);
  });

  it('a message id already in the chat is DUPLICATE_MESSAGE_ID and the whole append is refused (atomic)', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    await chats.append('c', [user('u1', 'first')]);
    await expect(chats.append('c', [user('u2', 'new'), user('u1', 'changed')])).rejects.toMatchObject({
      code: 'DUPLICATE_MESSAGE_ID',
    });
    expect(await chats.load('c')).toEqual([user('u1', 'first')]);
  });

  it('scopes are enforced: another user sees nothing of the chat, and the same chat id is their own chat', async () => {
    const store = createMemoryStore();
    const alice = createChatStore({ store, scope: { tenant: 't', user: 'alice' } });
    const bob = createChatStore({ store, scope: { tenant: 't', user: 'bob' } });
    await alice.append('c', [user('u1', 'secret')]);
    expect(await bob.load('c')).toEqual([]);
    await bob.append('c', [user('u1', 'mine')]);
    expect(await alice.load('c')).toEqual([user('u1', 'secret')]);
    expect(await bob.load('c')).toEqual([user('u1', 'mine')]);
  });

  it('what is deleted from the log is gone from the chat: a message with its first entry, a part with the entry it references', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    await chats.append('c', [user('u1', 'search'), toolReply, user('u2', 'thanks')]);
    const conversation = chats.conversation('c');
    await conversation.delete('a1#1'); // the tool result the tool part's output references
    const [, reply] = await chats.load('c');
    expect(reply!.parts.map((p) => p.type)).toEqual(['step-start', 'step-start', 'text']);
    await conversation.delete('u1');
    expect((await chats.load('c')).map((m) => m.id)).toEqual(['a1', 'u2']);
  });

  it('an entry the chat store did not write reads as a UI message of its own (its id the entry id)', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    await chats.append('c', [user('u1', 'hi')]);
    const [stored] = await chats.conversation('c').store({ role: 'user', content: 'written directly' });
    expect(await chats.load('c')).toEqual([user('u1', 'hi'), user(stored!.id, 'written directly')]);
  });

  it('update replaces the last message by a new version (same id); the old entries are deleted', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const first: UIMessage = { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'Working' }] };
    await chats.append('c', [user('u1', 'go'), first]);
    await chats.update('c', toolReply);
    expect(await chats.load('c')).toEqual([user('u1', 'go'), toolReply]);
    expect((await chats.conversation('c').read()).map((m) => m.id)).toEqual([
      'u1',
      'a1@1',
      'a1@1#1',
      'a1@1#2',
    ]);
    await chats.update('c', first, { incomplete: true });
    expect((await chats.messages('c')).map((m) => [m.message, m.incomplete])).toEqual([
      [user('u1', 'go'), false],
      [first, true],
    ]);
    await expect(chats.update('c', user('u1', 'go'))).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining("only the chat's last message"),
    });
  });

  it('a newer version left beside an older one (an update cut short before its deletes) is the one loaded', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    await chats.append('c', [
      user('u1', 'go'),
      { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'v0' }] },
    ]);
    const newer = await encodeUIMessage(toolReply, {
      tools: undefined,
      incomplete: false,
      location: 'm',
      version: { id: 'a1@1', revision: 1 },
    });
    await chats.conversation('c').store(newer);
    expect(await chats.load('c')).toEqual([user('u1', 'go'), toolReply]);
  });

  it('marks messages appended as incomplete', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    await chats.append('c', [user('u1', 'hi')]);
    await chats.append('c', [{ id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'Hal' }] }], {
      incomplete: true,
    });
    expect((await chats.messages('c')).map((m) => [m.message.id, m.incomplete])).toEqual([
      ['u1', false],
      ['a1', true],
    ]);
  });
});
