import { AIMessage, type BaseMessage, HumanMessage } from '@langchain/core/messages';
import { type Checkpoint, uuid6 } from '@langchain/langgraph-checkpoint';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reopenableDrivers } from '../../test-support/reliability/reopenable-stores.ts';
import { createEngramCheckpointSaver } from './engram-checkpoint-saver.ts';

const scope = { tenant: 'skew' };
const thread = 'chat';
type Config = { configurable: Record<string, string> };

/** A checkpoint holding `messages` at version `step` and a `topic` channel at version 1. */
const checkpointOf = (messages: BaseMessage[], step: number): Checkpoint => ({
  v: 4,
  id: uuid6(-1),
  ts: new Date().toISOString(),
  channel_values: { messages, topic: 'weather' },
  channel_versions: { messages: step, topic: 1 },
  versions_seen: {},
});
/** A checkpoint holding `messages` at version `step` and `topic` at version `topicVersion`. */
const withTopic = (
  messages: BaseMessage[],
  step: number,
  topic: string,
  topicVersion: number,
): Checkpoint => ({
  ...checkpointOf(messages, step),
  channel_values: { messages, topic },
  channel_versions: { messages: step, topic: topicVersion },
});
const metadata = (step: number) => ({ source: 'loop' as const, step, parents: {} });

/**
 * Two processes write one thread, the second's clock 10 s behind the first's (the SQL stores stamp artifacts with
 * the writer's clock): a checkpoint it wrote is found by id by the first, and is the parent of the first's next.
 */
describe('EngramCheckpointSaver: a checkpoint written by a process whose clock is behind', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  for (const driver of reopenableDrivers()) {
    it.skipIf(driver.skip)(
      `${driver.name}: is found by id, and a child of it keeps the values it inherited`,
      async () => {
        const db = await driver.setup('lg_skew');
        const [a, b] = [db.open(), db.open()];
        try {
          const mine = createEngramCheckpointSaver({ store: a, scope });
          const theirs = createEngramCheckpointSaver({ store: b, scope });
          const m = [
            new HumanMessage({ id: 'm0', content: 'hi' }),
            new AIMessage({ id: 'm1', content: 'hello' }),
          ];
          const first = (await mine.put(
            { configurable: { thread_id: thread } },
            { ...checkpointOf([m[0]!], 1), channel_versions: { messages: 1, topic: 1 } },
            metadata(0),
            { messages: 1, topic: 1 },
          )) as Config;
          expect(await mine.getTuple({ configurable: { thread_id: thread } })).toBeDefined();
          await mine.getDeltaChannelHistory({ config: first, channels: ['messages'] });
          const now = Date.now;
          const behind = vi.spyOn(Date, 'now').mockImplementation(() => now() - 10_000);
          const second = (await theirs.put(first, checkpointOf(m, 2), metadata(1), {
            messages: 2,
          })) as Config;
          behind.mockRestore();
          // Its history (the parent's list as seed) is the one a saver that never read the thread gives.
          const history = await mine.getDeltaChannelHistory({ config: second, channels: ['messages'] });
          const fresh = createEngramCheckpointSaver({ store: a, scope });
          expect(history).toEqual(
            await fresh.getDeltaChannelHistory({ config: second, channels: ['messages'] }),
          );
          expect((history.messages?.seed as BaseMessage[] | undefined)?.map((x) => x.id)).toEqual(['m0']);
          // A saver that never read the thread finds it.
          expect(await createEngramCheckpointSaver({ store: a, scope }).getTuple(second)).toBeDefined();
          const found = await mine.getTuple(second);
          expect(found?.checkpoint.id).toBe(second.configurable.checkpoint_id);
          const third = (await mine.put(
            second,
            checkpointOf([...m, new HumanMessage({ id: 'm2', content: '?' })], 3),
            metadata(2),
            {
              messages: 3,
            },
          )) as Config;
          const read = await createEngramCheckpointSaver({ store: a, scope }).getTuple(third);
          expect(read?.checkpoint.channel_values.topic).toBe('weather');
          expect(read?.checkpoint.channel_values.messages).toHaveLength(3);
        } finally {
          vi.restoreAllMocks();
          await a.close();
          await b.close();
          await db.done();
        }
      },
      60_000,
    );
  }

  for (const driver of reopenableDrivers()) {
    it.skipIf(driver.skip)(
      `${driver.name}: a reader that listed the thread before gets the value the checkpoint carries from it`,
      async () => {
        const db = await driver.setup('lg_skew_owner');
        const [a, b] = [db.open(), db.open()];
        try {
          const reader = createEngramCheckpointSaver({ store: a, scope });
          const theirs = createEngramCheckpointSaver({ store: b, scope });
          const m = [
            new HumanMessage({ id: 'm0', content: 'hi' }),
            new AIMessage({ id: 'm1', content: 'hello' }),
          ];
          const latest = { configurable: { thread_id: thread } };
          const first = (await createEngramCheckpointSaver({ store: a, scope }).put(
            latest,
            withTopic([m[0]!], 1, 'weather', 1),
            metadata(0),
            { messages: 1, topic: 1 },
          )) as Config;
          expect(await reader.getTuple(latest)).toBeDefined();
          const now = Date.now;
          const behind = vi.spyOn(Date, 'now').mockImplementation(() => now() - 10_000);
          const second = (await theirs.put(first, withTopic(m, 2, 'rain', 2), metadata(1), {
            messages: 2,
            topic: 2,
          })) as Config;
          behind.mockRestore();
          // A third process (its clock right) writes the next checkpoint: its topic is the one of the second.
          await createEngramCheckpointSaver({ store: a, scope }).put(
            second,
            withTopic([...m, new HumanMessage({ id: 'm2', content: '?' })], 3, 'rain', 2),
            metadata(2),
            { messages: 3 },
          );
          const expected = await createEngramCheckpointSaver({ store: a, scope }).getTuple(latest);
          expect(expected?.checkpoint.channel_values.topic).toBe('rain');
          const read = await reader.getTuple(latest);
          expect(read?.checkpoint.id).toBe(expected?.checkpoint.id);
          expect(read?.checkpoint.channel_values.topic).toBe('rain');
          const history = await reader.getDeltaChannelHistory({ config: latest, channels: ['topic'] });
          expect(history).toEqual(
            await createEngramCheckpointSaver({ store: a, scope }).getDeltaChannelHistory({
              config: latest,
              channels: ['topic'],
            }),
          );
        } finally {
          vi.restoreAllMocks();
          await a.close();
          await b.close();
          await db.done();
        }
      },
      60_000,
    );
  }
});
