import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { moduleSnippetOutput } from '../../../test-support/run-module-snippet.ts';
import { makeMessage, toInputs } from '../../testing/fixtures.ts';
import { startCheckpointer } from './sqlite-checkpointer.ts';
import { openSqliteStore } from './sqlite-driver.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-sqlite-ckpt-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const pragma = (store: { database: { prepare(s: string): { get(): unknown } } }, name: string) =>
  Object.values(store.database.prepare(`PRAGMA ${name}`).get() as object)[0];

describe('sqlite: background checkpoints', () => {
  it("a file store at durability 'process' checkpoints from a worker thread: commits never copy pages inline, the main file grows", async () => {
    const path = join(dir, 'bg.db');
    const store = await openSqliteStore({ path, durability: 'process' });
    expect(pragma(store, 'wal_autocheckpoint')).toBe(10_000);
    const s = { tenant: 't' };
    await store.createSession(s, { id: 'a' });
    const before = statSync(path).size;
    // About 10 WAL pages per append: past the worker's 1,000-frame mark, far below the inline backstop's 10,000.
    for (let i = 0; i < 400; i++)
      await store.append(s, 'a', toInputs([makeMessage('user', `m${i} ${'x'.repeat(6_000)}`)]));
    // No inline checkpoint can have run: only the worker copies pages into the main file. Waited for until the
    // pages are in (the file grows page by page while the worker's checkpoint runs; a loaded machine saw it midway).
    const grown = before + 200 * 6_000;
    for (let waited = 0; statSync(path).size <= grown && waited < 10_000; waited += 20)
      await new Promise((r) => setTimeout(r, 20));
    expect(statSync(path).size).toBeGreaterThan(grown);
    await store.close();
  });

  it("an in-memory store, and a file at durability 'power', keep the inline checkpoint (no worker)", async () => {
    const store = await openSqliteStore({ path: ':memory:' });
    expect(pragma(store, 'wal_autocheckpoint')).toBe(1_000);
    await store.close();
    const power = await openSqliteStore({ path: join(dir, 'power.db'), durability: 'power' });
    expect(pragma(power, 'wal_autocheckpoint')).toBe(1_000);
    await power.close();
  });

  it('a worker that cannot checkpoint reports it once (the store then checkpoints inline again)', async () => {
    const failures: Error[] = [];
    const checkpointer = startCheckpointer({
      path: join(dir, 'no', 'such', 'dir', 'x.db'),
      synchronous: 'NORMAL',
      pollMs: 5,
      onFailure: (e) => failures.push(e),
    });
    for (let waited = 0; failures.length === 0 && waited < 5_000; waited += 20)
      await new Promise((r) => setTimeout(r, 20));
    await checkpointer.stop();
    expect(failures).toHaveLength(1);
  });

  it('the worker also runs in a program started as a module (a worker inherits --input-type=module)', () => {
    const output = moduleSnippetOutput(
      [
        `import { openSqliteStore } from ${JSON.stringify(new URL('./sqlite-driver.ts', import.meta.url).href)};`,
        `const store = await openSqliteStore({ path: ${JSON.stringify(join(dir, 'module.db'))}, durability: 'process' });`,
        'await new Promise((r) => setTimeout(r, 300));',
        "const row = store.database.prepare('PRAGMA wal_autocheckpoint').get();",
        'console.log(Object.values(row)[0]);',
        'await store.close();',
      ],
      30_000,
    );
    // 10,000: the worker runs; a failed worker would have set the inline 1,000 back.
    expect(output).toBe('10000');
  });
});
