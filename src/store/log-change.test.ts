import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { inProcessStores } from '../../test-support/in-process-stores.ts';
import { testPostgresUrl } from '../../test-support/reliability/postgres-url.ts';
import { type OpenedStore, reliabilityDrivers } from '../../test-support/reliability/store-drivers.ts';
import { rangeChangeSince } from './log-change.ts';
import type { MemoryStoreV1 } from './memory-store.ts';

const scope = { tenant: 't' };

/** Stores `n` messages named from `from` on in session `s`; returns their ids. */
async function store(db: MemoryStoreV1, s: string, from: number, n: number): Promise<string[]> {
  const ids = Array.from({ length: n }, (_, i) => `m${from + i}`);
  await db.append(
    scope,
    s,
    ids.map((id) => ({
      message: { id, role: 'user' as const, content: id, createdAt: new Date(0) },
      tokens: 1,
    })),
  );
  return ids;
}

/** What a reader of the part up to the start cares about: a message of that part deleted, or none. */
type Step = { kind: 'append'; n: number } | { kind: 'delete'; pick: number };
const arbStep: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('append' as const), n: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
);

const opened: OpenedStore[] = [];
afterAll(async () => {
  for (const o of opened) await o.dispose();
});

describe.each(reliabilityDrivers({ postgresUrl: testPostgresUrl(), fast: true }))(
  'rangeChangeSince over $name',
  (driver) => {
    const runs: Record<string, number> = {
      memory: 150,
      sqlite: 60,
      libsql: 25,
      'json-file': 25,
      postgres: 20,
    };
    it.skipIf(driver.missing !== undefined)(
      "property: 'deleted' exactly when a message stored before the start was deleted since",
      async () => {
        const o = await driver.open();
        opened.push(o);
        const db = o.store;
        let session = 0;
        await fc.assert(
          fc.asyncProperty(
            fc.integer({ min: 0, max: 6 }),
            fc.array(arbStep, { maxLength: 6 }),
            fc.array(arbStep, { maxLength: 8 }),
            async (initial, before, after) => {
              const s = `s${session++}`;
              await db.createSession(scope, { id: s });
              let next = 1;
              const live: string[] = [];
              const apply = async (step: Step, gone: string[]) => {
                if (step.kind === 'append') {
                  live.push(...(await store(db, s, next, step.n)));
                  next += step.n;
                } else if (live.length > 0) {
                  const [id] = live.splice(step.pick % live.length, 1);
                  await db.deleteMessages(scope, s, [id as string]);
                  gone.push(id as string);
                }
              };
              live.push(...(await store(db, s, next, initial)));
              next += initial;
              for (const step of before) await apply(step, []);
              const start = await db.stats(scope, s);
              const part = new Set(live);
              const gone: string[] = [];
              for (const step of after) await apply(step, gone);
              const expected = gone.some((id) => part.has(id)) ? 'deleted' : undefined;
              expect(await rangeChangeSince(db, scope, s, start)).toBe(expected);
            },
          ),
          { numRuns: runs[driver.name] ?? 20 },
        );
      },
      120_000,
    );
  },
);

describe('rangeChangeSince: deletes of the part a reader started with, not of what was stored after', () => {
  for (const [name, open] of inProcessStores) {
    it(`${name}: the session deleted and created again: 'recreated', also when its new log is as long`, async () => {
      const db = open();
      await db.createSession(scope, { id: 's' });
      await store(db, 's', 1, 5);
      const start = await db.stats(scope, 's');
      await db.deleteSession(scope, 's');
      await db.createSession(scope, { id: 's' });
      await store(db, 's', 1, 5);
      expect(await rangeChangeSince(db, scope, 's', start)).toBe('recreated');
      await db.close();
    });

    it(`${name}: the session gone: SESSION_NOT_FOUND`, async () => {
      const db = open();
      await db.createSession(scope, { id: 's' });
      const start = await db.stats(scope, 's');
      await db.deleteSession(scope, 's');
      await expect(rangeChangeSince(db, scope, 's', start)).rejects.toMatchObject({
        code: 'SESSION_NOT_FOUND',
      });
      await db.close();
    });

    it(`${name}: racing writers that store and delete after the start never hide a delete of the part`, async () => {
      for (let round = 0; round < 20; round++) {
        const db = open();
        await db.createSession(scope, { id: 's' });
        await store(db, 's', 1, 20);
        const start = await db.stats(scope, 's');
        let next = 1000;
        // A writer storing and deleting its own new messages while the check runs; the part loses one message.
        const writer = (async () => {
          for (let i = 0; i < 30; i++) {
            const ids = await store(db, 's', next, 2);
            next += 2;
            await db.deleteMessages(scope, 's', [ids[0] as string]);
          }
        })();
        if (round % 2 === 0) await db.deleteMessages(scope, 's', [`m${1 + (round % 20)}`]);
        const checks = await Promise.all([
          rangeChangeSince(db, scope, 's', start),
          rangeChangeSince(db, scope, 's', start),
        ]);
        await writer;
        for (const change of checks) {
          // Sound: a delete of the part is always seen; without one, a log changing under the count may still be
          // reported (a reader then reads again), never anything but 'deleted'.
          if (round % 2 === 0) expect(change).toBe('deleted');
          else expect([undefined, 'deleted']).toContain(change);
        }
        expect(await rangeChangeSince(db, scope, 's', start)).toBe(round % 2 === 0 ? 'deleted' : undefined);
        await db.close();
      }
    });
  }

  for (const [name, open] of inProcessStores)
    it(`${name}: a delete while it counts makes it count again; the count decides, both ways`, async () => {
      for (const gone of ['m12', 'm3'] as const) {
        const base = open();
        await base.createSession(scope, { id: 's' });
        await store(base, 's', 1, 10);
        const start = await base.stats(scope, 's');
        await store(base, 's', 11, 3);
        await base.deleteMessages(scope, 's', ['m11']); // stored after the start: the count is needed
        let stats = 0;
        let reads = 0;
        const db: MemoryStoreV1 = Object.create(base);
        db.stats = (...a) => {
          stats++;
          return base.stats(...a);
        };
        // While the first count reads, a delete: of a message stored after the start, or of the start's part.
        db.readRange = async (...a) => {
          if (reads++ === 0) await base.deleteMessages(scope, 's', [gone]);
          return base.readRange(...a);
        };
        const change = await rangeChangeSince(db, scope, 's', start);
        // Three stats reads: before the first count, after it (changed: count again), after the second (unchanged).
        expect([gone, change, stats]).toEqual([gone, gone === 'm3' ? 'deleted' : undefined, 3]);
        await base.close();
      }
    });
});
