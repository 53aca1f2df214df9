import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestSchema, type TestDatabase } from '../../../test-support/postgres/test-database.ts';
import {
  finalState,
  runWorkload,
  setUpWorkload,
  workloadArb,
} from '../../../test-support/reliability/group-commit-workload.ts';
import { tempDir } from '../../../test-support/reliability/store-drivers.ts';
import type { MemoryStoreV1 } from '../../store/memory-store.ts';
import { uniqueScope } from '../../testing/fixtures.ts';
import { createPostgresStore } from '../postgres/postgres-driver.ts';
import { createSqliteStore } from '../sqlite/sqlite-driver.ts';

/**
 * Group commit against the plain store as the oracle, on every driver that has it (SQLite, PostgreSQL): random
 * waves of concurrent appends over several sessions — invalid inputs, missing and foreign sessions, a fork
 * (the general path), conflicting and identical duplicate ids, token totals that overflow, deletes between
 * waves — give every call the outcome the plain store (one transaction per call, calls one after another in
 * the same order) gives it, and leave the same logs. Reproduce with ENGRAM_FC_SEED=<seed>.
 */

const seed = Number(process.env.ENGRAM_FC_SEED ?? Date.now() % 2 ** 31);
let pgSchema: TestDatabase | undefined;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
  await pgSchema?.drop();
});

interface Pair {
  grouped: MemoryStoreV1;
  plain: MemoryStoreV1;
}

const drivers: { name: string; runs: number; open(): Promise<Pair> }[] = [
  {
    name: 'sqlite',
    runs: 60,
    async open() {
      const dir = await tempDir('group-oracle', true);
      const grouped = createSqliteStore({ path: `${dir.path}/g.db`, durability: 'process' });
      const plain = createSqliteStore({
        path: `${dir.path}/p.db`,
        durability: 'process',
        groupCommit: false,
      });
      cleanups.push(async () => {
        await Promise.all([grouped.close(), plain.close()]);
        await dir.remove();
      });
      return { grouped, plain };
    },
  },
  {
    name: 'postgres',
    runs: 25,
    async open() {
      pgSchema ??= await createTestSchema('engram_group');
      const open = (groupCommit: boolean) =>
        createPostgresStore({
          connectionString: pgSchema!.url,
          schema: pgSchema!.name,
          groupCommit,
          maxConnections: 4,
        });
      const grouped = open(true);
      const plain = open(false);
      cleanups.push(async () => {
        await Promise.all([grouped.close(), plain.close()]);
      });
      return { grouped, plain };
    },
  },
];

describe('group commit vs one transaction per call (oracle)', () => {
  for (const driver of drivers) {
    it(`${driver.name}: same per-call outcomes and same final logs`, async () => {
      const { grouped, plain } = await driver.open();
      let calls = 0;
      await fc.assert(
        fc.asyncProperty(workloadArb, async (steps) => {
          // Fresh tenants per run (the stores may share a database): nothing of one run is seen by another.
          const [g, p] = [uniqueScope(), uniqueScope()];
          await setUpWorkload(grouped, g);
          await setUpWorkload(plain, p);
          const got = await runWorkload(grouped, g, steps, true);
          const want = await runWorkload(plain, p, steps, false);
          calls += want.length;
          expect(got).toEqual(want);
          expect(await finalState(grouped, g)).toEqual(await finalState(plain, p));
        }),
        { numRuns: driver.runs, seed },
      );
      expect(calls).toBeGreaterThan(driver.runs);
    }, 120_000);
  }
});
