import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createCoreMemory } from './core-memory.ts';
import { createWorkingMemory } from './working-memory.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-same-object-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const scope = { tenant: 't', user: 'u' };
const n = 40;

/**
 * Updates through one object at once (`Promise.all`, an agent's parallel tool calls) all land: they take turns in
 * the process instead of racing each other's compare-and-set until the retries run out (some were `CONFLICT`).
 */
describe('concurrent updates through one object (SQLite)', () => {
  it('a working memory takes every one of them', async () => {
    const store = createSqliteStore({ path: join(dir, 'wm.db') });
    const wm = createWorkingMemory({ store, scope, schema: z.record(z.string(), z.number()) });
    await Promise.all(Array.from({ length: n }, (_, i) => wm.update({ [`k${i}`]: i })));
    const { data, version } = await wm.get();
    expect(Object.keys(data ?? {}).length).toBe(n);
    expect(version).toBe(n);
    store.close();
  });

  it('a core memory block takes every append', async () => {
    const store = createSqliteStore({ path: join(dir, 'core.db') });
    const core = createCoreMemory({ store, scope, blocks: [{ label: 'log', limit: 10_000 }] });
    await Promise.all(Array.from({ length: n }, (_, i) => core.append('log', `line ${i}`)));
    const block = await core.get('log');
    expect(block.value.split('\n').sort()).toEqual(Array.from({ length: n }, (_, i) => `line ${i}`).sort());
    expect(block.version).toBe(n);
    store.close();
  });
});
