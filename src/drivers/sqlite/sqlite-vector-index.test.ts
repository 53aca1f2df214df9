import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { checkVectorIndexAgainstExact } from '../../../test-support/longterm/vector-index-property.ts';
import { sqliteVecPath } from '../../../test-support/sqlite-vec-path.ts';
import { describeLongTermStore } from '../../testing/longterm/index.ts';
import { createSqlLongTermRecords } from '../sql/sql-longterm.ts';
import { createSqliteClient, type SqliteDatabaseLike } from './sqlite-client.ts';
import { createSqliteStore, openSqliteStore } from './sqlite-driver.ts';
import { createSqliteVectorIndex } from './sqlite-vector-index.ts';

const vecPath = (await sqliteVecPath())?.path;
const dir = mkdtempSync(join(tmpdir(), 'engram-sqlite-vec-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A handle of `file` with sqlite-vec loaded (the store finds it there and turns its vector index on). */
const withVec = (file: string): SqliteDatabaseLike => {
  const db = new DatabaseSync(file, { allowExtension: true, timeout: 0 });
  db.loadExtension(vecPath!);
  return db as unknown as SqliteDatabaseLike;
};

// Skipped without sqlite-vec (not installed and ENGRAM_SQLITE_VEC_PATH unset): the exact scan is what runs then,
// and sqlite-longterm.test.ts covers it.
describe.skipIf(vecPath === undefined)('sqlite-vec vector index', () => {
  const file = join(dir, 'vec.db');
  describeLongTermStore('sqlite + sqlite-vec', {
    open: async () => createSqliteStore({ database: withVec(file) }),
    reopen: async (previous) => {
      await previous.close?.();
      return createSqliteStore({ database: withVec(file) });
    },
  });

  it('finds the extension on a handle the caller loaded it into; vector: false leaves it unused', async () => {
    const store = await openSqliteStore({ database: withVec(join(dir, 'plan.db')) });
    expect(store.capabilities.vectorSearch).toBe(true);
    const plain = await openSqliteStore({ database: withVec(join(dir, 'plan.db')), vector: false });
    expect(plain.capabilities.vectorSearch).toBe(false);
    await plain.close();
    await store.close();
  });

  it('property: index hits equal the exact computation for any scope, filter and limit', async () => {
    const store = await openSqliteStore({ database: withVec(join(dir, 'property.db')) });
    try {
      await checkVectorIndexAgainstExact(store.longTermRecords, 60);
    } finally {
      await store.close();
    }
  }, 120_000);

  it.each([
    [1, undefined],
    [3, undefined],
    [12, 2],
  ])(
    'property: a first pass of %i vectors (lookups of %s a statement; deleted records among them, then the join) equals the exact computation',
    async (firstBatch, chunk) => {
      const file = join(dir, `first-${firstBatch}.db`);
      await (await openSqliteStore({ database: withVec(file) })).close();
      const db = new DatabaseSync(file, { allowExtension: true, timeout: 0 });
      db.loadExtension(vecPath!);
      const records = createSqlLongTermRecords({
        client: createSqliteClient(db as unknown as SqliteDatabaseLike),
        component: 'sqlite',
        op: (_what, _scope, fn) => fn(),
        vectorIndex: createSqliteVectorIndex(() => true, { firstBatch, ...(chunk ? { chunk } : {}) }),
      });
      try {
        await checkVectorIndexAgainstExact(records, 40);
      } finally {
        db.close();
      }
    },
    120_000,
  );
});

describe('without sqlite-vec: the exact scan', () => {
  it('property: the in-process scan equals the exact computation', async () => {
    const store = await openSqliteStore({ path: join(dir, 'exact.db'), vector: false });
    try {
      expect(store.capabilities.vectorSearch).toBe(false);
      await checkVectorIndexAgainstExact(store.longTermRecords, 30);
    } finally {
      await store.close();
    }
  }, 120_000);
});
