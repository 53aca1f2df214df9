import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMinimalLogDriver } from '../../test-support/minimal-log-driver.ts';
import { IsolationCommand } from '../../test-support/reliability/isolation-command.ts';
import { IsolationModel } from '../../test-support/reliability/isolation-model.ts';
import { isolationOpArbitraries } from '../../test-support/reliability/isolation-ops.ts';
import { rangeQueries } from '../../test-support/reliability/range-queries.ts';
import type { MemoryMessage } from '../core/message.ts';
import type { Scope } from '../core/scope.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createLogStore } from './create-log-store.ts';
import type { MemoryStoreV1, SessionRecord } from './memory-store.ts';

/**
 * The engine's fallbacks against the direct computation: random operation sequences (appends with reused ids,
 * deletes, replaces, forks at any point, clears, session deletes, searches, getMessages) on
 * `createLogStore(minimal driver)`, with and without a transaction, and on `createMemoryStore()` (native paths
 * on the shared log index) give the same result or error code at every step, and the same reads afterwards:
 * records (fork links included), ranges, counts, searches.
 */

const ids = ['a', 'b', 'c', 'd'];
const names = ['s0', 's1', 's2', 's3', 's4'];
const owners: Scope[] = [{ tenant: 't', user: 'u' }, { tenant: 't' }];
const pick = fc.nat(20);
const someIds = fc.array(fc.nat(15), { minLength: 1, maxLength: 3 });
const target = { s: pick, o: fc.nat(1) };
type Op =
  | { op: 'append' | 'delete' | 'replace' | 'get'; s: number; o: number; ids: number[] }
  | { op: 'clear' | 'deleteSession' | 'update'; s: number; o: number }
  | { op: 'fork'; s: number; o: number; at: number }
  | { op: 'create'; o: number }
  | { op: 'search'; s: number; o: number; word: number; all: boolean; limit: number };
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant('append' as const), ...target, ids: someIds }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('delete' as const), ...target, ids: someIds }) },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('replace' as const), ...target, ids: fc.array(fc.nat(15)) }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('get' as const), ...target, ids: someIds }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('clear' as const), ...target }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('update' as const), ...target }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('deleteSession' as const), ...target }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('fork' as const), ...target, at: fc.nat(22) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('create' as const), o: fc.nat(1) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('search' as const),
      ...target,
      word: fc.nat(5),
      all: fc.boolean(),
      limit: fc.integer({ min: 1, max: 6 }),
    }),
  },
);
const words = ['a', 'b 1', 'C', 'd 2', ' 0', 'zzz'];

/** Message `n`: id `ids[n % 4]`, one of four contents (so a live id re-appended may conflict), two roles. */
const message = (n: number): MemoryMessage => ({
  role: n % 8 < 4 ? 'user' : 'assistant',
  content: `${ids[n % 4]} ${n >> 2}`,
  id: ids[n % 4]!,
  createdAt: new Date(0),
});
const inputs = (ns: number[]) => ns.map((n) => ({ message: message(n), tokens: n + 1 }));

/** A call's result or error code, as comparable JSON (a log's id is each store's own; times differ). */
async function outcome(call: Promise<unknown>): Promise<string> {
  try {
    const skip = new Set(['logId', 'createdAt', 'updatedAt']);
    return JSON.stringify((await call) ?? null, (k, v) => (skip.has(k) ? undefined : v));
  } catch (error) {
    return `error ${(error as { code?: string }).code ?? String(error)}`;
  }
}

