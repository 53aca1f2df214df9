import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { makeMessage, toInputs } from '../../testing/fixtures.ts';
import { openSqliteStore } from './sqlite-driver.ts';
import { createLockWait } from './sqlite-lock-wait.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-sqlite-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sqlite: lock waits', () => {
  it('a write waiting for another connection’s lock leaves the event loop running', async () => {
    const file = join(dir, 'held.db');
    const store = await openSqliteStore({ path: file });
    const s = { tenant: 't' };
    await store.createSession(s, { id: 'a' });
    const other = new DatabaseSync(file);
    other.exec('BEGIN IMMEDIATE');
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 2);
    const started = performance.now();
    const pending = store.append(s, 'a', toInputs([makeMessage('user', 'waits for the lock')]));
    // Released by a timer: if the wait blocked the event loop, this would not run until the wait gave up.
    setTimeout(() => other.exec('COMMIT'), 300);
    const entries = await pending;
    const waited = performance.now() - started;
    clearInterval(ticker);
    delay.disable();
    other.close();
    expect(entries.map((e) => e.seq)).toEqual([1]);
    expect(waited).toBeGreaterThanOrEqual(290);
    expect(waited).toBeLessThan(2_000);
    // Loose bounds (a loaded machine delays timers too); a blocking wait would stall the loop for ~5 s.
    expect(ticks).toBeGreaterThan(10);
    expect(delay.max / 1e6).toBeLessThan(1_000);
    await store.close();
  });

  it('reads and other stores in the process go on while a write waits', async () => {
    const file = join(dir, 'reads.db');
    const store = await openSqliteStore({ path: file });
    const s = { tenant: 't' };
    await store.createSession(s, { id: 'a' });
    await store.append(s, 'a', toInputs([makeMessage('user', 'first')]));
    const other = new DatabaseSync(file);
    other.exec('BEGIN IMMEDIATE');
    const pending = store.append(s, 'a', toInputs([makeMessage('user', 'second')]));
    const elsewhere = await openSqliteStore({ path: join(dir, 'elsewhere.db') });
    await elsewhere.createSession(s, { id: 'b' });
    expect(await elsewhere.append(s, 'b', toInputs([makeMessage('user', 'not blocked')]))).toHaveLength(1);
    other.exec('COMMIT');
    expect((await pending).map((e) => e.seq)).toEqual([2]);
    other.close();
    await Promise.all([store.close(), elsewhere.close()]);
  });
});

describe('createLockWait', () => {
  const busy = Object.assign(new Error('database is locked'), { errcode: 5 });
  const wait = (busyTimeoutMs: number) =>
    createLockWait({
      busyTimeoutMs,
      maxPollMs: 2,
      isBusy: (e) => e === busy,
      busyError: (waited) => new Error(`gave up after ${waited}`),
    }).untilFree;

  it('retries only busy failures, until the attempt succeeds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 5 }), async (failures) => {
        let calls = 0;
        const result = await wait(1_000)(() => {
          calls++;
          if (calls <= failures) throw busy;
          return 'ok';
        });
        expect(result).toBe('ok');
        expect(calls).toBe(failures + 1);
      }),
      { numRuns: 12 },
    );
    const other = new Error('constraint');
    let calls = 0;
    await expect(
      wait(1_000)(() => {
        calls++;
        throw other;
      }),
    ).rejects.toBe(other);
    expect(calls).toBe(1);
  });

  it('gives up with busyError once busyTimeoutMs has passed', async () => {
    const started = performance.now();
    await expect(
      wait(40)(() => {
        throw busy;
      }),
    ).rejects.toThrow(/gave up/);
    expect(performance.now() - started).toBeGreaterThanOrEqual(39);
  });

  it('beforeWrite: no pause without contention; after waiting, a turn longer than holdMs hands the lock over', async () => {
    const pauses: number[] = [];
    const lock = createLockWait({
      busyTimeoutMs: 1_000,
      maxPollMs: 4,
      holdMs: 20,
      isBusy: (e) => e === busy,
      busyError: () => new Error('gave up'),
      sleep: async (ms) => pauses.push(ms),
    });
    await lock.beforeWrite();
    expect(pauses).toEqual([]); // never contended
    let first = true;
    await lock.untilFree(() => {
      if (first) {
        first = false;
        throw busy;
      }
    }); // met a busy lock (one poll), then took it: a turn starts
    expect(pauses).toHaveLength(1);
    await lock.beforeWrite();
    expect(pauses).toHaveLength(1); // within the turn
    await new Promise((r) => setTimeout(r, 25));
    await lock.beforeWrite(); // turn over while others wait: a pause longer than a waiter's longest poll
    expect(pauses).toHaveLength(2);
    expect(pauses[1]).toBeGreaterThan(4);
    await lock.beforeWrite();
    expect(pauses).toHaveLength(2); // a new turn
  });
});
