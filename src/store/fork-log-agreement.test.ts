import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { rangeQueries } from '../../test-support/reliability/range-queries.ts';
import { tempDir } from '../../test-support/reliability/store-drivers.ts';
import type { MemoryMessage } from '../core/message.ts';
import type { Scope } from '../core/scope.ts';
import { createJsonFileStore } from '../drivers/json-file/json-file-driver.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import type { MemoryStoreV1 } from './memory-store.ts';

/**
 * The fork log written three ways (the shared in-process index behind memory and json-file, and the SQL of
 * sqlite / postgres) must agree: random appends (ids reused, with other content too), deletes, clears, forks
 * at any point, session deletes (names reused) and json-file reopens, with every result and every read
 * compared across memory, json-file and sqlite after each step.
 */

const ids = ['a', 'b', 'c', 'd'];
const names = ['s0', 's1', 's2', 's3', 's4'];
const pick = fc.nat(20);
const someIds = fc.array(fc.nat(15), { minLength: 1, maxLength: 3 });
type Op =
  | { op: 'append'; s: number; ids: number[] }
  | { op: 'delete'; s: number; ids: number[] }
  | { op: 'clear'; s: number }
  | { op: 'fork'; parent: number; at: number }
  | { op: 'create' }
  | { op: 'deleteSession'; s: number }
  | { op: 'reopen' };
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant('append' as const), s: pick, ids: someIds }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('delete' as const), s: pick, ids: someIds }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('clear' as const), s: pick }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('fork' as const), parent: pick, at: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('create' as const) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('deleteSession' as const), s: pick }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('reopen' as const) }) },
);
const query = rangeQueries(12);

/** Message `n`: id `ids[n % 4]`, one of four contents (so a live id re-appended may conflict), two roles. */
const message = (n: number): MemoryMessage =>
  ({
    role: n % 8 < 4 ? 'user' : 'assistant',
    content: `${ids[n % 4]} ${n >> 2}`,
    id: ids[n % 4]!,
    createdAt: new Date(0),
  }) as MemoryMessage;

/** A call's result or error code, as comparable JSON (timestamps and scores left out). */
async function outcome(call: Promise<unknown>): Promise<string> {
  try {
    const value = await call;
    return JSON.stringify(value ?? null, (k, v) =>
      k === 'createdAt' || k === 'updatedAt' || k === 'scope' || k === 'score' ? undefined : v,
    );
  } catch (error) {
    return `error ${(error as { code?: string }).code ?? String(error)}`;
  }
}

describe('fork log: the in-process index and the SQL agree', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    dir = await tempDir('fork-agreement', true);
  });
  afterAll(() => dir.remove());

  it('property: every result and read is the same on memory, json-file (reopened) and sqlite', async () => {
    const sqlite = createSqliteStore({ path: join(dir.path, 'store.db'), durability: 'process' });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { maxLength: 30 }),
        fc.array(query, { minLength: 2, maxLength: 2 }),
        async (ops, queries) => {
          const s: Scope = { tenant: `t${run++}` };
          const stores: MemoryStoreV1[] = [
            createMemoryStore(),
            createJsonFileStore({ directory: dir.path }),
            sqlite,
          ];
          const same = async (what: string, call: (store: MemoryStoreV1) => Promise<unknown>) => {
            const results: string[] = [];
            for (const store of stores) results.push(await outcome(call(store)));
            if (results.some((r) => r !== results[0]))
              throw new Error(
                `${what}:\n  memory    ${results[0]}\n  json-file ${results[1]}\n  sqlite    ${results[2]}`,
              );
          };
          const live = new Set<string>();
          const reads = async (step: string) => {
            await same(`${step} listSessions`, (st) =>
              st.listSessions(s).then((l) => l.sort((x, y) => (x.id < y.id ? -1 : 1))),
            );
            for (const id of live) {
              await same(`${step} readRange ${id}`, (st) => st.readRange(s, id));
              for (const q of queries)
                await same(`${step} readRange ${id} ${JSON.stringify(q)}`, (st) => st.readRange(s, id, q));
              await same(`${step} getMessages ${id}`, (st) => st.getMessages(s, id, [...ids, 'missing']));
              // logId names each store's own log; the counts must agree.
              await same(`${step} stats ${id}`, (st) =>
                st.stats(s, id).then(({ logId: _, ...counts }) => counts),
              );
              const hits = (st: MemoryStoreV1) =>
                st.searchMessages(s, { text: 'a', sessionId: id, limit: 100 });
              await same(`${step} search ${id}`, async (st) =>
                (await hits(st)).map((h) => h.entry.seq).sort((x, y) => x - y),
              );
            }
          };
          await same('create s0', (st) => st.createSession(s, { id: 's0' }));
          live.add('s0');
          for (const [i, o] of ops.entries()) {
            const step = `step ${i} of ${JSON.stringify(ops)}`;
            const existing = [...live];
            const free = names.find((n) => !live.has(n));
            const name = 's' in o ? existing[o.s % existing.length] : undefined;
            if (o.op === 'reopen') {
              await stores[1]!.close();
              stores[1] = createJsonFileStore({ directory: dir.path });
            } else if (o.op === 'create' || o.op === 'fork') {
              const parentId = existing[o.op === 'fork' ? o.parent % existing.length : 0];
              if (free === undefined || (o.op === 'fork' && parentId === undefined)) continue;
              let fork: { parentId: string; atSeq: number } | undefined;
              if (o.op === 'fork')
                fork = {
                  parentId: parentId!,
                  atSeq: o.at % ((await sqlite.stats(s, parentId!)).lastSeq + 1),
                };
              await same(step, (st) => st.createSession(s, { id: free, ...(fork ? { fork } : {}) }));
              live.add(free);
            } else if (name === undefined) {
              continue;
            } else if (o.op === 'append') {
              await same(step, (st) =>
                st.append(
                  s,
                  name,
                  o.ids.map((n) => ({ message: message(n), tokens: n + 1 })),
                ),
              );
            } else if (o.op === 'delete') {
              await same(step, (st) =>
                st.deleteMessages(
                  s,
                  name,
                  o.ids.map((n) => ids[n % 4]!),
                ),
              );
            } else if (o.op === 'clear') {
              await same(step, (st) => st.clearMessages(s, name));
            } else {
              await same(step, (st) => st.deleteSession(s, name));
              live.delete(name);
            }
            await reads(step);
          }
          await stores[0]!.close();
          await stores[1]!.close();
        },
      ),
      { numRuns: 150 },
    );
    await sqlite.close();
  });
});
