import type { AgentInputItem } from '@openai/agents-core';
import { MemorySession } from '@openai/agents-core';
import { describe, expect, it } from 'vitest';
import { mixedConversation, popAll } from '../../test-support/agents-mixed-log.ts';
import { beforeAppend } from '../../test-support/before-append.ts';
import { crashingStore } from '../../test-support/crashing-store.ts';
import {
  onTwoHandles,
  type ReopenableDriver,
  reopenableDrivers,
} from '../../test-support/reliability/reopenable-stores.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import type { AppendInput, AppendOptions, MemoryStoreV1 } from '../store/memory-store.ts';
import { createEngramSession, type EngramSession } from './engram-session.ts';

/**
 * `popItem` on messages written through engram's other APIs (several items each) splits them store-first: these
 * tests cut it short (a store that fails between the append and the delete, as a crash there would), run two
 * writers at once, and hold one writer's append back until the other has split and popped.
 */

const key = (item: AgentInputItem) => JSON.stringify(item);

describe('popItem cut short between storing the split and deleting the message', () => {
  const drivers = [{ name: 'memory', skip: false, setup: async () => inProcess() }, ...reopenableDrivers()];
  for (const driver of drivers) {
    for (const next of ['getItems', 'popItem'] as const) {
      it.skipIf(driver.skip)(
        `${driver.name}: after a reopen, ${next} sees every item once; the pop did not happen`,
        async () => {
          const db = await driver.setup(`agents_split_${next}`);
          const first = crashingStore(db.open());
          try {
            await createConversationMemory({ store: first.store, sessionId: 's' }).store(mixedConversation());
            const session = createEngramSession({ store: first.store, sessionId: 's' });
            const items = await session.getItems();
            expect(items).toHaveLength(8);
            first.crash.on = true;
            await expect(session.popItem()).rejects.toThrow('killed');
          } finally {
            await first.store.close?.();
          }
          const store = db.open();
          try {
            const session = createEngramSession({ store, sessionId: 's' });
            const reference = new MemorySession({ initialItems: await referenceItems() });
            if (next === 'getItems') {
              expect(await session.getItems()).toEqual(await reference.getItems());
              // The read deleted the split message: the three before it stay, and its two items are one message each.
              expect(await session.memory.read()).toHaveLength(5);
            }
            // Popping down past the split's first message deletes the message it replaced, if still there.
            expect(await popAll(session)).toEqual(await popAll(reference));
            expect(await session.getItems()).toEqual([]);
            expect(await session.memory.read()).toEqual([]);
          } finally {
            await store.close?.();
            await db.done();
          }
        },
      );
    }
  }
});

describe('applyHistoryTransaction after a split cut short', () => {
  for (const n of [2, 3]) {
    it(`replace_suffix of the last ${n} items reads them as getItems does and leaves nothing of them behind`, async () => {
      const { store, crash } = crashingStore(createMemoryStore());
      const session = createEngramSession({ store, sessionId: 's' });
      await session.addItems([{ type: 'message', role: 'user', content: 'q' }]);
      await createConversationMemory({ store, sessionId: 's' }).store([mixedConversation()[3]!]);
      const items = await session.getItems();
      crash.on = true;
      await expect(session.popItem()).rejects.toThrow('killed');
      crash.on = false;

      const reference = new MemorySession({ initialItems: items });
      const done: AgentInputItem = { type: 'message', role: 'user', content: 'done' };
      const args = {
        operationId: 'op',
        transaction: {
          type: 'replace_suffix' as const,
          expectedSuffix: items.slice(-n),
          replacement: [done],
        },
      };
      await reference.applyHistoryTransaction(args);
      await session.applyHistoryTransaction(args);
      expect(await session.getItems()).toEqual(await reference.getItems());
      expect(await session.memory.read()).toHaveLength(4 - n);
    });
  }
});

