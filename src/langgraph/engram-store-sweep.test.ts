import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../../test-support/reliability/store-drivers.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createEngramStore } from './engram-store.ts';

/** Lets the sweep started by a fake interval run its (real, asynchronous) store calls. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('createEngramStore: the background TTL sweep (ttl.sweepIntervalMinutes)', () => {
  it('removes expired items every interval, on a SQLite store', async () => {
    const dir = await tempDir('engram-store-sweep', true);
    const store = createSqliteStore({ path: join(dir.path, 'sweep.db') });
    try {
      vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
      const s = createEngramStore({ store, ttl: { defaultTtl: 1, sweepIntervalMinutes: 1 } });
      await s.put(['cache'], 'page', { v: 1 });
      await s.put(['cache'], 'kept', { v: 2 }, undefined, { ttl: null });
      await vi.advanceTimersByTimeAsync(90_000); // expired at 60 s, swept at 60 s and 120 s
      await settle();
      await vi.advanceTimersByTimeAsync(60_000);
      await settle();
      expect(await s.sweep()).toBe(0); // nothing left for a sweep by hand: the background one removed it
      expect((await s.search(['cache'])).map((i) => i.key)).toEqual(['kept']);
      s.stop();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      await store.close();
      await dir.remove();
    }
  });

  it('a store closed under it (shutdown without stop()) ends the sweep without an error, not one every interval', async () => {
    const dir = await tempDir('engram-store-sweep-closed', true);
    const store = createSqliteStore({ path: join(dir.path, 'closed.db') });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
      const s = createEngramStore({ store, ttl: { defaultTtl: 1, sweepIntervalMinutes: 1 } });
      const told: unknown[] = [];
      const listened = createEngramStore({
        store,
        scope: { tenant: 'listened' },
        ttl: { sweepIntervalMinutes: 1 },
        onSweepError: (e) => told.push(e),
      });
      await s.put(['cache'], 'page', { v: 1 });
      await store.close();
      await vi.advanceTimersByTimeAsync(60_000);
      await settle();
      await vi.advanceTimersByTimeAsync(60_000);
      await settle();
      expect(logged).not.toHaveBeenCalled();
      expect(told).toEqual([]);
      expect(vi.getTimerCount()).toBe(0); // both sweeps stopped themselves
      void listened;
    } finally {
      await dir.remove();
    }
  });
});
