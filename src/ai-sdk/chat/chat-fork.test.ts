import type { UIMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inProcessStores } from '../../../test-support/in-process-stores.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createSessions } from '../../session/sessions.ts';
import type { MemoryStoreV1 } from '../../store/memory-store.ts';
import { createChatStore } from './chat-store.ts';

const stores = inProcessStores;

const ask = (id: string, text = `question ${id}`): UIMessage => ({
  id,
  role: 'user',
  parts: [{ type: 'text', text }],
});

/** A reply of `steps` tool steps, then a text step: what `agent()` or `streamText` with tools streams. */
function reply(id: string, steps: number): UIMessage {
  const parts: UIMessage['parts'] = [];
  for (let i = 0; i < steps; i++)
    parts.push({ type: 'step-start' }, {
      type: 'tool-weather',
      toolCallId: `${id}-call${i}`,
      state: 'output-available',
      input: { city: `city ${i}` },
      output: { degrees: 20 + i },
    } as never);
  parts.push({ type: 'step-start' }, { type: 'text', text: `answer of ${id}` });
  return { id, role: 'assistant', parts };
}

describe.each(stores)('chats.fork (%s)', (_, open) => {
  it('forked at a reply of several steps, the branch holds all of it, in the UI and in the log', async () => {
    const store = open();
    const chats = createChatStore({ store });
    await chats.append('c', [ask('u1'), reply('a1', 2), ask('u2'), reply('a2', 1)]);
    const branch = await chats.fork('c', { atMessageId: 'a1', id: 'b' });
    expect(branch).toBe('b');
    expect(await chats.load('b')).toEqual([ask('u1'), reply('a1', 2)]);
    const parentLog = await chats.conversation('c').read();
    const branchLog = await chats.conversation('b').read();
    // The log up to the reply's last step: both tool exchanges and the answer (5 entries after u1).
    expect(branchLog).toEqual(parentLog.slice(0, 1 + 5));
    expect(branchLog.at(-1)).toMatchObject({
      role: 'assistant',
      content: [{ type: 'text', text: 'answer of a1' }],
    });
    // Independent from here on.
    await chats.append('b', [ask('v2')]);
    expect((await chats.load('c')).map((m) => m.id)).toEqual(['u1', 'a1', 'u2', 'a2']);
    expect((await chats.load('b')).map((m) => m.id)).toEqual(['u1', 'a1', 'v2']);
    await store.close();
  });

  it('a user message, the last message, and a new id by default', async () => {
    const store = open();
    const chats = createChatStore({ store });
    await chats.append('c', [ask('u1'), reply('a1', 1)]);
    const first = await chats.fork('c', { atMessageId: 'u1' });
    expect(await chats.load(first)).toEqual([ask('u1')]);
    const whole = await chats.fork('c', { atMessageId: 'a1' });
    expect(whole).not.toBe(first);
    expect(await chats.load(whole)).toEqual(await chats.load('c'));
    await store.close();
  });

  it('refuses what it cannot do, and creates nothing', async () => {
    const store = open();
    const chats = createChatStore({ store });
    await chats.append('c', [ask('u1'), reply('a1', 1)]);
    await chats.append('taken', [ask('t1')]);
    const sessions = createSessions({ store });
    const before = (await sessions.list()).map((r) => r.id).sort();
    await expect(chats.fork('c', { atMessageId: 'nope' })).rejects.toMatchObject({
      code: 'MESSAGE_NOT_FOUND',
    });
    await expect(chats.fork('never', { atMessageId: 'u1' })).rejects.toMatchObject({
      code: 'MESSAGE_NOT_FOUND',
    });
    // An entry id of a reply's later step is not a message of the chat.
    const stepId = (await chats.messages('c'))[1]!.entryIds.at(-1)!;
    await expect(chats.fork('c', { atMessageId: stepId })).rejects.toMatchObject({
      code: 'MESSAGE_NOT_FOUND',
    });
    await expect(chats.fork('c', { atMessageId: 'u1', id: 'taken' })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    for (const bad of [
      undefined,
      null,
      'u1',
      { atMessageId: 7 },
      { atMesageId: 'u1' },
      { atMessageId: 'u1', id: '' },
    ])
      await expect(chats.fork('c', bad as never)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect((await sessions.list()).map((r) => r.id).sort()).toEqual(before);
    expect(await chats.load('taken')).toEqual([ask('t1')]);
    await store.close();
  });
});

describe.each(stores)('chats.fork while the message changes (%s)', (_, open) => {
  it('a new version stored between its read and its fork: CONFLICT, no branch; before its read: the new one', async () => {
    const base = open();
    const chats = createChatStore({ store: base });
    await chats.append('c', [ask('u1'), reply('a1', 1)]);
    // The store the forking chat store uses: the regenerate lands right before the fork is made.
    let regenerate: (() => Promise<void>) | undefined = () => chats.update('c', reply('a1', 2));
    const racing: MemoryStoreV1 = Object.create(base);
    racing.createSession = async (scope, input) => {
      const run = regenerate;
      regenerate = undefined;
      if (input?.fork && run) await run();
      return base.createSession(scope, input);
    };
    const forking = createChatStore({ store: racing });
    await expect(forking.fork('c', { atMessageId: 'a1', id: 'b' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(await base.getSession({ tenant: 'default' }, 'b')).toBeUndefined();
    expect(await chats.load('c')).toEqual([ask('u1'), reply('a1', 2)]);
    // Again, now that the new version is stored: the branch holds it.
    expect(await forking.fork('c', { atMessageId: 'a1', id: 'b' })).toBe('b');
    expect(await chats.load('b')).toEqual([ask('u1'), reply('a1', 2)]);
    await base.close();
  });
});

describe('chats.fork, property: a branch is the chat up to the message, whole, in the UI and in the log', () => {
  it('for random chats of user messages and replies of 0–3 tool steps, forked at every message', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: -1, max: 3 }), { minLength: 1, maxLength: 8 }),
        async (shape) => {
          const store = createMemoryStore();
          const chats = createChatStore({ store });
          const chat = shape.map((steps, i) => (steps < 0 ? ask(`m${i}`) : reply(`m${i}`, steps)));
          await chats.append('c', chat);
          const parentLog = await chats.conversation('c').read();
          const entries = await chats.messages('c');
          for (let i = 0; i < chat.length; i++) {
            const id = await chats.fork('c', { atMessageId: `m${i}` });
            expect(await chats.load(id)).toEqual(chat.slice(0, i + 1));
            const held = entries.slice(0, i + 1).reduce((n, m) => n + m.entryIds.length, 0);
            expect(await chats.conversation(id).read()).toEqual(parentLog.slice(0, held));
          }
          await store.close();
        },
      ),
      { numRuns: 40 },
    );
  });
});
