import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { rec } from '../../testing/longterm/long-term-case-helpers.ts';
import { createPostgresStore, openPostgresStore, type PostgresStore } from './postgres-driver.ts';

// PGlite (PostgreSQL in WASM) with pgvector: a read-only store uses the index a writable one set up, or none.
let lite: Promise<PGlite> | undefined;
const pglite = () => {
  lite ??= PGlite.create({ extensions: { vector } });
  return lite;
};
afterAll(async () => (await lite)?.close());

const alice = { tenant: 'acme', user: 'alice' };
const points: [string, number[]][] = [
  ['north', [0, 1, 0]],
  ['east', [1, 0, 0]],
  ['up', [0, 0, 1]],
];
const query = { vector: [0.2, 1, 0.1], model: 'm', limit: 5 };

async function put(store: PostgresStore, entries: [string, number[]][]): Promise<void> {
  await store.longTermRecords.addRecords(
    alice,
    entries.map(([id]) => rec({ id, text: `points ${id}` })),
  );
  await store.longTermRecords.putEmbeddings(
    alice,
    entries.map(([id, v]) => ({ id, model: 'm', vector: v })),
  );
}

const readOnly = async (schema: string, vectorMode?: boolean) =>
  openPostgresStore({
    client: await pglite(),
    schema,
    readOnly: true,
    ...(vectorMode === undefined ? {} : { vector: vectorMode }),
  });

const failure = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e,
  );

/** Rows of the schema's vectors without a copy in the embedding column (undefined: the table has no such column). */
async function uncopied(schema: string): Promise<number | undefined> {
  const db = await pglite();
  const column = await db.query(
    `SELECT 1 FROM information_schema.columns WHERE table_schema = '${schema}' AND table_name = 'engram_ltm_vectors' AND column_name = 'embedding'`,
  );
  if (column.rows.length === 0) return undefined;
  const rows = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${schema}.engram_ltm_vectors WHERE embedding IS NULL`,
  );
  return rows.rows[0]!.n;
}

describe('createPostgresStore({ readOnly: true }) and pgvector (PGlite)', () => {
  it('uses the index a writable store with pgvector set up: the same hits, and writes are still refused', async () => {
    const writer = await openPostgresStore({ client: await pglite(), schema: 'ro_vec', vectorDimensions: 3 });
    await put(writer, points);
    const written = await writer.longTermRecords.searchVector(alice, query);
    await writer.close();

    const reader = await readOnly('ro_vec');
    expect(reader.capabilities.vectorSearch).toBe(true);
    const hits = await reader.longTermRecords.searchVector(alice, query);
    expect(hits.map((h) => h.id)).toEqual(written.map((h) => h.id));
    for (const [i, h] of hits.entries()) expect(h.score).toBeCloseTo(written[i]!.score, 6);
    const error = await failure(
      reader.longTermRecords.putEmbeddings(alice, [{ id: 'north', model: 'm', vector: [1, 1, 0] }]),
    );
    expect(MemoryError.hasCode(error, 'STORE_ERROR'), String(error)).toBe(true);
    await reader.close();
  });

  it('vectors a store without pgvector wrote since are not in the index: the exact scan finds them; vector: true is MISSING_DEPENDENCY', async () => {
    const writer = await openPostgresStore({
      client: await pglite(),
      schema: 'ro_mixed',
      vectorDimensions: 3,
    });
    await put(writer, points.slice(0, 2));
    await writer.close();
    const without = await openPostgresStore({ client: await pglite(), schema: 'ro_mixed', vector: false });
    await put(without, points.slice(2));
    const exact = await without.longTermRecords.searchVector(alice, query);
    await without.close();
    expect(exact.map((h) => h.id)).toEqual(['north', 'east', 'up']); // 'up' only in the bytes
    expect(await uncopied('ro_mixed')).toBe(1);

    const reader = await readOnly('ro_mixed');
    expect(reader.capabilities.vectorSearch).toBe(false);
    expect((await reader.longTermRecords.searchVector(alice, query)).map((h) => h.id)).toEqual(
      exact.map((h) => h.id),
    );
    await reader.close();
    const required = createPostgresStore({
      client: await pglite(),
      schema: 'ro_mixed',
      readOnly: true,
      vector: true,
    });
    const error = await failure(required.ready());
    expect(MemoryError.hasCode(error, 'MISSING_DEPENDENCY'), String(error)).toBe(true);
    expect(String(error)).toMatch(/not in the embedding column/);
    await required.close();
    expect(await uncopied('ro_mixed')).toBe(1); // nothing copied
  });

  it('a schema set up without pgvector: the exact scan, no column created; vector: true is MISSING_DEPENDENCY', async () => {
    const writer = await openPostgresStore({ client: await pglite(), schema: 'ro_plain', vector: false });
    await put(writer, points);
    const exact = await writer.longTermRecords.searchVector(alice, query);
    await writer.close();

    const reader = await readOnly('ro_plain');
    expect(reader.capabilities.vectorSearch).toBe(false);
    expect((await reader.longTermRecords.searchVector(alice, query)).map((h) => h.id)).toEqual(
      exact.map((h) => h.id),
    );
    await reader.close();
    const off = await readOnly('ro_plain', false);
    expect(off.capabilities.vectorSearch).toBe(false);
    await off.close();
    const required = createPostgresStore({
      client: await pglite(),
      schema: 'ro_plain',
      readOnly: true,
      vector: true,
    });
    const error = await failure(required.ready());
    expect(MemoryError.hasCode(error, 'MISSING_DEPENDENCY'), String(error)).toBe(true);
    expect(String(error)).toMatch(/no embedding column/);
    await required.close();
    expect(await uncopied('ro_plain')).toBeUndefined();
  });
});
