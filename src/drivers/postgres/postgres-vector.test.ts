import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSchema } from '../../../test-support/postgres/test-database.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { describeMemoryStore } from '../../testing/describe-memory-store.ts';
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

describe('pgvector on long-term records (PGlite)', () => {
  let store: PostgresStore;
  const alice = { tenant: 'acme', user: 'alice' };
  const bob = { tenant: 'acme', user: 'bob' };
  const insert = async (scope: { tenant: string; user?: string }, id: string, text: string) => {
    await (await pglite()).query(
      `INSERT INTO engram_vec.engram_longterm_records (tenant, user_id, id, kind, text, metadata, created_at, updated_at) VALUES ($1, $2, $3, 'fact', $4, '{}', 0, 0)`,
      [scope.tenant, scope.user ?? null, id, text],
    );
  };

  beforeAll(async () => {
    store = await openPostgresStore({ client: await pglite(), schema: 'engram_vec', vectorDimensions: 3 });
  });
  afterAll(async () => store?.close());

  it('the migration adds a vector(3) column with an HNSW index, and says vectorSearch', async () => {
    expect(store.capabilities.vectorSearch).toBe(true);
    const db = await pglite();
    const column = await db.query<{ type: string }>(
      "SELECT format_type(atttypid, atttypmod) AS type FROM pg_attribute WHERE attrelid = 'engram_vec.engram_longterm_records'::regclass AND attname = 'embedding_vector'",
    );
    expect(column.rows[0]?.type).toBe('vector(3)');
    const index = await db.query<{ def: string }>(
      "SELECT indexdef AS def FROM pg_indexes WHERE schemaname = 'engram_vec' AND indexname = 'engram_longterm_hnsw'",
    );
    expect(index.rows[0]?.def).toContain('USING hnsw (embedding_vector vector_cosine_ops)');
    // Opening again (migrations and vector setup re-run) is a no-op.
    const again = await openPostgresStore({ client: db, schema: 'engram_vec', vectorDimensions: 3 });
    expect(again.capabilities.vectorSearch).toBe(true);
    await again.close();
  });

  it('KNN by cosine distance, scoped to the tenant and user', async () => {
    await insert(alice, 'north', 'points north');
    await insert(alice, 'east', 'points east');
    await insert(alice, 'northeast', 'points north-east');
    await insert(bob, 'bob-north', 'bob points north');
    expect(await store.experimental_setEmbedding(alice, 'north', [0, 1, 0])).toBe(true);
    expect(await store.experimental_setEmbedding(alice, 'east', [1, 0, 0])).toBe(true);
    expect(await store.experimental_setEmbedding(alice, 'northeast', [1, 1, 0])).toBe(true);
    expect(await store.experimental_setEmbedding(bob, 'bob-north', [0, 1, 0])).toBe(true);
    // Another user's record is not found through alice's scope.
    expect(await store.experimental_setEmbedding(alice, 'bob-north', [0, 1, 0])).toBe(false);

    const hits = await store.experimental_searchEmbeddings(alice, { embedding: [0.1, 1, 0], limit: 2 });
    expect(hits.map((h) => h.id)).toEqual(['north', 'northeast']);
    expect(hits[0]!.distance).toBeLessThan(hits[1]!.distance);
    expect(
      (await store.experimental_searchEmbeddings(bob, { embedding: [0, 1, 0] })).map((h) => h.id),
    ).toEqual(['bob-north']);
    const tenantWide = await store.experimental_searchEmbeddings(
      { tenant: 'acme' },
      { embedding: [0, 1, 0], limit: 10 },
    );
    expect(tenantWide.map((h) => h.id).sort()).toEqual(['bob-north', 'east', 'north', 'northeast']);
    expect(await store.experimental_searchEmbeddings({ tenant: 'other' }, { embedding: [0, 1, 0] })).toEqual(
      [],
    );
  });

  it('the planner uses the HNSW index for the KNN order', async () => {
    const db = await pglite();
    await db.query('SET enable_seqscan = off');
    const plan = await db.query<{ 'QUERY PLAN': string }>(
      "EXPLAIN SELECT id FROM engram_vec.engram_longterm_records ORDER BY embedding_vector <=> '[0,1,0]'::vector LIMIT 2",
    );
    await db.query('RESET enable_seqscan');
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('engram_longterm_hnsw');
  });

  it('rejects embeddings of the wrong size or with non-finite numbers', async () => {
    for (const embedding of [[1, 2], [1, 2, 3, 4], [1, Number.NaN, 0], []]) {
      await expect(store.experimental_searchEmbeddings(alice, { embedding })).rejects.toSatisfy((e) =>
        MemoryError.hasCode(e, 'INVALID_ARGUMENT'),
      );
    }
  });

  it('a different vectorDimensions on an existing column is a MIGRATION_ERROR', async () => {
    const wrong = createPostgresStore({ client: await pglite(), schema: 'engram_vec', vectorDimensions: 4 });
    await expect(wrong.ready()).rejects.toSatisfy((e) => MemoryError.hasCode(e, 'MIGRATION_ERROR'));
    await wrong.close();
  });
});

describe('pgvector on a server without it', () => {
  it("'auto' turns vector search off; true is MISSING_DEPENDENCY; the vector calls say so", async () => {
    const schema = await createTestSchema('engram_novec');
    try {
      const auto = await openPostgresStore({ connectionString: schema.url, schema: schema.name });
      if (auto.capabilities.vectorSearch) return; // this server has pgvector: nothing to check here
      await expect(auto.experimental_searchEmbeddings({ tenant: 't' }, { embedding: [1] })).rejects.toSatisfy(
        (e) => MemoryError.hasCode(e, 'MISSING_DEPENDENCY'),
      );
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
