import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { createChatStore } from '../ai-sdk/chat/chat-store.ts';
import { markStopped } from '../ai-sdk/chat/stopped-marks.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createSessions } from './sessions.ts';

// DEFECT (left for the lead): sessions.fork shares the parent's messages up to atSeq but none of its artifacts, so
// what lives beside those messages is lost in the branch: a chat reply an agent() run stopped between two steps
// (its stop mark) reads as complete in a fork, and the next model reads it so (sessions.copy keeps it; summaries,
// ladder steps and observations of the shared range are lost too). Copying the artifacts whose range ends at or
// before atSeq would keep them, but that is a choice per artifact kind (and a write per artifact), so left open.
describe.each([
  ['memory', () => createMemoryStore()],
  ['sqlite', () => createSqliteStore({ path: ':memory:' })],
])('sessions.fork of a chat (%s)', (_, open) => {
  it.skip('a reply marked stopped in the shared history stays incomplete in the fork', async () => {
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
});