describe('two writers popping a session of messages that stand for several items', () => {
  for (const driver of reopenableDrivers()) {
    it.skipIf(driver.skip)(
      `${driver.name}: two handles pop at once: each item is popped once, none is lost`,
      () =>
        onTwoSessions(driver, 'agents_split_race', 6, async (one, two) => {
          const items = await one.getItems();
          expect(new Set(items.map(key)).size).toBe(48);
          const [x, y] = await Promise.all([popAll(one), popAll(two)]);
          expect([...x, ...y].map(key).sort()).toEqual(items.map(key).sort());
          expect(await two.getItems()).toEqual([]);
          expect(await one.memory.read()).toEqual([]);
        }),
    );

    it.skipIf(driver.skip)(
      `${driver.name}: a reader while another handle pops sees the items in order, never one twice`,
      () =>
        onTwoSessions(driver, 'agents_split_read', 4, async (popper, reader) => {
          const items = (await reader.getItems()).map(key);
          let done = false;
          const reads: string[][] = [];
          const reading = (async () => {
            while (!done) reads.push((await reader.getItems()).map(key));
          })();
          await popAll(popper).finally(() => {
            done = true;
          });
          await reading;
          for (const read of reads) expect(read).toEqual(items.slice(0, read.length));
          expect(reads.length).toBeGreaterThan(0);
        }),
    );
  }
});

