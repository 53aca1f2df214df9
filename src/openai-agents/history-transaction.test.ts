import type { AgentInputItem, SessionHistoryTransactionArgs } from '@openai/agents-core';
import { MemorySession } from '@openai/agents-core';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
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
