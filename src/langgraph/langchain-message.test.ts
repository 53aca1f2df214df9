import {
  AIMessage,
  type BaseMessage,
  HumanMessage,
  SystemMessage,
  ToolMessage,
} from '@langchain/core/messages';
import {
  type BaseCheckpointSaver,
  MemorySaver,
  type SerializerProtocol,
} from '@langchain/langgraph-checkpoint';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkpointOf } from '../../test-support/langgraph/checkpoint-of.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { MemoryMessage } from '../core/message.ts';
import { createMemoryStore } from '../drivers/memory/index.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { createEngramCheckpointSaver } from './engram-checkpoint-saver.ts';
import { threadSessionId } from './storage-keys.ts';

/**
 * LangChain messages through the engram saver: every kind a LangGraph app keeps in its state reads back as
 * LangGraph's own MemorySaver gives it back, and each gets a log entry in AI SDK form (what engram's search and
 * views read) that says what the message says. Bad messages are stored as MemorySaver stores them, or refused
 * with a typed error before anything is written; never a raw TypeError, never a thread left unreadable.
 */

const scope = { tenant: 'lc-messages' };
const thread = 'chat';
const sessionId = threadSessionId(thread);
const meta = (step: number) => ({ source: 'loop' as const, step, parents: {} });
type Config = { configurable: Record<string, string> };

/** Puts `lists` one checkpoint each, as a thread's steps; returns the last config. */
async function putLists(saver: BaseCheckpointSaver, lists: BaseMessage[][]): Promise<Config> {
  let config: Config = { configurable: { thread_id: thread } };
  for (const [i, list] of lists.entries())
    config = (await saver.put(config, checkpointOf(list, i + 1), meta(i + 1), {
      messages: i + 1,
    })) as Config;
  return config;
}

const messagesOf = async (saver: BaseCheckpointSaver, config: Config) =>
  (await saver.getTuple(config))?.checkpoint.channel_values.messages;

// --- arbitrary LangChain messages, as LangGraph apps hold them -------------------------------------------

const text = fc.string({ maxLength: 12 });
const id = fc.stringMatching(/^[a-z0-9-]{1,8}$/);
const json = fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.parse(JSON.stringify(v)));
const kwargs = fc.dictionary(fc.stringMatching(/^[a-z_]{1,6}$/), json, { maxKeys: 2 });
const imageBlock = fc.oneof(
  fc.constant({ type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } }),
  fc.constant({ type: 'image_url', image_url: 'https://example.com/cat.png' }),
  fc.constant({ type: 'image', source_type: 'url', url: 'https://example.com/dog.jpg' }),
);
const content = fc.oneof(
  text,
  fc.array(
    fc.oneof(
      text.map((t) => ({ type: 'text', text: t })),
      imageBlock,
    ),
    { maxLength: 3 },
  ),
);
const toolCall = fc.record({
  id,
  name: fc.constantFrom('weather', 'search', 'calc'),
  args: fc.dictionary(fc.stringMatching(/^[a-z]{1,5}$/), json, { maxKeys: 3 }),
  type: fc.constant('tool_call' as const),
});
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });

const human = fc
  .record({ id: maybe(id), name: maybe(text), content, additional_kwargs: kwargs })
  .map((f) => new HumanMessage(f));
const system = fc.record({ id: maybe(id), content }).map((f) => new SystemMessage(f));
const ai = fc
  .record({
    id: maybe(id),
    content,
    tool_calls: fc.array(toolCall, { maxLength: 3 }),
    additional_kwargs: kwargs,
    response_metadata: kwargs,
    usage: fc.boolean(),
    invalid: fc.boolean(),
  })
  .map(
    ({ usage, invalid, ...f }) =>
      new AIMessage({
        ...f,
        ...(usage ? { usage_metadata: { input_tokens: 3, output_tokens: 5, total_tokens: 8 } } : {}),
        ...(invalid
          ? { invalid_tool_calls: [{ id: 'bad', name: 'calc', args: '{1+', error: 'not JSON' }] }
          : {}),
      }),
  );
const tool = fc
  .record({
    id: maybe(id),
    tool_call_id: id,
    name: maybe(fc.constantFrom('weather', 'search')),
    content,
    status: maybe(fc.constantFrom('success' as const, 'error' as const)),
    artifact: maybe(json),
  })
  .map((f) => new ToolMessage(f));
const message: fc.Arbitrary<BaseMessage> = fc.oneof(human, system, ai, tool);

