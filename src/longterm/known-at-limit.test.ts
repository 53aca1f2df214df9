/**
 * Found by a bug hunt: `search(query, { knownAt })` — "results as they were known at this time: each hit's version in force at
 * that time, hits added later left out" — with a limit: the search cut to `limit` before the records added later
 * were left out, so those known then were lost (a limit of 3 gave none). On the in-process store and SQLite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { momentBetween } from '../../test-support/longterm/moment-between.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createLongTermMemory } from './create-long-term-memory.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const stores = [
  ['memory', () => createMemoryStore()],
  [
    'sqlite',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'engram-knownat-'));
      dirs.push(dir);
      return createSqliteStore({ path: join(dir, 'k.db') });
    },
  ],
] as const;

describe.each(stores)('knownAt (%s store)', (_name, open) => {
  it('limit: records known at t are returned even when later records rank higher', async () => {
    const store = open();
    const memory = createLongTermMemory({ store, scope: { tenant: 't', user: 'ada' } });
    await memory.add(['Ada planted tulips in the garden', 'Ada fenced the garden', 'Ada watered the garden']);
    const t = await momentBetween();
    for (let i = 0; i < 10; i++) await memory.add(`garden garden garden: later note ${i}`);
    const all = await memory.search('garden', { knownAt: t, limit: 20 });
    expect(all).toHaveLength(3); // the three known then
    // Same question, limit 3: the three records the memory held at t are still the answer.
    const three = await memory.search('garden', { knownAt: t, limit: 3 });
    expect(three.map((h) => h.record.text).sort()).toEqual(all.map((h) => h.record.text).sort());
    await store.close();
  });
});
