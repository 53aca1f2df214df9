import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inProcessStores } from '../../test-support/in-process-stores.ts';
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

describe('rangeChangeSince: deletes of the part a reader started with, not of what was stored after', () => {
  for (const [name, open] of inProcessStores) {
    it(`${name}: property: 'deleted' exactly when a message stored before the start was deleted since`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: 6 }),
          fc.array(arbStep, { maxLength: 6 }),
          fc.array(arbStep, { maxLength: 8 }),
          async (initial, before, after) => {
            const db = open();
            await db.createSession(scope, { id: 's' });
            let next = 1;
            const live: string[] = [];
            const apply = async (step: Step, gone: string[]) => {
              if (step.kind === 'append') {
                live.push(...(await store(db, 's', next, step.n)));
                next += step.n;
              } else if (live.length > 0) {
                const [id] = live.splice(step.pick % live.length, 1);
                await db.deleteMessages(scope, 's', [id as string]);
                gone.push(id as string);
              }
            };
            live.push(...(await store(db, 's', next, initial)));
            next += initial;
            for (const step of before) await apply(step, []);
            const start = await db.stats(scope, 's');
            const part = new Set(live);
            const gone: string[] = [];
            for (const step of after) await apply(step, gone);
            const expected = gone.some((id) => part.has(id)) ? 'deleted' : undefined;
            expect(await rangeChangeSince(db, scope, 's', start)).toBe(expected);
            await db.close();
          },
        ),
        { numRuns: name === 'memory' ? 150 : 60 },
      );
    });

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
});