/** LangChain's text of a message: its string content, or its text blocks joined. */
const textOf = (m: BaseMessage) =>
  typeof m.content === 'string'
    ? m.content
    : m.content.map((b) => (b.type === 'text' ? (b as { text: string }).text : '')).join('');

/** What the log entry of `m` must say, in `list` (a tool result is named by the call it answers). */
function expectedEntry(m: BaseMessage, list: readonly BaseMessage[]): unknown {
  const type = m.getType();
  if (type === 'human') return { role: 'user', content: textOf(m) };
  if (type === 'system') return { role: 'system', content: textOf(m) };
  if (type === 'tool') {
    const t = m as ToolMessage;
    const calls = list.flatMap((x) => (x.getType() === 'ai' ? ((x as AIMessage).tool_calls ?? []) : []));
    const named = t.name ?? calls.find((c) => c.id === t.tool_call_id)?.name ?? '';
    return {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: t.tool_call_id,
          toolName: named,
          output: { type: t.status === 'error' ? 'error-text' : 'text', value: textOf(m) },
        },
      ],
    };
  }
  const calls = (m as AIMessage).tool_calls ?? [];
  // A message that repeats a tool call id is no AI SDK message (providers refuse it): its entry is its text.
  const repeats = new Set(calls.map((c) => c.id)).size < calls.length;
  if (calls.length === 0 || repeats) return { role: 'assistant', content: textOf(m) };
  return {
    role: 'assistant',
    content: [
      ...(textOf(m) ? [{ type: 'text', text: textOf(m) }] : []),
      ...calls.map((c) => ({ type: 'tool-call', toolCallId: c.id, toolName: c.name, input: c.args })),
    ],
  };
}

const entryOf = (message: MemoryMessage) => ({ role: message.role, content: message.content });

describe('LangChain messages through the engram saver (property)', () => {
  it('read back as MemorySaver gives them (same saver and after a restart); each log entry says what its message says', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(message, { maxLength: 4 }), { minLength: 1, maxLength: 4 }),
        async (steps) => {
          // Each step appends to the list before it, as a messages reducer does.
          const lists: BaseMessage[][] = [];
          for (const added of steps) lists.push([...(lists.at(-1) ?? []), ...added]);
          const store = createMemoryStore();
          const saver = createEngramCheckpointSaver({ store, scope });
          const oracle = new MemorySaver();
          const config = await putLists(saver, lists);
          const expected = await messagesOf(oracle, await putLists(oracle, lists));
          expect(await messagesOf(saver, config)).toStrictEqual(expected);
          expect(await messagesOf(createEngramCheckpointSaver({ store, scope }), config)).toStrictEqual(
            expected,
          );
          const log = await store.readRange(scope, sessionId);
          const last = lists.at(-1)!;
          // Messages are logged in order, each once (objects are reused across steps).
          // (as JSON: the store hands out plain data, its objects without a prototype, as fast-check's may be)
          const plain = (value: unknown) => JSON.parse(JSON.stringify(value));
          // A tool result's tool is named from the list it was first logged with: a call that comes in a later
          // step was not there to name it (the log is append-only).
          const loggedWith = (m: BaseMessage) => lists.find((list) => list.includes(m)) ?? last;
          expect(plain(log.map((e) => entryOf(e.message)))).toStrictEqual(
            plain(last.map((m) => expectedEntry(m, loggedWith(m)))),
          );
        },
      ),
      { numRuns: 150 },
    );
  });
});

/** The engram saver on a fresh memory store, with one good checkpoint already put. */
async function threadWithOne(options: { serde?: SerializerProtocol } = {}) {
  const store: MemoryStoreV1 = createMemoryStore();
  const saver = createEngramCheckpointSaver({ store, scope, ...options });
  const first = new HumanMessage({ id: 'h1', content: 'hello' });
  const config = await putLists(saver, [[first]]);
  return { store, saver, first, config };
}

/** Puts `list` as the child of `config`; the error when it throws. */
async function putChild(saver: BaseCheckpointSaver, config: Config, list: BaseMessage[]) {
  return saver.put(config, checkpointOf(list, 2), meta(2), { messages: 2 }).catch((e: unknown) => e);
}

function withField<M extends BaseMessage>(m: M, key: string, value: unknown): M {
  (m as unknown as Record<string, unknown>)[key] = value;
  return m;
}

