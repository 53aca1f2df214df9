import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createContentStore } from '../content/create-content-store.ts';
import type { Scope } from '../core/scope.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { contentSpaces, forEachContentPage } from './content-spaces.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-content-spaces-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A scope of two tenants with up to two users and an agent: the owners items are written with, and the scopes read. */
const scopeArb = fc.record(
  {
    tenant: fc.constantFrom('a', 'b'),
    user: fc.constantFrom('u1', 'u2'),
    agent: fc.constant('g1'),
  },
  { requiredKeys: ['tenant'] },
);
const itemArb = fc.record({ owner: scopeArb, space: fc.constantFrom('s1', 's2') });

/** Whether reading with `scope` covers items of `owner`: same tenant, same user / agent where the scope names one. */
const covers = (scope: Scope, owner: Scope) =>
  owner.tenant === scope.tenant &&
  (scope.user === undefined || owner.user === scope.user) &&
  (scope.agent === undefined || owner.agent === scope.agent);

describe('contentSpaces: the content of every owner within a scope', () => {
  it('the items read under a scope are exactly those of the owners it covers: the sum over them, never another tenant’s', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(itemArb, { maxLength: 14 }),
        scopeArb,
        fc.option(fc.constantFrom('s1', 's2'), { nil: undefined }),
        async (items, scope, space) => {
          const store = createSqliteStore({ path: join(dir, `run-${run++}.db`) });
          try {
            const ownerOfId = new Map<string, Scope>();
            const expected: string[] = [];
            for (const [n, { owner, space: at }] of items.entries()) {
              const item = await createContentStore({ store, scope: owner, space: at }).put({
                type: 'note',
                source: 'test',
                content: `item ${n}`,
              });
              ownerOfId.set(item.id, owner);
              if (covers(scope, owner) && (space === undefined || at === space)) expected.push(item.id);
            }
            const read: string[] = [];
            const spaces = await contentSpaces(store, scope, space);
            await forEachContentPage(store, spaces, (_at, page) => read.push(...page.map((i) => i.id)), {
              limit: 3,
            });
            expect(read.sort()).toEqual(expected.sort());
            // Every item read belongs to the scope's tenant; the total is the sum of each owner's own count.
            for (const id of read) expect(ownerOfId.get(id)?.tenant).toBe(scope.tenant);
            const inventory = await store.experimental_inventory.owners({ newestSessions: 0 });
            const perOwner = inventory
              .filter((o) => covers(scope, o.scope))
              .flatMap((o) => o.content.filter((c) => space === undefined || c.space === space))
              .reduce((n, c) => n + c.items, 0);
            expect(read.length).toBe(perOwner);
          } finally {
            await store.close();
          }
        },
      ),
      { numRuns: 30 },
    );
  }, 120_000);
});
