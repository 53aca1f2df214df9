import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { expectMemoryError } from '../../testing/fixtures.ts';
import { runMigrations } from '../sql/migrate.ts';
import { sqlMigrations } from '../sql/schema.ts';
import { createSqliteClient } from './sqlite-client.ts';
import { openSqliteStore } from './sqlite-driver.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-sqlite-mig-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const versions = (db: DatabaseSync) =>
  db.prepare('SELECT version FROM engram_migrations ORDER BY version').all();

describe('sqlite migrations', () => {
  it('run twice (and on reopen) apply each version once', async () => {
    const db = new DatabaseSync(join(dir, 'twice.db'));
    const client = createSqliteClient(db);
    expect(await runMigrations(client)).toEqual(sqlMigrations.map((m) => m.version));
    expect(await runMigrations(client)).toEqual([]);
    expect(versions(db)).toEqual(sqlMigrations.map((m) => ({ version: m.version })));
    db.close();
    const store = await openSqliteStore({ path: join(dir, 'twice.db') });
    await store.close();
    const again = new DatabaseSync(join(dir, 'twice.db'));
    expect(versions(again)).toEqual(sqlMigrations.map((m) => ({ version: m.version })));
    again.close();
  });

  it('a failing step rolls back the whole migration and throws MIGRATION_ERROR', async () => {
    const db = new DatabaseSync(':memory:');
    const client = createSqliteClient(db);
    const bad = [
      { version: 1, name: 'ok', statements: () => ['CREATE TABLE t_ok (a INTEGER)'] },
      { version: 2, name: 'bad', statements: () => ['CREATE TABLE t_two (a INTEGER)', 'THIS IS NOT SQL'] },
    ];
    await expectMemoryError(runMigrations(client, { migrations: bad }), 'MIGRATION_ERROR');
    expect(
      db.prepare("SELECT name FROM sqlite_master WHERE name IN ('t_ok', 't_two', 'engram_migrations')").all(),
    ).toEqual([]);
    db.close();
  });

  it('a database migrated by a newer engram is refused with MIGRATION_ERROR', async () => {
    const db = new DatabaseSync(':memory:');
    const client = createSqliteClient(db);
    await runMigrations(client);
    db.exec("INSERT INTO engram_migrations VALUES (99, 'future', 0)");
    const error = await expectMemoryError(runMigrations(client), 'MIGRATION_ERROR');
    expect(error.message).toMatch(/version 99, newer/);
    db.close();
  });

  it('two processes migrate and append to one session at once: gapless, nothing lost', async () => {
    const file = join(dir, 'multi.db');
    const driver = new URL('./sqlite-driver.ts', import.meta.url).href;
    const script = join(dir, 'writer.mjs');
    writeFileSync(
      script,
      `import { createSqliteStore } from ${JSON.stringify(driver)};
const [file, who] = process.argv.slice(2);
const store = createSqliteStore({ path: file, durability: 'process' });
const scope = { tenant: 't' };
await store.ready();
if (!(await store.getSession(scope, 's'))) { try { await store.createSession(scope, { id: 's' }); } catch (e) { if (e.code !== 'INVALID_ARGUMENT') throw e; } }
for (let i = 0; i < 150; i++) {
  await store.append(scope, 's', [{ message: { id: who + i, role: 'user', content: who + ' ' + i, createdAt: new Date() }, tokens: 1 }]);
}
await store.close();
`,
    );
    const run = promisify(execFile);
    await Promise.all(['a', 'b'].map((who) => run(process.execPath, [script, file, who])));
    const store = await openSqliteStore({ path: file });
    const entries = await store.readRange({ tenant: 't' }, 's');
    expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect(new Set(entries.map((e) => e.message.id)).size).toBe(300);
    expect(await store.stats({ tenant: 't' }, 's')).toMatchObject({ count: 300, tokens: 300, lastSeq: 300 });
    await store.close();
  });
});
