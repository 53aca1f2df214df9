import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { InvalidMessageError } from '../core/errors/index.ts';
import { createJsonFileStore } from '../drivers/json-file/index.ts';
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
    const m = Object.freeze({
      id: 'm1',
      createdAt: Object.freeze(new Date(0)),
      role: 'user' as const,
      content: 'hi',
    });
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
    if (!stored) throw new Error('the stored message was not read back');
    expect(isKnownValid(stored)).toBe(true);
    // Freezing a Date does not freeze its time.
    stored.createdAt.setTime(Number.NaN);
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
      // Distinct ids: two different messages under one id are refused (DUPLICATE_MESSAGE_ID), not stored.
      fc.asyncProperty(
        fc.uniqueArray(arbMemoryMessage, { minLength: 1, maxLength: 6, selector: (m) => m.id }),
        async (messages) => {
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
        },
      ),
      { numRuns: 15 },
    );
  });

  it('a stored message stays known only while it is valid: what a caller can still change in it is checked or cannot be changed', async () => {
    const path = join(dir, 'mutable.db');
    const folder = join(dir, 'mutable-json');
    const message = {
      role: 'user' as const,
      content: [
        { type: 'image' as const, image: new URL('https://example.com/a.png') },
        { type: 'file' as const, data: new Uint8Array([1, 2, 3]), mediaType: 'application/octet-stream' },
      ],
    };
    const opens = [
      async () => createMemoryStore(),
      async () => openSqliteStore({ path }),
      async () => createJsonFileStore({ directory: folder }),
    ];
    for (const [i, open] of opens.entries()) {
      // Each store: what it hands out after a write, and (files) after a reopen, decoded from what it wrote.
      const first = await open();
      const memory = createConversationMemory({ store: first, scope: { tenant: 't' }, sessionId: `s${i}` });
      await memory.store([message, message, message]);
      const reads = [await memory.read()];
      if (i > 0) {
        await first.close();
        const again = await open();
        reads.push(
          await createConversationMemory({ store: again, scope: { tenant: 't' }, sessionId: `s${i}` }).read(),
        );
        await again.close();
      } else await first.close();
      for (const read of reads) {
        const [dated, url, bytes] = read as {
          createdAt: Date;
          content: { image?: URL; data?: Uint8Array }[];
        }[];
        // A frozen Date's time can still be set; a URL's or bytes' prototype swapped, if they are not sealed.
        dated!.createdAt.setTime(Number.NaN);
        try {
          Object.setPrototypeOf(url!.content[0]!.image!, null);
        } catch {}
        try {
          Object.setPrototypeOf(bytes!.content[1]!.data!, Object.prototype);
        } catch {}
        for (const m of read) {
          const bad = messageIssues(m).length > 0;
          expect(isKnownValid(m)).toBe(!bad);
          if (bad) {
            expect(() => validateMessage(m)).toThrow(InvalidMessageError);
            expect(() => validateMessageInputs([m])).toThrow(/messages\[0\]/);
          } else expect(validateMessage(m)).toBe(m);
        }
      }
    }
  });
});
