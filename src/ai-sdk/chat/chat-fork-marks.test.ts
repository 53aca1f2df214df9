import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import { createSessions } from '../../session/sessions.ts';
import { createChatStore } from './chat-store.ts';
import { markStopped } from './stopped-marks.ts';

// A fork shares its parent's entries, not what lives beside them: the chat reads the parent's stop marks of the
// shared entries (inheritedMarks), so a reply an agent() run stopped between two steps stays incomplete in a fork.
describe.each([
  ['memory', () => createMemoryStore()],
  ['sqlite', () => createSqliteStore({ path: ':memory:' })],
])('sessions.fork of a chat (%s)', (_, open) => {
  it('a reply marked stopped in the shared history stays incomplete in the fork', async () => {
    const store = open();
    const chats = createChatStore({ store });
    const log = chats.conversation('c');
    await log.store([
      { id: 'u1', role: 'user', content: 'q' } as ModelMessage,
      { id: 'a1', role: 'assistant', content: [{ type: 'text', text: 'half a reply' }] } as ModelMessage,
      { id: 'u2', role: 'user', content: 'q2' } as ModelMessage,
    ]);
    await markStopped(log, 'a1');
    await createSessions({ store }).fork('c', { atSeq: 2, id: 'branch' });
    expect((await chats.lastMessage('c'))?.message.id).toBe('u2');
    expect((await chats.messages('c'))[1]?.incomplete).toBe(true);
    expect((await chats.lastMessage('branch'))?.incomplete).toBe(true);
    await store.close();
  });

  it('a fork of a fork reads the marks of the entries it shares, its own, never those past where it was made', async () => {
    const store = open();
    const chats = createChatStore({ store });
    const sessions = createSessions({ store });
    const log = chats.conversation('c');
    const reply = (id: string) =>
      ({ id, role: 'assistant', content: [{ type: 'text', text: `${id}, half` }] }) as ModelMessage;
    const ask = (id: string) => ({ id, role: 'user', content: id }) as ModelMessage;
    await log.store([ask('u1'), reply('a1'), ask('u2'), reply('a2'), ask('u3'), reply('a3')]);
    for (const id of ['a1', 'a2', 'a3']) await markStopped(log, id);
    await sessions.fork('c', { atSeq: 4, id: 'b1' }); // shares u1 a1 u2 a2
    await chats.conversation('b1').store([ask('v3'), reply('b3')]);
    await markStopped(chats.conversation('b1'), 'b3');
    await sessions.fork('b1', { atSeq: 2, id: 'b2' }); // shares u1 a1
    await chats.conversation('b2').store([ask('w2'), reply('c2')]);
    const incomplete = async (chatId: string) =>
      (await chats.messages(chatId)).filter((m) => m.incomplete).map((m) => m.message.id);
    expect(await incomplete('c')).toEqual(['a1', 'a2', 'a3']);
    expect(await incomplete('b1')).toEqual(['a1', 'a2', 'b3']);
    expect(await incomplete('b2')).toEqual(['a1']);
    expect((await chats.lastMessage('b2'))?.incomplete).toBe(false);
    await markStopped(chats.conversation('b2'), 'c2');
    expect((await chats.lastMessage('b2'))?.incomplete).toBe(true);
    await store.close();
  });
});
