import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestSchema, type TestDatabase } from '../../../test-support/postgres/test-database.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { describeMemoryStore } from '../../testing/describe-memory-store.ts';
import { sqlMigrations } from '../sql/schema.ts';
import { qualifier } from './postgres-client.ts';
import { createPostgresStore, openPostgresStore, type PostgresStoreOptions } from './postgres-driver.ts';
import { postgresGinPendingKb } from './postgres-message-search.ts';

// The real server (scripts/pg-server.sh via the vitest global setup): one schema for the run, a new pool per
// case, and reopen = a new pool running the migrations again.
let schema: TestDatabase | undefined;
const onServer = async () => {
  schema ??= await createTestSchema('engram_conf');
  return createPostgresStore({ connectionString: schema.url, schema: schema.name, maxConnections: 4 });
};
describeMemoryStore('postgres (server)', {
  open: onServer,
  reopen: async (previous) => {
    await previous.close();
    return onServer();
  },
  cleanup: async () => schema?.drop(),
});

describe('postgres driver specifics', () => {
  it('concurrent first opens of a new schema migrate once (advisory lock)', async () => {
    const db = await createTestSchema('engram_race');
    const name = `${db.name}_fresh`; // does not exist yet: the migration creates it
    const stores = Array.from({ length: 8 }, () =>
      createPostgresStore({ connectionString: db.url, schema: name, maxConnections: 1 }),
    );
    try {
      await Promise.all(stores.map((s) => s.ready()));
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      const { rows } = await client.query(`SELECT version FROM "${name}".engram_migrations`);
      await client.query(`DROP SCHEMA "${name}" CASCADE`);
      await client.end();
      expect(rows.map((r) => Number(r.version))).toEqual(sqlMigrations.map((m) => m.version));
    } finally {
      await Promise.all(stores.map((s) => s.close()));
      await db.drop();
    }
  });

  it("v12: each schema's message index keeps a bounded GIN pending list, and searches see rows in it and merged out of it", async () => {
    const db = await createTestSchema('engram_gin');
    const names = [`${db.name}_a`, `${db.name}_b`];
    const stores = names.map((name) => createPostgresStore({ connectionString: db.url, schema: name }));
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      await Promise.all(stores.map((s) => s.ready()));
      const { rows } = await client.query(
        `SELECT n.nspname AS schema, c.reloptions AS options FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relname = 'engram_messages_tsv' AND n.nspname = ANY($1) ORDER BY n.nspname`,
        [names],
      );
      expect(rows).toEqual(
        names.map((name) => ({
          schema: name,
          options: ['fastupdate=on', `gin_pending_list_limit=${postgresGinPendingKb}`],
        })),
      );
      // Far more than 64 kB of entries: the list fills and is merged into the tree several times.
      const store = stores[0]!;
      const scope = { tenant: 't' };
      await store.createSession(scope, { id: 's' });
      const words = (i: number) =>
        Array.from({ length: 120 }, (_, k) => `w${(i * 131 + k * 7) % 5000}x${k}`).join(' ');
      for (let i = 0; i < 60; i++) {
        await store.append(scope, 's', [
          {
            message: { id: `m${i}`, role: 'user', content: `${words(i)} marker${i}`, createdAt: new Date(0) },
            tokens: 1,
          },
        ]);
      }
      for (const i of [0, 17, 42, 59]) {
        const hits = await store.searchMessages(scope, { text: `marker${i}`, sessionId: 's', limit: 5 });
        expect(hits.map((h) => h.entry.message.id)).toEqual([`m${i}`]);
      }
      // Whatever was still pending is merged into the tree: the newest rows are found there too.
      await client.query(`SELECT gin_clean_pending_list('"${names[0]}".engram_messages_tsv'::regclass)`);
      for (const i of [58, 59]) {
        const hits = await store.searchMessages(scope, { text: `marker${i}`, sessionId: 's', limit: 5 });
        expect(hits.map((h) => h.entry.message.id)).toEqual([`m${i}`]);
      }
    } finally {
      await Promise.all(stores.map((s) => s.close()));
      for (const name of names) await client.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
      await client.end();
      await db.drop();
    }
  });

  it('rejects bad options with INVALID_ARGUMENT and never interpolates the schema', () => {
    const bad: PostgresStoreOptions[] = [
      {},
      { connectionString: 'postgres://x', client: { query: async () => ({ rows: [] }) } },
      { connectionString: '' },
      { connectionString: 'postgres://x', schema: 'a"; DROP TABLE x; --' },
      { connectionString: 'postgres://x', schema: '1abc' },
      { connectionString: 'postgres://x', schema: 'x'.repeat(64) },
      { connectionString: 'postgres://x', maxConnections: 0 },
      { connectionString: 'postgres://x', vectorDimensions: 0 },
    ];
    for (const options of bad) {
      expect(() => createPostgresStore(options), JSON.stringify(options)).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
      );
    }
  });

  it('a misspelt key or a wrong-typed option is INVALID_ARGUMENT naming it, not a silent default', () => {
    const url = 'postgres://x';
    const cases: [unknown, RegExp][] = [
      [
        { connectionString: url, maxConnection: 2 },
        /createPostgresStore\(options\)\.maxConnection: not an option/,
      ],
      [{ connectionString: url, shema: 'tenant_a' }, /\.shema: not an option/],
      [{ connectionString: url, retries: 'x' }, /retries must be an integer >= 0/],
      [{ connectionString: url, retries: -1 }, /retries must be an integer >= 0/],
      [{ connectionString: url, groupCommit: 0 }, /groupCommit must be a boolean/],
      [{ connectionString: url, maxMessageBytes: -1 }, /maxMessageBytes must be an integer >= 1/],
      [{ connectionString: url, maxMessageBytes: Number.NaN }, /maxMessageBytes must be an integer >= 1/],
      [{ pool: {} }, /pool must be an object with query\(\), connect\(\)/],
      [{ client: {} }, /client must be an object with query\(\)/],
      [{ client: null }, /createPostgresStore\(options\)\.client must not be null/],
    ];
    for (const [options, message] of cases)
      expect(() => createPostgresStore(options as PostgresStoreOptions), JSON.stringify(options)).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(message) }),
      );
    // openPostgresStore names itself, not the factory it calls.
    expect(() => openPostgresStore({ connectionString: url, shema: 'tenant_a' } as never)).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(/openPostgresStore\(options\)\.shema: not an option/),
      }),
    );
  });

  it('qualifies only the shared tables, never index names or already-qualified names', () => {
    const q = qualifier('s1');
    expect(q('CREATE INDEX IF NOT EXISTS engram_messages_tsv ON engram_messages USING GIN (tsv)')).toBe(
      'CREATE INDEX IF NOT EXISTS engram_messages_tsv ON "s1".engram_messages USING GIN (tsv)',
    );
    expect(q('SELECT * FROM "s1".engram_sessions s JOIN engram_fork_hidden h ON true')).toBe(
      'SELECT * FROM "s1".engram_sessions s JOIN "s1".engram_fork_hidden h ON true',
    );
  });

  it('an unreachable server is a STORE_ERROR with the cause, not a raw pg error', async () => {
    const store = createPostgresStore({ connectionString: 'postgres://postgres@127.0.0.1:1/none' });
    const error = await store.getSession({ tenant: 't' }, 's').catch((e: unknown) => e);
    expect(MemoryError.isInstance(error)).toBe(true);
    expect((error as MemoryError).message).toMatch(/^\[engram\] \[postgres\]/);
    expect((error as MemoryError).cause).toBeDefined();
    await store.close();
    await expect(store.getSession({ tenant: 't' }, 's')).rejects.toSatisfy((e) =>
      MemoryError.hasCode(e, 'STORE_CLOSED'),
    );
  });
});