describe('malformed messages are stored as MemorySaver stores them, with a readable log entry', () => {
  const cyclic = () => {
    const o: Record<string, unknown> = { when: new Map([['a', 1]]) };
    o.self = o;
    return o;
  };
  const cases: [string, () => BaseMessage][] = [
    ['content a number', () => withField(new HumanMessage('x'), 'content', 5)],
    ['content null', () => withField(new HumanMessage('x'), 'content', null)],
    [
      'content blocks null, a number, a bare string',
      () => withField(new HumanMessage('x'), 'content', [null, 3, 'a']),
    ],
    ['a ToolMessage without tool_call_id', () => new ToolMessage({ content: 'x' } as never)],
    [
      'a ToolMessage whose tool_call_id is a number',
      () => new ToolMessage({ content: 'x', tool_call_id: 7 } as never),
    ],
    ['tool_calls holding null and a number', () => withField(new AIMessage('x'), 'tool_calls', [null, 3])],
    ['tool_calls an object', () => withField(new AIMessage('x'), 'tool_calls', { a: 1 })],
    [
      'a cycle (through a Map-holding object) in additional_kwargs',
      () => new AIMessage({ id: 'c', content: 'x', additional_kwargs: cyclic() }),
    ],
    [
      'a plain message-like object holding a Map and a cycle',
      () => ({ _getType: () => 'human', id: 'p', content: 'plain', ...cyclic() }) as unknown as BaseMessage,
    ],
  ];
  for (const [title, make] of cases)
    it(title, async () => {
      const { store, saver, first, config } = await threadWithOne();
      const bad = make();
      const put = await putChild(saver, config, [first, bad]);
      expect(put).not.toBeInstanceOf(Error);
      const oracle = new MemorySaver();
      const expected = await messagesOf(oracle, await putLists(oracle, [[first], [first, bad]]));
      expect(await messagesOf(saver, put as Config)).toStrictEqual(expected);
      expect(await messagesOf(createEngramCheckpointSaver({ store, scope }), put as Config)).toStrictEqual(
        expected,
      );
      // Put again as is: stored once (a message neither snapshot nor JSON can follow, such as the plain object
      // with a cycle and a Map, is stored again: it cannot be told unchanged).
      await putChild(saver, put as Config, [first, bad]);
      expect((await store.stats(scope, sessionId)).count).toBe(title.startsWith('a plain') ? 3 : 2);
    });
});

describe('a message the serializer cannot serialize is refused, and the thread stays readable', () => {
  const bigint = () => new AIMessage({ id: 'b', content: 'x', additional_kwargs: { n: 1n as never } });
  const lists: [string, (first: BaseMessage) => BaseMessage[]][] = [
    ['a new message holding a BigInt', (first) => [first, bigint()]],
    // An id the thread's index knows: compared with the stored message by JSON before serializing.
    ['a rebuilt message holding a BigInt, under a known id', () => [bigint()]],
  ];
  for (const [title, list] of lists)
    it(title, async () => {
      const { store, saver, first, config } = await threadWithOne();
      if (title.includes('known id'))
        await putChild(saver, config, [first, new AIMessage({ id: 'b', content: 'x' })]);
      const before = (await store.stats(scope, sessionId)).count;
      const error = await putChild(saver, config, list(first));
      expect(MemoryError.hasCode(error, 'INVALID_ARGUMENT')).toBe(true);
      expect((error as Error).message).toMatch(/messages\[\d\]/);
      expect((await store.stats(scope, sessionId)).count).toBe(before);
      // The latest checkpoint is still readable, on this saver and after a restart.
      for (const s of [saver, createEngramCheckpointSaver({ store, scope })]) {
        const latest = await s.getTuple({ configurable: { thread_id: thread } });
        const messages = latest?.checkpoint.channel_values.messages as BaseMessage[] | undefined;
        expect(messages?.[0]?.content).toBe('hello');
      }
    });

  it('a log entry that revives as no message (another serializer) is a STORE_ERROR naming it, not a TypeError', async () => {
    const base = createEngramCheckpointSaver({ store: createMemoryStore(), scope }).serde;
    const serde: SerializerProtocol = {
      dumpsTyped: (value) => base.dumpsTyped(value),
      loadsTyped: async (type, data) => {
        const value = await base.loadsTyped(type, data);
        return value instanceof HumanMessage ? 'not a message' : value;
      },
    };
    const { store, config } = await threadWithOne({ serde });
    const error = await createEngramCheckpointSaver({ store, scope, serde })
      .getTuple(config)
      .catch((e: unknown) => e);
    expect(MemoryError.hasCode(error, 'STORE_ERROR')).toBe(true);
    expect((error as Error).message).toContain('message 1');
  });
});
