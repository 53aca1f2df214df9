import { AIMessage, type BaseMessage, HumanMessage } from '@langchain/core/messages';
import { type Checkpoint, uuid6 } from '@langchain/langgraph-checkpoint';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onTwoHandles, reopenableDrivers } from '../../test-support/reliability/reopenable-stores.ts';
import type { SqlStore } from '../drivers/sql/sql-store.ts';
import { createEngramCheckpointSaver } from './engram-checkpoint-saver.ts';

const scope = { tenant: 'skew' };
const latest = { configurable: { thread_id: 'chat' } };
type Config = { configurable: Record<string, string> };
const m = [
  new HumanMessage({ id: 'm0', content: 'hi' }),
  new AIMessage({ id: 'm1', content: 'hello' }),
  new HumanMessage({ id: 'm2', content: '?' }),
];

/** A checkpoint holding `messages` at version `step` and `topic` at version `topicVersion`. */
const checkpointOf = (
  messages: BaseMessage[],
  step: number,
  topic: string,
  topicVersion: number,
): Checkpoint => ({
  v: 4,
  id: uuid6(-1),
  ts: new Date().toISOString(),
  channel_values: { messages, topic },
  channel_versions: { messages: step, topic: topicVersion },
  versions_seen: {},
});
const metadata = (step: number) => ({ source: 'loop' as const, step, parents: {} });
const saverOn = (store: SqlStore) => createEngramCheckpointSaver({ store, scope });

/** Runs `write` with the clock 10 s behind (the SQL stores stamp artifacts with the writer's clock). */
async function behind<T>(write: () => Promise<T>): Promise<T> {
  const now = Date.now;
  const spy = vi.spyOn(Date, 'now').mockImplementation(() => now() - 10_000);
  try {
    return await write();
  } finally {
    spy.mockRestore();
  }
}

/** Two processes write one thread, the second's clock 10 s behind: the first still sees what the second wrote. */
describe('EngramCheckpointSaver: a checkpoint written by a process whose clock is behind', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  for (const driver of reopenableDrivers()) {
    it.skipIf(driver.skip)(
      `${driver.name}: is found by id, and a child of it keeps the values it inherited`,
      () =>
        onTwoHandles(driver, 'lg_skew', async (a, b) => {
          const mine = saverOn(a);
          const first = (await mine.put(latest, checkpointOf([m[0]!], 1, 'weather', 1), metadata(0), {
            messages: 1,
            topic: 1,
          })) as Config;
          expect(await mine.getTuple(latest)).toBeDefined();
          await mine.getDeltaChannelHistory({ config: first, channels: ['messages'] });
          const second = (await behind(() =>
            saverOn(b).put(first, checkpointOf(m.slice(0, 2), 2, 'weather', 1), metadata(1), { messages: 2 }),
          )) as Config;
          // Its history (the parent's list as seed) is the one a saver that never read the thread gives.
          const history = await mine.getDeltaChannelHistory({ config: second, channels: ['messages'] });
          expect(history).toEqual(
            await saverOn(a).getDeltaChannelHistory({ config: second, channels: ['messages'] }),
          );
          expect((history.messages?.seed as BaseMessage[] | undefined)?.map((x) => x.id)).toEqual(['m0']);
          // A saver that never read the thread finds it; so does the one that did.
          expect(await saverOn(a).getTuple(second)).toBeDefined();
          expect((await mine.getTuple(second))?.checkpoint.id).toBe(second.configurable.checkpoint_id);
          const third = (await mine.put(second, checkpointOf(m, 3, 'weather', 1), metadata(2), {
            messages: 3,
          })) as Config;
          const read = await saverOn(a).getTuple(third);
          expect(read?.checkpoint.channel_values.topic).toBe('weather');
          expect(read?.checkpoint.channel_values.messages).toHaveLength(3);
        }),
      60_000,
    );

    it.skipIf(driver.skip)(
      `${driver.name}: a reader that listed the thread before gets the value the checkpoint carries from it`,
      () =>
        onTwoHandles(driver, 'lg_skew_owner', async (a, b) => {
          const reader = saverOn(a);
          const first = (await saverOn(a).put(latest, checkpointOf([m[0]!], 1, 'weather', 1), metadata(0), {
            messages: 1,
            topic: 1,
          })) as Config;
          expect(await reader.getTuple(latest)).toBeDefined();
          const second = (await behind(() =>
            saverOn(b).put(first, checkpointOf(m.slice(0, 2), 2, 'rain', 2), metadata(1), {
              messages: 2,
              topic: 2,
            }),
          )) as Config;
          // A third process (its clock right) writes the next checkpoint: its topic is the one of the second.
          await saverOn(a).put(second, checkpointOf(m, 3, 'rain', 2), metadata(2), { messages: 3 });
          const expected = await saverOn(a).getTuple(latest);
          expect(expected?.checkpoint.channel_values.topic).toBe('rain');
          const read = await reader.getTuple(latest);
          expect(read?.checkpoint.id).toBe(expected?.checkpoint.id);
          expect(read?.checkpoint.channel_values.topic).toBe('rain');
          const history = await reader.getDeltaChannelHistory({ config: latest, channels: ['topic'] });
          expect(history).toEqual(
            await saverOn(a).getDeltaChannelHistory({ config: latest, channels: ['topic'] }),
          );
        }),
      60_000,
    );

    it.skipIf(driver.skip)(
      `${driver.name}: a saver whose own clock steps back still reads its newest checkpoint as the latest`,
      () =>
        onTwoHandles(driver, 'lg_skew_own', async (a) => {
          const saver = saverOn(a);
          const first = (await saver.put(latest, checkpointOf([m[0]!], 1, 'weather', 1), metadata(0), {
            messages: 1,
            topic: 1,
          })) as Config;
          expect((await saver.getTuple(latest))?.checkpoint.id).toBe(first.configurable.checkpoint_id);
          // The clock steps back 10 s (an NTP correction) after the graph made the next checkpoint's id: its
          // stamp is older than the first's, its id greater.
          const next = checkpointOf(m.slice(0, 2), 2, 'rain', 2);
          const second = (await behind(() =>
            saver.put(first, next, metadata(1), { messages: 2, topic: 2 }),
          )) as Config;
          const read = await saver.getTuple(latest);
          expect(read?.checkpoint.id).toBe(second.configurable.checkpoint_id);
          expect(read?.checkpoint.channel_values.topic).toBe('rain');
        }),
      60_000,
    );
  }
});
