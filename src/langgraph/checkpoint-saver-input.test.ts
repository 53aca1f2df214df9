import { HumanMessage } from '@langchain/core/messages';
import { type Checkpoint, JsonPlusSerializer, uuid6 } from '@langchain/langgraph-checkpoint';
import { describe, expect, it } from 'vitest';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createEstimateTokenCounter } from '../tokens/estimate-token-counter.ts';
import { createEngramCheckpointSaver } from './engram-checkpoint-saver.ts';
import { threadSessionId } from './storage-keys.ts';

/**
 * Bad input to the saver's public methods: a typed `INVALID_ARGUMENT` naming the method and the argument, and
 * what the thread held before is still read back whole (nothing is stored half-made, nothing is deleted).
 */
const checkpoint = (): Checkpoint => ({
  v: 4,
  id: uuid6(-1),
  ts: new Date().toISOString(),
  channel_values: { topic: 'kept' },
  channel_versions: { topic: 1 },
  versions_seen: {},
});
const metadata = { source: 'loop' as const, step: 0, parents: {} };

async function withSaver(run: (saver: ReturnType<typeof createEngramCheckpointSaver>) => Promise<void>) {
  const store = createSqliteStore({ path: ':memory:' });
  try {
    await run(createEngramCheckpointSaver({ store, scope: { tenant: 't' } }));
  } finally {
    await store.close();
  }
}

const invalid = (pattern: RegExp) =>
  expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(pattern) });

describe('EngramCheckpointSaver.putWrites: malformed writes are refused, and never poison the thread', () => {
  const cases: [string, unknown, unknown][] = [
    ['writes that are not a list', null, undefined],
    ['a write that is not a pair', [5], undefined],
    ['a write whose channel is not a string', [[5, 'v']], undefined],
    ['a task path that is not a string', [['topic', 'v']], 7],
  ];
  for (const [title, writes, taskPath] of cases)
    it(title, async () => {
      await withSaver(async (saver) => {
        const config = await saver.put({ configurable: { thread_id: 'a' } }, checkpoint(), metadata, {
          topic: 1,
        });
        await saver.putWrites(config, [['topic', 'first']], 'task-1');
        await expect(
          saver.putWrites(config, writes as [string, unknown][], 'task-2', taskPath as string),
        ).rejects.toEqual(invalid(/putWrites/));
        const tuple = await saver.getTuple(config);
        expect(tuple?.checkpoint.channel_values).toEqual({ topic: 'kept' });
        expect(tuple?.pendingWrites).toEqual([['task-1', 'topic', 'first']]);
        const listed = [];
        for await (const t of saver.list({})) listed.push(t.config.configurable?.checkpoint_id);
        expect(listed).toEqual([config.configurable?.checkpoint_id]);
      });
    });
});

describe('EngramCheckpointSaver.putWrites: any channel name is a channel', () => {
  it('stores writes to channels named like Object.prototype members, as MemorySaver does', async () => {
    await withSaver(async (saver) => {
      const config = await saver.put({ configurable: { thread_id: 'a' } }, checkpoint(), metadata, {
        topic: 1,
      });
      const writes: [string, unknown][] = [
        ['topic', 1],
        ['toString', 2],
        ['constructor', 3],
        ['__proto__', 4],
      ];
      await saver.putWrites(config, writes, 'task');
      const tuple = await saver.getTuple(config);
      expect(tuple?.pendingWrites).toEqual(writes.map(([channel, value]) => ['task', channel, value]));
    });
  });
});

describe('EngramCheckpointSaver.deleteThread: a thread id that is no id deletes nothing', () => {
  for (const bad of [null, undefined, {}])
    it(`refuses ${String(bad)} and keeps the thread named so`, async () => {
      await withSaver(async (saver) => {
        const named = { configurable: { thread_id: String(bad) } };
        const config = await saver.put(named, checkpoint(), metadata, { topic: 1 });
        await expect(saver.deleteThread(bad as never)).rejects.toEqual(invalid(/deleteThread: threadId/));
        expect((await saver.getTuple(config))?.checkpoint.channel_values).toEqual({ topic: 'kept' });
      });
    });
});

