import { describe, expect, it } from 'vitest';
import { hookRecords } from '../../test-support/hooked-records.ts';
import { onTwoHandles, reopenableDrivers } from '../../test-support/reliability/reopenable-stores.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import type { HasLongTermRecords } from '../longterm/long-term-store-v1.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
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

/**
 * A sweep that found an item expired and a put of the same key in another handle, landing between the sweep's
 * look and its removal: the put was acknowledged, so the item it wrote is kept (the sweep removes only the version
 * it found expired).
 */
/** Puts `k` again (in `writer`) the moment `sweeper`'s store is about to purge: the sweep must keep it. */
async function sweepRacingPut(
  sweeperStore: MemoryStoreV1 & HasLongTermRecords,
  writerStore: MemoryStoreV1 & HasLongTermRecords,
) {
  const scope = { tenant: 't' };
  const writer = createEngramStore({ store: writerStore, scope });
  let armed = false;
  const sweeping = hookRecords(sweeperStore, ['purgeRecords', 'purgeIfVersion'], async () => {
    if (!armed) return;
    armed = false;
    await writer.put(['ns'], 'k', { fresh: true });
  });
  expect(typeof sweeperStore.longTermRecords.purgeIfVersion).toBe('function');
  const sweeper = createEngramStore({ store: sweeping, scope });
  await sweeper.put(['ns'], 'k', { old: true }, undefined, { ttl: 0.0001 });
  await sweeper.put(['ns'], 'gone', { old: true }, undefined, { ttl: 0.0001 });
  await new Promise((resolve) => setTimeout(resolve, 50));
  armed = true;
  expect(await sweeper.sweep()).toBe(1);
  expect((await writer.get(['ns'], 'k'))?.value).toEqual({ fresh: true });
  expect((await sweeper.get(['ns'], 'k'))?.value).toEqual({ fresh: true });
  expect(await writer.get(['ns'], 'gone')).toBeNull();
  expect(await sweeper.sweep()).toBe(0);
}

/**
 * A sweep that found an item expired and a put of the same key in another handle, landing between the sweep's
 * look and its removal: the put was acknowledged, so the item it wrote is kept (the sweep removes only the version
 * it found expired).
 */
describe('createEngramStore: a sweep racing a put of the key it found expired', () => {
  for (const driver of reopenableDrivers()) {
    it.skipIf(driver.skip)(`${driver.name}: the item put in between is kept`, async () => {
      await onTwoHandles(driver, 'lgs_sweep_race', sweepRacingPut);
    });
  }
  it('memory: the item put in between by another store object is kept', async () => {
    const store = createMemoryStore();
    await sweepRacingPut(store, store);
  });
});
