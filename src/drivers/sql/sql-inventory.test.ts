import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createContentStore } from '../../content/create-content-store.ts';
import type { Scope } from '../../core/scope.ts';
import { createLongTermMemory } from '../../longterm/create-long-term-memory.ts';
import { createSqliteStore } from '../sqlite/sqlite-driver.ts';
import type { OwnerInventory } from './sql-inventory.ts';

const owners: Scope[] = [
  { tenant: 'a' },
  { tenant: 'a', user: 'ada' },
  { tenant: 'a', user: 'ada', agent: 'planner' },
  { tenant: 'b', agent: 'planner' },
];
const key = (s: Scope) => JSON.stringify([s.tenant, s.user ?? '', s.agent ?? '']);

/** What one owner gets: sessions, content items per space, records (one of them deleted when `drop`). */
const ownerData = fc.record({
  sessions: fc.uniqueArray(fc.constantFrom('chat-1', 'chat-2', 'chat-3'), { maxLength: 3 }),
  items: fc.array(fc.constantFrom('default', 'chat', 'web'), { maxLength: 4 }),
  records: fc.nat({ max: 3 }),
  drop: fc.boolean(),
});

describe('the SQL inventory', () => {
  // Each owner's expectation is read right after its data is written: the owners that contain it (listing is
  // wider than ownership: `{ tenant: 'a' }` lists user ada's sessions) come before it, so their reads are exact.
  it('property: owners() gives the counts the scoped reads give, for every owner and only those with data', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(ownerData, { minLength: owners.length, maxLength: owners.length }),
        async (data) => {
          const store = createSqliteStore({ path: ':memory:' });
          try {
            const expected: OwnerInventory[] = [];
            for (const [i, scope] of owners.entries()) {
              const d = data[i]!;
              for (const id of d.sessions) await store.createSession(scope, { id });
              const spaces = new Map<string, { items: number; bytes: number }>();
              for (const [n, space] of d.items.entries()) {
                const item = await createContentStore({ store, scope, space }).put({
                  type: 'note',
                  source: 'test',
                  content: `item ${n} of ${space}`,
                });
                const s = spaces.get(space) ?? { items: 0, bytes: 0 };
                spaces.set(space, { items: s.items + 1, bytes: s.bytes + item.size });
              }
              const longTerm = createLongTermMemory({ store, scope });
              const added = [];
              for (let n = 0; n < d.records; n++)
                added.push(...(await longTerm.add(`fact number ${n} of ${key(scope)}`)));
              if (d.drop && added[0]) await longTerm.delete(added[0].id);
              const listed = await store.listSessions(scope);
              const records = (await longTerm.records.listRecords(longTerm.scope, { limit: 100 })).records
                .length;
              if (listed.length + spaces.size + records === 0) continue;
              expected.push({
                scope,
                sessions: { count: listed.length, newest: listed.map((s) => s.id) },
                content: [...spaces]
                  .sort(([a], [b]) => (a < b ? -1 : 1))
                  .map(([space, c]) => ({ space, ...c })),
                records,
              });
            }
            expected.sort((x, y) => (key(x.scope) < key(y.scope) ? -1 : 1));
            expect(await store.experimental_inventory.owners()).toEqual(expected);
            for (const id of ['chat-1', 'chat-2', 'chat-3'] as const)
              expect((await store.experimental_inventory.sessionOwners(id)).map(key)).toEqual(
                owners
                  .filter((_, i) => data[i]!.sessions.includes(id))
                  .map(key)
                  .sort(),
              );
          } finally {
            await store.close();
          }
        },
      ),
      { numRuns: 15 },
    );
  });
});
