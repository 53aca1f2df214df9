import { expect, it } from 'vitest';
import { post, stored, streamingModel, textParts, user } from '../../../test-support/chat-handler-rig.ts';
import { createContentStore } from '../../content/create-content-store.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createTokenCounter } from '../../tokens/create-token-counter.ts';
import { createAutoContextMemory } from '../../views/auto-context/auto-context-memory.ts';
import { createCitationMemory } from '../../views/citation-memory.ts';
import { agent } from '../agent/agent.ts';
import { createChatHandler } from './chat-handler.ts';
import { createChatStore } from './chat-store.ts';

const counter = createTokenCounter({ encoding: 'o200k_base' });

it.each(['citation', 'autocontext', 'autocontext-small'] as const)(
  'agent() with a %s view: an edit of an earlier message sends no superseded message',
  async (kind) => {
    const store = createMemoryStore();
    const chats = createChatStore({ store });
    const { model, prompts } = streamingModel((call) => textParts([`answer${call}x`]));
    const content = createContentStore({ store, counter });
    const handler = createChatHandler({
      chats,
      agent: agent({ name: 'a', description: 'd', model }),
      view: (conversation) =>
        kind === 'citation'
          ? createCitationMemory({ conversation, content })
          : kind === 'autocontext'
            ? createAutoContextMemory({ conversation, content, maxTokens: 100_000 })
            : createAutoContextMemory({
                conversation,
                content,
                maxTokens: 100_000,
                msgThreshold: 4,
                lastKeep: 2,
              }),
    });
    for (let i = 1; i <= 4; i++) {
      await (await handler(post({ id: 'c', message: user(`u${i}`, `q${i}y`) }))).text();
      await stored(chats, 'c', 2 * i);
    }
    await (
      await handler(
        post({ id: 'c', messages: [user('u2', 'q2 edited')], trigger: 'submit-message', messageId: 'u2' }),
      )
    ).text();
    await stored(chats, 'c', 4);
    const seen = JSON.stringify(prompts.at(-1));
    expect(seen).not.toMatch(/q2y|q3y|q4y|answer1x|answer2x|answer3x/);
    expect(seen).toMatch(/q1y/);
  },
);
