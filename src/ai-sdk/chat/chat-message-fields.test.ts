import type { UIMessage } from 'ai';
import { expect, it } from 'vitest';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createChatStore } from './chat-store.ts';

const user = (id: string, text: string): UIMessage => ({ id, role: 'user', parts: [{ type: 'text', text }] });

it('a UI message field other than id, role, metadata and parts is INVALID_MESSAGE naming it (load would drop it), nothing stored', async () => {
  const chats = createChatStore({ store: createMemoryStore() });
  await chats.append('c', [user('u0', 'kept')]);
  const extra = { ...user('u2', 'x'), createdAt: '2026-01-01' } as UIMessage;
  await expect(chats.append('c', [user('u1', 'fine'), extra])).rejects.toMatchObject({
    code: 'INVALID_MESSAGE',
    component: 'chat',
    message: expect.stringMatching(/messages\[1\].*createdAt/),
  });
  await expect(chats.update('c', { ...user('u0', 'y'), extra: 1 } as UIMessage)).rejects.toMatchObject({
    code: 'INVALID_MESSAGE',
    message: expect.stringMatching(/extra/),
  });
  expect(await chats.load('c')).toEqual([user('u0', 'kept')]);
});
