import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, createTestSchema, pgTestUrl } from './test-database.ts';

describe('test PostgreSQL server', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const drop of cleanups) await drop();
  });

  it('answers select 1 on the run database', async () => {
    const client = new pg.Client({ connectionString: pgTestUrl() });
    await client.connect();
    try {
      const { rows } = await client.query('select 1 as one, current_setting($1) as fsync', ['fsync']);
      expect(rows).toEqual([{ one: 1, fsync: 'on' }]);
    } finally {
      await client.end();
    }
  });

  it('makes isolated databases and schemas', async () => {
    const db = await createTestDatabase();
    const schema = await createTestSchema();
    cleanups.push(db.drop, schema.drop);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query('select current_database() as name');
      expect(rows[0].name).toBe(db.name);
    } finally {
      await client.end();
    }
    const other = new pg.Client({ connectionString: schema.url });
    await other.connect();
    try {
      const { rows } = await other.query('select count(*)::int as n from pg_namespace where nspname = $1', [
        schema.name,
      ]);
      expect(rows[0].n).toBe(1);
    } finally {
      await other.end();
    }
  });
});
