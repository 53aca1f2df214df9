import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGate } from '../../test-support/gate.ts';
import { hookRecords } from '../../test-support/hooked-records.ts';
import { onTwoHandles, reopenableDrivers } from '../../test-support/reliability/reopenable-stores.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import type { HasLongTermRecords } from '../longterm/long-term-store-v1.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { createEngramStore } from './engram-store.ts';

type Store = MemoryStoreV1 & HasLongTermRecords;
const scope = { tenant: 't' };
const t0 = Date.UTC(2026, 0, 1);
const at = (seconds: number) => vi.setSystemTime(t0 + seconds * 1000);

afterEach(() => {
  vi.useRealTimers();
});

/** Where the sweep lets the parked read finish: after its first expiry check, or just before it purges. */
type Point = 'after its expiry check' | 'just before its purge';

/**
 * An item with a 1-minute TTL, read (refreshing) at 0:50, while it is alive; the read's refresh is held back until
 * a sweep started at 1:10 (past the written expiry, before the refresh is written) reaches `point`, then lands. A
 * read that returned the item refreshed it to 1:50: the sweep must not remove it (a read that did not return it
 * refreshed nothing the sweep must keep).
 */
async function sweepRacingRead(reading: Store, sweeping: Store, point: Point) {
  vi.useFakeTimers({ toFake: ['Date'] });
  at(0);
  const gate = createGate();
  let parking = false;
  const putState = reading.putState;
  const reader = createEngramStore({
    store: {
      ...reading,
      putState: async (...args: Parameters<typeof putState>) => {
        if (parking) {
          parking = false;
          await gate.pass();
        }
        return putState.apply(reading, args);
      },
    },
    scope,
  });
  let read: Promise<unknown> | undefined;
  let armed = false;
  const letReadFinish = async () => {
    if (!armed) return;
    armed = false;
    gate.open();
    await read;
  };
  const getState = sweeping.getState;
  const sweeperStore: Store =
    point === 'just before its purge'
      ? hookRecords(sweeping, ['purgeIfVersion', 'purgeRecords'], letReadFinish)
      : {
          ...sweeping,
          getState: async (...args: Parameters<typeof getState>) => {
            const state = await getState.apply(sweeping, args);
            await letReadFinish();
            return state;
          },
        };
  const sweeper = createEngramStore({ store: sweeperStore, scope });
  await sweeper.put(['ns'], 'k', { v: 1 }, undefined, { ttl: 1 });
  at(50);
  parking = true;
  read = reader.get(['ns'], 'k');
  await gate.reached;
  at(70);
  armed = true;
  const swept = await sweeper.sweep();
  expect(armed).toBe(false);
  const returned = (await read) as { value: unknown } | null;
  at(75);
  const after = await sweeper.get(['ns'], 'k', { refreshTtl: false });
  if (returned) {
    expect(returned.value).toEqual({ v: 1 });
    expect(swept).toBe(0);
    expect(after?.value).toEqual({ v: 1 });
  } else {
    expect(swept).toBe(1);
    expect(after).toBeNull();
  }
  return returned !== null;
}

const points: Point[] = ['after its expiry check', 'just before its purge'];

/** A sweep never removes an item that a read which returned it refreshed past the sweep's time. */
describe('createEngramStore: a sweep racing a refreshing read', () => {
  for (const point of points) {
    it(`memory: the read's refresh landing ${point}`, async () => {
      const store = createMemoryStore();
      // Seen by the sweep's second look, the refresh keeps the item; landing after it, the read gives it up.
      expect(await sweepRacingRead(store, store, point)).toBe(point === 'after its expiry check');
    });
    for (const driver of reopenableDrivers()) {
      it.skipIf(driver.skip)(`${driver.name}, two handles: the read's refresh landing ${point}`, async () => {
        await onTwoHandles(driver, 'lgs_sweep_read', (a, b) =>
          sweepRacingRead(a, b, point).then(() => undefined),
        );
      });
    }
  }
});
