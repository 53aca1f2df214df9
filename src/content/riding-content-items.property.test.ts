import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSchema, type TestDatabase } from '../../test-support/postgres/test-database.ts';
import { withRide } from '../core/ride-on-append.ts';
import type { Scope } from '../core/scope.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createPostgresStore } from '../drivers/postgres/postgres-driver.ts';
import { openSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import type { ContentItem } from './content-item.ts';
import type { HasContentItems } from './content-store-v1.ts';
import { prepareContentItem } from './prepare-content-item.ts';
import { ridingContentItems } from './riding-content-items.ts';

/**
 * Content items riding on an append (`withRide`, an agent step's offloads) against writing them directly: random
 * steps of `putItems` batches (ids reused, some with other content: the id keeps its first item), reads inside the
 * step, a delete, then an append that commits, one that is refused (rolled back), or none, leave the same items as the
 * same batches put directly, on stores whose append takes them (SQLite, PostgreSQL) and one that writes them after (memory), against the in-memory store written directly;
 * inside a step the items are visible to `getItem` / `getItemInfos` before they are written.
 */

/** A new owner each property run (the PostgreSQL schema is shared by the runs). */
let scope: Scope = { tenant: 't', user: 'u' };
let runs = 0;
const space = 'default';
const counter = createTokenCounter();
const clock = { now: () => new Date(1_700_000_000_000) };
const itemOf = (id: number, variant: number): ContentItem =>
  prepareContentItem(
    { id: `c${id}`, type: 'action_result', content: `result ${id}.${variant} `.repeat(5), source: 'tool' },
    { component: 'content', counter, clock },
  );

type Step = {
  batches: { id: number; variant: number }[][];
  /** An item deleted after the puts (its riding version must not come back). */
  del: number | undefined;
  append: 'none' | 'ok' | 'refused';
  fail: boolean;
};
const step: fc.Arbitrary<Step> = fc.record({
  batches: fc.array(
    fc.uniqueArray(fc.record({ id: fc.nat(6), variant: fc.nat(1) }), {
      selector: (x) => x.id,
      maxLength: 3,
    }),
    { maxLength: 3 },
  ),
  del: fc.option(fc.nat(6), { nil: undefined }),
  append: fc.constantFrom('none', 'ok', 'refused'),
  fail: fc.boolean(),
});

const dirs: string[] = [];
let db: TestDatabase;
let pool: pg.Pool;
beforeAll(async () => {
  db = await createTestSchema('engram_riding');
  pool = new pg.Pool({ connectionString: db.url, max: 4 });
});
afterAll(async () => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  await pool.end();
  await db.drop();
});

type Store = MemoryStoreV1 & HasContentItems;
const stores: Record<string, () => Promise<Store>> = {
  sqlite: async () => {
    const dir = mkdtempSync(join(tmpdir(), 'engram-riding-'));
    dirs.push(dir);
    return openSqliteStore({ path: join(dir, 'r.db') });
  },
  memory: async () => createMemoryStore(),
  postgres: async () => {
    const store = createPostgresStore({ pool, schema: db.name });
    await store.ready();
    return store;
  },
};

/** Every item of the space, as stored (content included), by id. */
async function itemsOf(store: Store): Promise<Record<string, ContentItem | undefined>> {
  const out: Record<string, ContentItem | undefined> = {};
  for (let id = 0; id <= 6; id++) out[`c${id}`] = await store.contentItems.getItem(scope, space, `c${id}`);
  return out;
}

describe('ridingContentItems: items riding on an append against direct puts', () => {
  for (const [name, open] of Object.entries(stores))
    it(`${name}: the same items, visible inside the step`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 4 }), async (steps) => {
          scope = { tenant: `t${++runs}`, user: 'u' };
          const riding = await open();
          const direct = createMemoryStore();
          try {
            await riding.createSession(scope, { id: 's' });
            const items = ridingContentItems(riding.contentItems);
            let seq = 0;
            for (const [k, s] of steps.entries()) {
              const before = await itemsOf(riding);
              const work = async () => {
                for (const batch of s.batches) {
                  const put = batch.map((b) => itemOf(b.id, b.variant));
                  const got = await items.putItems!(scope, space, put);
                  const want = await direct.contentItems.putItems!(scope, space, put);
                  expect(got).toEqual(want);
                }
                // Visible inside the step, before any append wrote them.
                for (let id = 0; id <= 6; id++)
                  expect(await items.getItem(scope, space, `c${id}`)).toEqual(
                    await direct.contentItems.getItem(scope, space, `c${id}`),
                  );
                // Not written yet: they wait for the step's append.
                expect(await itemsOf(riding)).toEqual(before);
                if (s.del !== undefined)
                  expect(await items.deleteItem(scope, space, `c${s.del}`)).toBe(
                    await direct.contentItems.deleteItem(scope, space, `c${s.del}`),
                  );
                if (s.append !== 'none') {
                  const id = s.append === 'ok' ? `m${++seq}` : `m${seq}`;
                  const message = { id, role: 'user' as const, content: `step ${k}`, createdAt: new Date(0) };
                  await riding.append(scope, 's', [{ message, tokens: 1 }]);
                  // The SQL stores wrote them in the append's transaction: the store itself has them now.
                  if (name !== 'memory') expect(await itemsOf(riding)).toEqual(await itemsOf(direct));
                }
                if (s.fail) throw new Error('step failed');
              };
              await withRide(work).catch(() => undefined);
              // After the step, whatever its outcome: the same items as the direct puts, read back from the store.
              expect(await itemsOf(riding)).toEqual(await itemsOf(direct));
            }
          } finally {
            await riding.close();
            await direct.close();
          }
        }),
        { numRuns: name === 'postgres' ? 15 : 40 },
      );
    }, 120_000);
});