describe('createLogStore: the fallbacks agree with the native paths', () => {
  it('property: every result and read of the minimal driver (with and without transactions) equals memory', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 40, size: 'max' }), rangeQueries(12), async (ops, query) => {
        const stores: MemoryStoreV1[] = [
          createMemoryStore(),
          createLogStore(createMinimalLogDriver()),
          createLogStore(createMinimalLogDriver({ transactions: true })),
        ];
        const same = async (what: string, call: (store: MemoryStoreV1) => Promise<unknown>) => {
          const results: string[] = [];
          for (const store of stores) results.push(await outcome(call(store)));
          expect(results.slice(1), what).toEqual([results[0], results[0]]);
        };
        const live = new Set<string>(); // `<owner> <name>`
        const session = (o: { s: number; o: number }) => {
          const mine = names.filter((n) => live.has(`${o.o} ${n}`));
          return mine.length === 0 ? undefined : mine[o.s % mine.length]!;
        };
        const reads = async (step: string) => {
          // Sessions made in one millisecond on one store may not be on another: compare them by owner and id.
          const byOwner = (r: SessionRecord) => `${r.scope.user ?? ''} ${r.id}`;
          await same(`${step} listSessions`, async (st) =>
            (await st.listSessions({ tenant: 't' })).sort((a, b) => (byOwner(a) < byOwner(b) ? -1 : 1)),
          );
          for (const key of live) {
            const [o, id] = key.split(' ') as [string, string];
            const s = owners[Number(o)]!;
            await same(`${step} getSession ${key}`, (st) => st.getSession(s, id));
            await same(`${step} readRange ${key}`, (st) => st.readRange(s, id));
            await same(`${step} readRange ${key} ${JSON.stringify(query)}`, (st) =>
              st.readRange(s, id, query),
            );
            await same(`${step} stats ${key}`, (st) => st.stats(s, id));
            await same(`${step} getMessages ${key}`, (st) => st.getMessages(s, id, [...ids, 'missing']));
          }
        };
        for (const [o, s] of owners.entries()) {
          await same(`create s0 of ${o}`, (st) => st.createSession(s, { id: 's0' }));
          live.add(`${o} s0`);
        }
        for (const [i, o] of ops.entries()) {
          const step = `step ${i} of ${JSON.stringify(ops)}`;
          const s = owners[o.o]!;
          if (o.op === 'create' || o.op === 'fork') {
            const free = names.find((n) => !live.has(`${o.o} ${n}`));
            const parentId = o.op === 'fork' ? session(o) : undefined;
            if (free === undefined || (o.op === 'fork' && parentId === undefined)) continue;
            const outOfRange = o.op === 'fork' && o.at === 22;
            let fork: { parentId: string; atSeq: number } | undefined;
            if (parentId !== undefined && o.op === 'fork') {
              const { lastSeq } = await stores[0]!.stats(s, parentId);
              // Now and then out of range (refused the same way everywhere).
              fork = { parentId, atSeq: outOfRange ? lastSeq + 1 : o.at % (lastSeq + 1) };
            }
            await same(step, (st) =>
              st.createSession(s, { id: free, metadata: { i }, ...(fork ? { fork } : {}) }),
            );
            if (!outOfRange) live.add(`${o.o} ${free}`);
            await reads(step);
            continue;
          }
          const id = session(o);
          if (id === undefined) continue;
          if (o.op === 'append') await same(step, (st) => st.append(s, id, inputs(o.ids)));
          else if (o.op === 'delete')
            await same(step, (st) =>
              st.deleteMessages(
                s,
                id,
                o.ids.map((n) => ids[n % 4]!),
              ),
            );
          else if (o.op === 'replace') await same(step, (st) => st.replaceMessages(s, id, inputs(o.ids)));
          else if (o.op === 'get')
            await same(step, (st) =>
              st.getMessages(
                s,
                id,
                o.ids.map((n) => ids[n % 4]!),
              ),
            );
          else if (o.op === 'clear') await same(step, (st) => st.clearMessages(s, id));
          else if (o.op === 'update') await same(step, (st) => st.updateSession(s, id, { step: i }));
          else if (o.op === 'search') {
            const query = { text: words[o.word]!, limit: o.limit, ...(o.all ? {} : { sessionId: id }) };
            await same(step, (st) => st.searchMessages(o.all ? { tenant: 't' } : s, query));
          } else {
            await same(step, (st) => st.deleteSession(s, id));
            live.delete(`${o.o} ${id}`);
          }
          await reads(step);
        }
        for (const store of stores) await store.close();
      }),
      { numRuns: 200 },
    );
  });
});

describe('createLogStore: model-based isolation', () => {
  for (const transactions of [false, true]) {
    it(`minimal driver${transactions ? ' with transactions' : ''}: random commands match the model`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.commands(
            isolationOpArbitraries.map((a) => a.map((o) => new IsolationCommand(o))),
            { maxCommands: 300, size: 'max' },
          ),
          async (commands) => {
            const store = createLogStore(createMinimalLogDriver({ transactions }));
            await fc.asyncModelRun(() => ({ model: new IsolationModel(), real: store }), commands);
            await store.close();
          },
        ),
        { numRuns: 30 },
      );
    });
  }
});