describe('EngramCheckpointSaver.put: a malformed checkpoint, metadata or newVersions is refused, and stores nothing', () => {
  const withValues = (fields: Record<string, unknown>) => ({ ...checkpoint(), ...fields });
  const { channel_values: _values, ...noValues } = checkpoint();
  const cases: [string, unknown, unknown, unknown, RegExp][] = [
    ['a checkpoint that is not an object', 'cp', metadata, { topic: 1 }, /put: checkpoint must be/],
    [
      'a checkpoint without channel_values',
      noValues,
      metadata,
      { topic: 1 },
      /put: checkpoint.channel_values/,
    ],
    ['channel_values that are null', withValues({ channel_values: null }), metadata, {}, /channel_values/],
    ['channel_values that are a list', withValues({ channel_values: [] }), metadata, {}, /channel_values/],
    [
      'channel_versions that are a string',
      withValues({ channel_versions: 'ab' }),
      metadata,
      {},
      /channel_versions/,
    ],
    [
      'a channel version that is an object',
      withValues({ channel_versions: { topic: {} } }),
      metadata,
      {},
      /channel_versions.topic/,
    ],
    ['versions_seen that are not an object', withValues({ versions_seen: 5 }), metadata, {}, /versions_seen/],
    ['metadata that is not an object', checkpoint(), 'meta', { topic: 1 }, /put: metadata/],
    ['newVersions that are a string', checkpoint(), metadata, 'topic', /put: newVersions/],
    ['newVersions that are missing', checkpoint(), metadata, undefined, /put: newVersions/],
    ['a new version that is null', checkpoint(), metadata, { topic: null }, /put: newVersions.topic/],
  ];
  for (const [title, cp, meta, versions, pattern] of cases)
    it(title, async () => {
      await withSaver(async (saver) => {
        const config = await saver.put({ configurable: { thread_id: 'a' } }, checkpoint(), metadata, {
          topic: 1,
        });
        await expect(saver.put(config, cp as Checkpoint, meta as never, versions as never)).rejects.toEqual(
          invalid(pattern),
        );
        await expect(
          saver.put(
            { configurable: { thread_id: 'fresh' } },
            cp as Checkpoint,
            meta as never,
            versions as never,
          ),
        ).rejects.toEqual(invalid(pattern));
        const listed = [];
        for await (const t of saver.list({})) listed.push(t.config.configurable?.checkpoint_id);
        expect(listed).toEqual([config.configurable?.checkpoint_id]);
        expect((await saver.getTuple(config))?.checkpoint.channel_values).toEqual({ topic: 'kept' });
      });
    });
});

describe('EngramCheckpointSaver.getDeltaChannelHistory: channels that are not a list of strings are refused', () => {
  const cases: [string, unknown, RegExp][] = [
    ['options that are not an object', null, /getDeltaChannelHistory: options/],
    ['channels that are null', { channels: null }, /getDeltaChannelHistory: channels/],
    ['channels that are a string', { channels: 'topic' }, /getDeltaChannelHistory: channels/],
    ['a channel that is not a string', { channels: ['topic', 5] }, /getDeltaChannelHistory: channels\[1\]/],
  ];
  for (const [title, options, pattern] of cases)
    it(title, async () => {
      await withSaver(async (saver) => {
        const config = await saver.put({ configurable: { thread_id: 'a' } }, checkpoint(), metadata, {
          topic: 1,
        });
        const given = options === null ? null : { config, ...(options as object) };
        for (const target of [given, options === null ? null : { ...given, config: {} }])
          await expect(saver.getDeltaChannelHistory(target as never)).rejects.toEqual(invalid(pattern));
        expect(await saver.getDeltaChannelHistory({ config, channels: ['topic'] })).toEqual({
          topic: { writes: [] },
        });
      });
    });
});

