import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestSchema } from '../../test-support/postgres/test-database.ts';
import { runChildScript } from '../../test-support/reliability/child-process.ts';
import { testPostgresUrl } from '../../test-support/reliability/postgres-url.ts';
import { tempDir } from '../../test-support/reliability/store-drivers.ts';
import { createSharedMemoryPool } from '../patterns/shared-memory-pool.ts';
import { createPostgresStore } from './postgres/postgres-driver.ts';
import { createSqliteStore } from './sqlite/sqlite-driver.ts';

const drivers = [
  {
    name: 'sqlite',
    skip: false,
    async setup() {
      const dir = await tempDir('pool');
      const path = join(dir.path, 'pool.db');
      return { child: { path }, open: () => createSqliteStore({ path }), done: () => dir.remove() };
    },
  },
  {
    name: 'postgres',
    skip: !testPostgresUrl(),
    async setup() {
      const db = await createTestSchema('engram_pool');
      return {
        child: { postgres: { url: db.url, schema: db.name } },
        open: () => createPostgresStore({ connectionString: db.url, schema: db.name, maxConnections: 2 }),
        done: () => db.drop(),
      };
    },
  },
];

/** Seed 003's shared memory pool across two processes on one store: each sees what the other shared. */
describe('shared memory pool across processes', () => {
  for (const driver of drivers)
    it.skipIf(driver.skip)(
      `${driver.name}: insights, facts and broadcasts written by one process are read by the other`,
      async () => {
        const d = await driver.setup();
        try {
          const store = d.open();
          const pool = createSharedMemoryPool({ store, scope: { tenant: 'team' }, pool: 'research' });
          await pool.shareInsight('planner', 'Focus on European customers.');
          await pool.registerFact('planner', 'The launch is in March.');

          const child = runChildScript('./shared-pool-child.ts', { ...d.child, agent: 'scout' });
          const ended = await child.exited;
          expect(ended.code, child.stderr()).toBe(0);
          const seen = JSON.parse(child.lines.find((l) => l.startsWith('seen '))!.slice(5));
          expect(seen).toEqual({
            insights: ['Focus on European customers.'],
            facts: ['The launch is in March. (planner)'],
          });

          expect((await pool.sharedContext()).map((m) => [m.content, m.agent?.from])).toEqual([
            ['Focus on European customers.', 'planner'],
            ['The staging database is db-7.', 'scout'],
          ]);
          const [fact] = await pool.facts('rate limit');
          expect(fact).toMatchObject({
            text: 'The API rate limit is 100 requests per minute.',
            metadata: { discoveredBy: 'scout' },
          });
          await pool.memoryFor('writer').store({ role: 'user', content: 'Write the summary.' });
          expect((await pool.agentContext('writer')).map((m) => m.content)).toEqual([
            'Focus on European customers.',
            'The staging database is db-7.',
            'Deadline moved to Friday.',
            'Write the summary.',
          ]);
          // Another tenant's pool of the same name sees nothing.
          const other = createSharedMemoryPool({ store, scope: { tenant: 'rivals' }, pool: 'research' });
          expect(await other.sharedContext()).toEqual([]);
          expect(await other.facts()).toEqual([]);
          await store.close();
        } finally {
          await d.done();
        }
      },
    );
});
