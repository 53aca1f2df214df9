import { describe, expect, it } from 'vitest';
import { runChildScript, sendGo } from '../../test-support/reliability/child-process.ts';
import { processDrivers } from '../../test-support/reliability/process-stores.ts';

/**
 * Two processes append to one record slot that keeps 3 versions, each also pruning it to 1 version after every
 * write of its own: pruners racing writers and each other never delete the current version nor a version a
 * compare-and-set expects, so no append is lost, each process reads its own write back, and the history ends
 * short, on SQLite and on PostgreSQL.
 */
const updates = 30;
const keep = 3;

describe('a pruned record slot: two processes writing and pruning, no lost update', () => {
  for (const driver of processDrivers) {
    it.skipIf(driver.skip)(
      `${driver.name}: ${updates} + ${updates} concurrent appends all land, each read back; the current version alone is left`,
      async () => {
        const d = await driver.setup('slot');
        try {
          const runs = ['a', 'b'].map((writer) =>
            runChildScript('./pruned-slot-child.ts', { writer, updates, keep, ...d.child }),
          );
          await Promise.all(runs.map((r) => r.waitForLine((l) => l === 'ready')));
          for (const r of runs) sendGo(r);
          for (const r of runs) expect((await r.exited).code, r.stderr()).toBe(0);
          for (const r of runs) expect(r.lines.filter((l) => l.startsWith('prune error'))).toEqual([]);

          const store = d.open();
          const scope = { tenant: 'team', user: 'ada' };
          const current = await store.longTermRecords.getRecord(scope, 'slot');
          expect(current?.version).toBe(2 * updates);
          const lines = current?.text.split('\n') ?? [];
          for (const w of ['a', 'b'])
            expect(lines.filter((l) => l.startsWith(`${w} `))).toEqual(
              Array.from({ length: updates }, (_, i) => `${w} ${i}`),
            );
          const history = (await store.longTermRecords.history(scope, 'slot')).map((v) => v.version);
          // The last prune (a direct one to 1 version, after the last write) leaves the current version alone.
          expect(history).toEqual([2 * updates]);
          await store.close();
        } finally {
          await d.done();
        }
      },
      120_000,
    );
  }
});
