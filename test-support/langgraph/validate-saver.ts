import * as vitest from 'vitest';
import type { ReliabilityDriver } from '../reliability/store-drivers.ts';

/**
 * Runs LangChain's checkpointer conformance suite, `@langchain/langgraph-checkpoint-validation`, unmodified,
 * against a saver made by `create` on one store of `driver`: `validate` (what the package's CLI runs) and its
 * opt-in `deltaChannelHistoryTests`. The suite's spec files call vitest's `describe`,
 * `it`, `expect` and hooks as globals (its own CLI runs vitest with `globals: true`), so they are put on
 * `globalThis` before the suite is imported. Each checkpointer it creates gets a tenant of its own, the
 * isolation the suite asks for ("state written by one instance … MUST NOT be readable by another").
 */
export async function validateSaverOn<S>(
  driver: ReliabilityDriver,
  create: (store: Awaited<ReturnType<ReliabilityDriver['open']>>['store'], tenant: string) => S,
): Promise<void> {
  const { describe, it, expect, beforeAll, afterAll, beforeEach, afterEach } = vitest;
  Object.assign(globalThis, { describe, it, expect, beforeAll, afterAll, beforeEach, afterEach });
  const { validate, deltaChannelHistoryTests } = await import('@langchain/langgraph-checkpoint-validation');
  let opened: Awaited<ReturnType<ReliabilityDriver['open']>> | undefined;
  let tenants = 0;
  const initializer = {
    checkpointerName: `engram (${driver.name})`,
    beforeAllTimeout: 60_000,
    beforeAll: async () => {
      opened = await driver.open();
    },
    afterAll: async () => {
      await opened?.dispose();
    },
    // biome-ignore lint/suspicious/noExplicitAny: the suite's initializer is generic over any saver
    createCheckpointer: () => create(opened!.store, `validation-${++tenants}`) as any,
  };
  validate(initializer);
  // The suite's opt-in part (`getDeltaChannelHistory`, which LangChain runs on each of its own savers).
  deltaChannelHistoryTests(initializer);
}
