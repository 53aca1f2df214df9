import { join } from 'node:path';
import type { UIMessage } from 'ai';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test-support/reliability/store-drivers.ts';
import { defaultScope } from '../../core/scope.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import type { MemoryStoreV1 } from '../../store/memory-store.ts';
import { createChatStore } from './chat-store.ts';

const msg = (id: string, role: 'user' | 'assistant', text: string): UIMessage => ({
  id,
  role,
  parts: [{ type: 'text', text }],
});

const dirs: { remove(): Promise<void> }[] = [];
const dir = async () => {
  const made = await tempDir('chat-update-race');
  dirs.push(made);
  return made;
};
afterAll(async () => {
  for (const made of dirs) await made.remove();
});

const stores: [string, () => Promise<MemoryStoreV1>][] = [
  ['memory', async () => createMemoryStore()],
  ['sqlite', async () => createSqliteStore({ path: join((await dir()).path, 'chat.db') })],
];

describe.each(stores)('chats.update beside a concurrent append (%s)', (_, open) => {
  it('never deletes a message appended after the one it updates: the append is kept, and the update stored or refused', async () => {
    const store = await open();
    const chats = createChatStore({ store });
    await chats.append('c', [msg('u1', 'user', 'q1'), msg('a1', 'assistant', 'r1')]);
    const [updated, appended] = await Promise.allSettled([
      chats.update('c', msg('a1', 'assistant', 'r1, continued')),
      chats.append('c', [msg('u2', 'user', 'q2')]),
    ]);
    expect(appended.status).toBe('fulfilled');
    const ids = (await chats.load('c')).map((m) => m.id);
    expect(ids).toContain('u2');
    if (updated.status === 'rejected') {
      // CONFLICT (appended while the update read the chat), or INVALID_ARGUMENT (appended before it: a1 is no
      // longer the last message); either way nothing of the update was stored.
      expect(['CONFLICT', 'INVALID_ARGUMENT']).toContain(updated.reason.code);
      expect(ids).toEqual(['u1', 'a1', 'u2']);
    }
    await store.close?.();
  });
});

describe('chats.update when an append lands inside it', () => {
  it('refuses (CONFLICT) when an entry lands between reading the last message and planning, keeping it', async () => {
    const store = createMemoryStore();
    const chats = createChatStore({ store });
    await chats.append('c', [msg('u1', 'user', 'q1'), msg('a1', 'assistant', 'r1')]);
    // The update looks the message's versions up by id once it has read the last message (the plan's first
    // read): an append lands right after that lookup.
    const getMessages = store.getMessages.bind(store);
    let armed = true;
    store.getMessages = async (...args) => {
      const record = await getMessages(...args);
      if (armed) {
        armed = false;
        await chats.append('c', [msg('u2', 'user', 'q2')]);
      }
      return record;
    };
    await expect(chats.update('c', msg('a1', 'assistant', 'r1, continued'))).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect((await chats.load('c')).map((m) => m.id)).toEqual(['u1', 'a1', 'u2']);
  });
});

describe.each(stores)('chats.update of a chat that does not exist (%s)', (_, open) => {
  it('is refused (INVALID_ARGUMENT) and creates no session', async () => {
    const store = await open();
    const chats = createChatStore({ store });
    await expect(chats.update('nope', msg('a1', 'assistant', 'x'))).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    expect(await store.getSession(defaultScope, 'nope')).toBeUndefined();
    await store.close?.();
  });
});
