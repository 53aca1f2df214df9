import { expect } from 'vitest';
import type { ContentCase } from './content-case.ts';

/**
 * `listSpaces`, on a store that has it: exactly the caller's scope's spaces that hold items, by name, with their
 * counts (a look-alike scope, a parent scope and an emptied space are not listed).
 */
export const listSpaces: ContentCase = {
  name: 'spaces: listSpaces lists exactly the scope’s spaces with items, with counts',
  async run(t) {
    const list = t.items.listSpaces;
    if (!list) return;
    const scope = t.scope({ user: 'u1' });
    const parent = { tenant: scope.tenant };
    const other = t.scope({ user: 'u1' });
    await t.items.putItem(scope, 'web', t.item({ id: 'a' }));
    await t.items.putItem(scope, 'web', t.item({ id: 'b' }));
    await t.items.putItem(scope, 'chat', t.item({ id: 'a' }));
    await t.items.putItem(scope, 'gone', t.item({ id: 'c' }));
    await t.items.clearItems(scope, 'gone');
    await t.items.putItem(parent, 'parent-only', t.item({ id: 'p' }));
    await t.items.putItem(other, 'elsewhere', t.item({ id: 'o' }));
    expect(await list.call(t.items, scope)).toEqual([
      { space: 'chat', items: 1 },
      { space: 'web', items: 2 },
    ]);
    expect(await list.call(t.items, parent)).toEqual([{ space: 'parent-only', items: 1 }]);
  },
};
