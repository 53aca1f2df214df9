import { type BaseCheckpointSaver, type CheckpointTuple, MemorySaver } from '@langchain/langgraph-checkpoint';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Call,
  namespaces,
  type Step,
  scenarioCalls,
  stepArbitrary,
  stepArbitraryWith,
  threads,
} from '../../test-support/langgraph/saver-scenario.ts';
import { reliabilityDrivers } from '../../test-support/reliability/store-drivers.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { createEngramCheckpointSaver } from './engram-checkpoint-saver.ts';

async function all(it: AsyncIterable<CheckpointTuple>): Promise<CheckpointTuple[]> {
  const out: CheckpointTuple[] = [];
  for await (const t of it) out.push(t);
  return out;
}

const byId = (a: CheckpointTuple, b: CheckpointTuple) =>
  a.checkpoint.id < b.checkpoint.id ? 1 : a.checkpoint.id > b.checkpoint.id ? -1 : 0;

/**
 * Runs a call on both savers and compares. `list` returns the same tuples; MemorySaver walks thread by thread
 * and namespace by namespace where the engram saver orders by id across them, so with a `limit` the engram
 * saver must return the `limit` greatest ids of the oracle's full answer.
 */
async function check(call: Call, saver: BaseCheckpointSaver, oracle: MemorySaver): Promise<void> {
  switch (call.kind) {
    case 'put':
      expect(await saver.put(...call.args)).toStrictEqual(
        await (oracle as BaseCheckpointSaver).put(...call.args),
      );
      return;
    case 'writes':
      await saver.putWrites(...call.args);
      await oracle.putWrites(...call.args);
      return;
    case 'delete':
      await saver.deleteThread(call.thread);
      await oracle.deleteThread(call.thread);
      return;
    case 'history': {
      // Its options only: the saver refuses a key it does not know (`kind`).
      const options = { config: call.config, channels: call.channels };
      expect(await saver.getDeltaChannelHistory(options)).toStrictEqual(
        await oracle.getDeltaChannelHistory(options),
      );
      return;
    }
    case 'get':
      expect(await saver.getTuple(call.config)).toStrictEqual(await oracle.getTuple(call.config));
      return;
    case 'list': {
      const ours = await all(saver.list(call.config, call.options));
      const { limit, ...unlimited } = call.options;
      const theirs = (await all(oracle.list(call.config, unlimited))).sort(byId);
      expect(ours).toStrictEqual(theirs.slice(0, limit ?? theirs.length));
    }
  }
}

/** Every checkpoint of every thread namespace, read back by id, on both savers. */
async function compareEverything(saver: BaseCheckpointSaver, oracle: MemorySaver): Promise<void> {
  for (const thread_id of threads)
    for (const checkpoint_ns of namespaces) {
      const config = { configurable: { thread_id, checkpoint_ns } };
      const expected = await all(oracle.list(config));
      for (const tuple of expected) expect(await saver.getTuple(tuple.config)).toStrictEqual(tuple);
      expect(await saver.getTuple(config)).toStrictEqual(await oracle.getTuple(config));
    }
}

const drivers = reliabilityDrivers({ fast: true }).filter((d) => d.name === 'memory' || d.name === 'sqlite');

/** Random histories on a fresh store of `driver`, the engram saver (with `options`) against MemorySaver. */
async function compareOn(
  driver: (typeof drivers)[number],
  steps: fc.Arbitrary<Step>,
  options: { trustMessageObjects?: boolean },
  numRuns: number,
): Promise<void> {
  let tenant = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(steps, { minLength: 1, maxLength: 60, size: 'medium' }), async (list) => {
      const opened = await driver.open();
      try {
        const store: MemoryStoreV1 = opened.store;
        const scope = { tenant: `property-${++tenant}` };
        const saver = createEngramCheckpointSaver({ store, scope, ...options });
        const oracle = new MemorySaver();
        for (const call of scenarioCalls(list)) await check(call, saver, oracle);
        await compareEverything(createEngramCheckpointSaver({ store, scope, ...options }), oracle);
      } finally {
        await opened.dispose();
      }
    }),
    { numRuns },
  );
}

describe('the engram saver against LangGraph’s MemorySaver (property)', () => {
  for (const driver of drivers)
    it(`${driver.name}: random puts, writes, reads, lists, histories and deletes give identical tuples, also after a restart`, () =>
      compareOn(driver, stepArbitrary, {}, driver.name === 'memory' ? 100 : 25));

  it('memory, trustMessageObjects: the same, as long as no message object is edited in place', () =>
    compareOn(drivers[0]!, stepArbitraryWith({ edits: false }), { trustMessageObjects: true }, 60));
});
