/**
 * On PostgreSQL, read commands do not migrate a schema an older engram wrote: they exit 4 saying so and leave the
 * schema's version as it was, where opening a store would migrate it under the applications that use it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestSchema,
  migrationVersions,
  runStatement,
  type TestDatabase,
} from '../../test-support/postgres/index.ts';
import { testPostgresUrl } from '../../test-support/reliability/postgres-url.ts';
import { runEngramAsync } from '../../test-support/run-engram.ts';
import { openPostgresStore } from '../drivers/postgres/postgres-driver.ts';
import { sqlMigrations } from '../drivers/sql/schema.ts';
import { makeMessage, toInputs } from '../testing/fixtures.ts';

const url = testPostgresUrl();
let db: TestDatabase | undefined;
beforeAll(async () => {
  if (url) db = await createTestSchema('cli_older');
});
afterAll(() => db?.drop());
const versions = () => migrationVersions(url!, db!.name);

describe.skipIf(!url)('read commands on a PostgreSQL schema an older engram wrote', () => {
  it('exit 4 saying so, and migrate nothing; an up-to-date schema reads', async () => {
    const store = await openPostgresStore({ connectionString: url!, schema: db!.name });
    const scope = { tenant: 'default' };
    await store.createSession(scope, { id: 's1' });
    await store.append(scope, 's1', toInputs([makeMessage('user', 'hello there')]));
    await store.close();
    const ok = await runEngramAsync('--pg', url!, '--schema', db!.name, 'search', 'hello');
    expect(ok.code, ok.err).toBe(0);
    expect(ok.out).toContain('hello there');

    const latest = sqlMigrations.at(-1)!.version;
    await runStatement(url!, `DELETE FROM "${db!.name}".engram_migrations WHERE version = $1`, [latest]);
    const before = await versions();
    for (const args of [['search', 'hello'], ['sessions', 'list'], ['stats'], ['sessions', 'show', 's1']]) {
      const r = await runEngramAsync('--pg', url!, '--schema', db!.name, ...args);
      expect(r.code, `${args.join(' ')}: ${r.out}`).toBe(4);
      expect(r.err).toMatch(/older than this engram's .*open it once for writing/);
      expect(await versions(), args.join(' ')).toEqual(before);
    }
  }, 120_000);
});
