import { afterEach, describe, expect, it, vi } from 'vitest';
import { onTwoHandles, reopenableDrivers } from '../../test-support/reliability/reopenable-stores.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import type { HasLongTermRecords } from '../longterm/long-term-store-v1.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { createEngramStore } from './engram-store.ts';

type Store = MemoryStoreV1 & HasLongTermRecords;
const scope = { tenant: 't' };
const minute = 60_000;
const t0 = Date.UTC(2026, 0, 1);
const at = (ms: number) => vi.setSystemTime(t0 + ms);

afterEach(() => {
  vi.useRealTimers();
});

/** `store` whose `method` awaits `before()` first (to run a racing call at that point, or fail as a crash would). */
function hookState<S extends Store>(
  store: S,
  method: 'putState' | 'deleteState',
  before: () => Promise<void> | void,
): S {
  const call = store[method] as (...args: unknown[]) => Promise<void>;
  return {
    ...store,
    [method]: async (...args: unknown[]) => {
      await before();
      return call.apply(store, args);
    },
  };
}

/** A refreshing get of the 60-minute version whose refresh lands after `between` replaced or removed it. */
async function staleRefresh(
  a: Store,
  b: Store,
  between: (writer: ReturnType<typeof createEngramStore>) => Promise<void>,
) {
  vi.useFakeTimers({ toFake: ['Date'] });
  at(0);
  const writer = createEngramStore({ store: b, scope });
  let armed = false;
  const reader = createEngramStore({
    store: hookState(a, 'putState', async () => {
      if (!armed) return;
      armed = false;
      await between(writer);
    }),
    scope,
  });
  await writer.put(['ns'], 'k', { v: 1 }, undefined, { ttl: 60 });
  at(30 * minute);
  armed = true;
  expect((await reader.get(['ns'], 'k'))?.value).toEqual({ v: 1 });
  expect(armed).toBe(false);
  return { reader, writer };
}

/** The item the last put wrote with a 1-minute TTL, read 2 minutes later: expired, whatever the old version's reads did. */
async function expectExpired(stores: ReturnType<typeof createEngramStore>[]) {
  at(33 * minute);
  for (const s of stores) expect(await s.get(['ns'], 'k')).toBeNull();
  expect(await stores[0]!.sweep()).toBe(1);
}

const scenarios: { name: string; run: (a: Store, b: Store) => Promise<void> }[] = [
  {
    name: 'a refresh of the old version landing after a put replaced it does not extend the new one',
    async run(a, b) {
      const { reader, writer } = await staleRefresh(a, b, async (writer) => {
        await writer.put(['ns'], 'k', { v: 2 }, undefined, { ttl: 1 });
      });
      await expectExpired([writer, reader]);
    },
  },
  {
    name: 'a refresh landing after a delete does not extend the item put again later',
    async run(a, b) {
      const { reader, writer } = await staleRefresh(a, b, (writer) => writer.delete(['ns'], 'k'));
      await writer.put(['ns'], 'k', { v: 2 }, undefined, { ttl: 1 });
      await expectExpired([writer, reader]);
    },
  },
  {
    name: 'a delete stopped between the purge and the removal of the refresh does not extend the item put again',
    async run(a, b) {
      vi.useFakeTimers({ toFake: ['Date'] });
      at(0);
      const writer = createEngramStore({ store: b, scope });
      await writer.put(['ns'], 'k', { v: 1 }, undefined, { ttl: 60 });
      at(30 * minute);
      expect((await writer.get(['ns'], 'k'))?.value).toEqual({ v: 1 }); // refreshed to 90 minutes
      const crashing = createEngramStore({
        store: hookState(a, 'deleteState', () => {
          throw new MemoryError({ code: 'STORE_ERROR', component: 'test', message: 'process killed' });
        }),
        scope,
      });
      await expect(crashing.delete(['ns'], 'k')).rejects.toThrow('process killed');
      expect(await writer.get(['ns'], 'k')).toBeNull();
      await writer.put(['ns'], 'k', { v: 2 }, undefined, { ttl: 1 });
      await expectExpired([writer, createEngramStore({ store: a, scope })]);
    },
  },
  {
    name: 'a refresh of the new version landing before its put finished is kept',
    async run(a, b) {
      vi.useFakeTimers({ toFake: ['Date'] });
      at(0);
      const reader = createEngramStore({ store: b, scope });
      let armed = false;
      // A read of the new version the moment its record is written, before the put has returned.
      const updateRecord = a.longTermRecords.updateRecord;
      const records = {
        ...a.longTermRecords,
        updateRecord: async (...args: Parameters<typeof updateRecord>) => {
          const written = await updateRecord.apply(a.longTermRecords, args);
          if (armed) {
            armed = false;
            at(10 * minute + 30_000);
            expect((await reader.get(['ns'], 'k'))?.value).toEqual({ v: 2 }); // refreshed to 11.5 minutes
          }
          return written;
        },
      };
      const writer = createEngramStore({ store: { ...a, longTermRecords: records }, scope });
      await writer.put(['ns'], 'k', { v: 1 }, undefined, { ttl: 60 });
      at(10 * minute);
      armed = true;
      await writer.put(['ns'], 'k', { v: 2 }, undefined, { ttl: 1 });
      expect(armed).toBe(false);
      at(11 * minute + 15_000);
      expect((await writer.get(['ns'], 'k', { refreshTtl: false }))?.value).toEqual({ v: 2 });
      at(11 * minute + 45_000);
      expect(await writer.get(['ns'], 'k')).toBeNull();
    },
  },
];

/**
 * The expiry an item lives by is the one of its current version: a refreshed expiry written for a version that a
 * put replaced or a delete removed (a refresh racing them, or a delete that stopped half way) never applies to a
 * later version of the key.
 */
describe('createEngramStore: a refreshed TTL belongs to the version it refreshed', () => {
  for (const s of scenarios) {
    it(`memory: ${s.name}`, async () => {
      const store = createMemoryStore();
      await s.run(store, store);
    });
    for (const driver of reopenableDrivers()) {
      it.skipIf(driver.skip)(`${driver.name}, two handles: ${s.name}`, async () => {
        await onTwoHandles(driver, 'lgs_ttl_version', s.run);
      });
    }
  }
});
