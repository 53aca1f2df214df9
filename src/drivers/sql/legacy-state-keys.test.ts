import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { expectUpgradedState, type OldTenant, oldTenants } from '../../../test-support/old-state-keys.ts';
import { createTestSchema } from '../../../test-support/postgres/test-database.ts';
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

const dir = mkdtempSync(join(tmpdir(), 'engram-legacy-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes old tenants into a schema-v5 database (sessions unique per tenant, state rows by owner). */
async function seedV5(client: SqlClient, tenants: readonly OldTenant[]): Promise<void> {
  await runMigrations(client, { migrations: sqlMigrations.filter((m) => m.version <= 5) });
  for (const t of tenants) {
    for (const s of t.sessions) {
      await queryRun(
        client,
        sql`INSERT INTO engram_sessions (tenant, id, user_id, agent_id, metadata, created_at, updated_at) VALUES (${t.tenant}, ${s.id}, ${s.user || null}, ${null}, '{}', 0, 0)`,
      );
    }
    for (const r of t.rows) {
      await queryRun(
        client,
        sql`INSERT INTO engram_component_state (tenant, user_id, agent_id, key, value, updated_at) VALUES (${t.tenant}, ${r.user}, '', ${r.key}, ${JSON.stringify(r.value)}, 0)`,
      );
    }
  }
}

// Random old tenants (sessions whose ids are prefixes of each other, keys read differently by the old and the
// new rule); the rule's oracle is `keepsOldStateKey`, the json-file upgrade's implementation of it.
const tenants = oldTenants(60, 6);

describe('schema v6: state keys the old code read as another session move to legacy:<key> (property)', () => {
  it('sqlite', async () => {
    const path = join(dir, 'v5.db');
    const db = new DatabaseSync(path);
    await seedV5(createSqliteClient(db), tenants);
    db.close();
    const store = await openSqliteStore({ path });
    for (const t of tenants) await expectUpgradedState(store, t);
    await store.close();
  });

  it('postgres', async () => {
    const schema = await createTestSchema('engram_legacy');
    const connection = new pg.Client({ connectionString: schema.url });
    await connection.connect();
    try {
      const dialect = createPostgresDialect(schema.name);
      await seedV5(createPostgresClient({ dialect, schema: schema.name, connection }), tenants.slice(0, 25));
      const store = await openPostgresStore({ connectionString: schema.url, schema: schema.name });
      for (const t of tenants.slice(0, 25)) await expectUpgradedState(store, t);
      await store.close();
    } finally {
      await connection.end();
      await schema.drop();
    }
    expect(tenants.length).toBe(60);
  });
});
