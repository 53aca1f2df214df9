import { createClient } from '@libsql/client';
import { afterAll, describe, expect, it } from 'vitest';
import { rideStores } from '../../test-support/ride-stores.ts';
import { carryWaitMs, createRideCarry, withRide } from '../core/ride-on-append.ts';
import { createLibsqlStore } from '../drivers/libsql/libsql-store.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { createConversationMemory } from './conversation-memory.ts';

/**
 * A carried artifact (an agent run's closing read kept it for the next run) is written alone after the carry's wait.
 * On a store whose writes take time (PostgreSQL, libSQL, a slow disk), the next run can start while that write is in
 * flight and write a newer version of the same artifact: the newer one must be what the store keeps.
 */

const stores = rideStores('engram_ridingcarry');
afterAll(() => stores.cleanup());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function newerVersionKept(store: MemoryStoreV1, tenant: string): Promise<void> {
  // The store's own method, slowed down once: the carried write is in flight when the next run starts.
  const put = store.putArtifact.bind(store);
  let slow = true;
  store.putArtifact = async (...args) => {
    if (slow) {
      slow = false;
      await sleep(300);
    }
    return put(...args);
  };
  const scope = { tenant };
  const memory = createConversationMemory({ store, scope, sessionId: 's' });
  await memory.append({ role: 'user', content: 'hi' });
  const step = (v: number) => ({ id: 'ctx_1', kind: 'autocontext', fromSeq: 1, toSeq: v, data: { v } });
  const carry = createRideCarry();
  // The closing read of run 1 keeps its ladder step for the next run.
  await withRide(() => memory.putArtifact(step(1)), { carry, keep: true });
  // No run comes within the wait: it is written alone (slowly).
  await sleep(carryWaitMs + 50);
  // Run 2 starts meanwhile and writes a newer version with its step's messages.
  await withRide(
    async () => {
      await memory.putArtifact(step(2));
      await memory.append({ role: 'assistant', content: 'hello' });
    },
    { carry },
  );
  await sleep(400);
  expect((await store.listArtifacts(scope, 's', 'autocontext')).map((a) => a.data)).toEqual([{ v: 2 }]);
  expect((await memory.listArtifacts('autocontext')).map((a) => a.data)).toEqual([{ v: 2 }]);
}

describe('a carried artifact written after the wait, while the next run writes a newer version', () => {
  it('sqlite: the store keeps the newer version', () =>
    stores.sqlite((store) => newerVersionKept(store, 'sqlite')));
  it('postgres: the store keeps the newer version', () =>
    stores.postgres(({ store }) => newerVersionKept(store, 'postgres')));
  it('libsql: the store keeps the newer version', async () => {
    const store = createLibsqlStore({ client: createClient({ url: ':memory:' }) });
    try {
      await newerVersionKept(store, 'libsql');
    } finally {
      await store.close();
    }
  });
  it('memory: the store keeps the newer version', () => newerVersionKept(createMemoryStore(), 'memory'));
});
