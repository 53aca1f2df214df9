import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { InvalidMessageError } from '../core/errors/index.ts';
import { createMemoryStore } from '../drivers/memory/index.ts';
import { openSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { arbMemoryMessage } from '../testing/message-arbitraries.ts';
import { isKnownValid, markKnownValid } from './known-valid.ts';
import { toModelMessages } from './to-model-message.ts';
import { messageIssues, validateMessage, validateMessageInputs } from './validate.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-known-valid-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('known-valid messages', () => {
  it('says false for any value it was not given, of any type', () => {
    for (const value of [undefined, null, 0, 'x', true, Symbol('s'), 1n, {}, [], () => 1, new Date(0)])
      expect(isKnownValid(value)).toBe(false);
    const m = Object.freeze({ role: 'user' as const, content: 'hi', createdAt: Object.freeze(new Date(0)) });
    expect(markKnownValid(m)).toBe(m);
    expect(isKnownValid(m)).toBe(true);
    expect(isKnownValid({ ...m })).toBe(false);
  });

  it('checks again a stored message whose frozen date was set to an invalid time, and refuses it', async () => {
    const memory = createConversationMemory({
      store: createMemoryStore(),
      scope: { tenant: 't' },
      sessionId: 's',
    });
    await memory.store([{ role: 'user', content: 'hello' }]);
    const [stored] = await memory.read();
    expect(isKnownValid(stored)).toBe(true);
    // Freezing a Date does not freeze its time.
    (stored?.createdAt as Date).setTime(Number.NaN);
    expect(isKnownValid(stored)).toBe(false);
    expect(() => validateMessage(stored)).toThrow(InvalidMessageError);
    expect(() => validateMessageInputs([stored])).toThrow(/messages\[0\]/);
  });

  it('still checks every message it does not know: a bad one beside stored ones is refused, naming its index', async () => {
    const store = createMemoryStore();
    const memory = createConversationMemory({ store, scope: { tenant: 't' }, sessionId: 's' });
    await memory.store([
      { role: 'user', content: 'hello' },
      { role: 'assistant', content: 'hi' },
    ]);
    const read = await memory.read();
    expect(read.every(isKnownValid)).toBe(true);
    const bad = { role: 'wizard', content: 'x' };
    expect(() => validateMessageInputs([...read, bad])).toThrow(InvalidMessageError);
    expect(() => validateMessageInputs([...read, bad])).toThrow(/messages\[2\]/);
    expect(() => validateMessage(bad)).toThrow(InvalidMessageError);
  });

  it('marks only what the stores hand out, each a valid MemoryMessage, on every driver and after a reopen', async () => {
    const path = join(dir, 'known.db');
    await fc.assert(
      fc.asyncProperty(fc.array(arbMemoryMessage, { minLength: 1, maxLength: 6 }), async (messages) => {
        rmSync(path, { force: true });
        rmSync(`${path}-wal`, { force: true });
        rmSync(`${path}-shm`, { force: true });
        const stores = [createMemoryStore(), await openSqliteStore({ path })];
        for (const store of stores) {
          const memory = createConversationMemory({ store, scope: { tenant: 't' }, sessionId: 's' });
          await memory.store(messages);
          const read = await memory.read();
          for (const m of read) {
            expect(isKnownValid(m)).toBe(true);
            expect(Object.isFrozen(m)).toBe(true);
            // The mark stands for a check: each message it marks passes the full check too.
            expect(messageIssues(m)).toEqual([]);
          }
          // The user's own objects are never marked: they can still change.
          for (const m of messages) expect(isKnownValid(m)).toBe(false);
          expect(toModelMessages(read)).toHaveLength(read.length);
          await store.close();
        }
        // Read back in a new store over the same file: decoded rows are marked too.
        const reopened = await openSqliteStore({ path });
        const again = await createConversationMemory({
          store: reopened,
          scope: { tenant: 't' },
          sessionId: 's',
        }).read();
        expect(again.length).toBe(messages.length);
        for (const m of again) expect(isKnownValid(m)).toBe(true);
        await reopened.close();
      }),
      { numRuns: 15 },
    );
  });
});
