import type { AgentInputItem } from '@openai/agents-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { onTwoHandles, reopenableDrivers } from '../../test-support/reliability/reopenable-stores.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { createEngramSession, type EngramSession } from './engram-session.ts';

/**
 * `clearSession` with another writer on the same session (a second session object on a second handle of one SQLite
 * file or PostgreSQL database, as a second process would have): what the clear keeps and drops is what
 * `clearSession` (clear-session.ts) documents, and an operation whose items the clear leaves keeps its record, so
 * repeating it never applies it twice.
 */

const user = (content: string): AgentInputItem => ({ type: 'message', role: 'user', content });
const texts = async (session: EngramSession) =>
  (await session.getItems()).map((item) => (item as { content: string }).content);
const append = (operationId: string) => ({
  operationId,
  transaction: { type: 'append_items' as const, items: [user(operationId)] },
});
/** Removes every item through a history transaction (a `replace_suffix` by nothing, as the SDK's rewinds do). */
const removeAll = async (session: EngramSession) =>
  session.applyHistoryTransaction({
    operationId: `remove-${crypto.randomUUID()}`,
    transaction: { type: 'replace_suffix', expectedSuffix: await session.getItems(), replacement: [] },
  });

/** `inner`, whose `clearMessages` runs `after()` once it has cleared (before the caller goes on). */
function afterClear(inner: MemoryStoreV1, after: () => void | Promise<void>): MemoryStoreV1 {
  return new Proxy(inner, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (key === 'clearMessages')
        return async (scope: never, id: string) => {
          const cleared = await target.clearMessages(scope, id);
          await after();
          return cleared;
        };
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The store calls a session makes: each waits for the scheduler's turn before it starts (on the real store). */
const gatedMethods = new Set<string | symbol>([
  'getSession',
  'createSession',
  'stats',
  'append',
  'readRange',
  'getMessages',
  'deleteMessages',
  'clearMessages',
  'putArtifact',
  'listArtifacts',
  'deleteArtifact',
]);

/** `inner`, whose calls of `gatedMethods` start, and whose callers go on, in the order the fast-check scheduler `s` picks. */
function gated(inner: MemoryStoreV1, s: fc.Scheduler): MemoryStoreV1 {
  return new Proxy(inner, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      if (!gatedMethods.has(key)) return value.bind(target);
      return async (...args: unknown[]) => {
        await s.schedule(Promise.resolve(`${String(key)} starts`));
        const result = await value.apply(target, args);
        // The caller goes on in the scheduler's order too: a call done on a slow store is not always first to go on.
        await s.schedule(Promise.resolve(`${String(key)} done`));
        return result;
      };
    },
  });
}

describe('clearSession with another writer on the session', () => {
  for (const driver of reopenableDrivers()) {
    it.skipIf(driver.skip)(
      `${driver.name}: an operation applied between the clear of the log and of the records keeps its record`,
      async () => {
        await onTwoHandles(driver, 'agents_clear_between', async (a, b) => {
          const other = createEngramSession({ store: b, sessionId: 's' });
          const one = createEngramSession({
            store: afterClear(a, () => other.applyHistoryTransaction(append('op-1'))),
            sessionId: 's',
          });
          await one.addItems([user('before')]);
          await one.clearSession();
          // The operation's item landed after the log was cleared: it stays, and so must its record.
          expect(await texts(one)).toEqual(['op-1']);
          await removeAll(one);
          // Before, the clear deleted op-1's record: this repeat applied it again and its item came back.
          await other.applyHistoryTransaction(append('op-1'));
          expect(await texts(other)).toEqual([]);
        });
      },
    );

    it.skipIf(driver.skip)(
      `${driver.name}: clears and adds interleaved at random keep every add started after a clear ended, and no operation applies twice`,
      { timeout: 120_000 },
      async () => {
        await onTwoHandles(driver, 'agents_clear_races', async (a, b) => {
          const clearer = createEngramSession({ store: a, sessionId: 's' });
          const applier = createEngramSession({ store: b, sessionId: 's' });
          const adder = createEngramSession({ store: b, sessionId: 's' });
          const jitter = () => new Promise((r) => setTimeout(r, Math.floor(Math.random() * 3)));
          type Call = { text: string; start: number; end: number; operation: boolean };
          for (let round = 0; round < 25; round++) {
            await adder.addItems([user(`before-${round}`)]);
            const calls: Call[] = [];
            const timed = async (text: string, operation: boolean, call: () => void | Promise<void>) => {
              await jitter();
              const start = performance.now();
              await call();
              calls.push({ text, start, end: performance.now(), operation });
            };
            let clear = { start: 0, end: 0 };
            await Promise.all([
              (async () => {
                await jitter();
                const start = performance.now();
                await clearer.clearSession();
                clear = { start, end: performance.now() };
              })(),
              (async () => {
                for (let k = 0; k < 3; k++) {
                  const id = `op-${round}-${k}`;
                  await timed(id, true, () => applier.applyHistoryTransaction(append(id)));
                }
              })(),
              (async () => {
                for (let k = 0; k < 3; k++) {
                  const text = `add-${round}-${k}`;
                  await timed(text, false, () => adder.addItems([user(text)]));
                }
              })(),
            ]);
            const live = new Set(await texts(clearer));
            expect(live.has(`before-${round}`), `round ${round}: an add done before the clear`).toBe(false);
            for (const call of calls) {
              if (call.start > clear.end)
                expect(live.has(call.text), `${call.text} started after the clear`).toBe(true);
              if (call.end < clear.start)
                expect(live.has(call.text), `${call.text} done before the clear`).toBe(false);
            }
            // Every operation whose item the clear left is remembered: after its item is removed, a repeat is a no-op.
            await removeAll(clearer);
            for (const call of calls)
              if (call.operation && live.has(call.text))
                await applier.applyHistoryTransaction(append(call.text));
            expect(await texts(clearer), `round ${round}: an operation applied twice`).toEqual([]);
          }
        });
      },
    );
    it.skipIf(driver.skip)(
      `${driver.name}: property: under any order of the store calls, the clear keeps what its doc says and no operation applies twice`,
      { timeout: 240_000 },
      async () => {
        await onTwoHandles(driver, 'agents_clear_orders', async (a, b) => {
          let run = 0;
          await fc.assert(
            fc.asyncProperty(fc.scheduler(), async (s) => {
              const sessionId = `s${run++}`;
              const plain = createEngramSession({ store: a, sessionId });
              await plain.addItems([user('before')]);
              const clearer = createEngramSession({ store: gated(a, s), sessionId });
              const applier = createEngramSession({ store: gated(b, s), sessionId });
              const adder = createEngramSession({ store: gated(b, s), sessionId });
              const cleared = clearer.clearSession();
              const after = cleared.then(async () => {
                await applier.applyHistoryTransaction(append('op-after'));
                await adder.addItems([user('add-after')]);
              });
              await s.waitFor(
                Promise.all([
                  cleared,
                  after,
                  applier.applyHistoryTransaction(append('op-racing')),
                  adder.addItems([user('add-racing')]),
                ]),
              );
              const live = await texts(plain);
              expect(live).not.toContain('before');
              expect(live).toContain('op-after');
              expect(live).toContain('add-after');
              // Each operation whose item is left is remembered: once its item is removed, a repeat is a no-op.
              await removeAll(plain);
              for (const id of ['op-racing', 'op-after'])
                if (live.includes(id)) await plain.applyHistoryTransaction(append(id));
              expect(await texts(plain)).toEqual([]);
            }),
            { numRuns: 80 },
          );
        });
      },
    );
  }
});
