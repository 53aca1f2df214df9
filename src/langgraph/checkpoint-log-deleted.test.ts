import { AIMessage, type BaseMessage, HumanMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { checkpointOf } from '../../test-support/langgraph/checkpoint-of.ts';
import { reopenableDrivers } from '../../test-support/reliability/reopenable-stores.ts';
import { createMemoryStore } from '../drivers/memory/index.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { createEngramCheckpointSaver } from './engram-checkpoint-saver.ts';
import { threadSessionId } from './storage-keys.ts';

const scope = { tenant: 'deleted' };
const thread = 'chat';
const sessionId = threadSessionId(thread);
type Config = { configurable: Record<string, string> };
const metadata = (step: number) => ({ source: 'loop' as const, step, parents: {} });
const m = [
  new HumanMessage({ id: 'm0', content: 'hi' }),
  new AIMessage({ id: 'm1', content: 'hello' }),
  new HumanMessage({ id: 'm2', content: 'and then?' }),
];
const contents = (messages: unknown) => (messages as BaseMessage[]).map((x) => x.content);

/**
 * Entries of a thread's log deleted through the store's own session API (what a retention policy or a user
 * pruning the session does) while a saver still knows them: the saver's next put, acknowledged, must read back
 * whole, in that saver and in a new one.
 */
async function putAfterDeletion(store: MemoryStoreV1, deleteEntries: () => Promise<number>) {
  const saver = createEngramCheckpointSaver({ store, scope });
  const first = (await saver.put(
    { configurable: { thread_id: thread } },
    checkpointOf([m[0]!, m[1]!], 1),
    metadata(0),
    { messages: 1 },
  )) as Config;
  expect(await deleteEntries()).toBeGreaterThan(0);
  // The same message objects, and one more: a graph's next step, without reading the thread in between.
  const second = (await saver.put(first, checkpointOf([m[0]!, m[1]!, m[2]!], 2), metadata(1), {
    messages: 2,
  })) as Config;
  for (const reader of [saver, createEngramCheckpointSaver({ store, scope })]) {
    const tuple = await reader.getTuple(second);
    expect(contents(tuple?.checkpoint.channel_values.messages)).toEqual(['hi', 'hello', 'and then?']);
  }
}

const cases: { name: string; deleteEntries: (store: MemoryStoreV1) => Promise<number> }[] = [
  { name: 'clearMessages', deleteEntries: (store) => store.clearMessages(scope, sessionId) },
  {
    name: 'deleteMessages of the first entry',
    deleteEntries: async (store) => {
      const [entry] = await store.readRange(scope, sessionId, { limit: 1 });
      return store.deleteMessages(scope, sessionId, [entry!.message.id]);
    },
  },
];

describe('createEngramCheckpointSaver: a put after log entries it knows were deleted', () => {
  for (const c of cases) {
    it(`memory, ${c.name}: the acknowledged checkpoint reads back whole`, async () => {
      const store = createMemoryStore();
      await putAfterDeletion(store, () => c.deleteEntries(store));
    });
    for (const driver of reopenableDrivers()) {
      it.skipIf(driver.skip)(
        `${driver.name}, ${c.name}: the acknowledged checkpoint reads back whole`,
        async () => {
          const db = await driver.setup('lg_log_deleted');
          const store = db.open();
          try {
            await putAfterDeletion(store, () => c.deleteEntries(store));
          } finally {
            await store.close();
            await db.done();
          }
        },
      );
    }
  }
});
