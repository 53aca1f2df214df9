import { AIMessage, type BaseMessage, HumanMessage, RemoveMessage } from '@langchain/core/messages';
import { messagesStateReducer } from '@langchain/langgraph';
import type { SerializerProtocol } from '@langchain/langgraph-checkpoint';
import { describe, expect, it } from 'vitest';
import { checkpointOf } from '../../test-support/langgraph/checkpoint-of.ts';
import { createMemoryStore } from '../drivers/memory/index.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { createEngramCheckpointSaver } from './engram-checkpoint-saver.ts';
import { checkpointKind, threadSessionId } from './storage-keys.ts';

const scope = { tenant: 'deltas' };
const thread = 'chat';
const sessionId = threadSessionId(thread);

async function putAll(
  saver: ReturnType<typeof createEngramCheckpointSaver>,
  lists: BaseMessage[][],
  from = 1,
) {
  let config: { configurable: Record<string, string> } = { configurable: { thread_id: thread } };
  for (const [i, list] of lists.entries()) {
    const step = from + i;
    config = (await saver.put(
      config,
      checkpointOf(list, step),
      { source: 'loop', step, parents: {} },
      {
        messages: step,
      },
    )) as typeof config;
  }
  return config;
}

/** The stored size of every checkpoint record, in JSON characters. */
async function recordSizes(store: MemoryStoreV1): Promise<number[]> {
  const artifacts = await store.listArtifacts(scope, sessionId, checkpointKind(''));
  return artifacts.map((a) => JSON.stringify(a.data).length);
}

