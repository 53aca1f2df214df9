import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openCountingDatabase } from '../../../test-support/sqlite-commit-counter.ts';
import { withDeferredDurability } from '../../core/deferred-durability.ts';
import type { AppendInput } from '../../store/memory-store.ts';
import { openSqliteStore } from './sqlite-driver.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const scope = { tenant: 't' };
const input = (id: string, content = id): AppendInput => ({
  message: { id, role: 'user', content, createdAt: new Date(0) },
  tokens: 1,
});

async function open(durability: 'power' | 'process' = 'power') {
  const dir = mkdtempSync(join(tmpdir(), 'engram-deferred-'));
  dirs.push(dir);
  const counting = openCountingDatabase(join(dir, 'd.db'));
  const store = await openSqliteStore({ database: counting.database, durability });
  for (const id of ['a', 'b']) await store.createSession(scope, { id });
  const level = async () => {
    await store.stats(scope, 'a'); // behind every queued call
    return Number(
      (counting.database.prepare('PRAGMA synchronous').get() as { synchronous: number }).synchronous,
    );
  };
  return {
    counting,
    store,
    level,
    close: async () => {
      await store.close();
      counting.close();
    },
  };
}

describe('sqlite: withDeferredDurability', () => {
  it('commits inside it at synchronous NORMAL, restores FULL after (also after a rollback), others stay flushed', async () => {
    const { counting, store, level, close } = await open();
    expect(await level()).toBe(2);
    const before = counting.log().length;
    await withDeferredDurability(() => store.append(scope, 'a', [input('m1')]));
    expect(await level()).toBe(2);
    // A refused append rolls back inside the deferred transaction: the level is restored all the same.
    await expect(
      withDeferredDurability(() => store.append(scope, 'a', [input('m1', 'other')])),
    ).rejects.toThrow();
    expect(await level()).toBe(2);
    // A concurrent append outside it is not deferred with it (group commit leaves a deferred append alone).
    await Promise.all([
      withDeferredDurability(() => store.append(scope, 'a', [input('m2')])),
      store.append(scope, 'b', [input('m3')]),
    ]);
    const log = counting
      .log()
      .slice(before)
      .map((l) => l.split(' ')[0]);
    expect(log.sort()).toEqual(['deferred', 'deferred', 'flushed']);
    expect((await store.readRange(scope, 'a')).map((e) => e.message.id)).toEqual(['m1', 'm2']);
    await close();
  });

  it("at durability 'process' (synchronous NORMAL) nothing changes", async () => {
    const { store, level, close } = await open('process');
    await withDeferredDurability(() => store.append(scope, 'a', [input('m1')]));
    expect(await level()).toBe(1);
    await close();
  });
});
