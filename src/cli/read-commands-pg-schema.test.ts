/**
 * On PostgreSQL, read commands do not migrate a schema an older engram wrote: they exit 4 saying so and leave the
 * schema's version as it was, where opening a store would migrate it under the applications that use it.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testPostgresUrl } from '../../test-support/reliability/postgres-url.ts';
import { runEngramAsync } from '../../test-support/run-engram.ts';
import { openPostgresStore } from '../drivers/postgres/postgres-driver.ts';
import { sqlMigrations } from '../drivers/sql/schema.ts';
import { makeMessage, toInputs } from '../testing/fixtures.ts';

const url = testPostgresUrl();
const schema = `cli_older_${process.pid}_${Date.now() % 1e6}`;
const pool = url ? new pg.Pool({ connectionString: url, max: 2 }) : undefined;
afterAll(async () => {
  await pool?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await pool?.end();
});

const versions = async () =>
  (await pool!.query(`SELECT version FROM "${schema}".engram_migrations ORDER BY version`)).rows.map((r) =>
    Number(r.version),
  );

describe.skipIf(!url)('read commands on a PostgreSQL schema an older engram wrote', () => {
  it('exit 4 saying so, and migrate nothing; an up-to-date schema reads', async () => {
    const store = await openPostgresStore({ connectionString: url!, schema });
    const scope = { tenant: 'default' };
    await store.createSession(scope, { id: 's1' });
    await store.append(scope, 's1', toInputs([makeMessage('user', 'hello there')]));
    await store.close();
    const ok = await runEngramAsync('--pg', url!, '--schema', schema, 'search', 'hello');
    expect(ok.code, ok.err).toBe(0);
    expect(ok.out).toContain('hello there');

    const latest = sqlMigrations.at(-1)!.version;
    await pool!.query(`DELETE FROM "${schema}".engram_migrations WHERE version = $1`, [latest]);
    const before = await versions();
    for (const args of [['search', 'hello'], ['sessions', 'list'], ['stats'], ['sessions', 'show', 's1']]) {
      const r = await runEngramAsync('--pg', url!, '--schema', schema, ...args);
      expect(r.code, `${args.join(' ')}: ${r.out}`).toBe(4);
      expect(r.err).toMatch(/older than this engram's .*open it once for writing/);
      expect(await versions(), args.join(' ')).toEqual(before);
    }
  }, 120_000);
});
