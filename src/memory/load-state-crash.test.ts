import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killAfterWrites, runLoadStateLane } from '../../test-support/reliability/load-state-lane.ts';
import { tempDir } from '../../test-support/reliability/store-drivers.ts';

/**
 * `loadState` is atomic under SIGKILL: child processes keep swapping a SQLite-backed ConversationMemory between
 * saved states (disjoint logs, and one sharing a prefix with another) and are killed at random moments; after
 * every kill the file's integrity_check is ok and the log is exactly the state it held or the one being loaded,
 * never empty, partial or a mix. A deterministic kill right after each log write call of one load proves there
 * is no moment between two writes where the log is wrong (a clear-then-append load dies with an empty log).
 * Reproduce with ENGRAM_CRASH_SEED=<seed> (printed below).
 */

const seed = Number(process.env.ENGRAM_CRASH_SEED ?? Date.now() % 100_000);
const report: string[] = [];
afterAll(() => console.info(`[load-state-crash] seed ${seed}\n${report.join('\n')}`));

describe('ConversationMemory.loadState: crash (SIGKILL) safety on SQLite', () => {
  it('a kill right after any log write call of a load leaves the old or the new log', async () => {
    const dir = await tempDir('load-state-hook');
    try {
      const path = join(dir.path, 'swap.db');
      const outcomes: string[] = [];
      for (const writes of [1, 2, 3]) outcomes.push(await killAfterWrites(path, writes));
      report.push(`kill after write 1, 2, 3: ${outcomes.join(', ')}`);
      expect(outcomes[0]).toBe('killed');
    } finally {
      await dir.remove();
    }
  }, 60_000);

  it('40 random kills while loading states repeatedly: the log is always exactly one whole state', async () => {
    const dir = await tempDir('load-state-crash');
    try {
      const lanes = await Promise.all(
        [0, 1].map((lane) =>
          runLoadStateLane({ path: join(dir.path, `lane-${lane}.db`), kills: 20, seed: seed + lane }),
        ),
      );
      for (const r of lanes) report.push(JSON.stringify(r));
      expect(lanes.reduce((n, r) => n + r.kills, 0)).toBe(40);
      expect(lanes.reduce((n, r) => n + r.midLoad, 0)).toBeGreaterThan(0);
      expect(lanes.reduce((n, r) => n + r.loads, 0)).toBeGreaterThan(0);
    } finally {
      await dir.remove();
    }
  }, 180_000);
});
