import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { handlerRig, post, texts, user } from '../../../test-support/chat-handler-rig.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createChatStore } from './chat-store.ts';

/** A user message holding one file at `url`. */
const withFile = (id: string, url: string): UIMessage => ({
  id,
  role: 'user',
  parts: [{ type: 'file', mediaType: 'text/plain', url }],
});

/** Data URLs that parse as URLs but whose content the AI SDK cannot decode as base64 (it reads every data URL's content so). */
const undecodable = [
  'data:broken', // no comma: no content
  'data:text/plain,hello', // percent-encoded text, not base64
  'data:text/plain;base64,%%%',
  'data:text/plain;base64,a', // a base64 length no input has
];

describe('a file part whose data URL content is not base64 (hunt)', () => {
  it.each(undecodable)('chats.append of %s: INVALID_MESSAGE naming the part, nothing stored', async (url) => {
    const chats = createChatStore({ store: createMemoryStore() });
    await expect(chats.append('c', [user('u1', 'q'), withFile('u2', url)])).rejects.toMatchObject({
      code: 'INVALID_MESSAGE',
      message: expect.stringMatching(/messages\[1\]: parts\[0\]\.url: .*base64/),
    });
    expect(await chats.load('c')).toEqual([]);
  });

  it.each([false, true])(
    'the chat handler (agent: %s) answers it 400 and stores nothing: the chat is not left failing every later turn',
    async (withAgent) => {
      const { chats, handler } = handlerRig(withAgent);
      for (const [i, url] of undecodable.entries()) {
        const response = await handler(post({ id: 'c', message: withFile(`f${i}`, url) }));
        expect({ url, status: response.status }).toEqual({ url, status: 400 });
        await response.text();
      }
      const next = await handler(post({ id: 'c', message: user('u1', 'hello') }));
      expect(await next.text()).not.toMatch(/"type":"error"/);
      await chats.idle();
      expect((await chats.load('c')).map((m) => [m.role, texts(m)])).toEqual([
        ['user', 'hello'],
        ['assistant', 'answer 0'],
      ]);
    },
  );

  it('base64 data URLs are kept: padded or not, URL-safe, with a media type or without', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const urls = [
      'data:text/plain;base64,aGk=',
      'data:text/plain;base64,aGk',
      'data:;base64,aGk=',
      'data:image/png;base64,iVBORw0KGgo=',
      'data:application/octet-stream;base64,-_8=',
      'data:text/plain;charset=utf-8;base64,',
    ];
    const messages = urls.map((url, i) => withFile(`f${i}`, url));
    await chats.append('c', messages);
    expect(await chats.load('c')).toEqual(messages);
  });
});