describe('EngramCheckpointSaver.list: a limit, filter or namespace it cannot honour is refused, not answered with []', () => {
  const refused: [string, Record<string, unknown>, unknown, string, RegExp][] = [
    ['a negative limit', {}, { limit: -1 }, 'INVALID_ARGUMENT', /list: options.limit/],
    ['a NaN limit', {}, { limit: Number.NaN }, 'INVALID_ARGUMENT', /list: options.limit/],
    ['a fractional limit', {}, { limit: 1.5 }, 'INVALID_ARGUMENT', /list: options.limit/],
    ['a string limit', {}, { limit: '1' }, 'INVALID_ARGUMENT', /list: options.limit/],
    ['options that are a string', {}, 'all', 'INVALID_ARGUMENT', /list: options must/],
    ['a string filter', {}, { filter: 'loop' }, 'INVALID_QUERY', /list: options.filter/],
    ['a list filter', {}, { filter: ['loop'] }, 'INVALID_QUERY', /list: options.filter/],
    ['a number checkpoint_ns', { checkpoint_ns: 5 }, undefined, 'INVALID_ARGUMENT', /list: .*checkpoint_ns/],
    ['a null checkpoint_ns', { checkpoint_ns: null }, undefined, 'INVALID_ARGUMENT', /list: .*checkpoint_ns/],
    [
      'a number checkpoint_id',
      { checkpoint_id: 5 },
      undefined,
      'INVALID_ARGUMENT',
      /list: config.*checkpoint_id/,
    ],
    [
      'an object checkpoint_id',
      { checkpoint_id: {} },
      undefined,
      'INVALID_ARGUMENT',
      /list: config.*checkpoint_id/,
    ],
    [
      'a number before',
      {},
      { before: { configurable: { checkpoint_id: 5 } } },
      'INVALID_ARGUMENT',
      /list: options.before.*checkpoint_id/,
    ],
    [
      'an object before',
      {},
      { before: { configurable: { checkpoint_id: {} } } },
      'INVALID_ARGUMENT',
      /list: options.before.*checkpoint_id/,
    ],
  ];
  for (const [title, configurable, options, code, pattern] of refused)
    it(`refuses ${title}`, async () => {
      await withSaver(async (saver) => {
        await saver.put({ configurable: { thread_id: 'a' } }, checkpoint(), metadata, { topic: 1 });
        for (const config of [{ configurable }, { configurable: { ...configurable, thread_id: 'a' } }]) {
          const listing = async () => {
            for await (const _ of saver.list(config, options as never)) {
              // draining
            }
          };
          await expect(listing()).rejects.toEqual(
            expect.objectContaining({ code, message: expect.stringMatching(pattern) }),
          );
        }
      });
    });

  const kept: [string, unknown, number][] = [
    ['no options', undefined, 2],
    ['null options, as MemorySaver takes them', null, 2],
    ['limit 0, which lists nothing (as MemorySaver)', { limit: 0 }, 0],
    ['limit 1', { limit: 1 }, 1],
    ['limit Infinity, which lists all (as MemorySaver)', { limit: Number.POSITIVE_INFINITY }, 2],
    ['a null filter, as MemorySaver takes it', { filter: null }, 2],
    ['a filter object', { filter: { source: 'loop' } }, 2],
  ];
  for (const [title, options, count] of kept)
    it(`takes ${title}`, async () => {
      await withSaver(async (saver) => {
        const first = await saver.put({ configurable: { thread_id: 'a' } }, checkpoint(), metadata, {
          topic: 1,
        });
        await saver.put(first, checkpoint(), metadata, {});
        const listed = [];
        for await (const t of saver.list({ configurable: { thread_id: 'a' } }, options as never))
          listed.push(t);
        expect(listed).toHaveLength(count);
      });
    });
});

describe('EngramCheckpointSaver.list: a checkpoint_id given as a string, empty or null, is taken as before', () => {
  const cases: [string, (second: string) => Record<string, unknown>, unknown, number][] = [
    ['a config checkpoint_id', (second) => ({ checkpoint_id: second }), undefined, 1],
    ['an empty config checkpoint_id (none)', () => ({ checkpoint_id: '' }), undefined, 2],
    ['a null config checkpoint_id (none)', () => ({ checkpoint_id: null }), undefined, 2],
    ['a before checkpoint_id', () => ({}), 'second', 1],
    ['an empty before checkpoint_id (none)', () => ({}), '', 2],
    ['a null before checkpoint_id (none)', () => ({}), null, 2],
  ];
  for (const [title, configurable, before, count] of cases)
    it(`takes ${title}`, async () => {
      await withSaver(async (saver) => {
        const first = await saver.put({ configurable: { thread_id: 'a' } }, checkpoint(), metadata, {
          topic: 1,
        });
        const second = (await saver.put(first, checkpoint(), metadata, {})).configurable?.checkpoint_id;
        const options =
          before === undefined
            ? undefined
            : { before: { configurable: { checkpoint_id: before === 'second' ? second : before } } };
        const listed = [];
        for await (const t of saver.list(
          { configurable: { thread_id: 'a', ...configurable(second) } },
          options,
        ))
          listed.push(t);
        expect(listed).toHaveLength(count);
      });
    });
});

describe('createEngramCheckpointSaver: messageChannels must be a list of channel names', () => {
  for (const bad of ['messages', 5, null, ['messages', 5]])
    it(`refuses ${JSON.stringify(bad)}`, async () => {
      const store = createSqliteStore({ path: ':memory:' });
      try {
        expect(() => createEngramCheckpointSaver({ store, messageChannels: bad as never })).toThrow(
          expect.objectContaining({
            code: 'INVALID_ARGUMENT',
            message: expect.stringMatching(/createEngramCheckpointSaver\(options\)\.messageChannels/),
          }),
        );
      } finally {
        await store.close();
      }
    });
});

