import { AIMessage, type BaseMessage, HumanMessage } from '@langchain/core/messages';
import { messagesStateReducer } from '@langchain/langgraph';
import { describe, expect, it } from 'vitest';
import { countEntryReads } from '../../test-support/counting-reads.ts';
import { checkpointOf } from '../../test-support/langgraph/checkpoint-of.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createMemoryStore } from '../drivers/memory/index.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { createEngramCheckpointSaver } from './engram-checkpoint-saver.ts';
import { threadSessionId } from './storage-keys.ts';

const scope = { tenant: 'reads' };
const thread = 'chat';
const sessionId = threadSessionId(thread);
type Config = { configurable: Record<string, string> };

/** A store that counts the log entries its `readRange` hands out. */
function countingStore(): { store: MemoryStoreV1; entriesRead: () => number } {
  return countEntryReads<MemoryStoreV1>(createMemoryStore());
}

const message = (i: number) =>
  i % 2
    ? new AIMessage({ id: `m${i}`, content: `answer ${i}` })
    : new HumanMessage({ id: `m${i}`, content: `question ${i}` });

/** A thread appended one message per checkpoint, as a graph does: each list read back with getTuple. */
async function converse(saver: ReturnType<typeof createEngramCheckpointSaver>, n: number, from = 0) {
  let config: Config = { configurable: { thread_id: thread } };
  for (let i = from; i < from + n; i++) {
    const latest = await saver.getTuple({ configurable: { thread_id: thread } });
    const before = (latest?.checkpoint.channel_values.messages as BaseMessage[] | undefined) ?? [];
    if (latest) config = latest.config as Config;
    config = (await saver.put(
      config,
      checkpointOf(messagesStateReducer(before, [message(i)]), i + 1),
      {
        source: 'loop',
        step: i,
        parents: {},
      },
      { messages: i + 1 },
    )) as Config;
  }
  return config;
}

const messagesOf = async (saver: ReturnType<typeof createEngramCheckpointSaver>, config: Config) =>
  (await saver.getTuple(config))!.checkpoint.channel_values.messages as BaseMessage[];

describe('reading message lists back', () => {
  it('revives each log entry once: a read after a put reads only the new entry, and gives back equal lists', async () => {
    const { store, entriesRead } = countingStore();
    const saver = createEngramCheckpointSaver({ store, scope });
    await converse(saver, 40);
    // Each of the 40 getTuple calls read only what the previous put appended (the first read nothing).
    expect(entriesRead()).toBe(39);
    const config = await converse(saver, 1, 40);
    expect(entriesRead()).toBe(40);
    const again = await messagesOf(saver, config);
    expect(again.map((m) => m.content)).toEqual(Array.from({ length: 41 }, (_, i) => message(i).content));
    // A second saver on the same store (a restart) revives the whole list once, the same messages.
    const restarted = createEngramCheckpointSaver({ store, scope });
    expect(await messagesOf(restarted, config)).toEqual(again);
  });

  it('gives back an object it read only while unchanged: one edited in place is revived again from the log', async () => {
    const saver = createEngramCheckpointSaver({ store: createMemoryStore(), scope });
    const config = await converse(saver, 5);
    const first = await messagesOf(saver, config);
    const second = await messagesOf(saver, config);
    expect(second[2]).toBe(first[2]);
    first[2]!.content = 'edited in place, never stored';
    const third = await messagesOf(saver, config);
    expect(third[2]).not.toBe(first[2]);
    expect(third[2]!.content).toBe('question 2');
    expect(third[3]).toBe(first[3]);
  });

  it('stops giving back objects read before once an entry of the log is deleted by other means', async () => {
    const store = createMemoryStore();
    const saver = createEngramCheckpointSaver({ store, scope });
    const config = await converse(saver, 4);
    await messagesOf(saver, config);
    const [entry] = await store.readRange(scope, sessionId, { fromSeq: 2, toSeq: 2 });
    await store.deleteMessages(scope, sessionId, [entry!.message.id]);
    const error = await saver.getTuple(config).catch((e: unknown) => e);
    expect(MemoryError.hasCode(error, 'STORE_ERROR')).toBe(true);
  });

  it('stops giving back objects once an entry is deleted, also when its first look at the thread was a put', async () => {
    const store = createMemoryStore();
    const config = await converse(createEngramCheckpointSaver({ store, scope }), 4);
    // A restarted saver whose first call is a put: it reads the parent's list to match the child's against it.
    const restarted = createEngramCheckpointSaver({ store, scope });
    const list = Array.from({ length: 5 }, (_, i) => message(i));
    await restarted.put(
      config,
      checkpointOf(list, 5),
      { source: 'loop', step: 4, parents: {} },
      { messages: 5 },
    );
    const [entry] = await store.readRange(scope, sessionId, { fromSeq: 2, toSeq: 2 });
    await store.deleteMessages(scope, sessionId, [entry!.message.id]);
    // A saver that never read the thread refuses the checkpoint; the restarted one must too.
    const fresh = await createEngramCheckpointSaver({ store, scope })
      .getTuple(config)
      .catch((e: unknown) => e);
    expect(MemoryError.hasCode(fresh, 'STORE_ERROR')).toBe(true);
    const error = await restarted.getTuple(config).catch((e: unknown) => e);
    expect(MemoryError.hasCode(error, 'STORE_ERROR')).toBe(true);
  });
});
