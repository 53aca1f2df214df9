import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkVectorIndexAgainstExact } from '../../../test-support/longterm/vector-index-property.ts';
import { createTestSchema } from '../../../test-support/postgres/test-database.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import type { Scope } from '../../core/scope.ts';
import { describeMemoryStore } from '../../testing/describe-memory-store.ts';
import { describeLongTermStore } from '../../testing/longterm/index.ts';
import { rec } from '../../testing/longterm/long-term-case-helpers.ts';
import { createPostgresStore, openPostgresStore, type PostgresStore } from './postgres-driver.ts';

// PGlite (PostgreSQL 18 in WASM) with pgvector: the same SQL on one serialized connection, vector column on.
let lite: Promise<PGlite> | undefined;
const pglite = () => {
  lite ??= PGlite.create({ extensions: { vector } });
  return lite;
};
afterAll(async () => (await lite)?.close());

const onLite = async () =>
  createPostgresStore({ client: await pglite(), schema: 'engram_lite', vectorDimensions: 3 });
describeMemoryStore('postgres (PGlite + pgvector)', {
  open: onLite,
  reopen: async (previous) => {
    await previous.close();
    return onLite();
  },
});

describeLongTermStore('postgres (PGlite + pgvector)', {
  open: onLite,
  reopen: async (previous) => {
    await previous.close?.();
    return onLite();
  },
});

describe('pgvector index of long-term embeddings (PGlite)', () => {
  let store: PostgresStore;
  const alice = { tenant: 'acme', user: 'alice' };
  const put = async (s: PostgresStore, scope: Scope, id: string, vector: number[]) => {
    await s.longTermRecords.addRecords(scope, [rec({ id, text: `points ${id}` })]);
    return s.longTermRecords.putEmbeddings(scope, [{ id, model: 'm', vector }]);
  };

  beforeAll(async () => {
    store = await openPostgresStore({ client: await pglite(), schema: 'engram_vec', vectorDimensions: 3 });
  });
  afterAll(async () => store?.close());

  it('opening adds the embedding column and the HNSW index of vectorDimensions; other sizes get theirs on first write', async () => {
    expect(store.capabilities.vectorSearch).toBe(true);
    const db = await pglite();
    const indexes = async () =>
      (
        await db.query<{ name: string; def: string }>(
          "SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE schemaname = 'engram_vec' AND indexname LIKE 'engram_ltm_hnsw_%' ORDER BY 1",
        )
      ).rows;
    expect((await indexes()).map((r) => r.name)).toEqual(['engram_ltm_hnsw_3']);
    expect((await indexes())[0]!.def).toContain(
      'USING hnsw (((embedding)::vector(3)) vector_cosine_ops) WHERE (dims = 3)',
    );
    expect(await put(store, alice, 'wide', [1, 0, 0, 0, 1])).toBe(1);
    expect((await indexes()).map((r) => r.name)).toEqual(['engram_ltm_hnsw_3', 'engram_ltm_hnsw_5']);
    // Opening again (migrations and vector setup re-run) is a no-op.
    const again = await openPostgresStore({ client: db, schema: 'engram_vec', vectorDimensions: 3 });
    expect(again.capabilities.vectorSearch).toBe(true);
    await again.close();
  });

  it('the search query can use the HNSW index', async () => {
    await put(store, alice, 'north', [0, 1, 0]);
    await put(store, alice, 'east', [1, 0, 0]);
    const db = await pglite();
    await db.query('SET enable_seqscan = off');
    const plan = await db.query<{ 'QUERY PLAN': string }>(
      "EXPLAIN SELECT id FROM engram_vec.engram_ltm_vectors v WHERE dims = 3 ORDER BY (v.embedding::vector(3)) <=> CAST('[0,1,0]' AS vector(3)) LIMIT 2",
    );
    await db.query('RESET enable_seqscan');
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('engram_ltm_hnsw_3');
    const hits = await store.longTermRecords.searchVector(alice, {
      vector: [0.1, 1, 0],
      model: 'm',
      limit: 2,
    });
    expect(hits.map((h) => h.id)).toEqual(['north', 'east']);
  });

  it('vectors written without pgvector are copied into the index when a store with it opens', async () => {
    const db = await pglite();
    const off = await openPostgresStore({ client: db, schema: 'engram_backfill', vector: false });
    expect(off.capabilities.vectorSearch).toBe(false);
    await put(off, alice, 'north', [0, 1, 0]);
    await put(off, alice, 'east', [1, 0, 0]);
    const exact = await off.longTermRecords.searchVector(alice, {
      vector: [0.1, 1, 0],
      model: 'm',
      limit: 5,
    });
    await off.close();
    const on = await openPostgresStore({ client: db, schema: 'engram_backfill' });
    expect(on.capabilities.vectorSearch).toBe(true);
    const indexed = await on.longTermRecords.searchVector(alice, {
      vector: [0.1, 1, 0],
      model: 'm',
      limit: 5,
    });
    expect(indexed.map((h) => h.id)).toEqual(exact.map((h) => h.id));
    for (const [i, h] of indexed.entries()) expect(h.score).toBeCloseTo(exact[i]!.score, 5);
    const missing = await db.query(
      'SELECT 1 FROM engram_backfill.engram_ltm_vectors WHERE embedding IS NULL',
    );
    expect(missing.rows).toEqual([]);
    await on.close();
  });

  it('property: index hits equal the exact computation for any scope, filter and limit', async () => {
    const s = await openPostgresStore({ client: await pglite(), schema: 'engram_vec_property' });
    try {
      await checkVectorIndexAgainstExact(s.longTermRecords, 30);
    } finally {
      await s.close();
    }
  }, 120_000);
});

describe('pgvector on a server without it', () => {
  it("'auto' turns the index off (vector search is the exact scan); true is MISSING_DEPENDENCY", async () => {
    const schema = await createTestSchema('engram_novec');
    try {
      const auto = await openPostgresStore({ connectionString: schema.url, schema: schema.name });
      if (auto.capabilities.vectorSearch) return; // this server has pgvector: nothing to check here
      const scope = { tenant: 't', user: 'u' };
      await auto.longTermRecords.addRecords(scope, [
        rec({ id: 'a', text: 'a' }),
        rec({ id: 'b', text: 'b' }),
      ]);
      await auto.longTermRecords.putEmbeddings(scope, [
        { id: 'a', model: 'm', vector: [1, 0] },
        { id: 'b', model: 'm', vector: [0, 1] },
      ]);
      const hits = await auto.longTermRecords.searchVector(scope, { vector: [0.1, 1], model: 'm', limit: 5 });
      expect(hits.map((h) => h.id)).toEqual(['b', 'a']);
      await auto.close();
      const required = createPostgresStore({
        connectionString: schema.url,
        schema: schema.name,
        vector: true,
      });
      await expect(required.ready()).rejects.toSatisfy((e) => MemoryError.hasCode(e, 'MISSING_DEPENDENCY'));
      await required.close();
    } finally {
      await schema.drop();
    }
  });
});
