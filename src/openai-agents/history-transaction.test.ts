import type { AgentInputItem, SessionHistoryTransactionArgs } from '@openai/agents-core';
import { MemorySession } from '@openai/agents-core';
import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { mixedConversation, popAll } from '../../test-support/agents-mixed-log.ts';
import { crashingStore } from '../../test-support/crashing-store.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { createEngramSession } from './engram-session.ts';

const user = (content: string): AgentInputItem => ({ type: 'message', role: 'user', content });

describe('applyHistoryTransaction: replace_suffix with an empty replacement', () => {
  it('removes the suffix, as the SDK’s MemorySession does, once per operation id', async () => {
    const items = [user('a'), user('b'), user('c')];
    const args: SessionHistoryTransactionArgs = {
      operationId: 'drop-tail',
      transaction: { type: 'replace_suffix', expectedSuffix: [user('b'), user('c')], replacement: [] },
    };
    const reference = new MemorySession({ initialItems: items });
    await reference.applyHistoryTransaction(args);
    expect(await reference.getItems()).toEqual([user('a')]);

    const session = createEngramSession({ store: createMemoryStore(), sessionId: 's' });
    await session.addItems(items);
    await session.applyHistoryTransaction(args);
    expect(await session.getItems()).toEqual([user('a')]);
    await session.addItems([user('d')]);
    await session.applyHistoryTransaction(args); // a repeat is a no-op
    expect(await session.getItems()).toEqual([user('a'), user('d')]);
  });

  it('a repeat finishes the delete a crash left undone after the operation was recorded', async () => {
    const session = createEngramSession({ store: createMemoryStore(), sessionId: 's' });
    await session.addItems([user('a'), user('b')]);
    const args: SessionHistoryTransactionArgs = {
      operationId: 'drop-b',
      transaction: { type: 'replace_suffix', expectedSuffix: [user('b')], replacement: [] },
    };
    await session.applyHistoryTransaction(args);
    // What a crash between the record and the delete leaves: the record, and the suffix still in the log.
    const [record] = await session.memory.listArtifacts('openai-agents.operation');
    expect(record!.data).toMatchObject({ replaces: [expect.any(String)] });
    await session.memory.clear();
    await session.addItems([user('a'), user('b')]);
    const [, b] = await session.memory.read();
    await session.memory.putArtifact({
      ...record!,
      data: { ...(record!.data as object), replaces: [b!.id] },
    });
    await session.applyHistoryTransaction(args);
    expect(await session.getItems()).toEqual([user('a')]);
  });
});

describe('applyHistoryTransaction: replace_suffix over messages written through engram’s other APIs', () => {
  /** A session whose log holds `a` (added as an item), then `messages` stored through `memory.store`. */
  async function mixed(messages: ModelMessage[], store: MemoryStoreV1 = createMemoryStore()) {
    const session = createEngramSession({ store, sessionId: 's' });
    await session.addItems([user('a')]);
    await createConversationMemory({ store, sessionId: 's' }).store(messages);
    const items = await session.getItems();
    return { session, items, reference: new MemorySession({ initialItems: items }) };
  }
  const replaceLast = (items: AgentInputItem[], n: number, replacement = [user('done')]) => ({
    operationId: `last-${n}-${replacement.length}`,
    transaction: { type: 'replace_suffix' as const, expectedSuffix: items.slice(-n), replacement },
  });

  it('replaces a plain user message, compared as the one item getItems shows', async () => {
    const { session, items, reference } = await mixed([{ role: 'user', content: 'b' }]);
    expect(items).toEqual([user('a'), user('b')]);
    for (const replacement of [[user('B')], []]) {
      const args = replaceLast(items, 1, replacement);
      await reference.applyHistoryTransaction(args);
      await session.applyHistoryTransaction(args);
      expect(await session.getItems()).toEqual(await reference.getItems());
      await session.applyHistoryTransaction(args); // a repeat is a no-op
      expect(await session.getItems()).toEqual(await reference.getItems());
      items.splice(-1, 1, ...replacement);
    }
  });

  // mixedConversation is 8 items in 4 messages (1, 3, 2 and 2 items); after `a`, 9 items in 5 messages.
  for (const n of [1, 2, 3, 4, 5, 6, 7, 8, 9]) {
    it(`replaces the last ${n} items, cutting a message the suffix starts inside`, async () => {
      const { session, items, reference } = await mixed(mixedConversation());
      expect(items).toHaveLength(9);
      await reference.applyHistoryTransaction(replaceLast(items, n));
      await session.applyHistoryTransaction(replaceLast(items, n));
      expect(await session.getItems()).toEqual(await reference.getItems());
      // Nothing of the suffix is left in the log: the messages before it, the split one's first items, the replacement.
      let left = 9 - n;
      const messagesLeft = [1, 1, 3, 2, 2].reduce((sum, size) => {
        const kept = Math.min(size, left);
        left -= kept;
        return sum + (kept === size ? 1 : kept);
      }, 1);
      expect(await session.memory.read()).toHaveLength(messagesLeft);
      expect(await popAll(session)).toEqual(await popAll(reference));
    });
  }

  it('refuses a suffix that does not match (CONFLICT) and changes nothing', async () => {
    const { session, items } = await mixed(mixedConversation());
    const before = await session.memory.read();
    const args = replaceLast([...items.slice(0, -1), user('not there')], 2);
    await expect(session.applyHistoryTransaction(args)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await session.memory.read()).toEqual(before);
    expect(await session.getItems()).toEqual(items);
  });

  it('passes over a message that stands for no item, in the suffix or after it, and leaves it', async () => {
    const empty: ModelMessage = { role: 'assistant', content: [] };
    const { session, items, reference } = await mixed([
      { role: 'user', content: 'b' },
      empty,
      { role: 'user', content: 'c' },
      empty,
    ]);
    expect(items).toEqual([user('a'), user('b'), user('c')]);
    await reference.applyHistoryTransaction(replaceLast(items, 2));
    await session.applyHistoryTransaction(replaceLast(items, 2));
    expect(await session.getItems()).toEqual(await reference.getItems());
    expect((await session.memory.read()).map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'assistant',
      'user',
    ]);
  });

  for (const replacement of [[user('done')], []]) {
    it(`cut short between its append and its delete (${replacement.length} replaced): reads and a repeat show every item once`, async () => {
      const { store, crash } = crashingStore();
      const { session, items, reference } = await mixed(mixedConversation(), store);
      // The last message is a text and a tool call: the suffix starts inside it.
      const args = replaceLast(items, 1, replacement);
      await reference.applyHistoryTransaction(args);
      crash.on = true;
      await expect(session.applyHistoryTransaction(args)).rejects.toThrow('killed');
      crash.on = false;
      expect(await session.getItems()).toEqual(await reference.getItems());
      await session.applyHistoryTransaction(args);
      expect(await session.getItems()).toEqual(await reference.getItems());
      expect(await popAll(session)).toEqual(await popAll(reference));
      expect(await session.memory.read()).toEqual([]);
    });
  }
});
