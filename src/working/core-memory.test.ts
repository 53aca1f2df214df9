import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../drivers/memory/index.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import type { HasLongTermRecords } from '../longterm/long-term-store-v1.ts';
import { createCoreMemory } from './core-memory.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-core-'));
const opened: { close(): unknown }[] = [];
afterAll(async () => {
  for (const s of opened) await s.close();
  rmSync(dir, { recursive: true, force: true });
});
let n = 0;
const sqlite = () => {
  const store = createSqliteStore({ path: join(dir, 'core.db') });
  opened.push(store);
  return store;
};
/** Two handles on one store: the same in-process store twice, or two SQLite stores on one file. */
const drivers: { name: string; pair: () => [HasLongTermRecords, HasLongTermRecords] }[] = [
  {
    name: 'memory',
    pair: () => {
      const store = createMemoryStore();
      return [store, store];
    },
  },
  { name: 'sqlite (two instances on one file)', pair: () => [sqlite(), sqlite()] },
];

for (const driver of drivers) {
  describe(`core memory under concurrency on ${driver.name}`, () => {
    it('two identical first appends both land (neither is taken for the other)', async () => {
      const scope = { tenant: `t${++n}` };
      const cores = driver
        .pair()
        .map((store) => createCoreMemory({ store, scope, blocks: [{ label: 'todo' }], retries: 50 }));
      await Promise.all(cores.map((core) => core.append('todo', 'buy milk')));
      expect((await cores[0]!.get('todo')).value).toBe('buy milk\nbuy milk');
      expect((await cores[0]!.history('todo')).length).toBe(2);
    });

    it('two identical first inserts both land', async () => {
      const scope = { tenant: `t${++n}` };
      const cores = driver
        .pair()
        .map((store) =>
          createCoreMemory({ store, scope, blocks: [{ label: 'log', value: 'start' }], retries: 50 }),
        );
      await Promise.all(cores.map((core) => core.insert('log', 'ping', 0)));
      expect((await cores[0]!.get('log')).value).toBe('ping\nping\nstart');
    });
  });
}
