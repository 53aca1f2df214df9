import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { streamText, type UIMessage } from 'ai';
import { afterAll, describe, expect, it } from 'vitest';
import {
  approvalAsked,
  post,
  streamingModel,
  textParts,
  user,
} from '../../../test-support/chat-handler-rig.ts';
import { createTestSchema, type TestDatabase } from '../../../test-support/postgres/test-database.ts';
import { sendToModel } from '../../../test-support/send-to-model.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createPostgresStore } from '../../drivers/postgres/postgres-driver.ts';
import { createSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import type { MemoryStoreV1 } from '../../store/memory-store.ts';
import { agent } from '../agent/agent.ts';
import { createChatHandler } from './chat-handler.ts';
import { type ChatStore, createChatStore } from './chat-store.ts';
import { settledCalls } from './settle-waiting-calls.ts';

/**
 * A new message while the chat's last reply waits: what it leaves waiting is settled (denied) in the append that
 * stores the message, so a message refused or failed leaves the chat exactly as it was (the reply's waiting version
 * never replaced: same entries, same ids, same sequence numbers). Crash safety: chat-settle-crash.test.ts.
 */

const files: string[] = [];
let pg: TestDatabase | undefined;
afterAll(async () => {
  for (const file of files) rmSync(file, { force: true });
  await pg?.drop();
});

/** Over this many bytes a stored model message is refused (PAYLOAD_TOO_LARGE): the waiting reply fits, a long message does not. */
const limit = 4_000;
const stores: { name: string; open: () => Promise<MemoryStoreV1 & { close?: () => Promise<void> }> }[] = [
  { name: 'memory', open: async () => createMemoryStore({ maxMessageBytes: limit }) },
  {
    name: 'sqlite file',
    open: async () => {
      const path = join(tmpdir(), `engram-settle-${randomUUID()}.db`);
      files.push(path, `${path}-wal`, `${path}-shm`);
      return createSqliteStore({ path, maxMessageBytes: limit });
    },
  },
  {
    name: 'postgres',
    open: async () => {
      pg ??= await createTestSchema('engram_settle');
      const schema = { connectionString: pg.url, schema: pg.name, maxConnections: 2 };
      return createPostgresStore({ ...schema, maxMessageBytes: limit });
    },
  },
];

/** The chat's UI messages with their entry ids, and its live log (ids, sequence numbers, messages). */
async function snapshot(chats: ChatStore) {
  return { messages: await chats.messages('c'), log: await chats.conversation('c').entries() };
}

/** A handler answering `Next <call>.` on `chats`, with `respond` or with `agent()`. */
function answering(chats: ChatStore, withAgent: boolean) {
  const { model, prompts } = streamingModel((call) => textParts([`Next ${call}.`]));
  const handler = withAgent
    ? createChatHandler({ chats, agent: agent({ name: 'a', description: 'd', model }) })
    : createChatHandler({ chats, respond: ({ messages }) => streamText({ model, messages }) });
  return { handler, prompts };
}

describe.each(stores)('a new message while an approval waits, on $name', ({ open }) => {
  async function waiting() {
    const store = await open();
    const chats = createChatStore({ store, scope: { tenant: 't', user: randomUUID() } });
    const { asked } = await approvalAsked(chats, 'Removing. ');
    return { store, chats, asked };
  }

  describe.each([
    ['respond', false],
    ['agent', true],
  ])('with %s', (_, withAgent) => {
    it('refused by the store (too large): a 413, and the approval still waits (nothing of the chat changed: the same entries)', async () => {
      const { store, chats, asked } = await waiting();
      try {
        const before = await snapshot(chats);
        const { handler, prompts } = answering(chats, withAgent);
        const big = user('u2', 'x'.repeat(limit * 2));
        const response = await handler(post({ id: 'c', message: big }));
        expect(response.status).toBe(413);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE');
        await chats.idle();
        expect(prompts).toHaveLength(0);
        expect(await chats.load('c')).toEqual([user('u1', 'remove a.txt'), asked]);
        expect(await snapshot(chats)).toEqual(before);
        // The user sends a shorter one: now the approval is denied, before it.
        const next = user('u3', 'never mind');
        await (await handler(post({ id: 'c', message: next }))).text();
        await chats.idle();
        const chat = await chats.load('c');
        expect(chat.slice(0, 3)).toEqual([user('u1', 'remove a.txt'), settledCalls(asked), next]);
        expect(chat).toHaveLength(4);
        await sendToModel(await chats.conversation('c').read());
      } finally {
        await chats.idle();
        await store.close?.();
      }
    });

    it('a reply the store takes but whose settled version is over its limit (the reason makes it longer): the new message is stored anyway, the call left waiting', async () => {
      const store = await open();
      const chats = createChatStore({ store, scope: { tenant: 't', user: randomUUID() } });
      try {
        // A reply of 3,527 text characters is the longest that stores in 4,000 bytes; settled, it takes about 4,290.
        const { asked } = await approvalAsked(chats, 'x'.repeat(3_450));
        expect(await chats.load('c')).toEqual([user('u1', 'remove a.txt'), asked]);
        const { handler, prompts } = answering(chats, withAgent);
        const next = user('u2', 'never mind');
        const response = await handler(post({ id: 'c', message: next }));
        expect(response.status).toBe(200);
        await response.text();
        await chats.idle();
        expect(prompts).toHaveLength(1);
        const chat = await chats.load('c');
        expect(chat.slice(0, 3)).toEqual([user('u1', 'remove a.txt'), asked, next]);
        expect(chat).toHaveLength(4);
        await sendToModel(await chats.conversation('c').read());
      } finally {
        await chats.idle();
        await store.close?.();
      }
    });

    it('refused as bad input only when stored (a -0 in its metadata, which JSON.parse gives): a 400, and the approval still waits', async () => {
      const { store, chats, asked } = await waiting();
      try {
        const { handler, prompts } = answering(chats, withAgent);
        const body = `{"id":"c","message":{"id":"u2","role":"user","metadata":{"n":-0},"parts":[{"type":"text","text":"hi"}]}}`;
        const response = await handler(post(body));
        expect(response.status).toBe(400);
        await chats.idle();
        expect(prompts).toHaveLength(0);
        expect(await chats.load('c')).toEqual([user('u1', 'remove a.txt'), asked]);
      } finally {
        await chats.idle();
        await store.close?.();
      }
    });

    it('a store that fails while it stores the message (an outage): the error is the response, and the approval still waits (the same entries)', async () => {
      const real = await open();
      // The real store, failing the one append that holds the new message's entry.
      const store = new Proxy(real, {
        get(target, key, receiver) {
          const value = Reflect.get(target, key, receiver);
          if (key !== 'append' || typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            const inputs = args[2] as { message: { id: string } }[];
            if (inputs.some((input) => input.message.id === 'u2')) throw new Error('connection lost');
            return value.apply(target, args);
          };
        },
      });
      const chats = createChatStore({ store, scope: { tenant: 't', user: randomUUID() } });
      try {
        const { asked } = await approvalAsked(chats, 'Removing. ');
        const before = await snapshot(chats);
        const { handler, prompts } = answering(chats, withAgent);
        await expect(handler(post({ id: 'c', message: user('u2', 'never mind') }))).rejects.toThrow(
          'connection lost',
        );
        await chats.idle();
        expect(prompts).toHaveLength(0);
        expect(await chats.load('c')).toEqual([user('u1', 'remove a.txt'), asked]);
        expect(await snapshot(chats)).toEqual(before);
      } finally {
        await chats.idle();
        await real.close?.();
      }
    });

    it("a retry of a new message the chat never stored (useChat's regenerate() after a failed send) denies the approval as the send would have", async () => {
      const { store, chats, asked } = await waiting();
      try {
        const { handler, prompts } = answering(chats, withAgent);
        // The send of u2 failed before it reached the chat; the client's retry is regenerate(): u2 again, as the
        // last of its messages, with trigger 'regenerate-message'.
        const next = user('u2', 'never mind');
        const messages: UIMessage[] = [user('u1', 'remove a.txt'), asked, next];
        await (await handler(post({ id: 'c', messages, trigger: 'regenerate-message' }))).text();
        await chats.idle();
        expect(prompts).toHaveLength(1);
        const chat = await chats.load('c');
        expect(chat.slice(0, 3)).toEqual([user('u1', 'remove a.txt'), settledCalls(asked), next]);
        expect(chat).toHaveLength(4);
        expect(JSON.stringify(prompts[0])).toContain('instead of answering this approval');
        await sendToModel(await chats.conversation('c').read());
      } finally {
        await chats.idle();
        await store.close?.();
      }
    });

    it("a new message under the id the settled reply would take (the reply's first spare id): both stored, under ids of their own", async () => {
      const { store, chats, asked } = await waiting();
      try {
        const { handler, prompts } = answering(chats, withAgent);
        const next = user(`${asked.id}@1`, 'never mind');
        const response = await handler(post({ id: 'c', message: next }));
        expect(response.status).toBe(200);
        await response.text();
        await chats.idle();
        expect(prompts).toHaveLength(1);
        const chat = await chats.messages('c');
        expect(chat.slice(0, 3).map((m) => m.message)).toEqual([
          user('u1', 'remove a.txt'),
          settledCalls(asked),
          next,
        ]);
        expect(chat[1]!.entryIds).not.toContain(next.id);
        expect(chat).toHaveLength(4);
        await sendToModel(await chats.conversation('c').read());
      } finally {
        await chats.idle();
        await store.close?.();
      }
    });
  });
});
