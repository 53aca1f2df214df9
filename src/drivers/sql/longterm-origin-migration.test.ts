import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestSchema } from '../../../test-support/postgres/test-database.ts';
import type { LongTermStoreV1 } from '../../longterm/long-term-store-v1.ts';
import { createPostgresClient } from '../postgres/postgres-client.ts';
import { createPostgresDialect } from '../postgres/postgres-dialect.ts';
import { openPostgresStore } from '../postgres/postgres-driver.ts';
import { createSqliteClient } from '../sqlite/sqlite-client.ts';
import { openSqliteStore } from '../sqlite/sqlite-driver.ts';
import { runMigrations } from './migrate.ts';
import { sqlMigrations } from './schema.ts';
import type { SqlClient } from './sql-client.ts';
import { queryRun } from './sql-exec.ts';
import { sql } from './sql-fragment.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-ltm-origin-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Rows as schema v12 wrote them: provenance without origin or tool mark. */
const old = [
  { id: 'said', provenance: { messageIds: ['m1'], roles: ['user'] } },
  { id: 'tooled', provenance: { messageIds: ['m2'], roles: ['tool'], tool: 'web' } },
  { id: 'recorded', provenance: { messageIds: [], roles: [] } },
];

async function seedV12(client: SqlClient): Promise<void> {
  await runMigrations(client, { migrations: sqlMigrations.filter((m) => m.version <= 12) });
  let rid = 1;
  for (const r of old) {
    await queryRun(
      client,
      sql`INSERT INTO engram_ltm_records (first_rid, tenant, user_id, agent_id, id, version, event, live, kind, text, metadata, provenance, hash, created_at, recorded_at, terms, context_terms, term_count) VALUES (${rid++}, 't', 'u', '', ${r.id}, 1, 'ADD', 1, 'fact', ${`old ${r.id}`}, '{}', ${JSON.stringify(r.provenance)}, 'h', 0, 0, 'old', '', 1)`,
    );
  }
}

async function expectUnknown(records: LongTermStoreV1): Promise<void> {
  const scope = { tenant: 't', user: 'u' };
  expect((await records.getRecord(scope, 'said'))?.provenance).toEqual({
    origin: 'unknown',
    toolDerived: false,
    messageIds: ['m1'],
    roles: ['user'],
  });
  expect((await records.getRecord(scope, 'tooled'))?.provenance).toMatchObject({
    origin: 'unknown',
    toolDerived: true,
    tool: 'web',
  });
  const clean = await records.listRecords(scope, { filter: { toolDerived: false } });
  expect(clean.records.map((r) => r.id)).toEqual(['said', 'recorded']);
  const unknown = await records.listRecords(scope, { filter: { origins: ['unknown'] } });
  expect(unknown.records.map((r) => r.id)).toEqual(['said', 'tooled', 'recorded']);
}

describe('schema v13: long-term records written before origins read back as origin unknown', () => {
  it('sqlite', async () => {
    const path = join(dir, 'v12.db');
    const db = new DatabaseSync(path);
    await seedV12(createSqliteClient(db));
    db.close();
    const store = await openSqliteStore({ path });
    await expectUnknown(store.longTermRecords);
    await store.close();
  });

  it('postgres', async () => {
    const schema = await createTestSchema('engram_ltm_origin');
    const connection = new pg.Client({ connectionString: schema.url });
    await connection.connect();
    try {
      const dialect = createPostgresDialect(schema.name);
      await seedV12(createPostgresClient({ dialect, schema: schema.name, connection }));
      const store = await openPostgresStore({ connectionString: schema.url, schema: schema.name });
      await expectUnknown(store.longTermRecords);
      await store.close();
    } finally {
      await connection.end();
      await schema.drop();
    }
  });
});
