import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { handlerRig, post, stored, texts, user } from '../../../test-support/chat-handler-rig.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createChatStore } from './chat-store.ts';
import { lookupByGet } from './chat-versions.ts';
import { encodeUIMessage } from './encode-ui-message.ts';
import { planRewind } from './rewind-chat.ts';

const assistant = (id: string, text: string): UIMessage => ({
  id,
  role: 'assistant',
  parts: [{ type: 'text', text }],
});

describe('chat rewind (the new version stored first): ids, messages written elsewhere, a crash', () => {
  // A message id of 255 or 256 characters (within the 256-character id rule): its spare ids follow a hash of it.
  describe.each([
    { name: 'agent()', withAgent: true },
    { name: 'respond', withAgent: false },
  ])('with $name', ({ withAgent }) => {
    it('an edit of a message whose id is 256 characters long replaces it', async () => {
      const { chats, handler } = handlerRig(withAgent);
      const id = 'u'.repeat(256);
      await (await handler(post({ id: 'c', message: user(id, 'q1') }))).text();
      await stored(chats, 'c', 2);
      const response = await handler(
        post({ id: 'c', messages: [user(id, 'q1, better')], trigger: 'submit-message', messageId: id }),
      );
      const body = await response.text();
      expect({ status: response.status, body: body.slice(0, 300) }).toMatchObject({ status: 200 });
      const now = await stored(chats, 'c', 2);
      expect(texts(now[0])).toBe('q1, better');
    });

    // A crash between the store and the deletes reads as rewound in load(); the next turn deletes what it left,
    // so the model does not see the superseded message and its reply.
    it('after a crash between storing an edit and its deletes, the next turn deletes what it left: its prompt holds no superseded message', async () => {
      const { chats, handler, prompts } = handlerRig(withAgent);
      await (await handler(post({ id: 'c', message: user('u1', 'old question') }))).text();
      await stored(chats, 'c', 2);
      // What an edit does, stopped (the process died) before its deletes.
      const log = chats.conversation('c');
      const rewind = await planRewind(log, lookupByGet(log), 'u1');
      const edited = user('u1', 'new question');
      await log.store(
        await encodeUIMessage(edited, {
          tools: undefined,
          incomplete: false,
          location: 'm',
          version: rewind.version('u1')!,
        }),
      );
      expect((await chats.load('c')).map(texts)).toEqual(['new question']); // reads as rewound
      await (await handler(post({ id: 'c', message: user('u2', 'next') }))).text();
      await stored(chats, 'c', 3);
      const seen = JSON.stringify(prompts.at(-1));
      expect(seen).not.toContain('old question');
      expect(seen).not.toContain('answer 0');
    });
  });

  it('chats.append with rewind: a 255-character message id can be edited (its spare ids are written after a hash)', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const id = 'm'.repeat(255);
    await chats.append('c', [user(id, 'q'), assistant('a1', 'r')]);
    await chats.append('c', [user(id, 'q edited')], { rewind: true });
    expect(await chats.load('c')).toEqual([user(id, 'q edited')]);
  });

  it.each([
    [255, 2],
    [254, 6],
  ])(
    'a message of several entries whose id is %i characters long is stored and updated (%i tool steps)',
    async (length, steps) => {
      const chats = createChatStore({ store: createMemoryStore() });
      const id = 'r'.repeat(length);
      // Each step a tool call and its result: an assistant and a tool entry, so the further entries reach #(2·steps − 1).
      const reply = (text: string): UIMessage => ({
        id,
        role: 'assistant',
        parts: [
          ...Array.from({ length: steps }, (_, i) => [
            { type: 'step-start' as const },
            {
              type: 'tool-x' as const,
              toolCallId: `t${i}`,
              state: 'output-available' as const,
              input: {},
              output: i,
            },
          ]).flat(),
          { type: 'text', text },
        ],
      });
      await chats.append('c', [user('u1', 'q'), reply('first')]);
      expect(await chats.load('c')).toEqual([user('u1', 'q'), reply('first')]);
      await chats.update('c', reply('second'));
      expect(await chats.load('c')).toEqual([user('u1', 'q'), reply('second')]);
      expect((await chats.conversation('c').read()).length).toBe(1 + 2 * steps);
    },
  );

  // Entries the chat did not write (agent() / withMemory / memory.store) are UI messages whose id is the entry id:
  // an edit, a regenerate or an update of one works as of the chat's own.
  it('an edit of a user message written outside the chat store (its id the entry id) rewinds the chat', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    await chats
      .conversation('c')
      .store([
        { role: 'user', content: 'q1', id: 'e1' } as never,
        { role: 'assistant', content: 'r1', id: 'e2' } as never,
      ]);
    expect((await chats.load('c')).map((m) => m.id)).toEqual(['e1', 'e2']);
    await chats.append('c', [user('e1', 'q1 edited')], { rewind: true });
    expect(await chats.load('c')).toEqual([user('e1', 'q1 edited')]);
  });

  it('regenerate (respond path) of a user message written outside the chat store is not a 409', async () => {
    const { chats, handler } = handlerRig(false);
    await chats
      .conversation('c')
      .store([
        { role: 'user', content: 'q1', id: 'e1' } as never,
        { role: 'assistant', content: 'r1', id: 'e2' } as never,
      ]);
    const response = await handler(
      post({ id: 'c', messages: [user('e1', 'q1')], trigger: 'regenerate-message' }),
    );
    expect(response.status).toBe(200);
    await response.text();
    const now = await stored(chats, 'c', 2);
    expect(texts(now[1])).toBe('answer 0');
  });

  it('update of a last message written outside the chat store replaces it', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    await chats.append('c', [user('u1', 'q')]);
    await chats.conversation('c').store({ role: 'assistant', content: 'r', id: 'e2' } as never);
    await chats.update('c', assistant('e2', 'r, continued'));
    expect(await chats.load('c')).toEqual([user('u1', 'q'), assistant('e2', 'r, continued')]);
  });

  // The spare id of one message can be another message's own id: a new version takes a free one.
  it('an edit of message "a" while the chat holds a message with id "a@1" is not a duplicate', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    await chats.append('c', [user('a@1', 'first'), assistant('r1', 'one'), user('a', 'second')]);
    await chats.append('c', [user('a', 'second, edited')], { rewind: true });
    expect(await chats.load('c')).toEqual([
      user('a@1', 'first'),
      assistant('r1', 'one'),
      user('a', 'second, edited'),
    ]);
  });

  // A reply of several entries stores its further ones as `<id>#1`, `#2`: a message sent under such an id is new.
  it("a message whose id is another reply's further entry id is a new message: a rewind to it deletes nothing", async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const reply: UIMessage = {
      id: 'a1',
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        { type: 'tool-t', toolCallId: 'c1', state: 'output-available', input: { q: 1 }, output: 'x' },
        { type: 'step-start' },
        { type: 'text', text: 'answer', state: 'done' },
      ],
    };
    await chats.append('c', [user('u1', 'q'), reply, user('u2', 'q2')]);
    const model = await chats.conversation('c').read();
    await chats.append('c', [user('a1#1', 'new')], { rewind: true });
    await chats.append('c', [user('a1#2', 'newer')]);
    expect(await chats.load('c')).toEqual([
      user('u1', 'q'),
      reply,
      user('u2', 'q2'),
      user('a1#1', 'new'),
      user('a1#2', 'newer'),
    ]);
    // The model side keeps the reply's tool result and text.
    expect((await chats.conversation('c').read()).slice(0, model.length)).toEqual(model);
    await expect(chats.append('c', [user('a1#1', 'again')])).rejects.toMatchObject({
      code: 'DUPLICATE_MESSAGE_ID',
    });
  });
});
