import { HumanMessage } from '@langchain/core/messages';
import { type Checkpoint, uuid6 } from '@langchain/langgraph-checkpoint';
import { describe, expect, it } from 'vitest';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createEngramCheckpointSaver } from './engram-checkpoint-saver.ts';
import { threadSessionId } from './storage-keys.ts';

/**
 * A value LangGraph's JSON serializer cannot give back is refused before anything is stored: for a function or a
 * symbol it writes no text at all, which no read parses, and for a BigInt (or a `toJSON()` that throws) a
 * placeholder string in the value's place. Before, a put or a putWrites holding one was acknowledged, and then every
 * read of the checkpoint threw a raw SyntaxError or TypeError (the thread's latest checkpoint lost to it), or gave
 * back the placeholder string as the value.
 */
const unserializable: [string, unknown][] = [
  ['a function', () => 1],
  ['a symbol', Symbol('s')],
  ['a BigInt', 10n],
  [
    'a toJSON() that throws',
    {
      toJSON: () => {
        throw new Error('no');
      },
    },
  ],
];
const metadata = { source: 'loop' as const, step: 0, parents: {} };
const scope = { tenant: 't' };
const checkpoint = (values: Record<string, unknown>, extra: Partial<Checkpoint> = {}): Checkpoint => ({
  v: 4,
  id: uuid6(-1),
  ts: new Date().toISOString(),
  channel_values: values,
  channel_versions: Object.fromEntries(Object.keys(values).map((k) => [k, 1])),
  versions_seen: {},
  ...extra,
});
const invalid = (pattern: RegExp) =>
  expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(pattern) });

async function withThread(
  run: (
    saver: ReturnType<typeof createEngramCheckpointSaver>,
    config: { configurable: Record<string, string> },
    logCount: () => Promise<number>,
  ) => Promise<void>,
) {
  const store = createSqliteStore({ path: ':memory:' });
  try {
    const saver = createEngramCheckpointSaver({ store, scope });
    const first = checkpoint({ topic: 'kept', messages: [new HumanMessage({ id: 'm1', content: 'hi' })] });
    const config = await saver.put({ configurable: { thread_id: 'a' } }, first, metadata, {
      topic: 1,
      messages: 1,
    });
    await saver.putWrites(config, [['topic', 'first']], 'task-1');
    const logCount = async () => (await store.stats(scope, threadSessionId('a'))).count;
    await run(saver, config as { configurable: Record<string, string> }, logCount);
    const tuple = await saver.getTuple({ configurable: { thread_id: 'a' } });
    expect(tuple?.config.configurable?.checkpoint_id).toBe(config.configurable?.checkpoint_id);
    expect(tuple?.checkpoint.channel_values.topic).toBe('kept');
    expect(tuple?.pendingWrites).toEqual([['task-1', 'topic', 'first']]);
  } finally {
    await store.close();
  }
}

describe('EngramCheckpointSaver: a value the serializer cannot give back', () => {
  for (const [title, bad] of unserializable) {
    it(`putWrites refuses ${title}, and the thread reads as before`, async () => {
      await withThread(async (saver, config) => {
        await expect(saver.putWrites(config, [['topic', bad]], 'task-2')).rejects.toEqual(
          invalid(/putWrites: writes\[0\] \(channel "topic"\)/),
        );
      });
    });

    it(`put refuses ${title} in a channel value, before a message of the put is appended`, async () => {
      await withThread(async (saver, config, logCount) => {
        const before = await logCount();
        const next = checkpoint({
          messages: [
            new HumanMessage({ id: 'm1', content: 'hi' }),
            new HumanMessage({ id: 'm2', content: 'more' }),
          ],
          topic: bad,
        });
        await expect(saver.put(config, next, metadata, { messages: 2, topic: 2 })).rejects.toEqual(
          invalid(/put: channel_values\.topic/),
        );
        expect(await logCount()).toBe(before);
      });
    });

    // Nested in an object, a function or a symbol is left out (JSON's rule, as LangGraph's own savers store it).
    it.skipIf(typeof bad === 'function' || typeof bad === 'symbol')(
      `put refuses ${title} in the metadata or the checkpoint`,
      async () => {
        await withThread(async (saver, config) => {
          await expect(
            saver.put(config, checkpoint({}), { ...metadata, extra: bad } as typeof metadata, {}),
          ).rejects.toEqual(invalid(/put: metadata/));
          const seen = checkpoint({}, { versions_seen: { node: { topic: bad } } } as Partial<Checkpoint>);
          await expect(saver.put(config, seen, metadata, {})).rejects.toEqual(invalid(/put: checkpoint/));
        });
      },
    );
  }
});
