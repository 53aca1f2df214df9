import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UIMessage } from 'ai';
import { afterAll, expect, it } from 'vitest';
import { createSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import type { MemoryStoreV1 } from '../../store/memory-store.ts';
import { createChatStore } from './chat-store.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-rewind-race-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const msg = (id: string, role: 'user' | 'assistant', text: string): UIMessage => ({
  id,
  role,
  parts: [{ type: 'text', text }],
});

it('two chat stores on one SQLite file: an edit whose message another writer rewinds away meanwhile does not delete the whole chat', async () => {
  const path = join(dir, 'chat.db');
  const raw = createSqliteStore({ path });
  const other = createSqliteStore({ path }); // a second process (or chat store) on the same file
  // B's edit of u0 runs while A's edit of u1 is between finding u1 by id and reading the log back to it.
  let interleave: (() => Promise<void>) | undefined;
  const a = new Proxy(raw, {
    get(target, key, receiver) {
      if (key === 'readRange')
        return async (...args: Parameters<MemoryStoreV1['readRange']>) => {
          const step = interleave;
          interleave = undefined;
          if (step && args[2]?.direction === 'backward') await step();
          return target.readRange(...args);
        };
      const value = Reflect.get(target, key, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const chatsA = createChatStore({ store: a });
  const chatsB = createChatStore({ store: other });
  await chatsA.append('c', [
    msg('p0', 'user', 'earlier question'),
    msg('pa0', 'assistant', 'earlier answer'),
    msg('u0', 'user', 'q0'),
    msg('a0', 'assistant', 'r0'),
    msg('u1', 'user', 'q1'),
    msg('a1', 'assistant', 'r1'),
  ]);
  interleave = () => chatsB.append('c', [msg('u0', 'user', 'q0, edited in tab B')], { rewind: true });
  await chatsA
    .append('c', [msg('u1', 'user', 'q1, edited in tab A')], { rewind: true })
    .catch(() => undefined);
  const ids = (await chatsB.load('c')).map((m) => m.id);
  // Whatever wins, the messages before both edited ones are kept.
  expect(ids.slice(0, 2)).toEqual(['p0', 'pa0']);
  await raw.close();
  await other.close();
});
