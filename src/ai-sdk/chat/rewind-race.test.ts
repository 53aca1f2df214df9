import { join } from 'node:path';
import type { UIMessage } from 'ai';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test-support/reliability/store-drivers.ts';
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
afterAll(async () => {
  for (const made of dirs) await made.remove();
});

const stores: [string, () => Promise<MemoryStoreV1>][] = [
  ['memory', async () => createMemoryStore()],
  [
    'sqlite',
    async () => {
      const made = await tempDir('chat-rewind-race');
      dirs.push(made);
      return createSqliteStore({ path: join(made.path, 'chat.db') });
    },
  ],
];

describe.each(stores)('two rewinds of one message at once (%s)', (_, open) => {
  it('one wins; the other is a CONFLICT naming the message the caller sent, and stores nothing', async () => {
    const store = await open();
    const chats = createChatStore({ store });
    await chats.append('c', [msg('u1', 'user', 'q1'), msg('a1', 'assistant', 'r1')]);
    const results = await Promise.allSettled([
      chats.append('c', [msg('u1', 'user', 'q1, edited once')], { rewind: true }),
      chats.append('c', [msg('u1', 'user', 'q1, edited twice')], { rewind: true }),
    ]);
    const loaded = await chats.load('c');
    expect(loaded.map((m) => m.id)).toEqual(['u1']);
    const texts = ['q1, edited once', 'q1, edited twice'];
    const failed = results.flatMap((r, i) => (r.status === 'rejected' ? [{ i, reason: r.reason }] : []));
    // Both may succeed one after the other (the second rewinding the first's version); a failure is a CONFLICT.
    for (const { reason } of failed) {
      expect(reason).toMatchObject({ code: 'CONFLICT' });
      expect(String(reason.message)).toContain('"u1"');
      expect(String(reason.message)).not.toMatch(/u1#|~/);
    }
    const shown = (loaded[0]!.parts[0] as { text: string }).text;
    if (failed.length === 1) expect(shown).toBe(texts[1 - failed[0]!.i]);
    else expect(texts).toContain(shown);
    await store.close?.();
  });
});
