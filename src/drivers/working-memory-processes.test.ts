import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runChildScript, sendGo } from '../../test-support/reliability/child-process.ts';
import { processDrivers } from '../../test-support/reliability/process-stores.ts';
import { createCoreMemory } from '../working/core-memory.ts';
import { createWorkingMemory } from '../working/working-memory.ts';

/**
 * Two processes update the same working memory and append to the same core block as fast as they can: optimistic
 * concurrency makes the loser of each race retry on the winner's version, so no update is lost and every version
 * is in the history, on SQLite and on PostgreSQL.
 */
const updates = 20;

describe('working memory and core blocks: two processes, no lost update', () => {
  for (const driver of processDrivers) {
    it.skipIf(driver.skip)(
      `${driver.name}: ${updates} + ${updates} concurrent updates all land, each a version`,
      async () => {
        const d = await driver.setup('wm');
        try {
          const runs = ['a', 'b'].map((writer) =>
            runChildScript('./working-memory-child.ts', { writer, updates, ...d.child }),
          );
          await Promise.all(runs.map((r) => r.waitForLine((l) => l === 'ready')));
          for (const r of runs) sendGo(r);
          for (const r of runs) expect((await r.exited).code, r.stderr()).toBe(0);

          const store = d.open();
          const scope = { tenant: 'team', user: 'ada' };
          const wm = createWorkingMemory({
            store,
            scope,
            schema: z.record(z.string(), z.number()),
            maxChars: 65_536,
          });
          const state = await wm.get();
          const keys = Object.keys(state.data ?? {}).sort();
          const expected = ['a', 'b']
            .flatMap((w) => Array.from({ length: updates }, (_, i) => `${w}_${i}`))
            .sort();
          expect(keys).toEqual(expected);
          expect(state.version).toBe(2 * updates);
          expect((await wm.history()).map((h) => h.version)).toEqual(
            Array.from({ length: 2 * updates }, (_, i) => i + 1),
          );
          const core = createCoreMemory({ store, scope, blocks: [{ label: 'log', limit: 65_536 }] });
          const lines = (await core.get('log')).value.split('\n');
          expect(lines.length).toBe(2 * updates);
          for (const w of ['a', 'b'])
            expect(lines.filter((l) => l.startsWith(`${w} `))).toEqual(
              Array.from({ length: updates }, (_, i) => `${w} ${i}`),
            );
          await store.close();
        } finally {
          await d.done();
        }
      },
      120_000,
    );
  }
});
