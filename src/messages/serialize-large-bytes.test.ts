import { describe, expect, it } from 'vitest';
import type { MemoryMessage } from '../core/message.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import { deserializeMessage, serializeMessage } from './serialize.ts';

// A 6 MB image: well under the stores' 16 MiB maxMessageBytes. The $bytes check's regex
// /^(?:[A-Za-z0-9+/]{4})*…$/ keeps one backtrack entry per 4 characters and overflows V8's regexp stack.
const image = new Uint8Array(6 * 1024 * 1024).fill(7);

describe('a large $bytes value (review of 9e66375)', () => {
  it('round-trips through the codec', () => {
    const m = {
      id: 'm1',
      role: 'user',
      createdAt: new Date(0),
      content: [{ type: 'image', image, mediaType: 'image/png' }],
    } as unknown as MemoryMessage;
    const back = deserializeMessage(serializeMessage(m)) as unknown as { content: { image: Uint8Array }[] };
    expect(back.content[0]!.image.length).toBe(image.length);
  });

  it('a session holding it stays readable (sqlite)', async () => {
    const store = createSqliteStore({ path: ':memory:' });
    const memory = createConversationMemory({
      store,
      counter: createTokenCounter({ encoding: 'o200k_base' }),
      sessionId: 's',
    });
    await memory.append({
      role: 'user',
      content: [{ type: 'image', image, mediaType: 'image/png' }],
    } as never);
    await memory.append({ role: 'user', content: 'and a second message' });
    const entries = await memory.entries();
    expect(entries).toHaveLength(2);
    await store.close();
  });
});
