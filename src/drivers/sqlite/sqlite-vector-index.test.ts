import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { checkVectorIndexAgainstExact } from '../../../test-support/longterm/vector-index-property.ts';
import { sqliteVecPath } from '../../../test-support/sqlite-vec-path.ts';
import type { Scope } from '../../core/scope.ts';
import { prepareRecord } from '../../longterm/prepare-record.ts';
import { describeLongTermStore } from '../../testing/longterm/index.ts';
import { createSqlLongTermRecords } from '../sql/sql-longterm.ts';
import { liveWhere } from '../sql/sql-longterm-rows.ts';
import { createSqliteClient, type SqliteDatabaseLike } from './sqlite-client.ts';
import { createSqliteStore, openSqliteStore } from './sqlite-driver.ts';
import { hasSqliteVec } from './sqlite-vector.ts';
import { createSqliteVectorIndex } from './sqlite-vector-index.ts';

/** The extension as a handle the test loaded it into has it. */
const loaded = { active: () => true, ready: async () => true };

const vecFound = await sqliteVecPath();
const vecPath = vecFound?.path;
/** Whether the package is installed (a store opened with `vector: 'auto'` finds only the package). */
const vecFromPackage = vecFound?.from === 'the sqlite-vec package';
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

  it.skipIf(!vecFromPackage)(
    "vector: 'auto' loads the extension at the first vector search, not at open; the search equals the exact scan",
    async () => {
      const file = join(dir, 'lazy.db');
      const store = await openSqliteStore({ path: file });
      try {
        // Installed: the store says so at open without loading it (an open that never searches by vector pays nothing).
        expect(store.capabilities.vectorSearch).toBe(true);
        expect(hasSqliteVec(store.database)).toBe(false);
        const scope = { tenant: 't', user: 'u' };
        const records = store.longTermRecords;
        await records.addRecords(scope, [
          prepareRecord({ id: 'a', text: 'alpha' }, 'test'),
          prepareRecord({ id: 'b', text: 'beta' }, 'test'),
        ]);
        await records.putEmbeddings(scope, [
          { id: 'a', model: 'm', vector: [1, 0] },
          { id: 'b', model: 'm', vector: [0.6, 0.8] },
        ]);
        // Storing vectors needs no extension either.
        expect(hasSqliteVec(store.database)).toBe(false);
        const hits = await records.searchVector(scope, { vector: [0, 1], model: 'm', limit: 2 });
        expect(hasSqliteVec(store.database)).toBe(true);
        expect(hits.map((h) => h.id)).toEqual(['b', 'a']);
        const exact = await openSqliteStore({ path: file, vector: false });
        try {
          const scanned = await exact.longTermRecords.searchVector(scope, {
            vector: [0, 1],
            model: 'm',
            limit: 2,
          });
          expect(hits.map((h) => [h.id, h.score.toFixed(6)])).toEqual(
            scanned.map((h) => [h.id, h.score.toFixed(6)]),
          );
        } finally {
          await exact.close();
        }
      } finally {
        await store.close();
      }
    },
  );

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
        vectorIndex: createSqliteVectorIndex(loaded, { firstBatch, ...(chunk ? { chunk } : {}) }),
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

type Op =
  | { op: 'add' | 'update' | 'delete' | 'purge'; user: string; agent: string; id: string }
  | { op: 'embed'; user: string; agent: string; id: string; model: string; vector: number[] };

const owner = fc.record({ user: fc.constantFrom('u1', 'u2'), agent: fc.constantFrom('', 'a1') });
const id = fc.constantFrom('i0', 'i1', 'i2', 'i3');
const small = fc.integer({ min: -1, max: 1 });
const genOp: fc.Arbitrary<Op> = fc.oneof(
  { depthSize: 'small' },
  {
    arbitrary: fc
      .record({
        op: fc.constantFrom('add' as const, 'update' as const, 'delete' as const, 'purge' as const),
        id,
      })
      .chain((o) => owner.map((w) => ({ ...o, ...w }))),
    weight: 1,
  },
  {
    weight: 3,
    arbitrary: fc
      .record({
        op: fc.constant('embed' as const),
        id,
        model: fc.constantFrom('m', 'm', 'm', 'm2'),
        vector: fc
          .oneof(fc.tuple(small, small, small), fc.tuple(small, small, small), fc.tuple(small, small))
          .filter((v) => v.some((x) => x !== 0)),
      })
      .chain((o) => owner.map((w) => ({ ...o, ...w }))),
  },
);

describe.skipIf(vecPath === undefined)('sqlite-vec two-pass search against the one-statement join', () => {
  it("property: every first pass, chunk, scope and limit gives the join's rows and scores, in its order", async () => {
    const file = join(dir, 'two-pass.db');
    const store = await openSqliteStore({ database: withVec(file) });
    const client = createSqliteClient(withVec(file));
    let run = 0;
    let nonTrivial = 0;
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(genOp, { minLength: 12, maxLength: 60 }),
          fc.record({
            user: fc.option(fc.constantFrom('u1', 'u2'), { nil: undefined }),
            agent: fc.option(fc.constantFrom('', 'a1'), { nil: undefined }),
          }),
          fc.tuple(small, small, small).filter((v) => v.some((x) => x !== 0)),
          fc.constantFrom(1, 2, 3, 5, 1000),
          fc.constantFrom(1, 2, 3, 4, undefined),
          fc.constantFrom(1, 2, undefined),
          async (ops, scopePart, query, limit, firstBatch, chunk) => {
            const tenant = `tp${run++}`;
            const records = store.longTermRecords;
            for (const o of [
              ...ops.filter((x) => x.op === 'embed').map((x) => ({ ...x, op: 'add' as const })),
              ...ops,
            ]) {
              const own: Scope = { tenant, user: o.user, ...(o.agent ? { agent: o.agent } : {}) };
              const live = await records.getRecord(own, o.id);
              if (o.op === 'add' && !live)
                await records.addRecords(own, [
                  prepareRecord({ id: o.id, text: `t ${o.id} ${run}` }, 'test'),
                ]);
              if (o.op === 'update' && live)
                await records.updateRecord(own, o.id, { metadata: { n: run } }, new Date());
              if (o.op === 'delete' && live) await records.deleteRecord(own, o.id, new Date());
              if (o.op === 'purge') await records.purgeRecords(own, [o.id]);
              if (o.op === 'embed' && live)
                await records.putEmbeddings(own, [{ id: o.id, model: o.model, vector: o.vector }]);
            }
            const scope: Scope = {
              tenant,
              ...(scopePart.user !== undefined ? { user: scopePart.user } : {}),
              ...(scopePart.agent !== undefined ? { agent: scopePart.agent } : {}),
            };
            const search = { scope, where: liveWhere(scope), model: 'm', vector: query, limit };
            const join = await createSqliteVectorIndex(loaded).nearest(client, {
              ...search,
              filtered: true,
            });
            const twoPass = await createSqliteVectorIndex(loaded, {
              ...(firstBatch ? { firstBatch } : {}),
              ...(chunk ? { chunk } : {}),
            }).nearest(client, { ...search, filtered: false });
            expect(twoPass).toEqual(join);
            if ((join?.length ?? 0) >= Math.min(limit, 2)) nonTrivial++;
          },
        ),
        { numRuns: 150 },
      );
      expect(nonTrivial).toBeGreaterThan(30);
    } finally {
      await store.close();
    }
  }, 120_000);
});
