import type { AgentInputItem } from '@openai/agents-core';
import { MemorySession } from '@openai/agents-core';
import { describe, expect, it } from 'vitest';
import { mixedConversation } from '../../test-support/agents-mixed-log.ts';
import { beforeAppend } from '../../test-support/before-append.ts';
import { reopenableDrivers } from '../../test-support/reliability/reopenable-stores.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import type { AppendInput, MemoryStoreV1 } from '../store/memory-store.ts';
import { createEngramSession } from './engram-session.ts';

/**
 * Another writer deletes the session, creates it again under its id and fills it to the `lastSeq` the conditional
 * append read (the ABA of `lastSeq`), between a session's read and its conditional append: the append must not
 * land in the new log (it carries the log's id, `ifLogId`), and the operation reads the new log again.
 */

const user = (content: string): AgentInputItem => ({ type: 'message', role: 'user', content });
const drivers = [{ name: 'memory', skip: false }, ...reopenableDrivers()];

/** Runs `test` on a fresh store of `driver`, closed and removed afterwards. */
async function onStore(
  driver: (typeof drivers)[number],
  label: string,
  test: (store: MemoryStoreV1) => Promise<void>,
): Promise<void> {
  if (!('setup' in driver)) {
    const store = createMemoryStore();
    await test(store).finally(() => store.close());
    return;
  }
  const db = await driver.setup(label);
  const store = db.open();
  try {
    await test(store);
  } finally {
    await store.close();
    await db.done();
  }
}

/**
 * `inner` seen through a store whose first append matching `when` meets session `s` deleted, created again and
 * filled with `items` (one addItems each) just before it; `landed` lists the ids the new log holds right after any
 * append through it of messages of the old log (`old`) or written for it (a split's copies, a transaction's messages).
 */
function replacedBeforeAppend(
  inner: MemoryStoreV1,
  items: readonly AgentInputItem[],
  when: (inputs: readonly AppendInput[]) => boolean,
) {
  const state = { replaced: false, old: new Set<string>(), landed: [] as string[] };
  const store = beforeAppend(
    inner,
    async (inputs) => {
      if (state.replaced || !when(inputs)) return;
      state.replaced = true;
      const scope = { tenant: 'default' };
      for (const e of await inner.readRange(scope, 's')) state.old.add(e.message.id);
      await inner.deleteSession(scope, 's');
      await inner.createSession(scope, { id: 's' });
      const other = createEngramSession({ store: inner, sessionId: 's' });
      for (const item of items) await other.addItems([item]);
    },
    async () => {
      if (!state.replaced) return;
      for (const e of await inner.readRange({ tenant: 'default' }, 's'))
        if (state.old.has(e.message.id) || /^(split|otx)_/.test(e.message.id))
          state.landed.push(e.message.id);
    },
  );
  return { store, state };
}

describe("a session replaced at the same lastSeq between popItem's read and its split", () => {
  for (const driver of drivers) {
    it.skipIf(driver.skip)(
      `${driver.name}: the split does not land in the new log; the pop reads it again and pops its newest item`,
      () =>
        onStore(driver, 'agents_split_aba', async (inner) => {
          await createConversationMemory({ store: inner, sessionId: 's' }).store([
            { role: 'user', content: 'q' },
            mixedConversation()[3]!,
          ]);
          const scope = { tenant: 'default' };
          const read = await inner.stats(scope, 's');
          expect(read.lastSeq).toBe(2);
          const fresh = [user('new a'), user('new b')];
          // The split's append (the only one of several messages) meets the session replaced, filled to lastSeq 2.
          const { store, state } = replacedBeforeAppend(inner, fresh, (inputs) => inputs.length > 1);
          const session = createEngramSession({ store, sessionId: 's' });
          const reference = new MemorySession({ initialItems: fresh });
          expect(await session.popItem()).toEqual(await reference.popItem());
          expect(state.replaced).toBe(true);
          expect(state.landed).toEqual([]);
          // The new log holds the other writer's items only: no copy of the old message was ever appended to it.
          expect(await session.getItems()).toEqual(await reference.getItems());
          const now = await inner.stats(scope, 's');
          expect(now.logId).not.toBe(read.logId);
          expect(now.lastSeq).toBe(2);
        }),
    );
  }
});

describe("a session replaced at the same lastSeq between a replace_suffix's check and its append", () => {
  for (const driver of drivers) {
    for (const replacement of [[user('B')], []]) {
      it.skipIf(driver.skip)(
        `${driver.name}: the replacement (${replacement.length} items) does not land in the new log; the suffix is read again there: CONFLICT, as MemorySession`,
        () =>
          onStore(driver, `agents_suffix_aba_${replacement.length}`, async (inner) => {
            await createEngramSession({ store: inner, sessionId: 's' }).addItems([user('a'), user('b')]);
            const fresh = [user('x'), user('y')];
            const { store, state } = replacedBeforeAppend(
              inner,
              fresh,
              (inputs) => inputs.length === 0 || inputs.some((i) => i.message.id.startsWith('otx_')),
            );
            const session = createEngramSession({ store, sessionId: 's' });
            const transaction = {
              type: 'replace_suffix' as const,
              expectedSuffix: [user('b')],
              replacement,
            };
            // The SDK's MemorySession on the log as the other writer left it refuses the transaction.
            const reference = new MemorySession({ initialItems: fresh });
            await expect(
              reference.applyHistoryTransaction({ operationId: 'op', transaction }),
            ).rejects.toThrow(/no longer matches/);
            await expect(
              session.applyHistoryTransaction({ operationId: 'op', transaction }),
            ).rejects.toMatchObject({ code: 'CONFLICT' });
            expect(state.replaced).toBe(true);
            expect(state.landed).toEqual([]);
            expect(await session.getItems()).toEqual(await reference.getItems());
            expect(await session.memory.read()).toHaveLength(2);
            expect((await inner.stats({ tenant: 'default' }, 's')).lastSeq).toBe(2);
            expect(await inner.listArtifacts({ tenant: 'default' }, 's')).toEqual([]);
          }),
      );
    }
  }
});
