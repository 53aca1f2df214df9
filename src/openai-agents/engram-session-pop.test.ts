import type { AgentInputItem } from '@openai/agents-core';
import { MemorySession } from '@openai/agents-core';
import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { mixedConversation, popAll } from '../../test-support/agents-mixed-log.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { createEngramSession } from './engram-session.ts';

/** An assistant message as `agent()` or `memory.store` writes it: its text and a tool call in one message. */
const textAndCall = (text: string, callId: string): ModelMessage => ({
  role: 'assistant',
  content: [
    { type: 'text', text },
    { type: 'tool-call', toolCallId: callId, toolName: 'weather', input: { city: text } },
  ],
});
const user = (content: string): AgentInputItem => ({ type: 'message', role: 'user', content });

/** A session whose log also holds messages written through engram's other APIs (several items each). */
async function mixedSession(store: MemoryStoreV1, messages: ModelMessage[]) {
  await createConversationMemory({ store, sessionId: 's' }).store(messages);
  return createEngramSession({ store, sessionId: 's' });
}

describe('popItem on a message that stands for several items', () => {
  it('removes only its last item, as the SDK’s MemorySession does; the others stay', async () => {
    const session = await mixedSession(createMemoryStore(), [textAndCall('Oslo', 'c1')]);
    const items = await session.getItems();
    expect(items).toHaveLength(2);
    const reference = new MemorySession({ initialItems: items });

    expect(await session.popItem()).toEqual(await reference.popItem());
    expect(await session.getItems()).toEqual(await reference.getItems());
    expect(await session.getItems()).toEqual([items[0]]);
  });

  it('pops every item once, newest first, until the session is empty, as MemorySession does', async () => {
    const store = createMemoryStore();
    const session = await mixedSession(store, mixedConversation());
    await session.addItems([user('And Lima?')]);
    await createConversationMemory({ store, sessionId: 's' }).store([textAndCall('Lima', 'c4')]);
    const items = await session.getItems();
    expect(items).toHaveLength(11);
    const reference = new MemorySession({ initialItems: items });

    const popped = await popAll(session);
    expect(popped).toEqual(await popAll(reference));
    expect(popped).toEqual([...items].reverse());
    expect(await session.getItems()).toEqual([]);
    expect(await session.memory.read()).toEqual([]);
  });

  it('getItems(limit) after a pop counts the items left, as MemorySession does', async () => {
    const session = await mixedSession(createMemoryStore(), [
      { role: 'user', content: 'q' },
      textAndCall('Oslo', 'c1'),
      textAndCall('Rome', 'c2'),
    ]);
    const reference = new MemorySession({ initialItems: await session.getItems() });
    await session.popItem();
    await reference.popItem();
    for (const limit of [1, 2, 3, 4, 10])
      expect(await session.getItems(limit), `limit ${limit}`).toEqual(await reference.getItems(limit));
  });
});

describe('a message written through engram’s other APIs that stands for no item', () => {
  /** Assistant and tool messages whose content maps to no item: nothing, or only empty text. */
  const empties: ModelMessage[] = [
    { role: 'assistant', content: [] },
    { role: 'tool', content: [] },
    { role: 'assistant', content: [{ type: 'text', text: '' }] },
  ];
  /** A session of the items `a`, `b`, `c`, with `empty` stored after `b` and after `c`. */
  async function withEmpties(empty: ModelMessage) {
    const store = createMemoryStore();
    const session = createEngramSession({ store, sessionId: 's' });
    const memory = createConversationMemory({ store, sessionId: 's' });
    await session.addItems([user('a'), user('b')]);
    await memory.store([empty]);
    await session.addItems([user('c')]);
    await memory.store([empty]);
    const items = await session.getItems();
    expect(items).toEqual([user('a'), user('b'), user('c')]);
    return { session, reference: new MemorySession({ initialItems: items }) };
  }

  for (const empty of empties) {
    const name = JSON.stringify(empty);
    it(`is skipped by popItem, which returns the items before it and leaves it in the log (${name})`, async () => {
      const { session, reference } = await withEmpties(empty);
      expect(await session.popItem()).toEqual(await reference.popItem());
      expect(await session.getItems()).toEqual(await reference.getItems());
      expect(await popAll(session)).toEqual(await popAll(reference));
      // Not an item, so no pop removes it: engram's own reads of the log still see it.
      expect((await session.memory.read()).map((m) => m.role)).toEqual([empty.role, empty.role]);
    });

    it(`is not counted by getItems(limit) (${name})`, async () => {
      const { session, reference } = await withEmpties(empty);
      for (const limit of [1, 2, 3, 4])
        expect(await session.getItems(limit), `limit ${limit}`).toEqual(await reference.getItems(limit));
    });
  }

  it('popItem past many of them reads the log in a few pages, not one store call each', async () => {
    const inner = createMemoryStore();
    let calls = 0;
    const store = new Proxy(inner, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (key === 'readRange') calls++;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const session = createEngramSession({ store, sessionId: 's' });
    await session.addItems([user('a')]);
    await createConversationMemory({ store, sessionId: 's' }).store(
      Array.from({ length: 200 }, (): ModelMessage => ({ role: 'assistant', content: [] })),
    );
    calls = 0;
    expect(await session.getItems(1)).toEqual([user('a')]);
    expect(await session.popItem()).toEqual(user('a'));
    expect(calls).toBeLessThanOrEqual(2 * 10);
  });
});
