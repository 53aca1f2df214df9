import { expect, it } from 'vitest';
import { post, stored, streamingModel, textParts, user } from '../../../test-support/chat-handler-rig.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createTokenWindowMemory } from '../../views/token-window-memory.ts';
import { agent } from '../agent/agent.ts';
import { createChatHandler } from './chat-handler.ts';
import { createChatStore } from './chat-store.ts';

it('agent() with a token window view: an edit of an earlier message sends no superseded message', async () => {
  const chats = createChatStore({ store: createMemoryStore() });
  const { model, prompts } = streamingModel((call) => textParts([`answer ${call}`]));
  const handler = createChatHandler({
    chats,
    agent: agent({ name: 'a', description: 'd', model }),
    view: (conversation) => createTokenWindowMemory({ conversation, maxTokens: 10_000 }),
  });
  await (await handler(post({ id: 'c', message: user('u1', 'q1') }))).text();
  await stored(chats, 'c', 2);
  await (await handler(post({ id: 'c', message: user('u2', 'q2') }))).text();
  await stored(chats, 'c', 4);
  await (
    await handler(
      post({ id: 'c', messages: [user('u1', 'q1 edited')], trigger: 'submit-message', messageId: 'u1' }),
    )
  ).text();
  await stored(chats, 'c', 2);
  const seen = JSON.stringify(prompts.at(-1));
  expect(seen).not.toMatch(/"q1"|q2|answer 0|answer 1/);
  await (
    await handler(post({ id: 'c', messages: [user('u1', 'q1 edited')], trigger: 'regenerate-message' }))
  ).text();
  await stored(chats, 'c', 2);
  expect(JSON.stringify(prompts.at(-1))).not.toMatch(/answer 2/);
  expect((await chats.conversation('c').entries()).map((e) => e.message.id)).toEqual(
    (await chats.messages('c')).flatMap((m) => m.entryIds),
  );
});
