import { describe, expect, it } from 'vitest';
import { reopenableDrivers } from '../../test-support/reliability/reopenable-stores.ts';
import { createEngramStore } from './engram-store.ts';

/**
 * Puts of the same keys racing in two handles on one database: each put resolves (the last one wins), none fails
 * because the key was added by the other handle since it looked, and `createdAt` is the first put's.
 */
describe('createEngramStore: racing puts of one key', () => {
  for (const driver of reopenableDrivers()) {
    it.skipIf(driver.skip)(
      `${driver.name}: 40 puts of 3 keys from 2 handles all land`,
      async () => {
        const db = await driver.setup('lgs_race');
        const [a, b] = [db.open(), db.open()];
        try {
          const scope = { tenant: 't' };
          const stores = [createEngramStore({ store: a, scope }), createEngramStore({ store: b, scope })];
          const results = await Promise.allSettled(
            Array.from({ length: 40 }, (_, i) => stores[i % 2]!.put(['ns'], `k${i % 3}`, { v: i })),
          );
          expect(results.filter((r) => r.status === 'rejected').map((r) => String(r.reason))).toEqual([]);
          for (let k = 0; k < 3; k++) {
            const item = await stores[0]!.get(['ns'], `k${k}`);
            expect(item, `k${k}`).toBeDefined();
            expect(item!.createdAt.getTime()).toBeLessThanOrEqual(item!.updatedAt.getTime());
            expect((item!.value as { v: number }).v % 3).toBe(k);
          }
        } finally {
          await a.close();
          await b.close();
          await db.done();
        }
      },
      60_000,
    );
  }
});
