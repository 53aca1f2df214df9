import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestSchema } from '../../../test-support/postgres/test-database.ts';
import type { MemoryStoreV1 } from '../../store/memory-store.ts';
import { openPostgresStore } from '../postgres/postgres-driver.ts';
import { openSqliteStore } from '../sqlite/sqlite-driver.ts';
import { sqlMigrations } from './schema.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-artifacts-kind-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const scope = { tenant: 't' };

/** Writes a session's artifacts of two kinds (the same write time for some, so the listing's order is tested). */
async function writeArtifacts(store: MemoryStoreV1): Promise<void> {
  await store.createSession(scope, { id: 's' });
  for (let i = 0; i < 12; i++)
    await store.putArtifact(scope, 's', {
      id: `a${(i * 7) % 12}`,
      kind: i % 3 === 0 ? 'ladder' : 'engram.assembly',
      fromSeq: 1,
      toSeq: 1 + (i % 4),
      data: { i },
    });
}

/** Every listing a view makes: all, by kind, by kind since a time. */
const listings = async (store: MemoryStoreV1) => ({
  all: await store.listArtifacts(scope, 's'),
  ladder: await store.listArtifacts(scope, 's', 'ladder'),
  since: await store.listArtifacts(scope, 's', 'ladder', new Date(0)),
  later: await store.listArtifacts(scope, 's', 'ladder', new Date(Date.now() + 60_000)),
});

describe('schema v16 (engram_artifacts_kind) on a database at v15', () => {
  it('sqlite: migrates, and every listing is unchanged', async () => {
    const path = join(dir, 'v15.db');
    const store = await openSqliteStore({ path });
    await writeArtifacts(store);
    const before = await listings(store);
    await store.close();
    // Back to v15: the index and its migration row gone.
    const db = new DatabaseSync(path);
    db.exec('DROP INDEX engram_artifacts_kind');
    db.exec('DELETE FROM engram_migrations WHERE version = 16');
    db.close();
    const again = await openSqliteStore({ path });
    try {
      expect(await listings(again)).toEqual(before);
      const versions = again.database
        .prepare('SELECT version FROM engram_migrations ORDER BY version')
        .all() as { version: number }[];
      expect(versions.map((v) => Number(v.version))).toEqual(sqlMigrations.map((m) => m.version));
      expect(
        again.database.prepare("SELECT name FROM sqlite_master WHERE name = 'engram_artifacts_kind'").all(),
      ).toHaveLength(1);
    } finally {
      await again.close();
    }
  });

  it('postgres: migrates, and every listing is unchanged', async () => {
    const schema = await createTestSchema('engram_art_kind');
    const connection = new pg.Client({ connectionString: schema.url });
    await connection.connect();
    try {
      const open = () => openPostgresStore({ connectionString: schema.url, schema: schema.name });
      const store = await open();
      await writeArtifacts(store);
      const before = await listings(store);
      await store.close();
      await connection.query(`DROP INDEX "${schema.name}".engram_artifacts_kind`);
      await connection.query(`DELETE FROM "${schema.name}".engram_migrations WHERE version = 16`);
      const again = await open();
      try {
        expect(await listings(again)).toEqual(before);
        const { rows } = await connection.query(
          `SELECT version FROM "${schema.name}".engram_migrations ORDER BY version`,
        );
        expect(rows.map((r) => Number(r.version))).toEqual(sqlMigrations.map((m) => m.version));
        const index = await connection.query(
          `SELECT indexdef FROM pg_indexes WHERE schemaname = $1 AND indexname = 'engram_artifacts_kind'`,
          [schema.name],
        );
        expect(index.rows).toHaveLength(1);
      } finally {
        await again.close();
      }
    } finally {
      await connection.end();
      await schema.drop();
    }
  });
});
