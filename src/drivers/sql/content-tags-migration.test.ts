import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestSchema } from '../../../test-support/postgres/test-database.ts';
import { type ContentStoreOptions, createContentStore } from '../../content/create-content-store.ts';
import { openPostgresStore } from '../postgres/postgres-driver.ts';
import { openSqliteStore } from '../sqlite/sqlite-driver.ts';
import { sqlMigrations } from './schema.ts';

/** A store holding content items. */
type Store = NonNullable<ContentStoreOptions['store']>;

const dir = mkdtempSync(join(tmpdir(), 'engram-content-tags-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const scope = { tenant: 't', user: 'u' };
const tagsOf = (i: number) => [['a'], ['a', 'b'], [], ['c'], ['b', 'c', 'a']][i % 5] as string[];

/** Items with tags in two spaces and two owners. */
async function writeItems(store: Store): Promise<void> {
  for (const [owner, space] of [
    [scope, 's1'],
    [scope, 's2'],
    [{ tenant: 't', user: 'v' }, 's1'],
  ] as const) {
    const content = createContentStore({ store, scope: owner, space });
    for (let i = 0; i < 12; i++)
      await content.put({
        id: `i${i}`,
        type: 'custom',
        source: 'test',
        content: `item ${i}`,
        tags: tagsOf(i),
        // A second apart: two puts in one millisecond tie on time, and ties go by id ('i10' before 'i9').
        timestamp: new Date(Date.UTC(2026, 0, 1) + i * 1000),
      });
  }
}

/** Every query by tag a user makes of the first space, ids in order. */
async function byTags(store: Store) {
  const content = createContentStore({ store, scope, space: 's1' });
  const ids = async (tags: string[], tagMatch: 'any' | 'all') =>
    (await content.query({ tags, tagMatch, order: 'oldest' })).items.map((i) => i.id);
  return {
    a: await ids(['a'], 'any'),
    bc: await ids(['b', 'c'], 'any'),
    ab: await ids(['a', 'b'], 'all'),
    abc: await ids(['a', 'b', 'c'], 'all'),
    none: await ids(['z'], 'any'),
  };
}

const expected = {
  a: ['i0', 'i1', 'i4', 'i5', 'i6', 'i9', 'i10', 'i11'],
  bc: ['i1', 'i3', 'i4', 'i6', 'i8', 'i9', 'i11'],
  ab: ['i1', 'i4', 'i6', 'i9', 'i11'],
  abc: ['i4', 'i9'],
  none: [],
};
// 12 items a space: tags 1 + 2 + 0 + 1 + 3 per five, 2 fives and i10, i11 (1 + 2): 17 rows; three spaces.
const tagRows = 3 * 17;

describe('schema v21 (engram_content_tags) on a database at v20', () => {
  it('sqlite: copies every item’s tags, and queries by tag answer as before', async () => {
    const path = join(dir, 'v20.db');
    const store = await openSqliteStore({ path });
    await writeItems(store);
    expect(await byTags(store)).toEqual(expected);
    await store.close();
    // Back to v20: the table and its migration row gone.
    const db = new DatabaseSync(path);
    db.exec('DROP TABLE engram_content_tags');
    db.exec('DELETE FROM engram_migrations WHERE version = 21');
    db.close();
    const again = await openSqliteStore({ path });
    try {
      const rows = again.database.prepare('SELECT count(*) AS n FROM engram_content_tags').get() as {
        n: number;
      };
      expect(Number(rows.n)).toBe(tagRows);
      expect(await byTags(again)).toEqual(expected);
      const versions = again.database
        .prepare('SELECT version FROM engram_migrations ORDER BY version')
        .all() as { version: number }[];
      expect(versions.map((v) => Number(v.version))).toEqual(sqlMigrations.map((m) => m.version));
    } finally {
      await again.close();
    }
  });

  it('postgres: copies every item’s tags, and queries by tag answer as before', async () => {
    const schema = await createTestSchema('engram_content_tags');
    const connection = new pg.Client({ connectionString: schema.url });
    await connection.connect();
    try {
      const open = () => openPostgresStore({ connectionString: schema.url, schema: schema.name });
      const store = await open();
      await writeItems(store);
      expect(await byTags(store)).toEqual(expected);
      await store.close();
      await connection.query(`DROP TABLE "${schema.name}".engram_content_tags`);
      await connection.query(`DELETE FROM "${schema.name}".engram_migrations WHERE version = 21`);
      const again = await open();
      try {
        const { rows } = await connection.query(
          `SELECT count(*) AS n FROM "${schema.name}".engram_content_tags`,
        );
        expect(Number(rows[0].n)).toBe(tagRows);
        expect(await byTags(again)).toEqual(expected);
      } finally {
        await again.close();
      }
    } finally {
      await connection.end();
      await schema.drop();
    }
  });
});
