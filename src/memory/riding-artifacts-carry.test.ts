import { createClient } from '@libsql/client';
import type { ModelMessage } from 'ai';
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

/** The store's own `putArtifact`, slowed down once by 300 ms. */
function slowFirstPut(store: MemoryStoreV1): void {
  const put = store.putArtifact.bind(store);
  let slow = true;
  store.putArtifact = async (...args) => {
    if (slow) {
      slow = false;
      await sleep(300);
    }
    return put(...args);
  };
}

/** `check` on SQLite, PostgreSQL, libSQL and the memory store: the store keeps the newer version. */
function onEveryStore(title: string, check: (store: MemoryStoreV1, tenant: string) => Promise<void>): void {
  describe(title, () => {
    it('sqlite: the store keeps the newer version', () => stores.sqlite((store) => check(store, 'sqlite')));
    it('postgres: the store keeps the newer version', () =>
      stores.postgres(({ store }) => check(store, 'postgres')));
    it('libsql: the store keeps the newer version', async () => {
      const store = createLibsqlStore({ client: createClient({ url: ':memory:' }) });
      try {
        await check(store, 'libsql');
      } finally {
        await store.close();
      }
    });
    it('memory: the store keeps the newer version', () => check(createMemoryStore(), 'memory'));
  });
}

async function newerVersionKept(store: MemoryStoreV1, tenant: string): Promise<void> {
  slowFirstPut(store); // the carried write is in flight when the next run starts
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

onEveryStore(
  'a carried artifact written after the wait, while the next run writes a newer version',
  newerVersionKept,
);

/**
 * A step whose append takes the riding artifact and then fails (rolled back) gives it back: it is written alone as if
 * never taken (after the carry's wait), and that write too must not land after a newer version written meanwhile
 * (here by a read outside any agent step, which writes directly in the conversation's turn).
 */
async function givenBackKeepsOrder(store: MemoryStoreV1, tenant: string): Promise<void> {
  slowFirstPut(store);
  const scope = { tenant };
  const memory = createConversationMemory({ store, scope, sessionId: 's' });
  await memory.append({ id: 'msg_1', role: 'user', content: 'hi' } as ModelMessage);
  const step = (v: number) => ({ id: 'ctx_1', kind: 'autocontext', fromSeq: 1, toSeq: v, data: { v } });
  const carry = createRideCarry();
  // Run 1's step: its append takes the artifact, then fails (a duplicate id) and rolls back.
  await expect(
    withRide(
      async () => {
        await memory.putArtifact(step(1));
        await memory.append({ id: 'msg_1', role: 'assistant', content: 'again' } as ModelMessage);
      },
      { carry, keep: true },
    ),
  ).rejects.toThrow();
  await sleep(carryWaitMs + 50);
  // Meanwhile a read outside any agent step (no ride) writes a newer version directly.
  await memory.putArtifact(step(2));
  await sleep(400);
  expect((await store.listArtifacts(scope, 's', 'autocontext')).map((a) => a.data)).toEqual([{ v: 2 }]);
}

onEveryStore(
  'an artifact given back by a failed append, written alone while a newer version is written',
  givenBackKeepsOrder,
);
