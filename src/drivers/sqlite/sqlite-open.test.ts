import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { expectMemoryError, makeMessage, toInputs } from '../../testing/fixtures.ts';
import { createSqliteStore, openSqliteStore } from './sqlite-driver.ts';
import { lazySqliteVec, loadSqliteVec } from './sqlite-vector.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-sqlite-open-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const pragma = (store: { database: { prepare(s: string): { get(): unknown } } }, name: string) =>
  Object.values(store.database.prepare(`PRAGMA ${name}`).get() as object)[0];

/** Whether the sqlite-vec package is installed (vector search is on by default when it is). */
const vecInstalled = await import('sqlite-vec').then(
  () => true,
  () => false,
);

describe('sqlite open', () => {
  it("durability 'power' sets synchronous=FULL, 'process' NORMAL, both in WAL; the handle never waits for a lock itself", async () => {
    const power = await openSqliteStore({ path: join(dir, 'power.db') });
    expect(pragma(power, 'journal_mode')).toBe('wal');
    expect(pragma(power, 'synchronous')).toBe(2);
    expect(pragma(power, 'busy_timeout')).toBe(0);
    expect(power.capabilities).toEqual({
      fullTextSearch: true,
      vectorSearch: vecInstalled, // sqlite-vec loads when installed (a devDependency here)
      multiProcess: true,
      durable: true,
    });
    await power.close();
    const proc = await openSqliteStore({
      path: join(dir, 'process.db'),
      durability: 'process',
      busyTimeoutMs: 7000,
    });
    expect(pragma(proc, 'journal_mode')).toBe('wal');
    expect(pragma(proc, 'synchronous')).toBe(1);
    expect(pragma(proc, 'busy_timeout')).toBe(0);
    await proc.close();
    const mem = await openSqliteStore({ path: ':memory:' });
    expect(mem.capabilities.multiProcess).toBe(false);
    await mem.close();
  });

  it('bad options throw INVALID_ARGUMENT; an unopenable path throws STORE_ERROR', async () => {
    await expectMemoryError(() => createSqliteStore({}), 'INVALID_ARGUMENT');
    await expectMemoryError(
      () => createSqliteStore({ path: 'x', database: new DatabaseSync(':memory:') }),
      'INVALID_ARGUMENT',
    );
    await expectMemoryError(
      () => createSqliteStore({ path: ':memory:', durability: 'fast' as 'power' }),
      'INVALID_ARGUMENT',
    );
    await expectMemoryError(
      () => createSqliteStore({ path: join(dir, 'no', 'such', 'dir.db') }),
      'STORE_ERROR',
    );
  });

  it('a misspelt key or a wrong-typed option is INVALID_ARGUMENT naming it, not a silent default', async () => {
    const cases: [unknown, RegExp][] = [
      [{ path: ':memory:', durabilty: 'process' }, /createSqliteStore\(options\)\.durabilty: not an option/],
      [{ path: ':memory:', busyTimeout: 5 }, /\.busyTimeout: not an option/],
      [{ path: ':memory:', groupCommit: 'false' }, /groupCommit must be a boolean/],
      [{ path: ':memory:', vector: 'false' }, /vector must be 'auto', true or false/],
      [{ path: ':memory:', maxMessageBytes: 'x' }, /maxMessageBytes must be an integer >= 1/],
      [{ path: ':memory:', maxMessageBytes: 0 }, /maxMessageBytes must be an integer >= 1/],
      [{ path: ':memory:', maxMessageBytes: Number.NaN }, /maxMessageBytes must be an integer >= 1/],
      [{ database: null }, /createSqliteStore\(options\)\.database must not be null/],
      [{ database: { function() {} } }, /database must be an object with prepare\(\), exec\(\)/],
    ];
    for (const [options, message] of cases) {
      const error = await expectMemoryError(() => createSqliteStore(options as never), 'INVALID_ARGUMENT');
      expect(error.message, JSON.stringify(options)).toMatch(message);
      await expectMemoryError(() => openSqliteStore(options as never), 'INVALID_ARGUMENT');
    }
    // openSqliteStore names itself, not the factory it calls.
    const error = await expectMemoryError(
      () => openSqliteStore({ path: ':memory:', durabilty: 'process' } as never),
      'INVALID_ARGUMENT',
    );
    expect(error.message).toMatch(/openSqliteStore\(options\)\.durabilty: not an option/);
  });

  it('sqlite-vec: absent → vectorSearch false; required → MISSING_DEPENDENCY; a present module is loaded', async () => {
    const db = new DatabaseSync(':memory:', { allowExtension: true });
    const absent = async () => {
      throw new Error("Cannot find package 'sqlite-vec'");
    };
    expect(await loadSqliteVec(db, 'auto', absent)).toBe(false);
    expect(await loadSqliteVec(db, false)).toBe(false);
    await expectMemoryError(loadSqliteVec(db, true, absent), 'MISSING_DEPENDENCY');
    const fake = async () => ({ getLoadablePath: () => join(dir, 'missing-vec0') });
    expect(await loadSqliteVec(db, 'auto', fake)).toBe(false);
    await expectMemoryError(loadSqliteVec(db, true, fake), 'MISSING_DEPENDENCY');
    db.close();
  });

  it("sqlite-vec loaded lazily ('auto'): absent → off without an import; installed but unloadable → off at the first search", async () => {
    const db = new DatabaseSync(':memory:', { allowExtension: true });
    let imports = 0;
    const counted = (answer: () => Promise<unknown>) => () => {
      imports++;
      return answer();
    };
    const missing = () => {
      throw new Error("Cannot find module 'sqlite-vec'");
    };
    const absent = lazySqliteVec(
      db,
      counted(async () => ({})),
      missing,
    );
    expect(absent.active()).toBe(false);
    expect(await absent.ready()).toBe(false);
    expect(imports).toBe(0);
    // Resolves, but its binary is not there: active until the first search tries it, then off for good.
    const broken = lazySqliteVec(
      db,
      counted(async () => ({ getLoadablePath: () => join(dir, 'missing-vec0') })),
      () => '/somewhere/sqlite-vec/index.cjs',
    );
    expect(broken.active()).toBe(true);
    expect(imports).toBe(0);
    const [first, second] = await Promise.all([broken.ready(), broken.ready()]);
    expect([first, second, await broken.ready()]).toEqual([false, false, false]);
    expect(broken.active()).toBe(false);
    expect(imports).toBe(1);
    db.close();
  });

  it('a database error reaches the caller as STORE_ERROR with the cause, never raw', async () => {
    const store = await openSqliteStore({ path: ':memory:' });
    const s = { tenant: 't' };
    await store.createSession(s, { id: 'a' });
    store.database.exec('DROP TABLE engram_component_state');
    const error = await expectMemoryError(store.putState(s, 'k', 1), 'STORE_ERROR');
    expect(error.message).toMatch(/^\[engram\] \[sqlite\] putState failed: .*no such table/);
    expect(error.cause).toBeInstanceOf(Error);
    await store.close();
  });

  it('over maxMessageBytes → PAYLOAD_TOO_LARGE and nothing stored', async () => {
    const store = await openSqliteStore({ path: ':memory:', maxMessageBytes: 1000 });
    const s = { tenant: 't' };
    await store.createSession(s, { id: 'a' });
    const ms = [makeMessage('user', 'small'), makeMessage('user', 'y'.repeat(2000))];
    await expectMemoryError(store.append(s, 'a', toInputs(ms)), 'PAYLOAD_TOO_LARGE');
    expect(await store.stats(s, 'a')).toMatchObject({ count: 0, tokens: 0, lastSeq: 0 });
    await store.close();
  });

  it('a lock held elsewhere is waited for up to busyTimeoutMs in all, then reported as STORE_ERROR', async () => {
    const file = join(dir, 'busy.db');
    const store = await openSqliteStore({ path: file, busyTimeoutMs: 300 });
    const s = { tenant: 't' };
    await store.createSession(s, { id: 'a' });
    const other = new DatabaseSync(file);
    other.exec('BEGIN IMMEDIATE');
    const pending = store.append(s, 'a', toInputs([makeMessage('user', 'waits')]));
    setTimeout(() => other.exec('COMMIT'), 60);
    expect((await pending).map((e) => e.seq)).toEqual([1]);
    other.exec('BEGIN IMMEDIATE');
    const started = performance.now();
    const error = await expectMemoryError(
      store.append(s, 'a', toInputs([makeMessage('user', 'gives up')])),
      'STORE_ERROR',
    );
    expect(error.message).toMatch(/busy/);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    other.exec('ROLLBACK');
    other.close();
    expect((await store.stats(s, 'a')).count).toBe(1);
    await store.close();
  });
});