describe('message lists are deltas over the thread’s engram log', () => {
  it('a conversation of n messages, one per checkpoint, stores n log entries and records of constant size', async () => {
    const store = createMemoryStore();
    const saver = createEngramCheckpointSaver({ store, scope });
    const lists: BaseMessage[][] = [];
    let list: BaseMessage[] = [];
    for (let i = 0; i < 300; i++) {
      const m =
        i % 2
          ? new AIMessage({ id: `m${i}`, content: `answer ${i}` })
          : new HumanMessage({ id: `m${i}`, content: `question ${i}` });
      list = messagesStateReducer(list, [m]);
      lists.push(list);
    }
    const config = await putAll(saver, lists);
    expect((await store.stats(scope, sessionId)).count).toBe(300);
    // Records (after the first, which has no parent) differ only by the digits of their numbers (sequence,
    // step, version), not by the list's length.
    const sizes = (await recordSizes(store)).slice(1);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThan(12);
    const tuple = await saver.getTuple(config);
    expect((tuple!.checkpoint.channel_values.messages as BaseMessage[]).map((m) => m.content)).toEqual(
      list.map((m) => m.content),
    );
  });

  it('after a restart the next checkpoint still stores only its new message, whether its list came from getTuple or was rebuilt', async () => {
    const store = createMemoryStore();
    const first = createEngramCheckpointSaver({ store, scope });
    const a = new HumanMessage({ id: 'a', content: 'hi' });
    const b = new AIMessage({ id: 'b', content: 'hello' });
    const config = await putAll(first, [[a], [a, b]]);

    const second = createEngramCheckpointSaver({ store, scope });
    const restored = (await second.getTuple(config))!.checkpoint.channel_values.messages as BaseMessage[];
    const c = new HumanMessage({ id: 'c', content: 'how are you?' });
    const next = await second.put(
      config,
      checkpointOf([...restored, c], 3),
      { source: 'loop', step: 3, parents: {} },
      { messages: 3 },
    );
    expect((await store.stats(scope, sessionId)).count).toBe(3);

    // A list rebuilt from equal messages (new objects) is matched by content.
    const third = createEngramCheckpointSaver({ store, scope });
    const rebuilt = [
      new HumanMessage({ id: 'a', content: 'hi' }),
      new AIMessage({ id: 'b', content: 'hello' }),
      c,
    ];
    const d = new AIMessage({ id: 'd', content: 'fine' });
    await third.put(
      next,
      checkpointOf([...rebuilt, d], 4),
      { source: 'loop', step: 4, parents: {} },
      { messages: 4 },
    );
    expect((await store.stats(scope, sessionId)).count).toBe(4);
  });

  it('removals (RemoveMessage), replacements under an id and in-place edits read back exactly', async () => {
    const store = createMemoryStore();
    const saver = createEngramCheckpointSaver({ store, scope });
    const one = messagesStateReducer(
      [],
      [
        new HumanMessage({ id: 'a', content: 'one' }),
        new AIMessage({ id: 'b', content: 'two' }),
        new HumanMessage({ id: 'c', content: 'three' }),
      ],
    );
    const removed = messagesStateReducer(one, [new RemoveMessage({ id: 'b' })]);
    const replaced = messagesStateReducer(removed, [new HumanMessage({ id: 'c', content: 'three, edited' })]);
    const lists = [one, removed, replaced];
    const config = await putAll(saver, lists);
    // Removing reuses entries; the replacement is the one new entry.
    expect((await store.stats(scope, sessionId)).count).toBe(4);
    replaced[0]!.content = 'one, changed in place';
    const edited = await saver.put(
      config,
      checkpointOf([...replaced], 4),
      { source: 'loop', step: 4, parents: {} },
      { messages: 4 },
    );
    expect((await store.stats(scope, sessionId)).count).toBe(5);

    const history = [];
    for await (const t of saver.list({ configurable: { thread_id: thread } }))
      history.push(
        (t.checkpoint.channel_values.messages as BaseMessage[]).map((m) => `${m.id}:${m.content}`),
      );
    expect(history).toEqual([
      ['a:one, changed in place', 'c:three, edited'],
      ['a:one', 'c:three, edited'],
      ['a:one', 'c:three'],
      ['a:one', 'b:two', 'c:three'],
    ]);
    expect((await saver.getTuple(edited))?.checkpoint.channel_values.messages).toHaveLength(2);
  });

  it('trustMessageObjects: a known object is not walked again, so an edit made in place is missed (as documented)', async () => {
    const store = createMemoryStore();
    const saver = createEngramCheckpointSaver({ store, scope, trustMessageObjects: true });
    const a = new HumanMessage({ id: 'a', content: 'one' });
    const config = await putAll(saver, [[a]]);
    a.content = 'one, edited in place';
    const b = new AIMessage({ id: 'b', content: 'two' });
    const next = await saver.put(
      config,
      checkpointOf([a, b], 2),
      { source: 'loop', step: 2, parents: {} },
      { messages: 2 },
    );
    expect((await store.stats(scope, sessionId)).count).toBe(2);
    const back = (await saver.getTuple(next))!.checkpoint.channel_values.messages as BaseMessage[];
    expect(back.map((m) => m.content)).toEqual(['one', 'two']);
  });

  it('the log reads as a conversation: engram search finds the messages, with their roles', async () => {
    const store = createMemoryStore();
    const saver = createEngramCheckpointSaver({ store, scope });
    const q = new HumanMessage({ id: 'q', content: 'Which planet has the most moons?' });
    const answer = new AIMessage({ id: 'r', content: 'Saturn, with 146 confirmed moons.' });
    await putAll(saver, [[q], [q, answer]]);
    const hits = await store.searchMessages(scope, { text: '146 confirmed moons' });
    expect(hits.map((h) => [h.sessionId, h.entry.message.role, h.entry.message.content])).toEqual([
      [sessionId, 'assistant', 'Saturn, with 146 confirmed moons.'],
    ]);
  });

  it('with a serializer of its own (say, one that encrypts) the log keeps no text in clear, and reads back', async () => {
    const store = createMemoryStore();
    const base = createEngramCheckpointSaver({ store, scope }).serde;
    const xor = (bytes: Uint8Array) => bytes.map((b) => b ^ 0x5a);
    const serde: SerializerProtocol = {
      dumpsTyped: async (value) => {
        const [type, bytes] = await base.dumpsTyped(value);
        return [`xor+${type}`, xor(bytes)];
      },
      loadsTyped: (type, data) =>
        base.loadsTyped(type.slice(4), xor(typeof data === 'string' ? new TextEncoder().encode(data) : data)),
    };
    const saver = createEngramCheckpointSaver({ store, scope, serde });
    const secret = new HumanMessage({ id: 's', content: 'my password is hunter2' });
    const config = await putAll(saver, [[secret]]);
    const [entry] = await store.readRange(scope, sessionId);
    expect(JSON.stringify(entry)).not.toContain('hunter2');
    const back = (await saver.getTuple(config))!.checkpoint.channel_values.messages as BaseMessage[];
    expect(back.map((m) => m.content)).toEqual(['my password is hunter2']);
  });
});