describe('createEngramCheckpointSaver: a list of message channels is taken as given', () => {
  for (const [channels, logged] of [
    [['chat'], 1],
    [[], 0],
  ] as const)
    it(`messageChannels ${JSON.stringify(channels)} logs ${logged} message(s) of the "chat" channel`, async () => {
      const store = createSqliteStore({ path: ':memory:' });
      try {
        const scope = { tenant: 't' };
        const saver = createEngramCheckpointSaver({ store, scope, messageChannels: channels });
        const chat = [new HumanMessage({ content: 'hi', id: 'm1' })];
        const cp = { ...checkpoint(), channel_values: { chat }, channel_versions: { chat: 1 } };
        const config = await saver.put({ configurable: { thread_id: 'a' } }, cp, metadata, { chat: 1 });
        expect((await store.stats(scope, threadSessionId('a'))).count).toBe(logged);
        expect((await saver.getTuple(config))?.checkpoint.channel_values).toEqual({ chat });
      } finally {
        await store.close();
      }
    });
});

describe('createEngramCheckpointSaver: a mistyped or unknown option is refused at construction', () => {
  const named = (rest: string) => new RegExp(`createEngramCheckpointSaver\\(options\\)\\.${rest}`);
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['readableLog that is a string', { readableLog: 'false' }, named('readableLog must be a boolean')],
    ['readableLog that is a number', { readableLog: 0 }, named('readableLog must be a boolean')],
    ['trustMessageObjects that is a string', { trustMessageObjects: 'true' }, named('trustMessageObjects')],
    ['a tokenCounter without count()', { tokenCounter: { countText: () => 1 } }, named('tokenCounter')],
    ['a tokenCounter that is a string', { tokenCounter: 'estimate' }, named('tokenCounter')],
    ['a scope that is a string', { scope: 'acme' }, named('scope must be an object')],
    ['a scope with a misspelt field', { scope: { tenant: 't', usr: 'u' } }, named('scope\\.usr')],
    ['a scope with an empty tenant', { scope: { tenant: '' } }, named('scope\\.tenant')],
    ['a misspelt option (scop)', { scop: { tenant: 't' } }, named('scop: not an option')],
    // A serde that is no serializer was kept, and the first put threw a raw TypeError after opening the thread.
    ['a serde that is a string', { serde: 'json' }, named('serde must be an object with dumpsTyped')],
    [
      'a serde without loadsTyped()',
      { serde: { dumpsTyped: async () => ['json', new Uint8Array()] } },
      named('serde must be an object with .*loadsTyped'),
    ],
    // null fell back to LangGraph's JsonPlusSerializer without a word (only undefined means the default).
    ['a serde that is null', { serde: null }, named('serde must not be null')],
    // A store that is no engram store (a file path, an object missing a method) was kept, and the first put or
    // getTuple threw a raw TypeError (`this.#store.stats is not a function`).
    ['a store that is a file path', { store: 'checkpoints.db' }, named('store must be an object with')],
    [
      'a store without stats()',
      { store: { append: async () => ({}) } },
      named('store must be an object with .*stats'),
    ],
    [
      'a misspelt option (messageChannel)',
      { messageChannel: ['chat'] },
      named('messageChannel: not an option'),
    ],
  ];
  for (const [title, options, pattern] of cases)
    it(`refuses ${title}`, async () => {
      const store = createSqliteStore({ path: ':memory:' });
      try {
        expect(() => createEngramCheckpointSaver({ store, ...options } as never)).toThrow(
          expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(pattern) }),
        );
      } finally {
        await store.close();
      }
    });

  it('takes every option it declares, and explicit undefined for each optional one', async () => {
    const store = createSqliteStore({ path: ':memory:' });
    try {
      const scope = { tenant: 't', user: 'u', agent: 'a' };
      const all = createEngramCheckpointSaver({
        store,
        scope,
        messageChannels: ['messages'],
        serde: new JsonPlusSerializer(),
        tokenCounter: createEstimateTokenCounter(),
        trustMessageObjects: true,
        readableLog: false,
      });
      const messages = [new HumanMessage({ content: 'hi', id: 'm1' })];
      const cp = { ...checkpoint(), channel_values: { messages }, channel_versions: { messages: 1 } };
      const config = await all.put({ configurable: { thread_id: 'a' } }, cp, metadata, { messages: 1 });
      expect((await all.getTuple(config))?.checkpoint.channel_values).toEqual({ messages });
      expect((await store.stats(scope, threadSessionId('a'))).count).toBe(1);
      const none = createEngramCheckpointSaver({
        store,
        scope: undefined,
        messageChannels: undefined,
        serde: undefined,
        tokenCounter: undefined,
        trustMessageObjects: undefined,
        readableLog: undefined,
      });
      await none.put({ configurable: { thread_id: 'b' } }, cp, metadata, { messages: 1 });
      expect((await store.stats({ tenant: 'default' }, threadSessionId('b'))).count).toBe(1);
    } finally {
      await store.close();
    }
  });
});