describe('a writer whose split lands after another writer split the message and popped its items', () => {
  for (const popsMeanwhile of [1, 2, 3]) {
    it(`stores nothing the other writer popped (${popsMeanwhile} popped meanwhile)`, async () => {
      const inner = createMemoryStore();
      await createConversationMemory({ store: inner, sessionId: 's' }).store([
        { role: 'user', content: 'q' },
        mixedConversation()[3]!,
      ]);
      // The slow writer's append (the split's, the only one of several messages) waits until the fast one has popped.
      const [held, release] = signal();
      const [holding, reached] = signal();
      const slowStore = new Proxy(inner, {
        get(target, key, receiver) {
          const value = Reflect.get(target, key, receiver);
          if (key === 'append')
            return async (scope: unknown, id: string, inputs: AppendInput[], options?: AppendOptions) => {
              if (inputs.length > 1) {
                reached();
                await held;
              }
              return target.append(scope as never, id, inputs, options);
            };
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      const fast = createEngramSession({ store: inner, sessionId: 's' });
      const slow = createEngramSession({ store: slowStore, sessionId: 's' });
      const items = await fast.getItems();
      expect(items).toHaveLength(3);

      const slowPop = slow.popItem();
      await holding;
      const fastPopped: AgentInputItem[] = [];
      for (let i = 0; i < popsMeanwhile; i++) fastPopped.push((await fast.popItem())!);
      release();
      const slowPopped = await slowPop;

      expect(fastPopped).toEqual([...items].reverse().slice(0, popsMeanwhile));
      expect(slowPopped).toEqual(items[items.length - popsMeanwhile - 1]);
      const left = items.slice(0, Math.max(0, items.length - popsMeanwhile - 1));
      expect(await fast.getItems()).toEqual(left);
      expect(await fast.memory.read()).toHaveLength(left.length);
    });
  }
});

describe("another writer appending between the split's read and its append", () => {
  const drivers = [{ name: 'memory', skip: false, setup: async () => inProcess() }, ...reopenableDrivers()];
  for (const driver of drivers) {
    for (const appends of [1, 3]) {
      it.skipIf(driver.skip)(
        `${driver.name}: the split does not land after the other writer's items (${appends} addItems in between)`,
        async () => {
          const db = await driver.setup(`agents_split_between_${appends}`);
          const inner = db.open();
          try {
            await createConversationMemory({ store: inner, sessionId: 's' }).store([
              { role: 'user', content: 'q' },
              mixedConversation()[3]!,
            ]);
            const other = createEngramSession({ store: inner, sessionId: 's' });
            const added: AgentInputItem[] = Array.from({ length: appends }, (_, i) => ({
              type: 'message',
              role: 'user',
              content: `meanwhile ${i}`,
            }));
            // Just before the split's append (the only append of several messages) reaches the store, the other
            // writer's addItems land, one append each: what another process may do between the split's read and
            // its append.
            let pending = [...added];
            const store = beforeAppend(inner, async (inputs) => {
              if (inputs.length < 2) return;
              for (const item of pending.splice(0)) await other.addItems([item]);
            });
            const session = createEngramSession({ store, sessionId: 's' });
            const items = await session.getItems();
            expect(items).toHaveLength(3);

            // The SDK's MemorySession, the other writer's items added before the pop (the split stored nothing first).
            const reference = new MemorySession({ initialItems: [...items, ...added] });
            expect(await session.popItem()).toEqual(await reference.popItem());
            expect(pending).toEqual([]);
            expect(await session.getItems()).toEqual(await reference.getItems());
            expect(await other.getItems()).toEqual(await reference.getItems());
            pending = [];
            expect(await popAll(session)).toEqual(await popAll(reference));
            expect(await session.memory.read()).toEqual([]);
          } finally {
            await inner.close?.();
            await db.done();
          }
        },
      );
    }
  }

  it('gives up with CONFLICT after 8 tries when every split meets another append, storing no split', async () => {
    const inner = createMemoryStore();
    await createConversationMemory({ store: inner, sessionId: 's' }).store([mixedConversation()[3]!]);
    const other = createEngramSession({ store: inner, sessionId: 's' });
    let splits = 0;
    // Every split's append meets a newer append that is then taken back (deleted): the newest item stays the split
    // message, so each try splits it again.
    const store = beforeAppend(inner, async (inputs) => {
      if (inputs.length < 2) return;
      splits++;
      await other.addItems([{ type: 'message', role: 'user', content: `late ${splits}` }]);
      await other.popItem();
    });
    const session = createEngramSession({ store, sessionId: 's' });
    const items = await session.getItems();
    const error = await session.popItem().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'CONFLICT' });
    expect(splits).toBe(8);
    expect(await session.getItems()).toEqual(items);
    expect(await session.memory.read()).toHaveLength(1);
  });
});

describe("another writer appending between a replace_suffix's check and its append", () => {
  it.each([
    ['a replacement', ['B']],
    ['an empty replacement (the suffix dropped; its check is an empty conditional append)', []],
  ])(
    '%s: the suffix is read again: no longer last, the transaction is a CONFLICT and nothing changes, as MemorySession',
    async (_, replacement) => {
      const inner = createMemoryStore();
      const user = (content: string): AgentInputItem => ({ type: 'message', role: 'user', content });
      const other = createEngramSession({ store: inner, sessionId: 's' });
      await other.addItems([user('a'), user('b')]);
      let late = true;
      // Just before the replacement's append (or check) reaches the store, the other writer adds an item.
      const store = beforeAppend(inner, async (inputs) => {
        if (!(inputs.length === 0 || inputs.some((i) => i.message.id.startsWith('otx_'))) || !late) return;
        late = false;
        await other.addItems([user('meanwhile')]);
      });
      const session = createEngramSession({ store, sessionId: 's' });
      const transaction = {
        type: 'replace_suffix' as const,
        expectedSuffix: [user('b')],
        replacement: replacement.map(user),
      };
      // The SDK's MemorySession with the other writer's item added before the transaction refuses it.
      const reference = new MemorySession({ initialItems: [user('a'), user('b'), user('meanwhile')] });
      await expect(reference.applyHistoryTransaction({ operationId: 'op1', transaction })).rejects.toThrow(
        /no longer matches/,
      );
      await expect(
        session.applyHistoryTransaction({ operationId: 'op1', transaction }),
      ).rejects.toMatchObject({
        code: 'CONFLICT',
      });
      expect(late).toBe(false);
      expect(await session.getItems()).toEqual(await reference.getItems());
    },
  );

  it('an append in between that leaves the suffix last (taken back) is read again and the replacement lands', async () => {
    const inner = createMemoryStore();
    const user = (content: string): AgentInputItem => ({ type: 'message', role: 'user', content });
    const other = createEngramSession({ store: inner, sessionId: 's' });
    await other.addItems([user('a'), user('b')]);
    let late = 2;
    const store = beforeAppend(inner, async (inputs) => {
      if (!inputs.some((i) => i.message.id.startsWith('otx_')) || late === 0) return;
      late--;
      await other.addItems([user('meanwhile')]);
      await other.popItem();
    });
    const session = createEngramSession({ store, sessionId: 's' });
    const transaction = {
      type: 'replace_suffix' as const,
      expectedSuffix: [user('b')],
      replacement: [user('B')],
    };
    await session.applyHistoryTransaction({ operationId: 'op1', transaction });
    expect(late).toBe(0);
    expect(await session.getItems()).toEqual([user('a'), user('B')]);
  });
});

describe('the same replace_suffix applied by two writers at once', () => {
  for (const driver of [{ name: 'memory', skip: false }, ...reopenableDrivers()]) {
    it.skipIf(driver.skip)(
      `${driver.name}: both calls succeed and the replacement lands once (a repeat is a no-op, also at once)`,
      async () => {
        const run = async (a: MemoryStoreV1, b: MemoryStoreV1) => {
          const user = (content: string): AgentInputItem => ({ type: 'message', role: 'user', content });
          await createEngramSession({ store: a, sessionId: 's' }).addItems([user('a'), user('b')]);
          // Each writer's append waits until both have planned on the same log.
          const [bothPlanned, release] = signal();
          let waiting = 0;
          const held = (store: MemoryStoreV1) =>
            beforeAppend(store, async (inputs) => {
              if (!inputs.some((i) => i.message.id.startsWith('otx_')) || waiting >= 2) return;
              if (++waiting === 2) release();
              await bothPlanned;
            });
          const one = createEngramSession({ store: held(a), sessionId: 's' });
          const two = createEngramSession({ store: held(b), sessionId: 's' });
          const args = {
            operationId: 'op',
            transaction: {
              type: 'replace_suffix' as const,
              expectedSuffix: [user('b')],
              replacement: [user('B')],
            },
          };
          const settled = await Promise.allSettled([
            one.applyHistoryTransaction(args),
            two.applyHistoryTransaction(args),
          ]);
          expect(settled.map((r) => (r.status === 'fulfilled' ? 'ok' : String(r.reason)))).toEqual([
            'ok',
            'ok',
          ]);
          expect(waiting).toBe(2);
          expect(await one.getItems()).toEqual([user('a'), user('B')]);
          expect(await two.getItems()).toEqual([user('a'), user('B')]);
        };
        if (driver.name === 'memory') {
          const store = createMemoryStore();
          await run(store, store);
          await store.close();
        } else await onTwoHandles(driver as ReopenableDriver, 'agents_same_op', run);
      },
    );
  }
});

/** The items of `mixedConversation`, as a session on a fresh store reads them. */
async function referenceItems(): Promise<AgentInputItem[]> {
  const store = createMemoryStore();
  await createConversationMemory({ store, sessionId: 's' }).store(mixedConversation());
  return createEngramSession({ store, sessionId: 's' }).getItems();
}

/** One in-process store, "reopened" as a new session object on it (closing a handle leaves it open). */
function inProcess() {
  const store = createMemoryStore();
  const handle = new Proxy(store, {
    get: (target, key, receiver) => (key === 'close' ? async () => {} : Reflect.get(target, key, receiver)),
  });
  return { open: () => handle, done: () => store.close() };
}

/** Runs `test` on two sessions of one log on two handles (two processes), the log holding `turns` turns of `mixedConversation`. */
function onTwoSessions(
  driver: ReopenableDriver,
  label: string,
  turns: number,
  test: (one: EngramSession, two: EngramSession) => Promise<void>,
): Promise<void> {
  return onTwoHandles(driver, label, async (a, b) => {
    const memory = createConversationMemory({ store: a, sessionId: 's' });
    for (let i = 0; i < turns; i++) await memory.store(mixedConversation(i));
    await test(
      createEngramSession({ store: a, sessionId: 's' }),
      createEngramSession({ store: b, sessionId: 's' }),
    );
  });
}

/** A promise and the function that resolves it. */
function signal(): [Promise<void>, () => void] {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return [promise, resolve];
}
